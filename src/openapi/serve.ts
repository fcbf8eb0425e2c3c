/**
 * Serving the documents: a Hono sub-app with `/openapi/<version>.json` for
 * every documented version and `/openapi`, the index of versions. Each
 * document is serialized once, on its first request.
 */
import type { Context } from 'hono'
import { Hono } from 'hono/tiny'
import { checkOptions } from '../options.ts'
import type { VersionedOpenAPI } from './documents.ts'
import { quoted } from '../quote.ts'

/** The documents, or a function that makes them on the first request (for a head document a tool makes asynchronously). */
export type OpenAPISource = VersionedOpenAPI | (() => VersionedOpenAPI | Promise<VersionedOpenAPI>)

/** Options of `openAPIRoutes`. */
export interface OpenAPIRoutesOptions {
  /**
   * Where the documents are, inside the sub-app: the index at `path`, each
   * document at `path/<version>.json`.
   * @default '/openapi'
   */
  readonly path?: string | undefined
}

/** One entry of the index of versions (`GET /openapi`). */
export interface OpenAPIIndexEntry {
  readonly version: string
  /** The document's URL path. */
  readonly url: string
  readonly latest: boolean
  readonly deprecated: boolean
  readonly deprecation: string | null
  readonly sunset: string | null
  readonly sunsetPassed: boolean
}

/** Resolves a source once; the same promise answers every request. */
export function sourceResolver(source: OpenAPISource, where: string): () => Promise<VersionedOpenAPI> {
  if (typeof source !== 'function' && (source === null || typeof source !== 'object' || typeof source.document !== 'function')) {
    throw new Error(`${where}: pass the documents made by versionedOpenAPI({...}), or a function that returns them.`)
  }
  let resolved: Promise<VersionedOpenAPI> | undefined
  return () => (resolved ??= Promise.resolve(typeof source === 'function' ? source() : source))
}

/** Checks a path option: `/` and segments, no trailing slash. */
export function checkPath(path: unknown, name: string, example: string, where: string): string {
  if (typeof path !== 'string' || !/^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/.test(path)) {
    throw new Error(`${where}: ${name} must be a path such as ${quoted(example)} (no trailing slash, no parameters).`)
  }
  return path
}

/**
 * The request's path as a link may carry it: Hono's `c.req.path` is decoded
 * (`%3C` is `<`, `%0D%0A` a line break), and under a mount with parameters it
 * is the client's text, so each character a path does not hold as it is is
 * percent-encoded again.
 */
export function linkPath(c: Context): string {
  return c.req.path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@%/]/g, (ch) => encodeURIComponent(ch))
}

/** The URL path of a version's document, given the index's path. */
export function documentUrl(indexPath: string, version: string): string {
  return `${indexPath.replace(/\/$/, '')}/${encodeURIComponent(version)}.json`
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=UTF-8' }

/**
 * A Hono sub-app serving the documents: `GET <path>` answers the index of
 * versions (newest first) and `GET <path>/<version>.json` each document; an
 * unknown version is a 404 `{"detail": "No OpenAPI document for this version."}`.
 * Mount it with `app.route(prefix, ...)`.
 *
 * @example
 * ```ts
 * const docs = versionedOpenAPI({ scheme, routes })
 * app.route('/', openAPIRoutes(docs)) // GET /openapi, GET /openapi/v1.json, ...
 * ```
 */
export function openAPIRoutes(source: OpenAPISource, options: OpenAPIRoutesOptions = {}): Hono {
  const where = 'openAPIRoutes'
  const resolve = sourceResolver(source, where)
  checkOptions(options, where, ['path'])
  const path = checkPath(options.path ?? '/openapi', 'path', '/openapi', where)
  const texts = new Map<string, { readonly document: object; readonly text: string }>()
  const app = new Hono()
  app.get(path, async (c: Context) => {
    const docs = await resolve()
    const index = linkPath(c)
    const versions: OpenAPIIndexEntry[] = docs.versions.map((v) => ({ ...v, url: documentUrl(index, v.version) }))
    return c.json({ versions })
  })
  app.get(`${path === '/' ? '' : path}/:file{[^/]*\\.json}`, async (c: Context) => {
    const docs = await resolve()
    const version = (c.req.param('file') as string).slice(0, -'.json'.length)
    if (!docs.versions.some((v) => v.version === version)) return c.body(JSON.stringify({ detail: 'No OpenAPI document for this version.' }), 404, JSON_HEADERS)
    // Serialized once per document (a new one only when a sunset passed).
    const document = docs.document(version)
    let cached = texts.get(version)
    if (cached?.document !== document) {
      cached = { document, text: JSON.stringify(document) }
      texts.set(version, cached)
    }
    return c.body(cached.text, 200, JSON_HEADERS)
  })
  return app
}
