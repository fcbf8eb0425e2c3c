/**
 * What bench/run.ts runs besides the pairs (bench/pairs.ts) and the scale
 * (bench/scale.ts): the versioned app of the memory check, and reverse
 * against path-to-regexp and concatenation.
 */
import { Hono } from 'hono'
import { compile } from 'path-to-regexp'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  type BaseVersioning,
  type RouteTable,
} from '../src/index.ts'

export type SchemeName = 'accept-header' | 'url-path' | 'namespace' | 'host-name' | 'query-parameter'

interface SchemeSetup {
  readonly scheme: () => BaseVersioning
  readonly routes: () => RouteTable
  /** The request each iteration sends (reused: the benchmark measures the framework, not Request construction). */
  readonly request: Request
}

const users = [route('user-detail', '/users/:id')] as const
const options = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }

export const SCHEMES: Record<SchemeName, SchemeSetup> = {
  'accept-header': {
    scheme: () => new AcceptHeaderVersioning(options),
    routes: () => defineRoutes([include('/api', users)]),
    request: new Request('http://api.example/api/users/1', { headers: { accept: 'application/json; version=v2' } }),
  },
  'url-path': {
    scheme: () => new URLPathVersioning(options),
    routes: () => defineRoutes([include('/:version', users)]),
    request: new Request('http://api.example/v2/users/1'),
  },
  namespace: {
    scheme: () => new NamespaceVersioning(options),
    routes: () => defineRoutes([include('/v1', users, { namespace: 'v1' }), include('/v2', users, { namespace: 'v2' })]),
    request: new Request('http://api.example/v2/users/1'),
  },
  'host-name': {
    scheme: () => new HostNameVersioning(options),
    routes: () => defineRoutes([include('/api', users)]),
    request: new Request('http://v2.api.example/api/users/1'),
  },
  'query-parameter': {
    scheme: () => new QueryParameterVersioning(options),
    routes: () => defineRoutes([include('/api', users)]),
    request: new Request('http://api.example/api/users/1?version=v2'),
  },
}

const view = (c: { req: { param(name: string): string | undefined }; json(body: unknown): Response }): Response => c.json({ id: c.req.param('id') })

/** Versioned by the middleware on every request (app.use('*')) and mountRoutes. */
export function middlewareApp(s: SchemeSetup): Hono {
  const versioning = apiVersioning({ scheme: s.scheme(), routes: s.routes() })
  const app = new Hono()
  app.use('*', versioning as never)
  mountRoutes(app, versioning as never, { 'user-detail': view })
  return app
}

/** reverse against path-to-regexp's compile() and concatenation, on the same route. */
export function reverseCases(): { ours: () => string; pathToRegexp: () => string; concat: () => string; concatEncoded: () => string } {
  const table = defineRoutes([route('post', '/users/:id/posts/:slug')])
  const toPath = compile('/users/:id/posts/:slug')
  // Values vary per call so no engine can fold the work away.
  const ids = Array.from({ length: 64 }, (_, i) => String(1000 + i))
  const slugs = Array.from({ length: 64 }, (_, i) => `hello-world-${i}`)
  // One counter per case, so the k-th calls of all cases see the same values.
  const counters = { ours: 0, pathToRegexp: 0, concat: 0, concatEncoded: 0 }
  const next = (name: keyof typeof counters): number => (counters[name] = (counters[name] + 1) & 63)
  return {
    ours: () => {
      const k = next('ours')
      return table.reverse('post', { kwargs: { id: ids[k] as string, slug: slugs[k] as string } })
    },
    pathToRegexp: () => {
      const k = next('pathToRegexp')
      return toPath({ id: ids[k] as string, slug: slugs[k] as string })
    },
    concat: () => {
      const k = next('concat')
      return '/users/' + (ids[k] as string) + '/posts/' + (slugs[k] as string)
    },
    concatEncoded: () => {
      const k = next('concatEncoded')
      return '/users/' + encodeURIComponent(ids[k] as string) + '/posts/' + encodeURIComponent(slugs[k] as string)
    },
  }
}
