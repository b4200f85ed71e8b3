//! The top of a chart's value axis: the largest value, or 1 when every value is zero (so an empty
//! range draws flat bars instead of dividing by zero). Shared by the dashboard's and the insights'
//! inline SVG charts.
export function chartScale(values: number[]): number {
  const max = Math.max(0, ...values);
  return max > 0 ? max : 1;
}
