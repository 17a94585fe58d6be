/**
 * What a benchmark reports: one row per figure, printed on stdout as one line the runner (bench/run.ts) collects.
 * Each figure is a ratio to a baseline measured in the same run, or a budget; `spread` shows how far rounds differed.
 */
export interface BenchRow {
  area: 'engine' | 'jobs' | 'API' | 'Google' | 'calendars' | 'web';
  figure: string;
  /** The figure as measured, with its unit ("4,210 rps", "12.3 ms p95"). */
  measured: string;
  /** What it is compared with, measured in the same run ("raw node:http 21,000 rps"), or "—" for a plain budget. */
  baseline: string;
  ratio: string;
  target: string;
  /** null when the figure is informational (no target of its own). */
  met: boolean | null;
  spread: string;
}

export const ROW_PREFIX = 'BENCH_ROW ';

export function emitRow(row: BenchRow): void {
  process.stdout.write(`${ROW_PREFIX}${JSON.stringify(row)}\n`);
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "min–max over N rounds" of per-round values. */
export function spreadOf(values: readonly number[], digits = 0, unit = ''): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${fmt(sorted[0] ?? Number.NaN, digits)}–${fmt(sorted.at(-1) ?? Number.NaN, digits)}${unit} over ${values.length} rounds`;
}

/** The spread of ratios measured over the rounds, as percentages. */
export function ratioSpread(ratios: readonly number[]): string {
  return spreadOf(
    ratios.map((r) => r * 100),
    1,
    ' %',
  );
}

export function ratioText(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}
