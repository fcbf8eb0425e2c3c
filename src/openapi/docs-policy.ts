/**
 * The docs page's Content-Security-Policy: what the page needs to work and
 * nothing else. Its scripts are Scalar's bundle (by its URL, or `'self'`
 * where it is served from the page's origin) and the page's own inline
 * scripts by the SHA-256 of their text, so a `<script>` that reached the
 * page any other way (a document's Markdown, a setting) does not run.
 *
 * What Scalar (`@scalar/api-reference` 1.72.1) needs, read from its bundle
 * and checked in a browser (test/e2e/openapi-docs-browser.test.ts): it
 * writes `<style>` elements and `style` attributes as it renders (only the
 * first carries a nonce), so styles need `'unsafe-inline'`; it loads its
 * fonts from fonts.scalar.com (unless `withDefaultFonts: false`); it fetches
 * the documents (same origin) and, for "Test Request", the documents'
 * servers and its `proxyUrl` (none by default); it shows `data:` images.
 */
import { quoted } from '../quote.ts'
import { isRecord } from '../options.ts'
import type { VersionedOpenAPI } from './documents.ts'
import { serversOf } from './document-servers.ts'

/** Directives given to `openAPIDocs`, by name: each replaces the page's own directive of that name. */
export type PolicyDirectives = Readonly<Record<string, string>>

/** Where Scalar's bundle loads its fonts from (its `withDefaultFonts`, on by default). */
const SCALAR_FONTS = 'https://fonts.scalar.com'

/**
 * Set before the bundle runs: the zod inside Scalar's bundle otherwise tries
 * `Function('')` once, to see whether it may compile its parsers, which a
 * policy without `'unsafe-eval'` refuses and reports as a violation; told
 * `jitless`, it parses as it does once refused, without asking.
 */
export const PRELUDE = 'globalThis.__zod_globalConfig={jitless:true}'

/** What is wrong with `contentSecurityPolicy` as given, or `null`. */
export function unsafeDirectives(given: unknown): string | null {
  if (given === false || given === undefined) return null
  if (!isRecord(given)) {
    return 'contentSecurityPolicy must be false (no policy) or an object of directives such as { "frame-ancestors": "\'self\' https://portal.example.com" }.'
  }
  for (const [name, value] of Object.entries(given)) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) return `contentSecurityPolicy has a directive named ${quoted(name)}; directive names are lower-case letters, digits and "-", such as "frame-ancestors".`
    if (typeof value !== 'string') return `contentSecurityPolicy[${quoted(name)}] must be a string of sources such as "'self'".`
    // The header carries the policy: a line break would end it, a ";" start another directive, a "," another policy.
    if (!/^[\x20-\x7e]*$/.test(value) || /[;,]/.test(value)) {
      return `contentSecurityPolicy[${quoted(name)}] is ${quoted(value)}; a directive's sources are printable ASCII without ";" or "," (no line break or other control character), so it cannot end the header or start another directive.`
    }
  }
  return null
}

/**
 * The source of script-src that allows the bundle at `cdn`: its URL without
 * query (a URL a source matches by path), scheme-less for `//host/...`, or
 * `'self'` for a path on the page's origin; `null` for another scheme.
 */
export function bundleSource(cdn: string): string | null {
  const source = (url: URL): string => url.pathname.replace(/[;,]/g, (ch) => encodeURIComponent(ch))
  if (/^https?:\/\//i.test(cdn)) {
    const url = new URL(cdn)
    return `${url.protocol}//${url.host}${source(url)}`
  }
  if (cdn.startsWith('//')) {
    const url = new URL(`https:${cdn}`)
    return `${url.host}${source(url)}`
  }
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(cdn) ? null : "'self'"
}

/** The origin of an absolute http(s) URL without template variables, or `null`. */
function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\/[^{}]+$/i.test(url)) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** The origins of servers' URLs (`[{ url }]`), where they are absolute. */
function serverOrigins(servers: unknown): string[] {
  if (!Array.isArray(servers)) return []
  return servers.map((server) => originOf((server as { url?: unknown } | null)?.url)).filter((origin): origin is string => origin !== null)
}

/** The origins "Test Request" sends to that are not the page's: each documented version's servers (its document is not made where `docs` says them). */
export function documentOrigins(docs: VersionedOpenAPI): string[] {
  return docs.versions.flatMap((v) => serverOrigins(serversOf(docs, v.version)))
}

/**
 * The policy's directives but the inline scripts' hashes, for Scalar's
 * `settings` (its `proxyUrl`, `baseServerURL` and `servers` are fetched from,
 * `withDefaultFonts: false` loads no fonts) and the bundle's `source`.
 */
export function pageDirectives(source: string, settings: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const connect = [originOf(settings['proxyUrl']), originOf(settings['baseServerURL']), ...serverOrigins(settings['servers'])]
  return {
    'default-src': ["'none'"],
    'script-src': [source],
    'style-src': ["'unsafe-inline'"],
    ...(settings['withDefaultFonts'] === false ? {} : { 'font-src': [SCALAR_FONTS] }),
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connect.filter((origin): origin is string => origin !== null)],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
  }
}

/**
 * The texts of a page's inline scripts (those without `src`), as a browser
 * hashes them: line breaks read as LF. A `<style>`'s text (`customCss`) is
 * no script whatever it holds, so it is left out first.
 */
export function inlineScripts(html: string): string[] {
  // A scan by indexOf, not a lazy regular expression (whose retries grow with the page: test/node/behaviour/redos.test.ts).
  const lower = html.toLowerCase()
  const out: string[] = []
  let at = 0
  for (;;) {
    const script = lower.indexOf('<script', at)
    const style = lower.indexOf('<style', at)
    if (script === -1) return out
    if (style !== -1 && style < script) {
      const end = lower.indexOf('</style', style)
      if (end === -1) return out
      at = end
      continue
    }
    const open = lower.indexOf('>', script)
    const close = open === -1 ? -1 : lower.indexOf('</script', open)
    if (close === -1) return out
    const attributes = lower.slice(script + '<script'.length, open)
    // `<scripts>` or `<script-x>` is no script tag; one with a `src` has no inline text.
    if (/^(?:[\s/]|$)/.test(attributes) && !/\ssrc\s*=/.test(attributes)) out.push(html.slice(open + 1, close).replace(/\r\n?/g, '\n'))
    at = close
  }
}

/** `'sha256-...'`, the source that allows an inline script of `text`. */
export async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`
}

/**
 * The header's value: the page's directives (`origins` added to connect-src),
 * those `given` replacing them by name, the inline scripts' `hashes` always
 * in script-src.
 */
export function policyText(own: Readonly<Record<string, readonly string[]>>, origins: readonly string[], given: PolicyDirectives, hashes: readonly string[]): string {
  const directives: Record<string, readonly string[]> = { ...own, 'connect-src': [...(own['connect-src'] ?? []), ...origins] }
  for (const [name, value] of Object.entries(given)) directives[name] = value.trim() === '' ? [] : value.trim().split(/\s+/)
  directives['script-src'] = [...(directives['script-src'] ?? []), ...hashes]
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ')
}
