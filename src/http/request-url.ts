/**
 * Cheap reads of a request URL. `Request.url` is an absolute, normalised URL
 * (lower-cased host; on some runtimes with credentials), so the parts we need are
 * sliced rather than re-parsed on every request. Text that is not an absolute
 * URL gives empty parts.
 */

/** `scheme://host[:port]` of an absolute URL (never any `user:pass@`), or `''`. */
export function originOf(url: string): string {
  const authority = authorityRange(url)
  if (authority === null) return ''
  // Some runtimes keep userinfo a client sent in the Host header: it must not reach links.
  const at = url.lastIndexOf('@', authority[1] - 1)
  return at < authority[0] ? url.slice(0, authority[1]) : url.slice(0, authority[0]) + url.slice(at + 1, authority[1])
}

/** The authority as the URL has it: the host with its port, and any user info (`user@host:8787`), or `''`. */
export function authorityOf(url: string): string {
  const authority = authorityRange(url)
  return authority === null ? '' : url.slice(authority[0], authority[1])
}

/** The host with its port (`v1.example.com:8787`), or `''`. */
export function hostOf(url: string): string {
  const authority = authorityRange(url)
  if (authority === null) return ''
  const text = url.slice(authority[0], authority[1])
  const at = text.lastIndexOf('@')
  return at === -1 ? text : text.slice(at + 1)
}

/** The query string without `?` and without any fragment, or `''`. */
export function searchOf(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return ''
  const hash = url.indexOf('#')
  if (hash === -1) return url.slice(q + 1)
  return hash < q ? '' : url.slice(q + 1, hash)
}

function authorityRange(url: string): [number, number] | null {
  const sep = url.indexOf('://')
  // Absolute only when "://" follows the scheme, i.e. holds the first "/" of the text.
  if (sep <= 0 || url.indexOf('/') !== sep + 1 || url.lastIndexOf('?', sep) !== -1) return null
  const start = sep + 3
  let end = start
  while (end < url.length) {
    const ch = url.charCodeAt(end)
    if (ch === 47 /* / */ || ch === 63 /* ? */ || ch === 35 /* # */) break
    end++
  }
  return [start, end]
}
