/**
 * `appModel`: the model of a served Hono app, read from the app's own
 * routes (Hono's `app.routes`), whichever way they were declared: the
 * handlers `mountRoutes` registered for a route table, plain routes (with
 * `named()` or not), and @hono/zod-openapi routes (their operationIds). Each
 * route × method becomes one `VersionedOperation`; the version changes'
 * route changes come from the history's changelog. Its request and
 * response contracts come from the documents' derivation
 * (operation-contracts.ts), from what an app's routes declare: their path
 * params (with their patterns), the version's own parameter, and the
 * toolkit's own answers; its migrations from the history's route plans
 * (migrations.ts).
 */
import type { Changelog } from '../changes/changelog.ts'
import { namedRoutes, type NamedRoutesApp } from '../hono/app-route-names.ts'
import { mountedMethods, mountedServing } from '../hono/mounted-handlers.ts'
import { routeHistory } from './changelog.ts'
import { openAPIPathOf, schemaPattern } from './paths.ts'
import { historyMigrations } from './migrations.ts'
import { contractsOf, sunsetsOf, type ContractContext } from './operation-contracts.ts'
import { placementOf } from './placement.ts'
import { errorBodyOf } from './responses.ts'
import { normalizeRouteName, plainName, type SourceOperation } from './sources.ts'
import type { HttpMethod } from './types.ts'
import type { RouteTable } from '../routes/table.ts'
import { compilePath } from '../routes/pattern.ts'
import { UNPLACED, waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ApiModel, VersionedOperation } from '../model/api-model.ts'
import { apiModelOf, routeEvents, versionedOperation } from '../model/operations.ts'
import { servedOperation, type OperationDeclaration } from '../model/served.ts'
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
  const routeChanges = routeHistory(changelog, order, normalizeRouteName, 'appModel')
  const events = routeEvents(routeChanges, order, openAPIPathOf)
  // Its contracts, by the documents' derivation: an app's routes declare no schemas, so its path params and the toolkit's own answers.
  const migrations = historyMigrations(history)
  const contracts: ContractContext = {
    migrations,
    order,
    placement: placementOf(scheme),
    unnamed: { defaultVersion: scheme.defaultVersion, pinned: false },
    serverUrl: null,
    history: routeChanges,
    shapes: {},
    headSchemas: {},
    requests: null,
    streams: null,
    errorBody: errorBodyOf(undefined, 'appModel'),
    sunsets: sunsetsOf(policy?.describe()),
  }
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
      // The routes whose handler serves the method there (`mountRoutes`'), else every table route at the path.
      const served = (routes === null ? undefined : mountedServing(entry.handler, method)?.routes) ?? routes?.routes.filter((route) => route.honoPaths.includes(entry.path)) ?? []
      const own = named.find((n) => n.path === entry.path && (n.method === method || n.method === 'ALL'))?.name ?? null
      const names = new Set<string>()
      for (const route of served) for (const name of route.names) names.add(name).add(`${method} ${name}`)
      if (own !== null) names.add(own)
      names.add(plainName(method, path))
      const params = pathParamsOf(entry.path)
      const patterns = new Map(params.map((p) => [p.name, p.pattern]))
      const declaration: OperationDeclaration = {
        method,
        path,
        name: served[0]?.name ?? own,
        names: [...names],
        routes: served,
        versionPattern: ways.param === null ? null : (patterns.get(ways.param) ?? null),
      }
      const source: SourceOperation = {
        path,
        method: method.toLowerCase() as HttpMethod,
        operation: { parameters: params.map((p) => ({ name: p.name, in: 'path', required: true, schema: { type: 'string' } })), responses: {} },
        routes: served,
        names: declaration.names,
        patterns,
        operationId: declaration.name ?? plainName(method, path),
      }
      // Its light part (model/served.ts, what the request path reads too), then its contracts and migration on it.
      const light = servedOperation(declaration, space, placement, events)
      operations.push(versionedOperation(light, space.versions, { contracts: contractsOf(contracts, source), migration: migrations?.(declaration) }))
    }
  }
  return apiModelOf(space, placement, operations)
}

/** The params of a Hono path and the pattern each must match (`null`: any segment); none for a path that does not compile. */
function pathParamsOf(honoPath: string): { readonly name: string; readonly pattern: string | null }[] {
  try {
    return compilePath(honoPath, 'appModel').params.map((p) => ({ name: p.name, pattern: schemaPattern(p.pattern) }))
  } catch {
    return []
  }
}
