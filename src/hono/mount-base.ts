/**
 * Where a Hono route is mounted: `app.route(path, sub)` registers each of
 * the sub-app's routes on the parent at `path` + its own path, and records
 * `path` (with any `basePath()`) as the route's `basePath`. A route table and
 * a history name routes as the app they are registered on registers them;
 * these read the request's routes relative to that app.
 */
import { COMPOSED_HANDLER } from 'hono/utils/constants'

/** A route as Hono lists it (`matchedRoutes`, `app.routes`): `basePath` is absent before Hono recorded it. */
export interface MountedRoute {
  readonly path: string
  readonly basePath?: unknown
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

/** Whether `handler` is `own`, or the wrapper Hono's `app.route()` makes of it for a sub-app with its own `onError`. */
export function runs(handler: unknown, own: unknown): boolean {
  let fn = handler
  for (let depth = 0; depth < 16 && typeof fn === 'function'; depth++) {
    if (fn === own) return true
    if (!(COMPOSED_HANDLER in fn)) return false
    fn = (fn as unknown as Record<string, unknown>)[COMPOSED_HANDLER]
  }
  return false
}

/**
 * `app` as the sub-app `middleware` is registered in sees its routes: when `app.route(path, sub)` mounted it under a
 * prefix, its routes under that prefix are listed once more without it (a history names them so); else `app`.
 */
export function asMountedIn<A extends { readonly routes: readonly MountedRoute[] }>(app: A, middleware: unknown): A {
  const own = app.routes.find((route) => runs((route as { readonly handler?: unknown }).handler, middleware))
  const base = baseOf(own)
  if (base === '') return app
  const relative: MountedRoute[] = []
  for (const route of app.routes) {
    const path = relativeTo(route.path, base)
    if (path !== null) relative.push({ ...route, path })
  }
  return Object.create(app, { routes: { value: [...app.routes, ...relative] } }) as A
}
