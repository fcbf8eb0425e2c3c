/// <reference path="./context-variables.ts" preserve="true" />
/**
 * The context variables the middlewares set, each declared once: the
 * version and its scheme (every middleware; Hono's `ContextVariableMap`
 * extends them, so `c.var.version` is typed on every app), and the bound
 * `reverse` of a route table.
 */
import type { SchemeKwargs, SchemeRouteName } from '../reverse/types.ts'
import type { RouteEntriesOf, RouteTable } from '../routes/table.ts'
import type { ReverseOptions, ReverseRest, RouteEntry } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'

/** What every versioning middleware sets. */
export interface VersioningVariables<S extends BaseVersioning = BaseVersioning> {
  /** The version of the request (`null` when it carries none and there is no default). */
  version: string | null
  /** The scheme that determined it. */
  versioningScheme: S
}

/** `c.var.reverse`: absolute URLs on the request's origin, carrying the request's version. */
export type BoundReverse<E extends RouteEntry, S> = <const N extends SchemeRouteName<S, E>>(
  name: N,
  ...options: ReverseRest<SchemeKwargs<S, E, N>, Pick<ReverseOptions, 'format'>>
) => string

/** What `apiVersioning` sets: the version, its scheme, and `reverse` over its table. */
export interface RouteTableVariables<T extends RouteTable<RouteEntry> = RouteTable, S extends BaseVersioning = BaseVersioning> extends VersioningVariables<S> {
  /** Reverses a route name to an absolute URL carrying the request's version. */
  reverse: BoundReverse<RouteEntriesOf<T>, S>
}

/**
 * The Hono `Env` of a versioning middleware, for `new Hono<VersioningEnv<...>>()`
 * and `createMiddleware<VersioningEnv<...>>`: with a route table (`apiVersioning`),
 * `reverse` too; `VersioningEnv<null, S>` for `versionMiddleware`.
 */
export interface VersioningEnv<T extends RouteTable<RouteEntry> | null = RouteTable, S extends BaseVersioning = BaseVersioning> {
  Variables: T extends RouteTable<RouteEntry> ? RouteTableVariables<T, S> : VersioningVariables<S>
}
