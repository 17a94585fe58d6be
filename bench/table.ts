import { ROW_PREFIX, type BenchRow } from './row.js';

export interface BenchReport {
  finishedAt: string;
  durationSeconds: number;
  /** Benchmarks that could not run to the end (their rows, if any, are still listed). */
  broken: string[];
  rows: BenchRow[];
}

const COLUMNS = ['area', 'figure', 'measured', 'baseline (same run)', 'ratio', 'target', 'met', 'spread'] as const;

export function parseRow(line: string): BenchRow {
  return JSON.parse(line.slice(ROW_PREFIX.length)) as BenchRow;
}

function cells(row: BenchRow): string[] {
  const met = row.met === null ? '—' : row.met ? 'met' : 'MISSED';
  return [row.area, row.figure, row.measured, row.baseline, row.ratio, row.target, met, row.spread];
}

function footer(report: BenchReport): string {
  const missed = report.rows.filter((row) => row.met === false).length;
  const met = report.rows.filter((row) => row.met === true).length;
  const broken = report.broken.length > 0 ? `; could not run: ${report.broken.join(', ')}` : '';
  return `${met} targets met, ${missed} missed; ${report.durationSeconds} s in all, finished ${report.finishedAt}${broken}`;
}

export function renderMarkdown(report: BenchReport): string {
  const escape = (cell: string): string => cell.replaceAll('|', '\\|');
  const lines = [
    `| ${COLUMNS.join(' | ')} |`,
    `| ${COLUMNS.map(() => '---').join(' | ')} |`,
    ...report.rows.map((row) => `| ${cells(row).map(escape).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n\n${footer(report)}\n`;
}

export function renderText(report: BenchReport): string {
  const table = [[...COLUMNS], ...report.rows.map(cells)];
  const widths = COLUMNS.map((_, column) => Math.max(...table.map((line) => [...line[column]!].length)));
  const render = (line: readonly string[]): string =>
    line.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join('  ');
  return [
    render(table[0]!),
    widths.map((width) => '─'.repeat(width)).join('  '),
    ...table.slice(1).map(render),
    '',
    footer(report),
  ].join('\n');
}
