/**
 * Scale: the served app of the `use+mountRoutes` pair (app.use('*',
 * apiVersioning) + mountRoutes, URLPathVersioning) with `routes` named routes
 * and `versions` versions, and its hand-written twin of the same size (a
 * version middleware + one route per name), for bench/run.ts to compare a
 * request to the middle route and version across sizes.
 */
import { Hono, type Context, type Next } from 'hono'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import { defineRoutes, include, route, URLPathVersioning, type RouteDefinition } from '../src/index.ts'

export interface ScaleCase {
  readonly app: Hono
  /** A request to the middle route, in the middle version. */
  readonly request: Request
}

const versionsOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `v${i + 1}`)
const middle = (n: number): number => Math.floor(n / 2)
const requestOf = (routes: number, versions: number): Request => new Request(`http://api.example/v${middle(versions) + 1}/r${middle(routes)}/7`)

/** The toolkit app: `routes` named routes under `/:version`, `versions` allowed versions. */
export function toolkitScale(routes: number, versions: number): ScaleCase {
  const defs: RouteDefinition[] = []
  const handlers: Record<string, (c: Context) => Response> = {}
  for (let i = 0; i < routes; i++) {
    defs.push(route(`route-${i}`, `/r${i}/:id`))
    handlers[`route-${i}`] = (c) => c.json({ id: c.req.param('id'), version: c.var.version })
  }
  const versioning = apiVersioning({ scheme: new URLPathVersioning({ allowedVersions: versionsOf(versions) }), routes: defineRoutes([include('/:version', defs)]) })
  const app = new Hono()
  app.use('*', versioning as never)
  mountRoutes(app, versioning as never, handlers as never)
  return { app, request: requestOf(routes, versions) }
}

/** The hand-written twin: a version middleware checking a Set, and the same routes. */
export function handScale(routes: number, versions: number): ScaleCase {
  const allowed = new Set(versionsOf(versions))
  const app = new Hono()
  app.use('/:version/*', async (c: Context, next: Next) => {
    const version = c.req.param('version') ?? ''
    if (!allowed.has(version)) return c.json({ detail: 'Invalid version in URL path.' }, 404)
    c.set('version', version)
    return next()
  })
  for (let i = 0; i < routes; i++) app.get(`/:version/r${i}/:id`, (c) => c.json({ id: c.req.param('id'), version: c.var.version }))
  return { app, request: requestOf(routes, versions) }
}
