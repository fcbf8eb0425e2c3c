/**
 * `versionedOperation`: one route × method of the model, and what it is in
 * each version, decided in one place: whether the version serves it (its
 * table routes' version limits, the namespace a namespace scheme reads, the
 * version changes that add or remove it, the version pattern of a URL path)
 * and its path there (older paths from the version changes, the version
 * filled in). Every version of the space is worked out at construction;
 * its request and response contracts and its migration at their first
 * read, by the functions the builder gives (openapi/operation-contracts.ts,
 * openapi/migrations.ts), then kept.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ApiModel, MigrationAt, OperationAt, OperationContracts, VersionedOperation, VersionSpace } from './api-model.ts'
import { pathContracts } from './contracts.ts'

/** What declares an operation: a table route and method, a plain Hono route, an operation of a document. */
export interface OperationDeclaration {
  readonly method: string
  /** Its path in the newest version, in OpenAPI's syntax (`/{version}/users/{id}`). */
  readonly path: string
  readonly name: string | null
  /** Every name version changes may give it (its routes' names, `METHOD /path`). */
  readonly names: readonly string[]
  /** The table routes that serve it, in table order (none for a plain Hono route). */
  readonly routes: readonly CompiledRoute[]
  /** The pattern (a RegExp source) the version's path param must match, or `null` for any segment. */
  readonly versionPattern: string | null
}

/** The version changes that add, remove or move routes, as the model reads them. */
export interface RouteEvents {
  /** Whether the operation named `names` (any of them) exists in `version` (`true` when no change says otherwise). */
  exists(names: readonly string[], version: string): boolean
  /** The path changes of versions newer than `version`, newest first, in OpenAPI's syntax. */
  pathChanges(names: readonly string[], version: string): readonly { readonly newer: string; readonly older: string }[]
}

/** A change the route history reports: its type, and what it was and became. */
export interface RouteChange {
  readonly type: string
  readonly older?: unknown
  readonly newer?: unknown
}

/**
 * What the changelog says of routes, by route name (own name, namespaced
 * name or `METHOD /path`) and version index in a newest-first order
 * (made by openapi/changelog.ts `routeHistory`, whose changes are its
 * instructions).
 */
export interface RouteHistory<Change extends RouteChange = RouteChange> {
  /** Whether the route named `names` (any of them) exists at version index `at` by the changelog (`true` when it says nothing). */
  exists(names: readonly string[], at: number): boolean
  /** The route and status changes of versions newer than index `at`, newest first: how to turn head into that version. */
  changesAbove(names: readonly string[], at: number): readonly Change[]
}

/** The route events of a changelog's route history, its versions `order`ed newest first; `path` turns a changed path into OpenAPI's syntax. */
export function routeEvents(history: RouteHistory, order: readonly string[], path: (honoPath: string) => string): RouteEvents {
  return {
    exists: (names, version) => history.exists(names, order.indexOf(version)),
    pathChanges: (names, version) =>
      history
        .changesAbove(names, order.indexOf(version))
        .filter((change) => change.type === 'route.path.changed')
        .map((change) => ({ newer: path(change.newer as string), older: path(change.older as string) })),
  }
}

/** Whether `route` exists in `version` by its version limit (a route without one exists in every version). */
export function existsIn(route: CompiledRoute, version: string | null | undefined): boolean {
  return route.limit?.versions == null || (version != null && route.limit.versions.has(version))
}

/**
 * Works out an operation's request and response contracts in `version`,
 * where it is served at `path` with path params `params` (`neutral`: it
 * answers every version alike): called once per version, at the first read
 * of `request` or `responses`.
 */
export type ContractsOf = (version: string, served: { readonly path: string; readonly params: readonly string[]; readonly neutral: boolean }) => OperationContracts

/** Gives an operation's migration in `version` (`null`: none), called once per version at the first read of `migration`. */
export type MigrationOf = (version: string) => MigrationAt | null

/** What the builder works out from declarations the model does not read (schemas, the history's plans). */
export interface OperationParts {
  /** Its request and response contracts in a version (none: its path params alone, no response documented). */
  readonly contracts?: ContractsOf | undefined
  /** Its migration in a version (none: no migration). */
  readonly migration?: MigrationOf | undefined
}

/** The operation `declaration` declares, in every version of `space`, with the `parts` its builder works out. */
export function versionedOperation(declaration: OperationDeclaration, space: VersionSpace, placement: VersionPlacement, events: RouteEvents, parts: OperationParts = {}): VersionedOperation {
  const { method, path, name, names, routes, versionPattern } = declaration
  const ways = waysOf(placement)
  const neutral = routes.length > 0 && routes.every((r) => r.limit?.neutral === true)
  const test = versionPattern === null ? null : safeRegExp(versionPattern)

  /** Whether one of its table routes answers `version`: its limit, and with a namespace scheme, its namespace. */
  function routeAnswers(route: CompiledRoute, version: string): boolean {
    if (!existsIn(route, version)) return false
    return !ways.namespace || route.limit?.neutral === true || space.namespaceVersion(route.namespace) === version
  }

  function compute(version: string): OperationAt | null {
    if (!events.exists(names, version)) return null
    if (routes.length > 0 ? !routes.some((r) => routeAnswers(r, version)) : ways.namespace && version !== space.defaultVersion) return null
    let own = path
    for (const { newer, older } of events.pathChanges(names, version)) {
      if (own.endsWith(newer)) own = own.slice(0, own.length - newer.length) + older
    }
    const param = ways.param
    if (param !== null) {
      const token = `{${param}}`
      if (!own.includes(token)) {
        // Without the version in its path, a route answers the default version (or any, in a combination).
        if (!(neutral || ways.anyOne || version === space.defaultVersion)) return null
      } else {
        if (test !== null && !test.test(version)) return null
        own = own.split(token).join(encodeURIComponent(version))
      }
    }
    return servedAt(version, own, neutral, space.lifecycle(version), parts)
  }

  const byVersion = new Map<string, OperationAt | null>(space.versions.map((v) => [v, compute(v)]))
  return Object.freeze({
    method: method.toUpperCase(),
    path,
    name,
    names,
    routes,
    placement,
    neutral,
    at: (version: string) => (byVersion.has(version) ? (byVersion.get(version) as OperationAt | null) : compute(version)),
  })
}

/** The model of `operations` in `space`: `find` is a map lookup by method and newest path. */
export function apiModelOf(space: VersionSpace, placement: VersionPlacement, operations: readonly VersionedOperation[]): ApiModel {
  const byKey = new Map<string, VersionedOperation>()
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`
    if (!byKey.has(key)) byKey.set(key, operation)
  }
  return Object.freeze({
    space,
    ways: waysOf(placement),
    operations: Object.freeze([...operations]),
    find: (method: string, path: string) => byKey.get(`${method.toUpperCase()} ${path}`) ?? null,
  })
}

/** The operation in `version` at `path`, its contracts and migration worked out at their first read and kept. */
function servedAt(version: string, path: string, neutral: boolean, lifecycle: OperationAt['lifecycle'], { contracts, migration }: OperationParts): OperationAt {
  const params = Object.freeze(paramsOf(path))
  let made: OperationContracts | null = null
  const contractsAt = (): OperationContracts => (made ??= contracts === undefined ? pathContracts(params) : contracts(version, { path, params, neutral }))
  let migrated: { readonly at: MigrationAt | null } | null = null
  return Object.freeze({
    version,
    path,
    params,
    lifecycle,
    get request() {
      return contractsAt().request
    },
    get responses() {
      return contractsAt().responses
    },
    get migration() {
      return (migrated ??= { at: migration === undefined ? null : migration(version) }).at
    },
  })
}

/** The `{name}` params of an OpenAPI path, in order. */
function paramsOf(path: string): string[] {
  return [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] as string)
}

/** A pattern as a RegExp; one that does not compile accepts every version (the route's own check refused it already). */
function safeRegExp(pattern: string): { test(text: string): boolean } | null {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return null
  }
}
