/**
 * The docs page: Scalar's API reference (`@scalar/hono-api-reference`, an
 * optional peer dependency that only this module imports) with a version
 * selector listing every documented version, newest first, deprecated ones
 * marked, next to the documents of `openAPIRoutes`, answered with a
 * Content-Security-Policy that runs no script but the bundle and the page's
 * own (./docs-policy.ts).
 */
import { Scalar } from '@scalar/hono-api-reference'
import type { Hono } from 'hono/tiny'
import { checkOptions, isRecord } from '../options.ts'
import { holdsCredentials } from '../http/url-credentials.ts'
import { bare, quoted } from '../quote.ts'
import { bundleSource, documentOrigins, hashSource, inlineScripts, pageDirectives, policyText, PRELUDE, unsafeDirectives } from './docs-policy.ts'
import { checkPath, documentUrl, linkPath, openAPIRoutes, sourceResolver, type OpenAPISource } from './serve.ts'
import type { DocumentedVersion } from './versions.ts'

/** Options of `openAPIDocs`. */
export interface OpenAPIDocsOptions {
  /**
   * Where the docs page is, inside the sub-app.
   * @default '/'
   */
  readonly page?: string | undefined
  /**
   * Where the documents are, inside the sub-app (see `openAPIRoutes`).
   * @default '/openapi'
   */
  readonly path?: string | undefined
  /**
   * The URL of Scalar's browser bundle (`@scalar/api-reference`'s
   * `dist/browser/standalone.js`). Serve it yourself where browsers cannot
   * reach a CDN (on Workers, with static assets; elsewhere, with the runtime's
   * `serveStatic`), and give its path here.
   * @default the bundle of the `@scalar/api-reference` version this package is tested with, on jsDelivr
   */
  readonly cdn?: string | undefined
  /** The page's title. @default 'API reference' */
  readonly pageTitle?: string | undefined
  /** More of Scalar's configuration (`theme`, `layout`, ...), passed as given. */
  readonly scalar?: Readonly<Record<string, unknown>> | undefined
  /**
   * The page's Content-Security-Policy: directives replacing the page's own
   * of the same name (`{ 'frame-ancestors': "'self' https://portal.example.com" }`
   * to embed it there; script-src keeps the hashes of the page's own inline
   * scripts), or `false` for no policy.
   * @default scripts from `cdn` and the page's own; styles inline; fonts from fonts.scalar.com; fetches to the page's origin and the documents' servers; framed by the page's origin alone
   */
  readonly contentSecurityPolicy?: false | Readonly<Record<string, string>> | undefined
}

/** The version of `@scalar/api-reference` the page is tested with (its browser test runs that bundle). */
const SCALAR_BUNDLE_VERSION = '1.72.1'
/** Where the page loads Scalar's bundle from unless `cdn` says otherwise: pinned, so the page cannot change under you. */
const DEFAULT_BUNDLE = `https://cdn.jsdelivr.net/npm/@scalar/api-reference@${SCALAR_BUNDLE_VERSION}/dist/browser/standalone.js`
/**
 * The bundle's Subresource Integrity (SHA-384 of that version's `dist/browser/standalone.js`, which jsDelivr serves
 * as published): a browser runs the bundle only if the CDN gives exactly those bytes.
 */
const DEFAULT_BUNDLE_INTEGRITY = 'sha384-U11tb2XnKvmwt8RlTvnwUnYgrN+ur4Xyh9htLhjajWNR/Oyl5AX5DEz00qRmlrmK'
/** Stands in for the version list in the configuration Scalar serialises; replaced by `scriptJson(sources)`. */
const SOURCES_MARK = 'hono-api-versioning:sources'

/**
 * JSON that is safe inside an inline `<script>`: `<`, `>` and `&` (so no
 * `</script>` or `<!--` can end or change the script) and U+2028/U+2029 are
 * written as `\u003c`-style escapes, which JavaScript reads back as the same characters.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Text that ends or changes an inline script or style: `</` (as in `</script>`, `</style>`) or `<!--`. */
const UNSAFE = /<\/|<!--/

/**
 * What is wrong with Scalar's settings as the page would write them, or
 * `null`. Scalar writes them with `JSON.stringify` (a function, or a
 * top-level list holding one, as its source, after the setting's name in
 * quotes), so they are walked here the same way, at every depth: each
 * name and each text as written (a `toJSON`'s result included) is checked
 * for `</` and `<!--`, a top-level name must be a setting's name, and a
 * value `JSON.stringify` refuses (a cycle, a `BigInt`) is said now rather
 * than as a 500 on every request for the page.
 */
function unsafeSettings(scalar: Readonly<Record<string, unknown>>): string | null {
  for (const key of Object.keys(scalar)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `scalar has a setting named ${quoted(key)}, which is no name of Scalar's; use its settings' names (letters, digits, "_" and "$").`
  }
  if (scalar['bundle'] !== undefined && scalar['bundle'] !== false) return 'scalar.bundle would load another bundle than cdn (an unpinned one, or a URL Scalar writes into the script as it is); remove it and give the URL as cdn.'
  const paths = new WeakMap<object, string>()
  let found: string | null = null
  try {
    JSON.stringify(scalar, function (this: object, key: string, value: unknown) {
      const at = paths.has(this) ? `${paths.get(this) as string}.${bare(key)}` : 'scalar'
      if (found === null && (UNSAFE.test(key) || ((typeof value === 'string' || typeof value === 'function') && UNSAFE.test(String(value))))) found = at
      if (value !== null && typeof value === 'object') paths.set(value, at)
      return typeof value === 'function' ? String(value) : value
    })
  } catch (error) {
    return `scalar cannot be written into the page (${(error as Error).message.split('\n')[0] as string}); give settings JSON can write.`
  }
  return found === null ? null : `${found} holds "</" or "<!--", which would end or change the page's script or style; remove it.`
}

/** The selector's label of a version: `v2 (latest)`, `v1 (deprecated)`, `v0 (sunset)`. */
function versionLabel(version: DocumentedVersion): string {
  const marks: string[] = []
  if (version.latest) marks.push('latest')
  if (version.sunsetPassed) marks.push('sunset')
  else if (version.deprecated) marks.push('deprecated')
  return marks.length === 0 ? version.version : `${version.version} (${marks.join(', ')})`
}

/**
 * A Hono sub-app serving the documents (as `openAPIRoutes` does) and a docs
 * page at `page` whose version selector lists every documented version,
 * newest first (the newest shown first), deprecated ones marked. Mount it
 * with `app.route(prefix, ...)`.
 *
 * @example
 * ```ts
 * app.route('/docs', openAPIDocs(docs, { cdn: '/standalone.js' })) // the page at /docs, documents at /docs/openapi/<version>.json
 * ```
 */
export function openAPIDocs(source: OpenAPISource, options: OpenAPIDocsOptions = {}): Hono {
  const where = 'openAPIDocs'
  const resolve = sourceResolver(source, where)
  checkOptions(options, where, ['page', 'path', 'cdn', 'pageTitle', 'scalar', 'contentSecurityPolicy'])
  const page = checkPath(options.page ?? '/', 'page', '/', where)
  const path = checkPath(options.path ?? '/openapi', 'path', '/openapi', where)
  if (page === path) throw new Error(`${where}: page and path must differ; the page is at ${quoted(page)} and the documents under ${quoted(path)}.`)
  const { cdn = DEFAULT_BUNDLE, pageTitle = 'API reference', scalar = {}, contentSecurityPolicy: given = {} } = options
  // Scalar writes the URL into a `src="..."` attribute as given: only URL characters, none that could end it.
  // (A backslash too: browsers read "\\host/x.js" as "//host/x.js", another origin than the path it looks like; and
  // control characters, which browsers strip from a URL's ends: "\x01//host/x.js" is "//host/x.js".)
  if (typeof cdn !== 'string' || !/^[^\s\x00-\x1f\x7f"'<>`&\\]+$/.test(cdn)) throw new Error(`${where}: cdn must be the URL of Scalar's standalone.js, such as "/standalone.js", without spaces, control characters, quotes, "<", ">", "&" or "\\".`)
  const bundle = bundleSource(cdn)
  if (bundle === null) throw new Error(`${where}: cdn must be a path such as "/standalone.js" or an http or https URL, from which the page's policy allows the bundle.`)
  // The page is public and writes cdn into its HTML as given: a user name or password there would be shown to every reader.
  if (/^(https?:)?\/\//i.test(cdn) && holdsCredentials(cdn.startsWith('//') ? `https:${cdn}` : cdn)) {
    throw new Error(`${where}: cdn holds a user name or password (before "@"), which the page would show to every reader; serve the bundle from a URL that needs none, or from a path such as "/standalone.js".`)
  }
  const unsafePolicy = unsafeDirectives(given)
  if (unsafePolicy !== null) throw new Error(`${where}: ${unsafePolicy}`)
  if (typeof pageTitle !== 'string') throw new Error(`${where}: pageTitle must be a string such as "Catalog API".`)
  if (!isRecord(scalar)) throw new Error(`${where}: scalar must be an object of Scalar's settings such as { theme: 'purple' }.`)
  // Scalar writes its configuration into the page as it is (customCss into a <style>, the rest into a <script>).
  const unsafe = unsafeSettings(scalar)
  if (unsafe !== null) throw new Error(`${where}: ${unsafe}`)
  const own = pageDirectives(bundle, scalar)
  const app = openAPIRoutes(resolve, { path })
  const render = Scalar({ ...scalar, pageTitle, cdn, sources: SOURCES_MARK as never }) // the mark, replaced below
  // Scalar serialises its configuration with JSON.stringify, which leaves `</script>` as it is; the version
  // list (configured names, and the mount's path) is written into the page here instead, escaped for a script.
  const mark = JSON.stringify(SOURCES_MARK)
  // The list as written into the page, made again only when the documented versions (a sunset passed) or the mount's path change.
  let written: { readonly versions: readonly DocumentedVersion[]; readonly index: string; readonly json: string; readonly origins: readonly string[] } | null = null
  // The policy, made again only when the page's inline scripts (the version list) or the documents' servers change.
  let policy: { readonly scripts: string; readonly origins: readonly string[]; readonly text: string } | null = null
  app.get(page, async function docsPage(c, next) {
    const docs = await resolve()
    // The sub-app's prefix, from the page's own path, so it works wherever it is mounted.
    // (Escaped: under a mount with parameters, the path is the client's text, and it goes into a script.)
    const here = linkPath(c)
    const prefix = page === '/' ? here.replace(/\/$/, '') : here.slice(0, -page.length)
    const index = `${prefix}${path === '/' ? '' : path}`
    const versions = docs.versions
    if (written?.versions !== versions || written.index !== index) {
      const sources = versions.map((v) => ({ title: versionLabel(v), slug: v.version, url: documentUrl(index, v.version), default: v.latest }))
      written = { versions, index, json: scriptJson(sources), origins: given === false ? [] : documentOrigins(docs) }
    }
    // This request's list: another request (under a mount with params, another path) may replace `written` while it renders.
    const list = written
    const html = await ((await render(c, next)) as Response).text() // Scalar's handler always answers
    const at = html.lastIndexOf(mark)
    if (at === -1) throw new Error(`${where}: Scalar's page no longer carries the version list where this module puts it; this version of @scalar/hono-api-reference is not supported.`)
    const filled = `${html.slice(0, at)}${list.json}${html.slice(at + mark.length)}`
    const tag = `<script src="${cdn}"`
    if (!filled.includes(tag)) throw new Error(`${where}: Scalar's page no longer loads the bundle with the script tag this module expects; this version of @scalar/hono-api-reference is not supported.`)
    // The default bundle comes from a CDN: its script tag gets the integrity that pins its bytes, not only its URL.
    const pinned = cdn === DEFAULT_BUNDLE ? ` integrity="${DEFAULT_BUNDLE_INTEGRITY}" crossorigin="anonymous"` : ''
    if (given === false) return c.html(filled.replace(tag, () => `${tag}${pinned}`))
    const body = filled.replace(tag, () => `<script>${PRELUDE}</script>\n    ${tag}${pinned}`)
    const scripts = inlineScripts(body)
    const key = JSON.stringify(scripts)
    if (policy?.scripts !== key || policy.origins !== list.origins) {
      const origins = list.origins
      policy = { scripts: key, origins, text: policyText(own, origins, given, await Promise.all(scripts.map(hashSource))) }
    }
    return c.html(body, 200, { 'Content-Security-Policy': policy.text })
  })
  return app
}
