/**
 * The TypeScript twin of test/drf/drf_app.py: the same routes, built with this
 * toolkit and served by Hono through the versioning middleware, answering a
 * case with the same fields as the DRF view.
 */
import { Hono } from 'hono'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  NoReverseMatch,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  type BaseVersioning,
  type VersioningOptions,
} from '../../src/index.ts'

export type SchemeName = 'accept-header' | 'url-path' | 'namespace' | 'host-name' | 'query-parameter'

export interface DrfCase {
  readonly scheme: SchemeName
  readonly options: { readonly defaultVersion: string | null; readonly allowedVersions: readonly (string | null)[] | null; readonly versionParam: string }
  /** Path and query, as sent. */
  readonly path: string
  /** The Host header. */
  readonly host: string
  /** The Accept header, or null for none. */
  readonly accept: string | null
  readonly reverse: readonly { readonly name: string; readonly kwargs?: Readonly<Record<string, string | number>> }[]
}

export interface DrfResult {
  readonly status: number
  readonly version?: string | null
  readonly urls?: readonly (string | null)[]
  readonly detail?: string
  readonly error?: string
}

const items = [route('item-list', '/items/'), route('item-detail', '/items/:pk{[0-9]+}/')] as const

export const routes = defineRoutes([
  route('plain', '/plain/'),
  route('vitem-list', '/path/:version/items/'),
  route('vitem-detail', '/path/:version/items/:pk{[0-9]+}/'),
  include('/v1', [...items, include('/nested', [route('deep', '/deep/:pk{[0-9]+}/')], { namespace: 'inner' })], { namespace: 'v1' }),
  include('/v2', items, { namespace: 'v2' }),
  include('/api', [include('/v1', items, { namespace: 'v1' })], { namespace: 'api' }),
  include('/other', items, { namespace: 'other' }),
])

const SCHEMES: Record<SchemeName, new (options: VersioningOptions) => BaseVersioning> = {
  'accept-header': AcceptHeaderVersioning,
  'url-path': URLPathVersioning,
  namespace: NamespaceVersioning,
  'host-name': HostNameVersioning,
  'query-parameter': QueryParameterVersioning,
}

type LooseReverse = (name: string, options?: { kwargs?: Readonly<Record<string, string | number>> }) => string

const apps = new Map<string, Hono>()

/** One app per scheme and settings, built once. */
function appFor(c: DrfCase): Hono {
  const key = JSON.stringify([c.scheme, c.options])
  let app = apps.get(key)
  if (app !== undefined) return app
  const versioning = apiVersioning({ scheme: new SCHEMES[c.scheme](c.options), routes })
  app = new Hono()
  app.use('*', versioning)
  const view = (ctx: import('hono').Context): Response => {
    const reverse = ctx.var['reverse'] as LooseReverse
    // Percent-encoded: header values carry no characters beyond Latin-1, kwargs may.
    const probes = JSON.parse(decodeURIComponent(ctx.req.header('x-reverse') ?? '[]')) as DrfCase['reverse']
    const urls = probes.map((probe) => {
      try {
        return reverse(probe.name, probe.kwargs === undefined ? {} : { kwargs: probe.kwargs })
      } catch (error) {
        if (error instanceof NoReverseMatch) return null
        throw error
      }
    })
    return ctx.json({ version: ctx.var.version, urls })
  }
  mountRoutes(app, versioning, { plain: view, 'vitem-list': view, 'vitem-detail': view, 'item-list': view, 'item-detail': view, deep: view })
  apps.set(key, app)
  return app
}

/** Answers a case as the DRF view does, or says why the request cannot be made. */
export async function runTwin(c: DrfCase): Promise<DrfResult> {
  let request: Request
  try {
    const headers: Record<string, string> = { 'x-reverse': encodeURIComponent(JSON.stringify(c.reverse)) }
    if (c.accept !== null) headers['accept'] = c.accept
    request = new Request(`http://${c.host}${c.path}`, { headers })
  } catch (error) {
    return { status: -1, error: `no Request: ${(error as Error).message}` }
  }
  const res = await appFor(c).request(request)
  const body = (await res.json().catch(() => null)) as { version?: string | null; urls?: (string | null)[]; detail?: string } | null
  if (res.status === 200 && body !== null) return { status: 200, version: body.version ?? null, urls: body.urls ?? [] }
  return body !== null && typeof body.detail === 'string' ? { status: res.status, detail: body.detail } : { status: res.status }
}
