/**
 * Where Hono's middleware stands beside the versioning middleware, as an
 * app's routes list them (routes/hono-middleware.ts reads which patterns
 * cover a path and Hono's names): Hono's middleware that sends a request
 * through the app again, which must run before the versioning middleware,
 * and Hono's header middleware that would not run for a plain route's 404
 * in a version that lacks the route.
 */

import type { ExchangeRoute } from '../pipeline/extension.ts'
import type { RoutePlan } from './http-steps.ts'
import { plainRoute } from './route-changes.ts'
import { tablePlanned, wrappedBy, type PlannedHandler } from './wrapped-handlers.ts'
import { quoted } from '../quote.ts'
import { covers, honoName } from '../routes/hono-middleware.ts'

/** The routes of an app as Hono lists them (`app.routes`). */
type Routes = readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[]

/**
 * Sentences naming Hono's `methodOverride()` registered after the versioning middleware (`middleware`) where both
 * run for a path, or in a `mountRoutes` chain (whose handlers run after the versioning, the middleware registered
 * or not): it answers with `app.fetch` of the overridden request, which runs the versioning again inside the first,
 * so an older client's body is migrated up twice (the outer run by the original method's layout) and its answer
 * down twice. Read by the function's name, as Hono names it (`honoName`; code a minifier renamed is not judged).
 */
export function redispatchedAfter(routes: Routes, middleware: unknown): string[] {
  const out = new Set<string>()
  const fix = 'it sends the overridden request through the app again, so the versioning runs twice for one request: an older client\'s body can be migrated up twice (first by the original method\'s layouts) and its answer down twice. Register methodOverride() before the versioning middleware.'
  for (const route of routes) {
    for (const own of wrappedBy(route.handler) ?? []) {
      if (own.before.some(overrides)) out.add(`versionHistory: Hono's methodOverride() is in the chain of route ${quoted(own.route.viewName)} (${own.method}), which runs after the versioning; ${fix}`)
    }
  }
  const first = middleware === undefined ? -1 : routes.findIndex((route) => route.handler === middleware)
  if (first === -1) return [...out]
  const at = routes.filter((route) => route.handler === middleware).map((route) => route.path)
  for (const route of routes.slice(first + 1)) {
    if (overrides(route.handler) && at.some((path) => covers(path, route.path) || covers(route.path, path))) {
      out.add(`versionHistory: Hono's methodOverride() is registered after the versioning middleware (at ${route.path}); ${fix}`)
    }
  }
  return [...out]
}

/** Whether `handler` is Hono's methodOverride(), by the name Hono gives it. */
const overrides = (handler: unknown): boolean => honoName(handler) === 'methodOverride'

/** Hono's middleware whose headers every answer should carry, by the names Hono gives them, and how they are written. */
const HEADER_MIDDLEWARE: ReadonlyMap<string, string> = new Map([['cors', 'cors()'], ['secureHeaders', 'secureHeaders()']])

/**
 * Sentences naming Hono's `cors()` or `secureHeaders()` registered after the versioning middleware (`middleware`)
 * at a pattern that covers a plain route some version lacks (`plans`, by route name, with `exists`): the versioning
 * middleware answers that version's request with `app.notFound`, so the later middleware never runs and its 404 lacks
 * their headers, which the head's 404 of a path no route matches has (a browser shows an older client a CORS error
 * instead). Read by the function's name, as Hono names it.
 */
export function headersSkippedAfter(routes: Routes, middleware: unknown, plans: ReadonlyMap<string, RoutePlan>): string[] {
  const first = middleware === undefined ? -1 : routes.findIndex((route) => route.handler === middleware)
  if (first === -1) return []
  const lacking: (readonly [string, string])[] = []
  for (const [name, plan] of plans) {
    const plain = plainRoute(name)
    if (plain !== null && plan.exists !== null && plan.exists.includes(false)) lacking.push([name, plain[1]])
  }
  if (lacking.length === 0) return []
  const out = new Set<string>()
  for (const route of routes.slice(first + 1)) {
    const own = honoName(route.handler)
    const written = own === undefined ? undefined : HEADER_MIDDLEWARE.get(own)
    if (written === undefined) continue
    for (const [name, path] of lacking) {
      if (!covers(route.path, path)) continue
      out.add(`versionHistory: Hono's ${written} is registered after the versioning middleware (at ${route.path}), so it does not run for ${quoted(name)} in the versions that lack the route: the versioning middleware answers them with app.notFound, without its headers, which the head's 404 of a path no route matches has. Register ${written} before the versioning middleware.`)
    }
  }
  return [...out]
}

/**
 * The middleware registered after the versioning middleware (`middleware`, where one of its registrations covers the
 * route) at a pattern (`app.use('/people/*', ...)`) and before a route's handler, with the plan of each route it runs for: a plain route's (`plans`, by `METHOD /path`)
 * and each handler `mountRoutes` mounts (by its table route's, `tablePlan`). It reads the request and may answer it
 * as the route's handler does, after the versioning, so `check(app)` reads it as it reads a handler. A route's own
 * handlers are read as handlers; with the versioning middleware's place unknown, none.
 */
export function middlewareAfter(routes: Routes, middleware: unknown, plans: ReadonlyMap<string, RoutePlan>, tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined): PlannedHandler[] {
  // Where the versioning middleware is registered: a middleware runs after it for a route one of them covers, registered before it.
  const versioning = routes.flatMap((route, at) => (middleware !== undefined && route.handler === middleware ? [{ at, path: route.path }] : []))
  if (versioning.length === 0) return []
  // Each route a middleware may run for, with the place of its first handler: a middleware registered after it never runs before it.
  const targets: { readonly method: string; readonly path: string; readonly at: number; readonly planned: PlannedHandler }[] = []
  for (const [key, plan] of plans) {
    const plain = plainRoute(key)
    const at = plain === null ? -1 : routes.findIndex((route) => route.method === plain[0] && route.path === plain[1])
    if (plain !== null && at !== -1) targets.push({ method: plain[0], path: plain[1], at, planned: { method: plain[0], what: quoted(key), key, plan, handler: undefined, before: [] } })
  }
  routes.forEach((route, at) => {
    for (const own of wrappedBy(route.handler) ?? []) {
      targets.push({ method: own.method, path: route.path, at, planned: tablePlanned(own, tablePlan, undefined, []) })
    }
  })
  const out: PlannedHandler[] = []
  routes.forEach(({ method, path, handler }, at) => {
    if (handler === middleware || plans.has(`${method} ${path}`) || wrappedBy(handler) !== undefined) return
    for (const target of targets) {
      if (at > target.at || (method !== 'ALL' && method !== target.method) || !covers(path, target.path)) continue
      if (!versioning.some((registered) => registered.at < at && covers(registered.path, target.path))) continue
      out.push({ ...target.planned, handler, who: `the middleware registered at '${path}' after the versioning middleware, run for ${target.planned.what},` })
    }
  })
  return out
}
