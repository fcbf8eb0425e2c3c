/**
 * `appModel`: the model of a served Hono app, read from the app's own
 * routes (Hono's `app.routes`), whichever way they were declared: the
 * handlers `mountRoutes` registered for a route table, plain routes (with
 * `named()` or not), and @hono/zod-openapi routes (their operationIds). Each
 * route × method it registers (hono/app-operations.ts, the reading
 * `versionMiddleware`'s `check(app)` builds its light model on too) becomes
 * one `VersionedOperation`; the version changes'
 * route changes come from the history's changelog. Its request and
 * response contracts come from the documents' derivation
 * (operation-contracts.ts), from what an app's routes declare: their path
 * params (with their patterns), the version's own parameter, and the
 * toolkit's own answers; its migrations from the history's route plans
 * (migrations.ts).
 */
import type { Changelog } from '../changes/changelog.ts'
import { namedRoutes, type NamedRoutesApp } from '../hono/app-route-names.ts'
import { appOperations } from '../hono/app-operations.ts'
import { routeHistory } from './changelog.ts'
import { openAPIPathOf } from './paths.ts'
import { historyMigrations } from './migrations.ts'
import { middlewareBases, pathsInside } from '../routes/mounted-apps.ts'
import { contractsOf, sunsetsOf, type ContractContext } from './operation-contracts.ts'
import { placementOf } from './placement.ts'
import { errorBodyOf } from './responses.ts'
import { normalizeRouteName, plainName, type SourceOperation } from './sources.ts'
import type { HttpMethod } from './types.ts'
import type { RouteTable } from '../routes/table.ts'
import { UNPLACED, waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ApiModel, VersionedOperation } from '../model/api-model.ts'
import { apiModelOf, routeEvents, versionedOperation } from '../model/operations.ts'
import { servedOperation } from '../model/served.ts'
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
  const operations: VersionedOperation[] = []
  // What the app registers (hono/app-operations.ts, the reading versionMiddleware's check(app) builds its model on).
  // Under a sub-app that runs its own versionMiddleware, a history names a route as that sub-app registers it too.
  const bases = middlewareBases(app.routes)
  for (const { declaration: registered, params } of appOperations(app, routes, ways.param, namedRoutes(app))) {
    const { method, path } = registered
    const inside = pathsInside(path, bases, openAPIPathOf).map((own) => plainName(method, own))
    const declaration = inside.length === 0 ? registered : { ...registered, names: [...registered.names, ...inside] }
    const source: SourceOperation = {
      path,
      method: method.toLowerCase() as HttpMethod,
      operation: { parameters: params.map((p) => ({ name: p.name, in: 'path', required: true, schema: { type: 'string' } })), responses: {} },
      routes: declaration.routes,
      names: declaration.names,
      patterns: new Map(params.map((p) => [p.name, p.pattern])),
      operationId: declaration.name ?? plainName(method, path),
    }
    // Its light part (model/served.ts, what the request path reads too), then its contracts and migration on it.
    const light = servedOperation(declaration, space, placement, events)
    operations.push(versionedOperation(light, space.versions, { contracts: contractsOf(contracts, source), migration: migrations?.(declaration) }))
  }
  return apiModelOf(space, placement, operations)
}
