/**
 * The lifecycle of a client's version as the server reports it: RFC 9745
 * `Deprecation` (`@<seconds since the epoch>`), RFC 8594 `Sunset` (an
 * HTTP-date) and `Link` with `rel="deprecation"` / `rel="sunset"`, parsed
 * into a typed value. Malformed headers are ignored, never thrown on.
 */

/** What a response says about the lifecycle of its version. */
export interface VersionLifecycle {
  /** When the version is (or was) deprecated (`Deprecation`), or `null`. */
  readonly deprecation: Date | null
  /** When the version goes away (`Sunset`), or `null`. */
  readonly sunset: Date | null
  /** The page about the deprecation (`Link: <url>; rel="deprecation"`), or `null`. */
  readonly deprecationLink: string | null
  /** The page about the sunset (`Link: <url>; rel="sunset"`), or `null`. */
  readonly sunsetLink: string | null
}

/** RFC 9745: an sf-date, `@` and an integer of seconds. */
const SF_DATE = /^@(-?[0-9]{1,15})$/

/** A `rel` parameter: its quoted or bare value. */
const REL = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;"]+))/i

/**
 * The lifecycle a response reports for its version, or `null` when it sends
 * neither `Deprecation` nor `Sunset`.
 *
 * @example
 * ```ts
 * const lifecycle = versionLifecycle(response)
 * if (lifecycle?.sunset) console.warn(`This API version goes away on ${lifecycle.sunset.toISOString()}.`)
 * ```
 */
export function versionLifecycle(response: Pick<Response, 'headers'>): VersionLifecycle | null {
  const { headers } = response
  const deprecation = deprecationDate(headers.get('Deprecation'))
  const sunset = sunsetDate(headers.get('Sunset'))
  if (deprecation === null && sunset === null) return null
  const links = linksOf(headers.get('Link'))
  return { deprecation, sunset, deprecationLink: links.get('deprecation') ?? null, sunsetLink: links.get('sunset') ?? null }
}

function deprecationDate(value: string | null): Date | null {
  const seconds = value === null ? null : SF_DATE.exec(value.trim())?.[1]
  if (seconds === undefined || seconds === null) return null
  const date = new Date(Number(seconds) * 1000)
  return Number.isNaN(date.getTime()) ? null : date
}

function sunsetDate(value: string | null): Date | null {
  if (value === null) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms)
}

/** The first URL of each relation type a `Link` header names (`<url>; rel="a b", <url>; rel=c`). */
function linksOf(value: string | null): Map<string, string> {
  const links = new Map<string, string>()
  if (value === null) return links
  let at = value.indexOf('<')
  while (at !== -1) {
    const close = value.indexOf('>', at)
    if (close === -1) break
    const url = value.slice(at + 1, close)
    // The parameters run to the next "," outside a quoted string.
    let end = close + 1
    for (let quoted = false; end < value.length && (quoted || value[end] !== ','); end++) if (value[end] === '"') quoted = !quoted
    const rel = REL.exec(value.slice(close + 1, end))
    for (const type of (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(' ')) if (type !== '' && !links.has(type)) links.set(type, url)
    at = value.indexOf('<', end)
  }
  return links
}

/** Whether two lifecycles say the same. */
export function sameLifecycle(a: VersionLifecycle | null, b: VersionLifecycle | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.deprecation?.getTime() === b.deprecation?.getTime() &&
    a.sunset?.getTime() === b.sunset?.getTime() &&
    a.deprecationLink === b.deprecationLink &&
    a.sunsetLink === b.sunsetLink
  )
}
