/**
 * Routes that exist only in some versions, and version-neutral routes:
 * `versioned(['v2'], route(...))`, `versionNeutral(route(...))`, on routes
 * and includes alike. The table keeps the limit as data (`CompiledRoute.limit`):
 * wrapping an include gives each route or include inside that has a limit of
 * its own the intersection, so a table without these wrappers carries none
 * of this code.
 */
import { checkOptions } from '../options.ts'
import type { AnyIncludeDef, RouteDefinition, VersionLimit } from './definitions.ts'

/** Options of `versioned()`. */
export interface VersionedOptions {
  /**
   * How `mountRoutes` answers a request of another version: `'reject'`, with
   * the scheme's rejection, or `'not-found'`, as a path no route matches
   * (later matching handlers answer, then the app's not-found handler).
   * @default 'reject'
   */
  readonly absent?: 'reject' | 'not-found' | undefined
}

/**
 * Limits a route, or every route of an include, to some versions. A request
 * for another version gets the scheme's not-found (or not-acceptable)
 * answer, or with `{ absent: 'not-found' }` the answer of a path no route
 * matches; reverse refuses it. Several routes may share a path with
 * different versions: the request's version chooses which one answers.
 * Nested limits intersect.
 *
 * @example
 * ```ts
 * defineRoutes([
 *   versioned(['v1'], route('user-list', '/users')),
 *   versioned(['v2', 'v3'], route('user-list', '/users')),
 * ])
 * ```
 */
export function versioned<const V extends string, const D extends RouteDefinition>(
  versions: readonly V[],
  definition: D,
  options?: VersionedOptions,
): D & { readonly '~versions'?: V | undefined } {
  if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string' || v === '')) {
    throw new Error('versioned: versions must be a non-empty list of version strings such as ["v1", "v2"].')
  }
  checkOptions(options, 'versioned', ['absent'])
  const absent = options?.absent
  if (absent !== undefined && absent !== 'reject' && absent !== 'not-found') {
    throw new Error('versioned: absent must be "reject" or "not-found".')
  }
  return limited(definition, absent === 'not-found' ? { versions: new Set(versions), neutral: false, absent } : { versions: new Set(versions), neutral: false }, 'versioned')
}

/**
 * Makes a route, or every route of an include, version-neutral (health
 * checks, discovery): it answers whatever version the request names, or
 * none, and never rejects one. `c.var.version` is the version when the
 * scheme accepts it, else `null`.
 */
export function versionNeutral<const D extends RouteDefinition>(definition: D): D {
  return limited(definition, { versions: null, neutral: true }, 'versionNeutral')
}

/** `definition` with `own` added to any limit it has; a contradiction throws an `Error` starting with `label`. */
function limited<D extends RouteDefinition>(definition: D, own: VersionLimit, label: string): D {
  const kind: unknown = (definition as { kind?: unknown } | null)?.kind
  if (kind !== 'route' && kind !== 'include') throw new Error(`${label}: wrap a route(...) or an include(...), such as ${label}(${label === 'versioned' ? "['v2'], " : ''}route('health', '/health')).`)
  const inner = definition.limit
  let limit = own
  if (inner !== undefined) {
    limit = within(inner, own)
    if (limit.conflict !== undefined) throw new Error(`${label}: ${limit.conflict}`)
  }
  return withLimit(definition, limit, own)
}

/** `definition` with `limit`, and, in an include, every limit inside it taken within `outer`. */
function withLimit<D extends RouteDefinition>(definition: D, limit: VersionLimit | undefined, outer: VersionLimit): D {
  const routes = definition.kind === 'include' ? (definition as AnyIncludeDef).routes : undefined
  return Object.freeze({
    ...definition,
    limit,
    ...(Array.isArray(routes) ? { routes: routes.map((child: RouteDefinition) => withLimit(child, child.limit === undefined ? undefined : within(child.limit, outer), outer)) } : {}),
  }) as unknown as D
}

/**
 * `inner` inside `outer`: versions intersect, either's `absent` holds; a
 * contradiction is kept as `conflict`, for the table to refuse with the
 * route's name.
 */
function within(inner: VersionLimit, outer: VersionLimit): VersionLimit {
  if (inner.conflict !== undefined || (outer.versions === null && !outer.neutral)) return inner
  if (outer.neutral !== inner.neutral) return { ...inner, conflict: 'a route cannot be version-neutral and limited to versions; drop one of the two.' }
  const { versions } = inner
  if (versions === null || outer.versions === null) return inner
  const kept = [...versions].filter((v) => outer.versions?.has(v))
  if (kept.length === 0) {
    return { ...inner, conflict: `its versions (${[...versions].join(', ')}) share none with those of its include (${[...outer.versions].join(', ')}).` }
  }
  const absent = inner.absent ?? outer.absent
  return absent === undefined ? { ...inner, versions: new Set(kept) } : { ...inner, versions: new Set(kept), absent }
}
