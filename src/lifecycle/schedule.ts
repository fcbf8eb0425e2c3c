/**
 * A version's schedule as a policy is given it (its deprecation and sunset
 * dates, the pages about them), checked and rendered into the headers the
 * policy sends for that version, once, when the policy is made; and as the
 * policy's `describe()` reports it.
 */
import { lifecycleHeaders as renderHeaders, type LifecycleHeaders as RenderedHeaders } from '../model/lifecycle-headers.ts'
import { checkKeyNames, isRecord } from '../options.ts'
import { quotedValue } from '../quote.ts'

/** When a version is deprecated and when it goes away. */
export interface VersionSchedule {
  /** When the version is (or will be) deprecated: a `Date` or an ISO 8601 date such as `2026-06-01T00:00:00Z`. */
  readonly deprecation?: Date | string | undefined
  /** When the version stops being served: a `Date` or an ISO 8601 date; not earlier than `deprecation`. */
  readonly sunset?: Date | string | undefined
  /** A page about the deprecation, sent as `Link: <url>; rel="deprecation"`. */
  readonly deprecationLink?: string | undefined
  /** A page about the sunset, sent as `Link: <url>; rel="sunset"`. */
  readonly sunsetLink?: string | undefined
}

/** One version's lifecycle as `describe()` reports it. */
export interface VersionLifecycleDescription {
  readonly deprecation: number | null
  readonly sunset: number | null
  readonly deprecationLink: string | null
  readonly sunsetLink: string | null
  /** Its `Deprecation`, `Sunset` and `Link` values, as the policy sends them. */
  readonly headers: RenderedHeaders
}

/** The headers of one version's lifecycle, rendered once. */
export interface LifecycleHeaders extends RenderedHeaders {
  readonly goneAt: number | null
  /** The lifecycle as `describe()` reports it. */
  readonly described: VersionLifecycleDescription
}

const LIFECYCLE_NAMES = ['deprecation', 'sunset', 'deprecationLink', 'sunsetLink']

/** One version's schedule checked (a sentence saying what to fix, naming `where`) and rendered. */
export function lifecycleHeaders(lifecycle: VersionSchedule, where: string): LifecycleHeaders {
  if (!isRecord(lifecycle)) {
    throw new Error(`${where}: give an object such as { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z' }.`)
  }
  checkKeyNames(lifecycle, where, LIFECYCLE_NAMES)
  const deprecation = instant(lifecycle.deprecation, 'deprecation', where)
  const sunset = instant(lifecycle.sunset, 'sunset', where)
  if (deprecation !== null && sunset !== null && sunset < deprecation) {
    throw new Error(`${where}: its sunset (${new Date(sunset).toISOString()}) is earlier than its deprecation (${new Date(deprecation).toISOString()}); a version is deprecated first.`)
  }
  const headers = renderHeaders(deprecation, sunset, { deprecation: lifecycle.deprecationLink, sunset: lifecycle.sunsetLink }, where)
  // An absolute URL of another scheme (`javascript:`, `data:`) is no page a client can read about the version.
  for (const [rel, url] of [['deprecation', lifecycle.deprecationLink], ['sunset', lifecycle.sunsetLink]] as const) {
    if (url !== undefined && !/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`${where}: ${rel}Link must be an http or https URL such as "https://api.example.com/docs/${rel}", got ${quotedValue(url)}.`)
    }
  }
  if (lifecycle.deprecationLink !== undefined && deprecation === null) {
    throw new Error(`${where}: deprecationLink needs a deprecation date.`)
  }
  return {
    ...headers,
    goneAt: sunset,
    described: { deprecation, sunset, deprecationLink: lifecycle.deprecationLink ?? null, sunsetLink: lifecycle.sunsetLink ?? null, headers },
  }
}

/**
 * Milliseconds since the epoch of a configured date, or `null` when absent:
 * a valid `Date`, a calendar date (`2026-06-01`, midnight UTC), or a date and
 * time with its offset (`2026-06-01T00:00:00Z`, `...+02:00`), never one that
 * depends on the server's time zone.
 */
function instant(value: Date | string | undefined, name: string, where: string): number | null {
  if (value === undefined) return null
  let ms = NaN
  if (value instanceof Date) ms = value.getTime()
  else if (typeof value === 'string') {
    const found = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/.exec(value)
    // The calendar date must exist (Date.parse rolls 2027-02-30 over into March).
    const day = found === null ? null : new Date(Date.UTC(Number(found[1]), Number(found[2]) - 1, Number(found[3])))
    if (found !== null && day?.getUTCDate() === Number(found[3]) && day.getUTCMonth() === Number(found[2]) - 1) ms = Date.parse(value)
  }
  // RFC 3339 writes a leap second as :60, which no JavaScript date (nor an HTTP-date) holds.
  if (Number.isNaN(ms) && typeof value === 'string' && /T\d{2}:\d{2}:60/.test(value)) {
    throw new Error(`${where}: ${name} is a leap second (:60), which a Sunset header cannot write; give the second before it (:59) or the one after.`)
  }
  if (Number.isNaN(ms)) {
    throw new Error(`${where}: ${name} must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".`)
  }
  // An HTTP-date writes the year in four digits (RFC 9110 §5.6.7).
  const year = new Date(ms).getUTCFullYear()
  if (year < 1 || year > 9999) throw new Error(`${where}: ${name} must fall between the years 1 and 9999, which a Sunset header can write; got the year ${year}.`)
  return ms
}
