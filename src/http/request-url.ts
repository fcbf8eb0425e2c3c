/**
 * Cheap reads of a request URL. `Request.url` is an absolute, normalised URL
 * (lower-cased host; on some runtimes with credentials), so the parts we need are
 * sliced rather than re-parsed on every request. Text that is not an absolute
 * URL gives empty parts.
 */

/**
 * An absolute URL's `scheme://` and authority (group 1: up to the first `/`,
 * `?` or `#` after it): absolute only when `://` holds the first `/` of the
 * text and no `?` comes before it.
 */
const ABSOLUTE = /^[^/?]+:\/\/([^/?#]*)/

/** `scheme://host[:port]` of an absolute URL (never any `user:pass@`), or `''`. */
export function originOf(url: string): string {
  const found = ABSOLUTE.exec(url)
  if (found === null) return ''
  const [prefix, authority] = found as unknown as [string, string]
  // Some runtimes keep userinfo a client sent in the Host header: it must not reach links.
  const at = authority.lastIndexOf('@')
  return at === -1 ? prefix : prefix.slice(0, prefix.length - authority.length) + authority.slice(at + 1)
}

/**
 * The authority as the URL has it: the host with its port, and any user info (`user@host:8787`), or `''`. What
 * `ABSOLUTE` finds, read with indexOf (no match array per request).
 */
export function authorityOf(url: string): string {
  const slash = url.indexOf('/')
  // `scheme:` (one character or more, no `?`) then `//`.
  if (slash < 2 || url.charCodeAt(slash - 1) !== 58 /* : */ || url.charCodeAt(slash + 1) !== 47 /* / */) return ''
  const query = url.indexOf('?')
  if (query !== -1 && query < slash) return ''
  const start = slash + 2
  let end = url.indexOf('/', start)
  if (end === -1) end = url.length
  if (query !== -1 && query < end) end = query
  const hash = url.indexOf('#', start)
  if (hash !== -1 && hash < end) end = hash
  return url.slice(start, end)
}

/** The host with its port (`v1.example.com:8787`), or `''`. */
export function hostOf(url: string): string {
  const authority = authorityOf(url)
  return authority.slice(authority.lastIndexOf('@') + 1)
}

/** The query string without `?` and without any fragment, or `''`. */
export function searchOf(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return ''
  const hash = url.indexOf('#')
  if (hash === -1) return url.slice(q + 1)
  return hash < q ? '' : url.slice(q + 1, hash)
}

/** Whether a URL holds an encoded slash (`%2F`, any case) before its query. */
export function hasEncodedSlash(url: string): boolean {
  const at = url.indexOf('%2')
  if (at === -1) return false
  const query = url.indexOf('?')
  return /%2f/i.test(query === -1 ? url : url.slice(0, query))
}
