/**
 * The route DSL: `route(name, path)` declares a named route in Hono path
 * syntax, `include(prefix, routes, { namespace })` groups routes under a
 * prefix and an optional namespace. `defineRoutes` (table.ts) compiles a list
 * of them once.
 */
import { checkOptions } from '../options.ts'
import { quotedValue } from '../quote.ts'
import type { RouteEntry } from './types.ts'

/** Options of one route. */
export interface RouteOptions {
  /**
   * Allow a format suffix (`/users/1.json`), as DRF's `format_suffix_patterns`:
   * `true` for any `[a-z0-9]+` suffix, or the list of allowed suffixes.
   * The suffix is captured as the `format` param.
   * @default undefined (no suffix)
   */
  readonly formats?: true | readonly string[] | undefined
}

/** Options of an include. */
export interface IncludeOptions<NS extends string | undefined = string | undefined> {
  /** The namespace of the included routes (nested ones join with `:`). */
  readonly namespace?: NS
}

/** The versions a route or include exists in, as `versioned()` and `versionNeutral()` declare them. */
export interface VersionLimit {
  /** The versions, or `null` for every version (a version-neutral route). */
  readonly versions: ReadonlySet<string> | null
  /** Whether the route answers whatever version the request names, or none. */
  readonly neutral: boolean
  /**
   * How `mountRoutes` answers a request of another version: with the
   * scheme's rejection (`undefined`), or as a path no route matches
   * (`'not-found'`: later matching handlers, then the app's not-found handler).
   */
  readonly absent?: 'not-found' | undefined
  /** Why this limit contradicts the limit of an include around it (the table refuses it), or `undefined`. */
  readonly conflict?: string | undefined
}

/** A declared route. */
export interface RouteDef<N extends string = string, P extends string = string> {
  readonly kind: 'route'
  readonly name: N
  readonly path: P
  readonly formats: true | readonly string[] | null
  /** The versions it exists in (`versioned()`, `versionNeutral()`). */
  readonly limit?: VersionLimit | undefined
}

/** A group of routes under a prefix, optionally namespaced. */
export interface AnyIncludeDef {
  readonly kind: 'include'
  readonly prefix: string
  readonly routes: readonly RouteDefinition[]
  readonly namespace: string | undefined
  /** The versions its routes exist in (`versioned()`, `versionNeutral()`). */
  readonly limit?: VersionLimit | undefined
}

/** A typed group of routes under a prefix, optionally namespaced. */
export interface IncludeDef<
  P extends string,
  C extends readonly RouteDefinition[],
  NS extends string | undefined,
> extends AnyIncludeDef {
  readonly prefix: P
  readonly routes: C
  readonly namespace: NS
}

/** Anything a route list holds. */
export type RouteDefinition = RouteDef | AnyIncludeDef

/** The flattened entries (full name, full path) of a route list, for the type system. */
export type FlattenRoutes<D extends readonly RouteDefinition[], NS extends string = '', Pre extends string = ''> = FlattenOne<
  D[number],
  NS,
  Pre
>

/** Types only: the versions `versioned()` limited a definition to (typed clients leave the route out of the others). */
type LimitOf<X> = '~versions' extends keyof X ? { readonly '~versions'?: Exclude<X['~versions' & keyof X], undefined> } : {}

type FlattenOne<X, NS extends string, Pre extends string> =
  X extends RouteDef<infer N, infer P>
    ? { readonly name: `${NS}${N}`; readonly path: `${Pre}${P}` } & LimitOf<X>
    : X extends AnyIncludeDef
      ? readonly RouteDefinition[] extends X['routes']
        ? RouteEntry // a list not known at compile time
        : FlattenRoutes<X['routes'], X['namespace'] extends string ? `${NS}${X['namespace']}:` : NS, `${Pre}${X['prefix']}`> & LimitOf<X>
      : never

/**
 * Declares a named route in Hono path syntax.
 *
 * @example
 * ```ts
 * route('user-detail', '/users/:pk{[0-9]+}', { formats: ['json'] })
 * ```
 */
export function route<const N extends string, const P extends string>(name: N, path: P, options?: RouteOptions): RouteDef<N, P> {
  // A misspelt option (`format`) would leave the route without what it asks for, silently.
  checkOptions(options, `route ${quotedValue(name)}`, ['formats'])
  return Object.freeze({ kind: 'route', name, path, formats: options?.formats ?? null })
}

/**
 * Groups routes under a path prefix, optionally in a namespace; includes nest,
 * and nested namespaces join with `:` (`api:v1`).
 *
 * @example
 * ```ts
 * include('/v1', [route('user-list', '/users')], { namespace: 'v1' })
 * ```
 */
export function include<
  const P extends string,
  const C extends readonly RouteDefinition[],
  const NS extends string | undefined = undefined,
>(prefix: P, routes: C, options?: IncludeOptions<NS>): IncludeDef<P, C, NS> {
  // A misspelt namespace (`name`, `namespaces`) would leave the routes outside any namespace, silently.
  checkOptions(options, `include(${quotedValue(prefix)})`, ['namespace'])
  return Object.freeze({ kind: 'include', prefix, routes, namespace: options?.namespace as NS })
}
