import { describe, expect, it } from 'vitest';
import { ROW_PREFIX, percentile, spreadOf, type BenchRow } from './row.js';
import { parseRow, renderMarkdown, renderText, type BenchReport } from './table.js';

const row = (overrides: Partial<BenchRow>): BenchRow => ({
  area: 'API',
  figure: 'GET /api/upcoming-breaks',
  measured: '1,000 rps',
  baseline: 'node:http 10,000 rps',
  ratio: '10.0 %',
  target: '≥ 20 %',
  met: false,
  spread: '9.0–11.0 % over 3 rounds',
  ...overrides,
});

const report: BenchReport = {
  finishedAt: '2026-11-22T04:00:00.000Z',
  durationSeconds: 432,
  broken: [],
  rows: [row({}), row({ figure: 'a | b', met: true }), row({ figure: 'informational', met: null })],
};

describe('the benchmark table', () => {
  it('reads back a row a benchmark printed', () => {
    expect(parseRow(`${ROW_PREFIX}${JSON.stringify(row({}))}`)).toEqual(row({}));
  });

  it('renders Markdown with escaped cells, the verdicts and a summary', () => {
    const lines = renderMarkdown(report).split('\n');
    expect(lines[0]).toBe('| area | figure | measured | baseline (same run) | ratio | target | met | spread |');
    expect(lines[2]).toContain('| MISSED |');
    expect(lines[3]).toContain('| a \\| b |');
    expect(lines[3]).toContain('| met |');
    expect(lines[4]).toContain('| — |');
    expect(lines.at(-2)).toBe('1 targets met, 1 missed; 432 s in all, finished 2026-11-22T04:00:00.000Z');
  });

  it('aligns the text table and names benchmarks that could not run', () => {
    const text = renderText({ ...report, broken: ['web-pages'] }).split('\n');
    const columnStart = (line: string): number => line.indexOf('1,000 rps');
    expect(columnStart(text[2]!)).toBe(text[0]!.indexOf('measured'));
    expect(text.at(-1)).toContain('could not run: web-pages');
  });

  it('takes nearest-rank percentiles and reports the spread over rounds', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(spreadOf([3.25, 1.5, 2], 1, ' ms')).toBe('1.5–3.3 ms over 3 rounds');
  });
});
