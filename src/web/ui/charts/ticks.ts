// Round axis ticks: 0, 2 000, 4 000 … instead of 0, 2 189, 4 378 … Every chart's value axis takes
// its ticks from here, and the axis ends on a tick, so the top grid line has a round label too.

export interface Ticks {
  /** The axis' lowest and highest value: the first and last tick. */
  min: number;
  max: number;
  step: number;
  values: number[];
}

/**
 * A step of 1, 2 or 5 times a power of ten, the one nearest to `raw` (on a log scale, as d3 picks
 * its ticks); at least 1 for counts (`integer`).
 */
function niceStep(raw: number, integer: boolean): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const step = power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1);
  return integer ? Math.max(1, Math.round(step)) : step;
}

/**
 * Ticks covering `min`…`max` and 0, about `count` intervals apart, on round values. All-zero data
 * (or none) gets the axis 0…1.
 */
export function niceTicks(min: number, max: number, count = 4, integer = false): Ticks {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 0];
  if (hi === lo) hi = lo + 1;
  const step = niceStep((hi - lo) / Math.max(1, count), integer);
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  // Decimals of the step, so 0.1 + 0.2 prints as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const values: number[] = [];
  for (let i = first; i <= last; i++) values.push(Number((i * step).toFixed(decimals)));
  return { min: values[0], max: values[values.length - 1], step, values };
}
