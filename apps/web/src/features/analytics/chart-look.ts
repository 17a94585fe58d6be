/*
 * What the analytics charts share, so they read as one set: the same height and x axis (each point's label), a legend
 * below when a chart has several series, and the same y axis for rates and for counts.
 */
export const CHART_FRAME = { h: 240, dataKey: 'label' };
export const LEGEND_BELOW = { withLegend: true, legendProps: { verticalAlign: 'bottom' as const } };
export const RATE_AXIS = { unit: ' %', yAxisProps: { domain: [0, 100] } };
export const COUNT_AXIS = { yAxisProps: { allowDecimals: false } };
