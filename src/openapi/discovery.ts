/**
 * Finding the documents: `apiCatalog`, a Hono sub-app serving RFC 9727's
 * `/.well-known/api-catalog` (an RFC 9264 linkset listing, for each API,
 * each version's document, its docs page and its lifecycle), and
 * `openAPILink`, a middleware that adds `Link: <document>; rel="openapi"` to
 * each response, the document of the version that answered it.
 */
import type { MiddlewareHandler } from 'hono'
import { Hono } from 'hono/tiny'
import { checkOptions } from '../options.ts'
import { linkDocuments, OPENAPI_MEDIA_TYPE, openAPILinkValue } from './response-headers.ts'
import { checkPath, documentUrl, sourceResolver, type OpenAPISource } from './serve.ts'

/** Options of `apiCatalog`. */
export interface ApiCatalogOptions {
  /**
   * The origin of absolute links (`https://api.example.com`).
   * @default none: links are paths, relative to the catalog's own URL
   */
  readonly origin?: string | undefined
}

/** One API of the catalog. */
export interface CatalogEntry {
  /** The API's documents (`versionedOpenAPI(...)`, or a function that makes them). */
  readonly documents: OpenAPISource
  /** The URL path of the API itself, the anchor of its links (`/releases`). */
  readonly api: string
  /** Where `openAPIRoutes` serves its documents (the index's path: each document at `<path>/<version>.json`). */
  readonly path: string
  /** The URL path of its docs page, if it has one. */
  readonly page?: string | undefined
  /** A title for people. */
  readonly title?: string | undefined
}

const LINKSET = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'

/**
 * The api-catalog of `entries`: `GET /.well-known/api-catalog` (mount the
 * sub-app at the root) answers an RFC 9264 linkset, one link context per
 * API, anchored at its URL: `service-desc` links to each version's document
 * (newest first; target attributes `version`, `deprecation` and `sunset`,
 * ISO 8601, where the policy sets them), `service-doc` to its docs page.
 * Links are relative to the catalog (RFC 9264 resolves them against its
 * URL), or absolute on `options.origin`: never on the request's `Host`.
 *
 * @example
 * ```ts
 * app.route('/', apiCatalog([{ documents: docs, api: '/api', path: '/openapi', page: '/docs' }]))
 * ```
 */
export function apiCatalog(entries: readonly CatalogEntry[], options: ApiCatalogOptions = {}): Hono {
  const where = 'apiCatalog'
  if (!Array.isArray(entries) || entries.length === 0) throw new Error(`${where}: pass a non-empty list of APIs, such as [{ documents, api: '/api', path: '/openapi', page: '/docs' }].`)
  const apis = entries.map((entry, i) => {
    if (entry === null || typeof entry !== 'object') throw new Error(`${where}: entry ${i} must be an object such as { documents, api: '/api', path: '/openapi' }.`)
    checkOptions(entry, `${where}: entry ${i}`, ['documents', 'api', 'path', 'page', 'title'])
    if (entry.title !== undefined && typeof entry.title !== 'string') throw new Error(`${where}: the title of entry ${i} must be a string.`)
    return {
      resolve: sourceResolver(entry.documents, where),
      api: checkPath(entry.api, 'api', '/api', where),
      path: checkPath(entry.path, 'path', '/openapi', where),
      page: entry.page === undefined ? null : checkPath(entry.page, 'page', '/docs', where),
      title: entry.title ?? null,
    }
  })
  checkOptions(options, where, ['origin'])
  const given = options.origin
  if (given !== undefined && (typeof given !== 'string' || !URL.canParse(given) || new URL(given).origin !== given)) {
    throw new Error(`${where}: origin must be an origin such as "https://api.example.com" (a scheme and a host, no path).`)
  }
  const origin = given ?? ''
  const app = new Hono()
  app.get('/.well-known/api-catalog', async (c) => {
    const linkset = []
    for (const api of apis) {
      const docs = await api.resolve()
      const context: Record<string, unknown> = {
        anchor: origin + api.api,
        'service-desc': docs.versions.map((v) => ({
          href: origin + documentUrl(api.path, v.version),
          type: OPENAPI_MEDIA_TYPE,
          title: `${api.title === null ? '' : `${api.title}, `}version ${v.version}${v.latest ? ' (latest)' : v.deprecated ? ' (deprecated)' : ''}`,
          version: [v.version],
          ...(v.deprecation === null ? {} : { deprecation: [v.deprecation] }),
          ...(v.sunset === null ? {} : { sunset: [v.sunset] }),
        })),
      }
      if (api.page !== null) context['service-doc'] = [{ href: origin + api.page, type: 'text/html' }]
      linkset.push(context)
    }
    return c.body(JSON.stringify({ linkset }), 200, { 'Content-Type': LINKSET })
  })
  return app
}

/** Options of `openAPILink`. */
export interface OpenAPILinkOptions {
  /** Where `openAPIRoutes` serves the documents (the index's path), as clients reach it. */
  readonly path: string
}

/**
 * A middleware that adds `Link: <path/<version>.json>; rel="openapi"` to
 * every response answered in a documented version (`c.var.version`), as
 * ASP.NET API Versioning does: a client holding only a response finds the
 * document that describes it. Put it before the routes it describes. The
 * documents it is given list that `Link` header on their responses (given
 * as a function, once it has made them, at its first answer).
 *
 * @example
 * ```ts
 * app.use('/api/*', versioning, openAPILink(docs, { path: '/openapi' }))
 * ```
 */
export function openAPILink(source: OpenAPISource, options: OpenAPILinkOptions): MiddlewareHandler {
  const where = 'openAPILink'
  const resolve = sourceResolver(source, where)
  checkOptions(options, where, ['path'], true)
  const path = checkPath(options.path, 'path', '/openapi', where)
  // The documents list the header it adds (documents made before are made again with it).
  if (typeof source !== 'function') linkDocuments(source, path)
  const links = new Map<string, string>()
  return async function openAPILinkMiddleware(c, next) {
    await next()
    const version: unknown = c.get('version' as never)
    if (typeof version !== 'string') return
    const docs = await resolve()
    if (typeof source === 'function') linkDocuments(docs, path)
    if (!docs.versions.some((v) => v.version === version)) return
    let link = links.get(version)
    if (link === undefined) links.set(version, (link = openAPILinkValue(path, version)))
    try {
      c.res.headers.append('Link', link)
    } catch {
      // An immutable response (one fetched as it is): a copy that can take the header.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.append('Link', link)
    }
  }
}
