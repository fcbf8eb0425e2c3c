/**
 * Django's `ALLOWED_HOSTS`: which hosts a request may name. A request host is
 * valid as Django's `split_domain_port` reads it (letters, digits, `.` and
 * `-`, or a bracketed IPv6 address, then an optional port; no user info), its
 * port is ignored and a trailing dot dropped; a pattern is an exact name, a
 * leading-dot `.example.com` for the name and all its subdomains, or `*`.
 */
import { quotedValue } from '../quote.ts'

const VALID_HOST = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:[0-9]+)?$/
const PATTERN = /^(\*|\.?[a-z0-9-]+(\.[a-z0-9-]+)*\.?|\[[a-f0-9]*:[a-f0-9.:]+\])$/

/**
 * Checks the patterns once (throwing an `Error` that starts with `where`)
 * and returns the test of a request's authority (`host[:port]` as the URL
 * has it, user info included if any).
 */
export function allowedHosts(patterns: unknown, where: string): (authority: string) => boolean {
  if (!Array.isArray(patterns) || patterns.length === 0) {
    throw new Error(`${where}: allowedHosts must be a non-empty list of host names such as ["api.example.com", ".example.com"], or ["*"].`)
  }
  const exact = new Set<string>()
  // Each `.example.com`: the name and all its subdomains end with it once a dot is put before them.
  const suffixes: string[] = []
  for (const pattern of patterns as unknown[]) {
    const text = typeof pattern === 'string' ? pattern.toLowerCase() : ''
    if (!PATTERN.test(text)) {
      const ascii = asciiForm(text)
      throw new Error(
        ascii === null
          ? `${where}: allowedHosts holds ${quotedValue(pattern)}, which is not a host name; list names without scheme or port such as "api.example.com", ".example.com" for a domain and its subdomains, or "*".`
          : `${where}: allowedHosts holds ${quotedValue(pattern)}, which requests carry in its ASCII form; list ${quotedValue(ascii)} instead.`,
      )
    }
    if (text.startsWith('.')) suffixes.push(text)
    else exact.add(text.endsWith('.') ? text.slice(0, -1) : text)
  }
  const any = exact.has('*')
  return (authority) => {
    const found = VALID_HOST.exec(authority.toLowerCase())
    if (found === null) return false
    if (any) return true
    let domain = found[1] as string
    if (domain.endsWith('.')) domain = domain.slice(0, -1)
    if (exact.has(domain)) return true
    domain = `.${domain}`
    return suffixes.some((suffix) => domain.endsWith(suffix))
  }
}

/**
 * The ASCII (punycode) form of an internationalised host name pattern, as
 * URLs and so requests carry it (`bücher.de` → `xn--bcher-kva.de`), or
 * `null` when `text` has no letters past ASCII or is no host name in any form.
 */
function asciiForm(text: string): string | null {
  if (!/[^\u0000-\u007f]/.test(text)) return null
  const dot = text.startsWith('.') ? '.' : ''
  const name = text.slice(dot.length)
  if (!/^[^\s/:?#@[\]\\%]+$/.test(name) || !URL.canParse(`http://${name}/`)) return null
  const ascii = `${dot}${new URL(`http://${name}/`).hostname}`
  return PATTERN.test(ascii) ? ascii : null
}

/**
 * What `check()` says of links whose host comes from the request (no `origin`): given no `allowedHosts`, or ones
 * that let every host through (`'*'`), a client's `Host` reaches every absolute link; `null` when none can.
 */
export function hostsFollowed(hosts: readonly string[] | undefined, where: string): string | null {
  if (hosts === undefined) return `${where}: absolute links follow the Host header the client sends; set allowedHosts (the hosts you serve) or origin (the origin of links).`
  if (hosts.includes('*')) return `${where}: allowedHosts holds "*", so absolute links follow the Host header the client sends; list the hosts you serve instead, or set origin (the origin of links).`
  return null
}
