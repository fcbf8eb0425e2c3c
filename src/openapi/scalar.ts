/**
 * The docs page: Scalar's API reference (`@scalar/hono-api-reference`, an
 * optional peer dependency that only this module imports) with a version
 * selector listing every documented version, newest first, deprecated ones
 * marked, next to the documents of `openAPIRoutes`.
 */
import { Scalar } from '@scalar/hono-api-reference'
import type { Hono } from 'hono/tiny'
import { checkPath, documentUrl, openAPIRoutes, sourceResolver, type OpenAPISource } from './serve.ts'
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
   * reach a CDN (on Workers, with static assets).
   * @default Scalar's CDN
   */
  readonly cdn?: string | undefined
  /** The page's title. @default 'API reference' */
  readonly pageTitle?: string | undefined
  /** More of Scalar's configuration (`theme`, `layout`, ...), passed as given. */
  readonly scalar?: Readonly<Record<string, unknown>> | undefined
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
  const page = checkPath(options.page ?? '/', 'page', '/', where)
  const path = checkPath(options.path ?? '/openapi', 'path', '/openapi', where)
  if (page === path) throw new Error(`${where}: page and path must differ; the page is at "${page}" and the documents under "${path}".`)
  const { cdn, pageTitle = 'API reference', scalar = {} } = options
  if (cdn !== undefined && typeof cdn !== 'string') throw new Error(`${where}: cdn must be the URL of Scalar's standalone.js, such as "/standalone.js".`)
  const app = openAPIRoutes(resolve, { path })
  app.get(
    page,
    Scalar(async (c) => {
      const docs = await resolve()
      // The sub-app's prefix, from the page's own path, so it works wherever it is mounted.
      // (Escaped: under a mount with parameters, the path is the client's text, and it goes into a script.)
      const own = c.req.path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@%/]/g, (ch) => encodeURIComponent(ch))
      const prefix = page === '/' ? own.replace(/\/$/, '') : own.slice(0, -page.length)
      const index = `${prefix}${path === '/' ? '' : path}`
      return {
        ...scalar,
        pageTitle,
        ...(cdn === undefined ? {} : { cdn }),
        sources: docs.versions.map((v) => ({ title: versionLabel(v), slug: v.version, url: documentUrl(index, v.version), default: v.latest })),
      }
    }),
  )
  return app
}
