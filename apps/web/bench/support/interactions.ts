import type { Locator, Page } from '@playwright/test';

/** What a click is expected to change: the days the grid shows, or how many breaks show as completed. */
export type Probe = 'days' | 'completed';

const READERS: Record<Probe, string> = {
  days: `[...document.querySelectorAll('[role="group"][class*="dayColumn"]')].map((day) => day.getAttribute('aria-label')).join()`,
  completed: `String(document.querySelectorAll('[data-status="completed"]').length)`,
};

/*
 * Plain page-side source rather than a function: the TypeScript runner rewrites functions (it names them through a
 * helper the page does not have).
 */
const ARM = (probe: Probe): string => `{
  const read = () => ${READERS[probe]};
  const before = read();
  let clicked = 0;
  window.benchTiming = new Promise((resolve) => {
    document.addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (clicked && read() !== before) {
        observer.disconnect();
        resolve(performance.now() - clicked);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  undefined;
}`;

/**
 * Milliseconds from the click (its capture-phase event in the page) to the DOM mutation that changes what `probe`
 * reads: timed inside the page, so Playwright's own round trips do not count.
 */
export async function timeClick(page: Page, target: Locator, probe: Probe): Promise<number> {
  await page.evaluate(ARM(probe));
  await target.click();
  return page.evaluate<number>('window.benchTiming');
}
