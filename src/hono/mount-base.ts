/**
 * Where a Hono route is mounted (routes/mounted-apps.ts: `app.route(path,
 * sub)` records `path` as each route's `basePath`), as the middleware reads
 * it: a route table and a history name routes as the app they are registered
 * on registers them; these read the request's routes relative to that app.
 */
import type { Context } from 'hono'
import { compileRoutePath } from '../routes/pattern.ts'
import { innermost, runs } from '../routes/composed-handlers.ts'
import { baseOf, relativeTo, seenThrough, withMountedPaths, type MountedRoute } from '../routes/mounted-apps.ts'
import { mountedRoute } from './mounted-handlers.ts'
import { quoted } from '../quote.ts'

/** The paths a history may name the route at `path` by: that path, and under a sub-app's prefix `base`, the same path as that sub-app registers it. */
export function namedPaths(path: string, base: string): readonly string[] {
  const own = base === '' ? null : relativeTo(path, base)
  return own === null ? [path] : [path, own]
}

/**
 * `app` as the sub-app `middleware` is registered in sees its routes: each handler as it was registered (not the
 * wrapper `app.route()` makes for a sub-app with its own `onError`), and, when `app.route(path, sub)` mounted the
 * middleware under a prefix, its routes under that prefix once more without it (a history names them so).
 */
export function asMountedIn<A extends { readonly routes: readonly MountedRoute[] }>(app: A, middleware: unknown): A {
  const own = app.routes.find((route) => runs((route as { readonly handler?: unknown }).handler, middleware))
  const base = baseOf(own)
  const routes = app.routes as readonly (MountedRoute & { readonly handler?: unknown })[]
  if (base === '' && routes.every((route) => innermost(route.handler) === route.handler)) return app
  return Object.create(app, { routes: { value: withMountedPaths(seenThrough(routes), base === '' ? [] : [base]) } }) as A
}

/**
 * The prefix links to a route take when Hono serves it under `base` (a `baseOf` the route Hono matched at `index`):
 * `base` itself, its params (`app.route('/t/:tenant', sub)`) filled with the request's, percent-encoded. A prefix
 * with a wildcard cannot be filled: an `Error` says so (`where`: the middleware).
 */
export function linkBase(c: Context, index: number, base: string, where: string): string {
  if (!base.includes(':') && !base.includes('*')) return base
  let compiled: ReturnType<typeof compileRoutePath>
  try {
    compiled = compileRoutePath(base, where)
  } catch {
    throw new Error(`${where}: links cannot carry the prefix ${quoted(base)} the app serving these routes is mounted at; mount it at a path without wildcards (app.route('/api', sub)).`)
  }
  const req = c.req
  const current = req.routeIndex
  // Patch: Hono decodes params only for the current route; point it at the matched route, and back at once (as matchAt).
  req.routeIndex = index
  const values = req.param() as Record<string, string | undefined>
  req.routeIndex = current
  let out = ''
  compiled.params.forEach((param, i) => {
    const value = values[param.name]
    out += value === undefined ? (compiled.literals[i] as string) : (compiled.heads[i] as string) + encodeURIComponent(value)
  })
  out += compiled.literals[compiled.params.length] as string
  return out.endsWith('/') ? out.slice(0, -1) : out
}

/**
 * A sentence when the routes of a table (`ours`) that `app` serves under one prefix are not those it serves under
 * another (a table split between the root and a sub-app): links take the prefix of the app serving the request.
 */
export function splitTable(app: { readonly routes: readonly MountedRoute[] }, ours: ReadonlySet<unknown>): readonly string[] {
  const byBase = new Map<string, Set<unknown>>()
  for (const route of app.routes) {
    const served = mountedRoute((route as { readonly handler?: unknown }).handler)
    if (!ours.has(served)) continue
    const base = baseOf(route)
    byBase.set(base, (byBase.get(base) ?? new Set()).add(served))
  }
  const sets = [...byBase.values()]
  const first = sets[0]
  if (first === undefined || sets.every((set) => set.size === first.size && [...set].every((route) => first.has(route)))) return []
  const where = [...byBase.keys()].map((base) => (base === '' ? '/' : base)).join(', ')
  return [
    `apiVersioning: the table's routes are served in parts under different prefixes (${where}); links take the prefix of the app serving the request, so a link to a route of another part is wrong: mount all of the table's routes on one app (one sub-app, mounted with app.route() where you like).`,
  ]
}
