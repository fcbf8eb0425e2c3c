/**
 * The light part of the model: whether a version serves an operation, at
 * which path and params, with which lifecycle headers. It needs no schema,
 * document or history code, so the request path reads it as the documents
 * do. Decided here, once:
 *
 * - a table route's version limit (`existsIn`; `limitedTo`, the versions a
 *   handler's routes exist in together, which mountRoutes' rejection lists
 *   when none exists in the request's), and stage 2's pick among the routes
 *   of the handlers Hono runs (`firstIn`, pipeline/path.ts);
 * - a path's `Allow` in a version (`allowAt`, mountRoutes' 405): the methods
 *   whose picked route the version changes leave in the version, their
 *   route life given as a function by the layer that owns it (changes/);
 * - an operation's existence, path and params in every version of the space
 *   (`servedOperation`), worked out at construction, on which operations.ts
 *   builds the contracts and migration the documents and `appModel` add, and
 *   the versions that serve it (`servedIn`: what a response reports,
 *   reported.ts).
 */
import type { CompiledRoute } from '../routes/compile.ts'
import { waysOf, type VersionPlacement } from '../routes/placement.ts'
import type { ServedAt, ServedOperation, VersionSpace } from './api-model.ts'

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
  /**
   * The pattern (a RegExp source) the version's path param must match, or `null` for any segment; for a path
   * without the param that writes its version in its place (a route per version, `/v1/special`:
   * routes/written-version.ts), the pattern of that one version.
   */
  readonly versionPattern: string | null
}

/** The version changes that add, remove or move routes, as the model reads them (by route names). */
export interface RouteEvents {
  /** Whether the operation named `names` (any of them) exists in `version` (`true` when no change says otherwise). */
  exists(names: readonly string[], version: string): boolean
  /** The path changes of versions newer than `version`, newest first, in OpenAPI's syntax. */
  pathChanges(names: readonly string[], version: string): readonly { readonly newer: string; readonly older: string }[]
}

/** What the light part reads of a version space: its versions, default, namespaces and lifecycle headers. */
export type ServedSpace = Pick<VersionSpace, 'versions' | 'defaultVersion' | 'namespaceVersion' | 'lifecycle'>

/**
 * Whether the version changes leave a table route serving `method` in
 * `version` (its limit aside): the history's route life, as the request
 * step reads it (changes/history-plans.ts `routeExistsOf` gives it).
 */
export type RouteLifeOf = (route: CompiledRoute, method: string, version: string | null | undefined) => boolean

/** Whether `route` exists in `version` by its version limit (a route without one exists in every version). */
function existsIn(route: CompiledRoute, version: string | null | undefined): boolean {
  return route.limit?.versions == null || (version != null && route.limit.versions.has(version))
}

/** The versions `routes` are limited to, together: those they exist in (`null`: one of them exists in every version). */
export function limitedTo(routes: readonly CompiledRoute[]): ReadonlySet<string> | null {
  const versions = new Set<string>()
  for (const route of routes) {
    if (route.limit?.versions == null) return null
    for (const version of route.limit.versions) versions.add(version)
  }
  return versions
}

/** Stage 2 of the request path: the first of `routes` (the candidates, in the order Hono runs their handlers) that exists in `version`, or `undefined`. */
export function firstIn(routes: readonly CompiledRoute[] | null, version: string | null | undefined): CompiledRoute | undefined {
  if (routes !== null) for (const route of routes) if (existsIn(route, version)) return route
  return undefined
}

/**
 * The `Allow` of a 405 at a path whose `methods` map each method to its
 * routes there (in the table's order), in a version: each method whose
 * route (picked as stage 2 picks it, `firstIn`) the route `life` leaves in
 * the version, HEAD beside GET; `''` when none is left but some route exists
 * there (the history removed them: answered as not found), `null` when no
 * route exists there. Kept, once worked out, for the versions a declaration
 * names (`versions`: the scheme's; those the routes are limited to; none);
 * any other version (whatever a client sends to a scheme that allows every
 * version) is worked out each time and never kept, so what is kept is
 * bounded by the declarations, not by requests.
 */
export function allowAt(methods: ReadonlyMap<string, readonly CompiledRoute[]>, life: RouteLifeOf | undefined, versions: Iterable<string | null>): (version: string | null | undefined) => string | null {
  const named = new Set<string | null | undefined>([undefined, null, ...versions])
  for (const routes of methods.values()) for (const route of routes) for (const version of route.limit?.versions ?? []) named.add(version)
  const byVersion = new Map<string | null | undefined, string | null>()
  function allowIn(version: string | null | undefined): string | null {
    const allowed: string[] = []
    let some = false
    for (const [method, routes] of methods) {
      const route = firstIn(routes, version)
      if (route === undefined) continue
      some = true
      if (life === undefined || life(route, method, version)) allowed.push(method === 'GET' ? 'GET, HEAD' : method)
    }
    return some ? allowed.join(', ') : null
  }
  return (version) => {
    if (!named.has(version)) return allowIn(version)
    const kept = byVersion.get(version)
    if (kept !== undefined) return kept
    const allow = allowIn(version)
    byVersion.set(version, allow)
    return allow
  }
}

/**
 * The operation `declaration` declares, in every version of `space`: whether
 * the version serves it (its table routes' version limits, the namespace a
 * namespace scheme reads, the version changes that add or remove it, the
 * version pattern of a URL path) and its path and params there (older paths
 * from the version changes, the version filled in). Every version of the
 * space is worked out here, once; `at` answers `null` for any other.
 */
export function servedOperation(declaration: OperationDeclaration, space: ServedSpace, placement: VersionPlacement, events: RouteEvents): ServedOperation {
  const { method, path, name, names, routes, versionPattern } = declaration
  const ways = waysOf(placement)
  const neutral = routes.length > 0 && routes.every((r) => r.limit?.neutral === true)
  const test = versionPattern === null ? null : safeRegExp(versionPattern)
  // A route per version: the pattern of its written version, its path without the version param.
  const written = versionPattern !== null && ways.param !== null && !path.includes(`{${ways.param}}`)

  /** Whether one of its table routes answers `version`: its limit, and with a namespace scheme, its namespace. */
  function routeAnswers(route: CompiledRoute, version: string): boolean {
    if (!existsIn(route, version)) return false
    return !ways.namespace || route.limit?.neutral === true || space.namespaceVersion(route.namespace) === version
  }

  function compute(version: string): ServedAt | null {
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
        // Without the version in its path, a route answers the default version (or any, in a combination); one that
        // writes its version in its path (a route per version), that version.
        if (written ? !(test?.test(version) ?? true) : !(neutral || ways.anyOne || version === space.defaultVersion)) return null
      } else {
        if (test !== null && !test.test(version)) return null
        own = own.split(token).join(encodeURIComponent(version))
      }
    }
    return Object.freeze({ version, path: own, params: Object.freeze(paramsOf(own)), lifecycle: space.lifecycle(version) })
  }

  const byVersion = new Map<string, ServedAt | null>(space.versions.map((v) => [v, compute(v)]))
  return Object.freeze({
    method: method.toUpperCase(),
    path,
    name,
    names,
    routes,
    placement,
    neutral,
    written,
    // A version outside the space: none of the model's, nothing computed.
    at: (version: string) => byVersion.get(version) ?? null,
  })
}

/**
 * The versions of `versions` (a space's) that serve `operation`, as its `at`
 * answers them: `null` when every one does. What a response reports as the
 * versions of the operation it answers (the policy's `reportVersions`, a
 * rejection's list), read once per operation, never per request.
 */
export function servedIn(operation: Pick<ServedOperation, 'at'>, versions: readonly string[]): ReadonlySet<string> | null {
  const served = versions.filter((version) => operation.at(version) !== null)
  return served.length === versions.length ? null : new Set(served)
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
