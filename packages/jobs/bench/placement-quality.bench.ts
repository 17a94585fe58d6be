/**
 * The engine's placement against the optimum on the reference calendars: the worst and median ratio of each day's
 * longest sitting stretch to the shortest one possible with the same breaks (rule 1), and the share of runs of 60+
 * minutes of back-to-back meetings followed by a break within 20 minutes where a gap allowed (rule 2, target 100%).
 * "A gap allowed" means: some plan with the day's breaks, every rule (buffers, spacing, work hours) and rule 1's bound
 * (no stretch past 1.1 × the optimum) follows that many of the day's runs (dayStretches' `followable`). The spread
 * says how many runs that leaves out, and how long the longest stretch would get if every run were followed.
 *
 *   BENCH_ONLY=engine-quality pnpm bench
 */
import { listActivities } from '@breaker/db';
import { openTestDatabase } from '@breaker/db/testing';
import { placeBreaks } from '@breaker/scheduler';
import { emitRow, fmt, median } from '../../../bench/row.js';
import { placementQuality, referenceInputs } from '../src/providers/ics/reference-calendars.test-support.js';

const database = await openTestDatabase('pglite');
const inputs = referenceInputs(await listActivities(database.db));
await database.dispose();
const quality = placementQuality(inputs, placeBreaks);
const worst = quality.ratios.at(-1) ?? Number.NaN;
const emptyWorst = quality.emptyRatios.at(-1) ?? Number.NaN;
const share = quality.followable > 0 ? quality.recovered / quality.followable : 1;
const costliest = quality.costs.at(-1);
process.stdout.write(
  `${inputs.length} plans: ${quality.ratios.length} days with meetings, ${quality.emptyRatios.length} without; ` +
    `${quality.recovered} of ${quality.followable} runs of 60+ minutes followed by a break within 20 minutes where rule 1 ` +
    `allowed (${quality.runs} with a free moment within 20 minutes)\n`,
);
emitRow({
  area: 'engine',
  figure: `longest sitting stretch ÷ optimum, reference calendars (${fmt(quality.ratios.length)} days with meetings)`,
  measured: `worst ${fmt(worst, 2)}×, median ${fmt(median(quality.ratios), 2)}×`,
  baseline: 'exact optimum, same day and breaks',
  ratio: `${fmt(worst, 2)}×`,
  target: '≤ 1.10×',
  met: worst <= 1.1,
  spread: `empty days: worst ${fmt(emptyWorst, 2)}×, median ${fmt(median(quality.emptyRatios), 2)}× (${fmt(quality.emptyRatios.length)} days)`,
});
emitRow({
  area: 'engine',
  figure:
    'runs of 60+ min of back-to-back meetings followed by a break within 20 min, where a gap allowed within 1.1× the optimum',
  measured: `${fmt(share * 100, 1)} % (${fmt(quality.recovered)} of ${fmt(quality.followable)})`,
  baseline: `${fmt(quality.runs)} runs with a free moment within 20 min`,
  ratio: `${fmt((quality.recovered / Math.max(1, quality.runs)) * 100, 1)} % of those`,
  target: '100 %',
  met: share >= 1,
  spread:
    costliest === undefined
      ? 'every run followable within 1.1×'
      : `following all ${fmt(quality.runs)} would take ${fmt(quality.costs.length)} days to ${fmt(quality.costs[0]!, 2)}–${fmt(costliest, 2)}× the optimum`,
});
