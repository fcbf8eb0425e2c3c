/**
 * Where a Hono route is mounted, and the names a history may give it there:
 * `app.route(path, sub)` registers each of the sub-app's routes on the parent
 * at `path` + its own path, and records `path` (with any `basePath()`) as the
 * route's `basePath`. A sub-app that registers its own `versionMiddleware`
 * (`sub.use('*', versioning)`) reads its routes as it registers them, so a
 * history may name them so (`GET /items/:id`, beside `GET /api/items/:id`):
 * the middleware (hono/mount-base.ts), the documents given the root app
 * (openapi/mounted-names.ts) and the history's `check(app)` find those
 * sub-apps here, in one reading.
 */
import { innermost } from './composed-handlers.ts'

/** A route as Hono lists it (`matchedRoutes`, `app.routes`): `basePath` is absent before Hono recorded it. */
export interface MountedRoute {
  readonly path: string
  readonly basePath?: unknown
}

/** A route as `app.routes` lists it. */
export interface ListedRoute extends MountedRoute {
  readonly method: string
  readonly handler?: unknown
}

/** The path prefix a route is mounted under, without its trailing "/" (`''`: the root, or a Hono that does not record it). */
export function baseOf(route: MountedRoute | undefined): string {
  const base = route?.basePath
  if (typeof base !== 'string' || base === '/' || base === '') return ''
  return base.endsWith('/') ? base.slice(0, -1) : base
}

/** `path` relative to `base` (a `baseOf`), as the app mounted there registers it, or `null` when it is not under `base`. */
export function relativeTo(path: string, base: string): string | null {
  if (!path.startsWith(base)) return null
  if (path.length === base.length) return '/'
  return path[base.length] === '/' ? path.slice(base.length) : null
}

/** Whether `handler` is (or wraps) `versionMiddleware`'s middleware: it has `check(app)`, and no route table (`apiVersioning`'s has `routes`). */
function isVersionMiddleware(handler: unknown): boolean {
  const fn = innermost(handler)
  if (typeof fn !== 'function') return false
  const own = fn as unknown as { readonly check?: unknown; readonly routes?: unknown }
  return typeof own.check === 'function' && own.routes === undefined
}

/** The prefixes (Hono's syntax) of the sub-apps `app.route()` mounted that register a `versionMiddleware` of their own. */
export function middlewareBases(routes: readonly ListedRoute[]): readonly string[] {
  const bases = new Set<string>()
  for (const route of routes) {
    if (route.method !== 'ALL' || !isVersionMiddleware(route.handler)) continue
    const base = baseOf(route)
    if (base !== '') bases.add(base)
  }
  return [...bases]
}

/** The paths (the syntax `path` has) that `path` is registered at inside the sub-apps at `bases`, for those it is under. */
export function pathsInside(path: string, bases: readonly string[], form: (base: string) => string = (base) => base): string[] {
  const out: string[] = []
  for (const base of bases) {
    const own = relativeTo(path, form(base))
    if (own !== null && own !== path) out.push(own)
  }
  return out
}

/** `routes` with each route under a sub-app at `bases` listed once more at its path inside it (as a history may name it). */
export function withMountedPaths<R extends MountedRoute>(routes: readonly R[], bases: readonly string[]): R[] {
  if (bases.length === 0) return [...routes]
  return [...routes, ...routes.flatMap((route) => pathsInside(route.path, bases).map((path) => ({ ...route, path })))]
}

/** `routes` with each handler as it was registered, not the wrapper `app.route()` makes for a sub-app with its own `onError`. */
export function seenThrough<R extends { readonly handler?: unknown }>(routes: readonly R[]): R[] {
  return routes.map((route) => {
    const inner = innermost(route.handler)
    return inner === route.handler ? route : { ...route, handler: inner }
  })
}

/**
 * `routes` as a history names them, read from the root app: each handler as it was registered (not the wrapper
 * `app.route()` makes for a sub-app with its own `onError`), and each route under a sub-app that registers its own
 * `versionMiddleware` once more at its path inside it. Short names under a middleware at the root stay unlisted.
 */
export function asHistoryNames<R extends ListedRoute>(routes: readonly R[]): R[] {
  return withMountedPaths(seenThrough(routes), middlewareBases(routes))
}
