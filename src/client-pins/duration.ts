/** A duration in milliseconds as an operator reads it in a sentence: `72 hours`, `90 minutes`, `1 second`. */

/** The units a duration is said in, largest first. */
const UNITS: readonly (readonly [ms: number, one: string, many: string])[] = [
  [3_600_000, 'hour', 'hours'],
  [60_000, 'minute', 'minutes'],
  [1_000, 'second', 'seconds'],
  [1, 'millisecond', 'milliseconds'],
]

/** Whether `value` is written with at most two decimals. */
const short = (value: number): boolean => Math.round(value * 100) / 100 === value

/**
 * `ms` in the largest unit it makes at least one of, written with at most
 * two decimals (`1.5 hours`, `100 minutes`, `1 second`); a duration no unit
 * writes so, in milliseconds rounded to two decimals.
 */
export function spokenDuration(ms: number): string {
  for (const [size, one, many] of UNITS) {
    const value = ms / size
    if ((value >= 1 || size === 1) && short(value)) return `${value} ${value === 1 ? one : many}`
  }
  const value = Math.round(ms * 100) / 100
  return `${value} ${value === 1 ? 'millisecond' : 'milliseconds'}`
}
