/**
 * A test-only stand-in for the core's wiring of a version history
 * (CONTRACTS.md A) until `apiVersioning({ changes })` exists: a Hono
 * middleware that determines the version with the scheme, binds the history
 * once, and calls its request and response steps around the handler, with
 * `c.json()` routed through the fast path (`fastJson`). The bench uses it too.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { VersionHistory } from '../src/changes/index.ts'
import type { Exchange } from '../src/pipeline/extension.ts'
import { VersioningError, type BaseVersioning, type RouteTable } from '../src/index.ts'

export interface HarnessOptions {
  readonly scheme: BaseVersioning
  /** The table whose routes the handlers serve (`null`: plain Hono routes only). */
  readonly routes?: RouteTable | undefined
  /** Route `c.json()` through the history's fast path. @default true */
  readonly fastJson?: boolean | undefined
}

type Json = (value: unknown, arg?: number | ResponseInit, headers?: HeadersInit) => Response

export function changesMiddleware(history: VersionHistory, options: HarnessOptions): MiddlewareHandler {
  const { scheme, routes, fastJson = true } = options
  const bound = history.bind({
    where: routes === undefined ? 'versionMiddleware' : 'apiVersioning',
    scheme,
    routeNames: routes === undefined ? null : new Set(routes.routes.flatMap((r) => [r.viewName, r.name])),
  })
  const reject = (c: Context, error: VersioningError): Response => c.json({ detail: error.detail }, error.status as 400)
  return async function changes(c, next) {
    const match = routes?.resolve(new URL(c.req.url).pathname) ?? null
    const handler = [...matchedRoutes(c)].reverse().find((r) => r.method !== 'ALL')
    let version: string | null
    try {
      version = scheme.determineVersion(c.req.raw, match)
    } catch (error) {
      if (error instanceof VersioningError) return reject(c, error)
      throw error
    }
    const exchange: Exchange = {
      request: c.req.raw,
      version,
      method: c.req.method,
      route: match === null ? null : { viewName: match.viewName, name: match.name, path: match.path, limit: null },
      versions: null,
      routePath: handler?.path ?? '',
      rejected: false,
    }
    c.set('version', version)
    try {
      const replaced = await bound.request(exchange)
      if (replaced !== undefined) c.req.raw = replaced
    } catch (error) {
      if (error instanceof VersioningError) return reject(c, error)
      throw error
    }
    if (fastJson) {
      const json = c.json as unknown as Json
      const setStatus = c.status
      let status: number | undefined
      c.status = (code) => {
        status = code
        setStatus(code)
      }
      ;(c as unknown as { json: Json }).json = (value, arg, headers) =>
        bound.json(exchange, value, typeof arg === 'number' ? arg : (arg?.status ?? status ?? 200), (migrated) => json(migrated, arg, headers))
    }
    await next()
    const res = await bound.response(exchange, c.res)
    if (res !== c.res) {
      c.res = undefined
      c.res = res
    }
    return undefined
  }
}
