/**
 * `versionedOperation`: one route × method of the model, built on its light
 * part (served.ts `servedOperation`: whether each version serves it, at
 * which path and params, decided there once). What this adds is what needs
 * code the light part leaves out: its request and response contracts and
 * its migration in each version, at their first read, by the functions the
 * builder gives (openapi/operation-contracts.ts, openapi/migrations.ts),
 * then kept.
 */
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ApiModel, MigrationAt, OperationAt, OperationContracts, ServedAt, ServedOperation, VersionedOperation, VersionSpace } from './api-model.ts'
import { pathContracts } from './contracts.ts'
import type { RouteEvents } from './served.ts'
import { positionIn } from './version-positions.ts'

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
  /** The route changes (path, status, response headers, renamed query parameters and request headers) of versions newer than index `at`, newest first: how to turn head into that version. */
  changesAbove(names: readonly string[], at: number): readonly Change[]
}

/** The route events of a changelog's route history, its versions `order`ed newest first; `path` turns a changed path into OpenAPI's syntax. */
export function routeEvents(history: RouteHistory, order: readonly string[], path: (honoPath: string) => string): RouteEvents {
  // Each version's index, looked up: every operation asks of every version, and a search each was n² per operation.
  const at = (version: string): number => positionIn(order, version)
  return {
    exists: (names, version) => history.exists(names, at(version)),
    pathChanges: (names, version) =>
      history
        .changesAbove(names, at(version))
        .filter((change) => change.type === 'route.path.changed')
        .map((change) => ({ newer: path(change.newer as string), older: path(change.older as string) })),
  }
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

/**
 * The operation `served` (its light part, served.ts), with the `parts` its
 * builder works out, in each of `versions` (the space's) it is served in.
 * Any other version (whatever a client sends to a scheme that allows every
 * version) is one the model does not list: `at` answers `null` for it,
 * building and keeping nothing.
 */
export function versionedOperation(served: ServedOperation, versions: readonly string[], parts: OperationParts = {}): VersionedOperation {
  const own = (version: string): OperationAt | null => {
    const at = served.at(version)
    return at === null ? null : servedAt(at, served.neutral, parts)
  }
  const byVersion = new Map<string, OperationAt | null>(versions.map((v) => [v, own(v)]))
  return Object.freeze({ ...served, at: (version: string) => byVersion.get(version) ?? null })
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

/** The operation as served at `at`, its contracts and migration worked out at their first read and kept. */
function servedAt(at: ServedAt, neutral: boolean, { contracts, migration }: OperationParts): OperationAt {
  const { version, path, params, lifecycle } = at
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
