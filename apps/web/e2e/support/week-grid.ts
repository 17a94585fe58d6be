import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { navigateTo } from './screens';

/** Picks an option of a labelled Mantine Select (Settings' work schedule). */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** Settings → Work Schedule: 4 breaks a day from 07:00 to 19:00, room to plan breaks around a day of meetings. */
export async function saveWorkSchedule(page: Page) {
  await navigateTo(page, 'Settings');
  await chooseOption(page, 'Breaks per day', '4');
  await chooseOption(page, 'Work starts at', '07:00');
  await chooseOption(page, 'Work ends at', '19:00');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
}

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface ColumnLayout {
  meetings: (Box & { title: string; free: boolean })[];
  breaks: (Box & { label: string; minutes: number })[];
}

/** Where the meeting and break blocks of one day column are drawn. */
export function columnLayout(column: Locator): Promise<ColumnLayout> {
  return column.evaluate((element) => {
    const box = (node: Element) => {
      const { top, bottom, left, right } = node.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    return {
      meetings: [...element.querySelectorAll('[data-testid="meeting-block"]')].map((node) => ({
        ...box(node),
        title: node.firstElementChild?.textContent ?? '',
        free: node.hasAttribute('data-free'),
      })),
      breaks: [...element.querySelectorAll('[data-testid="break-block"]')].map((node) => {
        const label = node.getAttribute('aria-label') ?? '';
        return { ...box(node), label, minutes: Number(/, (\d+) min, /.exec(label)?.[1] ?? NaN) };
      }),
    };
  });
}

/** True when two drawn blocks do not overlap (half a pixel of tolerance for borders). */
export function apart(a: Box, b: Box): boolean {
  return a.bottom <= b.top + 0.5 || a.top >= b.bottom - 0.5 || a.right <= b.left + 0.5 || a.left >= b.right - 0.5;
}
