/**
 * The model of a versioned API: its versions (one order, one resolver, one
 * place for lifecycle headers) and every route × method, whatever declared
 * it (a route table with `mountRoutes`, a plain Hono route with `named()`,
 * an @hono/zod-openapi route), with what it is in each version. Built once
 * (version-space.ts, operations.ts, app-model.ts), then only read: the
 * documents, `check()` and the tests ask it whether an operation is served in
 * a version and at which path, instead of working it out for themselves.
 */
import type { CompiledRoute } from '../routes/compile.ts'
import type { PlacementWays, VersionPlacement } from '../routes/placement.ts'
import type { LifecycleHeaders } from './lifecycle-headers.ts'

/** The versions of an API: their order, how a request's text resolves to one, and each one's lifecycle headers. */
export interface VersionSpace {
  /** Every version, oldest first. */
  readonly versions: readonly string[]
  /** The newest version, or `null` when there is none (a scheme that allows every version, without a history). */
  readonly head: string | null
  /** The version a request without one gets, or `null`. */
  readonly defaultVersion: string | null
  /** Orders two versions: negative when `a` is older (formats/version-order.ts). */
  compare(a: string, b: string): number
  /** The version a request's text stands for (a date to its release, `1.x` to the highest), or `null` when none is served. */
  resolve(requested: string): string | null
  /** The version a route's namespace stands for (`undefined`: none), as the scheme reads it. */
  namespaceVersion(namespace: string | null): string | null | undefined
  /** The `Deprecation`, `Sunset` and `Link` values of `version`, rendered once. */
  lifecycle(version: string): LifecycleHeaders
}

/** One route × method, whatever declared it. */
export interface VersionedOperation {
  /** The method, upper-case (`GET`). */
  readonly method: string
  /** Its path in the newest version, in OpenAPI's syntax (`/{version}/users/{id}`). */
  readonly path: string
  /** Its name: the table route's, `named()`'s or the operationId; `null` for a route without one. */
  readonly name: string | null
  /** Every name version changes may give it: its table routes' names (namespaced and not), and `METHOD /path`. */
  readonly names: readonly string[]
  /** The table routes that serve it, in table order (none for a plain Hono or @hono/zod-openapi route). */
  readonly routes: readonly CompiledRoute[]
  /** Where the version travels (the scheme's, the same for every operation). */
  readonly placement: VersionPlacement
  /** Whether it answers every version alike (`versionNeutral`). */
  readonly neutral: boolean
  /** What it is in `version`, or `null` when that version does not serve it. Computed once per version of the space. */
  at(version: string): OperationAt | null
}

/** An operation in one version. */
export interface OperationAt {
  readonly version: string
  /** Its path in that version, in OpenAPI's syntax: a path changed by a version change is the older one, the version filled in when the path carries it. */
  readonly path: string
  /** The names of its path params, in order (the version's own left out when it is filled in). */
  readonly params: readonly string[]
  /** Its version's lifecycle headers. */
  readonly lifecycle: LifecycleHeaders
}

/** The model of an API. */
export interface ApiModel {
  readonly space: VersionSpace
  /** Where the version travels, merged over a combination's schemes. */
  readonly ways: PlacementWays
  /** Every operation, in the order the app declares them. */
  readonly operations: readonly VersionedOperation[]
  /** The operation of `method` at OpenAPI path `path` (its newest version's), or `null`: a map lookup. */
  find(method: string, path: string): VersionedOperation | null
}
