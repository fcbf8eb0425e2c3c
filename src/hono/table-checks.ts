/**
 * What `apiVersioning` checks of its route table: at construction, its
 * version limits against the scheme (`checkLimits`); in `check(app)`, the
 * operations the app serves through the table's `mountRoutes` handlers that
 * no version serves, as the model's light part answers it (model/
 * table-model.ts, model/check.ts: the same answer the request path and the
 * documents read).
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { RouteTable } from '../routes/table.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { checkModel } from '../model/check.ts'
import type { RouteLifeOf } from '../model/served.ts'
import { tableModel, type MountedOperation } from '../model/table-model.ts'
import { runs } from '../routes/composed-handlers.ts'
import { mountedAppOf, mountedMethods, mountedRoute, mountedServing } from './mounted-handlers.ts'
import { answersByDefault } from './thrown-errors.ts'
import { bare, quoted, quotedValue } from '../quote.ts'

/**
 * Sentences naming each operation of the table (`ours`: its routes) the
 * app's `mountRoutes` handlers serve that no version of `scheme` serves: its
 * version limits, namespace, version pattern or the version changes' route
 * `life` leave none.
 */
export function unservedOperations(app: { readonly routes: readonly object[] }, ours: ReadonlySet<unknown>, scheme: BaseVersioning, life: RouteLifeOf | undefined): readonly string[] {
  const operations: MountedOperation[] = []
  for (const entry of app.routes) {
    const handler = (entry as { readonly handler?: unknown }).handler
    for (const method of mountedMethods(handler) ?? []) {
      const routes = mountedServing(handler, method)?.routes
      if (routes !== undefined && ours.has(routes[0]) && method !== 'ALL') operations.push({ method, routes })
    }
  }
  return checkModel(tableModel(scheme, operations, life), 'apiVersioning')
}

/**
 * A sentence for each app whose table routes (`ours`) `app` serves through
 * `app.route()` without an `onError` of that app's own, the middleware
 * registered in neither app: an error their handlers throw is answered by `app`'s
 * `onError`, which mountRoutes cannot finish, so it fails there
 * (hono/thrown-errors.ts). Only for a middleware that finishes answers.
 */
export function unfinishedErrors(app: { readonly routes: readonly object[] }, ours: ReadonlySet<unknown>, middleware: unknown): readonly string[] {
  const sentences = new Map<object, string>()
  const registered = (routes: readonly object[]): boolean => routes.some((route) => runs((route as { readonly handler?: unknown }).handler, middleware))
  if (registered(app.routes)) return []
  for (const entry of app.routes) {
    const { handler, path } = entry as { readonly handler?: unknown; readonly path?: string }
    const own = mountedAppOf(handler) as { readonly routes: readonly object[] } | undefined
    if (own === undefined || own === app || sentences.has(own) || !ours.has(mountedRoute(handler)) || !answersByDefault(own)) continue
    if (registered(own.routes)) continue
    sentences.set(
      own,
      `apiVersioning: the table routes at ${String(path)} are mounted from an app with no onError of its own and without the middleware (parent.route()), so an error their handlers throw reaches this app's onError, whose answer the versioning cannot finish (that onError gets an Error saying so): give that app its own onError before mounting it, or register the middleware in it (app.use('*', versioning)).`,
    )
  }
  return [...sentences.values()]
}

/**
 * Checks the table's version limits against the scheme: every version must
 * be one it allows, and routes Hono serves at one path agree on being
 * version-neutral (the middleware reads the first).
 */
export function checkLimits(table: RouteTable, scheme: BaseVersioning): void {
  const neutralAt = new Map<string, CompiledRoute>()
  for (const route of table.routes) {
    for (const version of route.limit?.versions ?? []) {
      if (scheme.allowedVersions !== null && scheme.resolveVersion(version) !== version) {
        throw new Error(
          `apiVersioning: route ${quoted(route.viewName)} is versioned in ${quotedValue(version)}, which the scheme does not allow; allowed: ${scheme.allowedVersions.map((v) => (v === null ? '' : bare(v))).join(', ')}.`,
        )
      }
    }
    for (const path of route.honoPaths) {
      const other = neutralAt.get(path)
      if (other === undefined) neutralAt.set(path, route)
      else if ((other.limit?.neutral === true) !== (route.limit?.neutral === true)) {
        throw new Error(
          `apiVersioning: routes ${quoted(other.viewName)} and ${quoted(route.viewName)} share the path ${path} but only one is version-neutral; make both neutral or give them different paths.`,
        )
      }
    }
  }
}

