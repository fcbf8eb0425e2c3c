/**
 * The lifecycle headers of one version, rendered once: `Deprecation`
 * (RFC 9745), `Sunset` (RFC 8594) and `Link` with `rel="deprecation"` /
 * `rel="sunset"`. The policy sends these values and the documents describe
 * the same ones: a link is header-safe in both (an IDN host as punycode,
 * other characters percent-encoded).
 */
import { quotedValue } from '../quote.ts'
import { holdsCredentials } from '../http/url-credentials.ts'

/** One version's lifecycle headers, as sent. */
export interface LifecycleHeaders {
  /** `Deprecation`: `@` and the seconds since the epoch, or `null`. */
  readonly deprecation: string | null
  /** `Sunset`: an HTTP-date, or `null`. */
  readonly sunset: string | null
  /** Each `Link` value (`<url>; rel="sunset"`), by its relation. */
  readonly links: readonly { readonly rel: 'deprecation' | 'sunset'; readonly value: string }[]
}

/** Visible ASCII without the characters that would end a `<...>` link: what a `Link` header's URL may hold. */
const HEADER_SAFE = /^[\x21-\x7e]+$/

/** No lifecycle: no header. */
export const NO_LIFECYCLE_HEADERS: LifecycleHeaders = Object.freeze({ deprecation: null, sunset: null, links: Object.freeze([]) })

/**
 * The headers of a lifecycle: dates in milliseconds since the epoch, links as
 * configured. Throws an `Error` starting with `where` when a link is not an
 * absolute URL a header can carry.
 */
export function lifecycleHeaders(
  deprecation: number | null,
  sunset: number | null,
  links: { readonly deprecation?: string | undefined; readonly sunset?: string | undefined },
  where: string,
): LifecycleHeaders {
  const rendered: { rel: 'deprecation' | 'sunset'; value: string }[] = []
  for (const rel of ['deprecation', 'sunset'] as const) {
    const url = links[rel]
    if (url === undefined) continue
    if (typeof url !== 'string' || !URL.canParse(url) || /[\s<>"]/.test(url)) {
      throw new Error(`${where}: ${rel}Link must be an absolute URL such as "https://api.example.com/docs/deprecation".`)
    }
    // Every response of the version carries the link: a user name or password in it would be shown to every client.
    if (holdsCredentials(url)) {
      throw new Error(`${where}: ${rel}Link holds a user name or password (before "@"), which every response would show to every client; link to a page that needs none.`)
    }
    // A header carries visible ASCII alone, and a Link target is a URI-reference (RFC 8288 §3): a URL that is not one
    // goes as its href (an IDN host as punycode, `\\` in a path as `/`, as a browser follows it), with what a URI may still
    // not hold there (`|`, `^`, `[`, a bare `%`) percent-encoded.
    const sent = HEADER_SAFE.test(url) && uriReference(url) === url ? url : uriReference(new URL(url).href)
    if (!HEADER_SAFE.test(sent)) {
      throw new Error(`${where}: ${rel}Link ${quotedValue(url)} holds characters a header cannot carry; percent-encode them.`)
    }
    rendered.push({ rel, value: `<${sent}>; rel="${rel}"` })
  }
  return Object.freeze({
    // RFC 9745: an Item of type Date, `@` and seconds since the epoch.
    deprecation: deprecation === null ? null : `@${Math.floor(deprecation / 1000)}`,
    // RFC 8594: an HTTP-date (IMF-fixdate, which toUTCString() writes).
    sunset: sunset === null ? null : new Date(sunset).toUTCString(),
    links: Object.freeze(rendered),
  })
}

/** What RFC 3986 lets a URI hold outside its host: unreserved, sub-delims, `:`, `@`, `/`, `?`, and `#` once. */
const URI_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/

/**
 * An absolute URL of visible ASCII as an RFC 3986 URI-reference, what a
 * `Link` target must be: each character a URI may not hold (`|`, `{`, `}`,
 * `\\`, `^`, a backtick, `[` or `]` outside an IP-literal host, a `#` after
 * the first, a `%` not starting an escape) percent-encoded.
 */
function uriReference(url: string): string {
  // The authority (after `scheme://`, up to the path): `[` and `]` enclose an IPv6 host there.
  const start = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(url)?.[0].length ?? 0
  const authorityEnd = start === 0 ? 0 : start + url.slice(start).search(/[/?#]|$/)
  let out = url.slice(0, authorityEnd)
  let fragment = false
  for (let i = authorityEnd; i < url.length; i++) {
    const ch = url[i] as string
    if (URI_CHARACTER.test(ch) || (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(url.slice(i + 1, i + 3)))) out += ch
    else if (ch === '#' && !fragment) {
      fragment = true
      out += ch
    } else out += `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}
