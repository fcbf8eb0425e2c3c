/**
 * The order check of a history's versions: where every version has one
 * recognisable format (dates, semantic versions, `v1`/`1.2`), the list must
 * go from oldest to newest; other labels keep the order they are declared in.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/
const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/
const NUMBERED = /^v?(\d+)(?:\.(\d+))?$/

type Compare = (a: string, b: string) => number

/** A comparison for the versions when they share a format, else `null`. */
export function versionComparison(versions: readonly string[]): Compare | null {
  if (versions.every((v) => DATE.test(v))) return (a, b) => (a < b ? -1 : a > b ? 1 : 0)
  if (versions.every((v) => SEMVER.test(v))) return compareSemver
  if (versions.every((v) => NUMBERED.test(v))) {
    return (a, b) => {
      const x = NUMBERED.exec(a) as RegExpExecArray
      const y = NUMBERED.exec(b) as RegExpExecArray
      return Number(x[1]) - Number(y[1]) || Number(x[2] ?? 0) - Number(y[2] ?? 0)
    }
  }
  return null
}

function compareSemver(a: string, b: string): number {
  const x = SEMVER.exec(a) as RegExpExecArray
  const y = SEMVER.exec(b) as RegExpExecArray
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i])
    if (d !== 0) return d
  }
  const p = x[4]
  const q = y[4]
  if (p === undefined || q === undefined) return p === q ? 0 : p === undefined ? 1 : -1
  const ps = p.split('.')
  const qs = q.split('.')
  for (let i = 0; i < Math.max(ps.length, qs.length); i++) {
    const m = ps[i]
    const n = qs[i]
    if (m === undefined) return -1
    if (n === undefined) return 1
    const mn = /^\d+$/.test(m)
    const nn = /^\d+$/.test(n)
    if (mn && nn) {
      const d = Number(m) - Number(n)
      if (d !== 0) return d
    } else if (mn !== nn) return mn ? -1 : 1
    else if (m !== n) return m < n ? -1 : 1
  }
  return 0
}
