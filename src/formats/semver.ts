/**
 * Semantic versions (`MAJOR.MINOR.PATCH`) and the range forms people write by
 * hand, with npm's meaning: partials and x-ranges (`1`, `1.2.x`, `*`), caret
 * (`^1.2.3`) and tilde (`~1.2`). A request resolves to the highest released
 * version in its range. Parsing is a single left-to-right scan (no regular
 * expressions), so its cost grows linearly with the text.
 */
import type { VersionFormat } from './format.ts'
import { trimBlanks } from './trim-blanks.ts'
import { compareTriples as compare, type Triple } from './version-order.ts'
import { quoted } from '../quote.ts'

/** A released version: its text and its numbers. */
interface Release {
  readonly text: string
  readonly triple: Triple
}

/** The half-open range `[lo, hi)` a request stands for; `hi` null means no upper bound. */
interface Range {
  readonly lo: Triple
  readonly hi: Triple | null
}

/** Requests longer than this (after trimming) are refused unread. */
const MAX_REQUEST_LENGTH = 64

const ANY: Range = { lo: [0, 0, 0], hi: null }

/**
 * Semantic versions, for schemes that take a `versionFormat`. Released
 * versions are plain `MAJOR.MINOR.PATCH` (`1.2.0`; no `v`, prerelease or
 * build). A request may be exact (`1.2.3`, which resolves only to itself),
 * partial or an x-range (`1`, `1.2`, `1.x`, `1.2.*`, `*`), caret (`^1.2.3`,
 * `^1.2`, `^1`, with npm's narrower ranges below 1.0.0) or tilde (`~1.2.3`,
 * `~1.2`, `~1`), with an optional `v` before the numbers (`v1.2`, `^v1`) and
 * spaces or tabs around it. It resolves to the highest released version in
 * range, or null when none is in range or the text is not one of these forms.
 *
 * @example
 * ```ts
 * const resolve = semver().compile(['1.0.0', '1.4.2', '2.0.0'], 'URLPathVersioning')
 * resolve('^1.2') // '1.4.2'
 * resolve('1.x') // '1.4.2'
 * resolve('3') // null
 * ```
 */
export function semver(): VersionFormat {
  return { name: 'semver', compile: compileSemver }
}

function compileSemver(released: readonly string[], where: string): (requested: string) => string | null {
  if (released.length === 0) {
    throw new Error(`${where}: allowedVersions must list at least one semantic version such as "1.2.0" when versionFormat is semver().`)
  }
  const seen = new Set<string>()
  const releases: Release[] = []
  for (const text of released as readonly unknown[]) {
    const triple = typeof text === 'string' ? parseRelease(text) : null
    if (triple === null) throw new Error(releaseError(text, where))
    if (seen.has(text as string)) {
      throw new Error(`${where}: allowedVersions lists ${quoted(text as string)} more than once; list each version once.`)
    }
    seen.add(text as string)
    releases.push({ text: text as string, triple })
  }
  releases.sort((a, b) => compare(b.triple, a.triple))

  return function resolveSemver(requested: string): string | null {
    const text = typeof requested === 'string' ? trimBlanks(requested) : null
    if (text === null || text.length > MAX_REQUEST_LENGTH) return null
    const range = parseRange(text)
    if (range === null) return null
    // The releases are in descending order: skip those at or above `hi`; the
    // first one left is the highest below it, and the answer if it is >= `lo`.
    const { hi } = range
    let low = 0
    let high = releases.length
    if (hi !== null) {
      while (low < high) {
        const mid = (low + high) >>> 1
        if (compare((releases[mid] as Release).triple, hi) >= 0) low = mid + 1
        else high = mid
      }
    }
    const best = releases[low]
    return best !== undefined && compare(best.triple, range.lo) >= 0 ? best.text : null
  }
}

function releaseError(value: unknown, where: string): string {
  const got = typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : `${typeof value} ${String(value)}`
  const base = `${where}: allowedVersions must be semantic versions such as "1.2.0" when versionFormat is semver(); got ${got}`
  if (typeof value !== 'string') return `${base}.`
  if ((value[0] === 'v' || value[0] === 'V') && parseRelease(value.slice(1)) !== null) return `${base} (drop the "${value[0]}").`
  if (tooLarge(value)) return `${base} (each number must be at most ${Number.MAX_SAFE_INTEGER}).`
  return `${base}.`
}

/** Whether `text` is three dot-separated digit runs, one of them beyond `Number.MAX_SAFE_INTEGER`. */
function tooLarge(text: string): boolean {
  const parts = text.split('.')
  return parts.length === 3 && parts.every((p) => digitsEnd(p, 0) === p.length) && parts.some((p) => !Number.isSafeInteger(Number(p)))
}

/** A released version's numbers: exactly `MAJOR.MINOR.PATCH`, or null. */
function parseRelease(text: string): Triple | null {
  const out: number[] = []
  let i = 0
  for (;;) {
    const end = digitsEnd(text, i)
    if (end < 0) return null
    const n = Number(text.slice(i, end))
    if (!Number.isSafeInteger(n)) return null
    out.push(n)
    i = end
    if (out.length === 3) return i === text.length ? [out[0] as number, out[1] as number, out[2] as number] : null
    if (text[i] !== '.') return null
    i++
  }
}

/**
 * The range a request stands for, or null when it is malformed: an optional
 * `^` or `~`, an optional `v`, then one to three dot-separated parts, each a
 * number or a wildcard (`x`, `X`, `*`), with no number after a wildcard.
 */
function parseRange(text: string): Range | null {
  let i = 0
  const op = text[0] === '^' || text[0] === '~' ? text[0] : ''
  if (op !== '') i++
  if (text[i] === 'v' || text[i] === 'V') i++
  // The leading numbers; parts after them are wildcards.
  const nums: number[] = []
  let parts = 0
  for (;;) {
    if (parts === 3) return null
    const ch = text[i]
    if (ch === 'x' || ch === 'X' || ch === '*') {
      i++
    } else {
      if (nums.length < parts) return null
      const end = digitsEnd(text, i)
      if (end < 0) return null
      const n = Number(text.slice(i, end))
      if (!Number.isSafeInteger(n)) return null
      nums.push(n)
      i = end
    }
    parts++
    if (i === text.length) break
    if (text[i] !== '.') return null
    i++
  }
  const [major = 0, minor = 0, patch = 0] = nums
  const lo: Triple = [major, minor, patch]
  switch (nums.length) {
    case 0:
      return ANY
    case 1: // 1, 1.x, ^1, ~1: the major version.
      return { lo, hi: [major + 1, 0, 0] }
    case 2: // 1.2, 1.2.x, ~1.2: the minor version; ^1.2 widens to the major above 0.
      return { lo, hi: op === '^' && major > 0 ? [major + 1, 0, 0] : [major, minor + 1, 0] }
    default:
      if (op === '') return { lo, hi: [major, minor, patch + 1] }
      if (op === '~') return { lo, hi: [major, minor + 1, 0] }
      // ^ keeps the leftmost non-zero number.
      if (major > 0) return { lo, hi: [major + 1, 0, 0] }
      if (minor > 0) return { lo, hi: [0, minor + 1, 0] }
      return { lo, hi: [0, 0, patch + 1] }
  }
}

/** The end of the digit run at `i`, or -1 when there is none or it has a leading zero (`01`). */
function digitsEnd(text: string, i: number): number {
  let end = i
  while (end < text.length && isDigit(text.charCodeAt(end))) end++
  if (end === i || (text[i] === '0' && end - i > 1)) return -1
  return end
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}
