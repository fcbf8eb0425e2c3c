/**
 * Date versions (`2026-11-01`, as Stripe and GitHub use): a request names a
 * day and resolves to the latest release made on or before it.
 */
import type { VersionFormat } from './format.ts'
import { trimBlanks } from './trim-blanks.ts'
import { quoted } from '../quote.ts'

/** Requests longer than this (after trimming) are refused unread. */
const MAX_REQUEST_LENGTH = 64

/**
 * Date versions, for schemes that take a `versionFormat`. Released versions
 * and requests are real calendar dates written `YYYY-MM-DD` (years 0001 to
 * 9999, leap days only in leap years). A request, with spaces or tabs around
 * it allowed, resolves to the latest released date on or before it, or null
 * when it is earlier than every release or is not such a date.
 *
 * @example
 * ```ts
 * const resolve = dateVersions().compile(['2025-06-01', '2026-11-01'], 'HeaderVersioning')
 * resolve('2026-03-15') // '2025-06-01'
 * resolve('2026-11-01') // '2026-11-01'
 * resolve('2024-12-31') // null
 * ```
 */
export function dateVersions(): VersionFormat {
  return { name: 'date', compile: compileDates }
}

function compileDates(released: readonly string[], where: string): (requested: string) => string | null {
  if (released.length === 0) {
    throw new Error(`${where}: allowedVersions must list at least one date such as "2026-11-01" when versionFormat is dateVersions().`)
  }
  const seen = new Set<string>()
  for (const text of released as readonly unknown[]) {
    if (typeof text !== 'string' || !isCalendarDate(text)) {
      const got = typeof text === 'string' ? JSON.stringify(text) : text === null ? 'null' : `${typeof text} ${String(text)}`
      throw new Error(
        `${where}: allowedVersions must be real calendar dates written YYYY-MM-DD such as "2026-11-01" when versionFormat is dateVersions(); got ${got}.`,
      )
    }
    if (seen.has(text)) throw new Error(`${where}: allowedVersions lists ${quoted(text)} more than once; list each date once.`)
    seen.add(text)
  }
  // Fixed-width YYYY-MM-DD strings order as the dates do.
  const sorted = [...seen].sort()

  return function resolveDate(requested: string): string | null {
    const text = typeof requested === 'string' ? trimBlanks(requested) : null
    if (text === null || text.length > MAX_REQUEST_LENGTH || !isCalendarDate(text)) return null
    // The first release after `text`; the one before it is the answer.
    let low = 0
    let high = sorted.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((sorted[mid] as string) <= text) low = mid + 1
      else high = mid
    }
    return low === 0 ? null : (sorted[low - 1] as string)
  }
}

/** Whether `text` is exactly `YYYY-MM-DD` and names a day of the (proleptic Gregorian) calendar. */
function isCalendarDate(text: string): boolean {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return false
  const year = digits(text, 0, 4)
  const month = digits(text, 5, 7)
  const day = digits(text, 8, 10)
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** The number written in `text[start, end)`, or -1 when a character there is not an ASCII digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return -1
    n = n * 10 + (code - 48)
  }
  return n
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}
