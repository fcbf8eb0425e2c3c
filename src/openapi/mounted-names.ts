/**
 * The names a history may give the routes of a sub-app that runs its own
 * `versionMiddleware` (`app.route('/api', sub)` with `sub.use('*',
 * versioning)`): `METHOD /path` as that sub-app registers them, beside the
 * app's own full path, as the middleware reads them (hono/mount-base.ts
 * `namedPaths`, under the prefix of the sub-app the middleware runs in). The
 * documents read the root app, so they find that prefix themselves: the
 * `basePath` Hono records on the middleware's own route.
 */
import { innermost } from '../hono/composed-handlers.ts'
import { baseOf, relativeTo } from '../hono/mount-base.ts'
import { openAPIPathOf } from './paths.ts'
import { plainName, type SourceOperation } from './sources.ts'

/** A route as Hono lists it (`app.routes`). */
interface ListedRoute {
  readonly method: string
  readonly path: string
  readonly basePath?: unknown
  readonly handler?: unknown
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

/** `operations`, each under a sub-app at `bases` also named `METHOD /path` as that sub-app registers it. */
export function withMountedNames(operations: readonly SourceOperation[], bases: readonly string[]): SourceOperation[] {
  if (bases.length === 0) return [...operations]
  return operations.map((source) => {
    const inside = pathsInside(source.path, bases, openAPIPathOf).map((path) => plainName(source.method, path))
    const added = inside.filter((name) => !source.names.includes(name))
    return added.length === 0 ? source : { ...source, names: [...source.names, ...added] }
  })
}

/** `routes` with each route under a sub-app at `bases` listed once more at its path inside it (as a history may name it). */
export function withMountedPaths<R extends ListedRoute>(routes: readonly R[], bases: readonly string[]): R[] {
  if (bases.length === 0) return [...routes]
  return [...routes, ...routes.flatMap((route) => pathsInside(route.path, bases).map((path) => ({ ...route, path })))]
}
