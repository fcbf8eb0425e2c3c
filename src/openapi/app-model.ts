/**
 * `appModel`: the model of a served Hono app, read from the app's own
 * routes (Hono's `app.routes`), whichever way they were declared: the
 * handlers `mountRoutes` registered for a route table, plain routes (with
 * `named()` or not), and @hono/zod-openapi routes (their operationIds). Each
 * route × method becomes one `VersionedOperation`; the version changes'
 * route changes come from the history's changelog.
 */
import type { Changelog } from '../changes/changelog.ts'
import { namedRoutes, type NamedRoutesApp } from '../hono/app-route-names.ts'
import { mountedMethods } from '../hono/mounted-handlers.ts'
import { routeHistory } from './changelog.ts'
import { openAPIPathOf, schemaPattern } from './paths.ts'
import { normalizeRouteName, plainName } from './sources.ts'
import type { RouteTable } from '../routes/table.ts'
import { compilePath } from '../routes/pattern.ts'
import { UNPLACED, waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ApiModel, VersionedOperation } from '../model/api-model.ts'
import { apiModelOf, routeEvents, versionedOperation, type OperationDeclaration } from '../model/operations.ts'
import { versionSpace, type SpacePolicy, type SpaceScheme } from '../model/version-space.ts'

/** What the model of an app is made from. */
export interface AppModelOptions {
  /** The scheme: its versions, and where the version travels. */
  readonly scheme: SpaceScheme & { readonly placement?: VersionPlacement | undefined }
  /** The app, its routes registered. */
  readonly app: NamedRoutesApp
  /** The route table (`apiVersioning`), or none (`versionMiddleware`). */
  readonly routes?: RouteTable | null | undefined
  /** The version changes (a history, or anything with `changelog()`): which versions add, remove or move a route. */
  readonly history?: { changelog(): Changelog } | null | undefined
  /** The version policy: each version's lifecycle headers. */
  readonly policy?: SpacePolicy | undefined
}

/**
 * The model of `app`: one operation per method and path it registers (a
 * `mountRoutes` path, one per method it serves; `HEAD`, `ALL` handlers
 * other than `mountRoutes`' and wildcard paths, which are middleware, left
 * out), each with what it is in every version.
 */
export function appModel(options: AppModelOptions): ApiModel {
  const { scheme, app, routes = null, history = null, policy } = options
  const changelog = history?.changelog() ?? null
  // A history's versions, oldest first; else the scheme's.
  const versions = changelog === null ? undefined : changelog.versions.map((v) => v.version).reverse()
  const space = versionSpace(scheme, { versions, policy })
  const placement = scheme.placement ?? UNPLACED
  const ways = waysOf(placement)
  const order = [...space.versions].reverse()
  const events = routeEvents(routeHistory(changelog, order, normalizeRouteName, 'appModel'), order, openAPIPathOf)
  const named = namedRoutes(app)
  const operations: VersionedOperation[] = []
  const seen = new Set<string>()
  for (const entry of app.routes) {
    if (entry.path.includes('*')) continue
    const methods = entry.method === 'ALL' ? [...(mountedMethods(entry.handler) ?? [])] : [entry.method.toUpperCase()]
    for (const method of methods) {
      if (method === 'HEAD' || method === 'ALL') continue
      const path = openAPIPathOf(entry.path)
      const key = `${method} ${path}`
      if (seen.has(key)) continue
      seen.add(key)
      const served = routes?.routes.filter((route) => route.honoPaths.includes(entry.path)) ?? []
      const own = named.find((n) => n.path === entry.path && (n.method === method || n.method === 'ALL'))?.name ?? null
      const names = new Set<string>()
      for (const route of served) for (const name of route.names) names.add(name).add(`${method} ${name}`)
      if (own !== null) names.add(own)
      names.add(plainName(method, path))
      const declaration: OperationDeclaration = {
        method,
        path,
        name: served[0]?.name ?? own,
        names: [...names],
        routes: served,
        versionPattern: ways.param === null ? null : versionPatternOf(entry.path, ways.param),
      }
      operations.push(versionedOperation(declaration, space, placement, events))
    }
  }
  return apiModelOf(space, placement, operations)
}

/** The pattern the version's param must match in a Hono path (`null`: any segment, or no such param). */
function versionPatternOf(honoPath: string, param: string): string | null {
  try {
    const found = compilePath(honoPath, 'appModel').params.find((p) => p.name === param)
    return found === undefined ? null : schemaPattern(found.pattern)
  } catch {
    return null
  }
}
