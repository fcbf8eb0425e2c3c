/**
 * Routes that exist only in some versions, and version-neutral routes:
 * `versioned(['v2'], route(...))`, `versionNeutral(route(...))`, on routes
 * and includes alike. A table without them carries none of this code.
 */
import type { CompiledRoute, RouteDefinition } from './table.ts'
import type { BaseVersioning } from '../schemes/base.ts'

/** The versions a route or include is limited to, as the table keeps them. */
export interface VersionLimit {
  /** The versions, or `null` for every version (a version-neutral route). */
  readonly versions: ReadonlySet<string> | null
  /** Whether the route answers whatever version the request names, or none. */
  readonly neutral: boolean
  /** This limit inside an include's limit (`null`: none): versions intersect. Throws on a contradiction. */
  within(outer: VersionLimit | null, label: string): VersionLimit
  /** Why a route with this limit cannot be reversed in `version`, or `null` when it can. */
  refusal(version: string): string | null
  /**
   * Checks a table's limits against the scheme the middleware uses: every
   * version must be one it allows, and routes Hono serves at one path agree
   * on being version-neutral (the middleware reads the first).
   */
  check(routes: readonly CompiledRoute[], scheme: BaseVersioning): void
}

/**
 * Limits a route, or every route of an include, to some versions. A request
 * for another version gets the scheme's not-found (or not-acceptable)
 * answer; reverse refuses it. Several routes may share a path with different
 * versions: the request's version chooses which one answers. Nested limits
 * intersect.
 *
 * @example
 * ```ts
 * defineRoutes([
 *   versioned(['v1'], route('user-list', '/users')),
 *   versioned(['v2', 'v3'], route('user-list', '/users')),
 * ])
 * ```
 */
export function versioned<const D extends RouteDefinition>(versions: readonly string[], definition: D): D {
  if (!Array.isArray(versions) || versions.length === 0 || versions.some((v) => typeof v !== 'string' || v === '')) {
    throw new Error('versioned: versions must be a non-empty list of version strings such as ["v1", "v2"].')
  }
  return withLimit(definition, limit(new Set(versions), false), 'versioned')
}

/**
 * Makes a route, or every route of an include, version-neutral (health
 * checks, discovery): it answers whatever version the request names, or
 * none, and never rejects one. `c.var.version` is the version when the
 * scheme accepts it, else `null`.
 */
export function versionNeutral<const D extends RouteDefinition>(definition: D): D {
  return withLimit(definition, limit(null, true), 'versionNeutral')
}

/** `definition` with `own` added to any limit it already has (wrappers nest like includes). */
function withLimit<D extends RouteDefinition>(definition: D, own: VersionLimit, label: string): D {
  const inner = (definition as { limit?: VersionLimit | undefined }).limit
  return Object.freeze({ ...definition, limit: inner === undefined ? own : inner.within(own, label) }) as unknown as D
}

function limit(versions: ReadonlySet<string> | null, neutral: boolean): VersionLimit {
  return {
    versions,
    neutral,
    within(outer, label) {
      if (outer === null || (outer.versions === null && !outer.neutral)) return this
      if (outer.neutral !== neutral) {
        throw new Error(`${label}: a route cannot be version-neutral and limited to versions; drop one of the two.`)
      }
      if (versions === null || outer.versions === null) return this
      const kept = [...versions].filter((v) => outer.versions?.has(v))
      if (kept.length === 0) {
        throw new Error(`${label}: its versions (${[...versions].join(', ')}) share none with those of its include (${[...outer.versions].join(', ')}).`)
      }
      return limit(new Set(kept), false)
    },
    refusal(version) {
      return versions === null || versions.has(version) ? null : `the route does not exist in version ${JSON.stringify(version.slice(0, 64))} (its versions are ${[...versions].join(', ')}).`
    },
    check,
  }
}

function check(routes: readonly CompiledRoute[], scheme: BaseVersioning): void {
  const neutralAt = new Map<string, CompiledRoute>()
  for (const route of routes) {
    for (const version of route.limit?.versions ?? []) {
      if (scheme.allowedVersions !== null && scheme.resolveVersion(version) !== version) {
        throw new Error(
          `apiVersioning: route "${route.viewName}" is versioned in ${JSON.stringify(version)}, which the scheme does not allow; allowed: ${scheme.allowedVersions.join(', ')}.`,
        )
      }
    }
    for (const path of route.honoPaths) {
      const other = neutralAt.get(path)
      if (other === undefined) neutralAt.set(path, route)
      else if ((other.limit?.neutral === true) !== (route.limit?.neutral === true)) {
        throw new Error(
          `apiVersioning: routes "${other.viewName}" and "${route.viewName}" share the path ${path} but only one is version-neutral; make both neutral or give them different paths.`,
        )
      }
    }
  }
}
