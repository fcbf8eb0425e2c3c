/**
 * The order of versions, in one place: every part of the toolkit that asks
 * "which of two versions is newer" (the history's order check, the semantic
 * version ranges, the documents' order, the model's version space) asks this
 * module. Dates, semantic versions (prereleases before their release) and
 * numbered labels (`v1`, `1.2`) sort as released; other text by runs of digits
 * by value and the rest by code unit.
 */

/** Major, minor, patch. */
export type Triple = readonly [number, number, number]

const DATE = /^\d{4}-\d{2}-\d{2}$/
const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/
const NUMBERED = /^v?(\d+)(?:\.(\d+))?$/

/** Orders two releases' numbers: negative when `a` is older. */
export function compareTriples(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * Orders two versions: negative when `a` is older than `b`, positive when
 * newer, 0 when they are the same release. Two semantic versions compare by
 * their numbers, then prerelease identifiers (a prerelease before its
 * release); two numbered labels (`v2`, `1.10`) by their numbers; anything
 * else (dates included, whose fixed width makes this their calendar order)
 * run by run: digits by value, other text by code unit.
 */
export function compareVersions(a: string, b: string): number {
  const x = SEMVER.exec(a)
  const y = x === null ? null : SEMVER.exec(b)
  if (x !== null && y !== null) return compareSemver(x, y)
  const m = NUMBERED.exec(a)
  const n = m === null ? null : NUMBERED.exec(b)
  if (m !== null && n !== null) return Number(m[1]) - Number(n[1]) || Number(m[2] ?? 0) - Number(n[2] ?? 0)
  return compareRuns(a, b)
}

/**
 * Whether `versions` share one format whose order is known (all dates, all
 * semantic versions, or all numbered labels), so that their declared order
 * can be checked against `compareVersions`; other labels keep the order they
 * are declared in.
 */
export function hasKnownOrder(versions: readonly string[]): boolean {
  return versions.every((v) => DATE.test(v)) || versions.every((v) => SEMVER.test(v)) || versions.every((v) => NUMBERED.test(v))
}

/**
 * The first place where `versions`, of one format whose order is known, do not go from oldest to newest: the index
 * of the version that does not come after the one before it; `-1` where they do, or where their order is not known.
 */
export function outOfOrder(versions: readonly string[]): number {
  if (!hasKnownOrder(versions)) return -1
  for (let i = 1; i < versions.length; i++) if (compareVersions(versions[i - 1] as string, versions[i] as string) >= 0) return i
  return -1
}

function compareSemver(x: RegExpExecArray, y: RegExpExecArray): number {
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

/** Run by run: digits by value (then the longer run, `01` after `1`), other text by code unit; a prefix first. */
function compareRuns(a: string, b: string): number {
  const left = a.match(/\d+|\D+/g) ?? []
  const right = b.match(/\d+|\D+/g) ?? []
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i]
    const y = right[i]
    if (x === y) continue
    if (x === undefined) return -1
    if (y === undefined) return 1
    const numeric = /^\d/.test(x) && /^\d/.test(y)
    return numeric ? Number(x) - Number(y) || x.length - y.length : x < y ? -1 : 1
  }
  return 0
}
