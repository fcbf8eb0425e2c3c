/**
 * Types only: the Hono schema of the routes `mountRoutes` mounts (one entry
 * per table path, its params and each handler's typed responses), so that
 * `hc<typeof app>` types them. Each endpoint also carries its route's name
 * (`'~route'`) and the versions `versioned()` limits it to (`'~versions'`),
 * which `hono-api-versioning/client` reads.
 */
import type { TypedResponse } from 'hono'
import type { AddParam } from 'hono/types'
import type { RouteEntry } from '../routes/types.ts'

/** A path in Hono syntax without its params' patterns: `/products/:id{[0-9]+}` is `/products/:id`. */
export type Unpatterned<P extends string> = P extends `${infer A}{${string}}${infer B}` ? Unpatterned<`${A}${B}`> : P

/** The key of the handler that serves route name `N`: the name, or its longest suffix after namespaces that has one. */
type HandlerKey<N extends string, K> = N extends K ? N : N extends `${string}:${infer Rest}` ? HandlerKey<Rest, K> : never

type Typed<R> = R extends Promise<infer T> ? Typed<T> : R extends TypedResponse ? R : TypedResponse

type EndpointOf<P extends string, R, N extends string, L> =
  R extends TypedResponse<infer T, infer U, infer F>
    ? { input: AddParam<{}, P>; output: unknown extends T ? {} : T; outputFormat: F; status: U; readonly '~route'?: N } & L
    : never

type ReturnOf<F> = F extends (...args: never[]) => infer R ? Typed<R> : never

/** The endpoints of one handler (a function serves GET; an object, each method it names). */
type Endpoints<P extends string, F, N extends string, L> = F extends (...args: never[]) => unknown
  ? { $get: EndpointOf<P, ReturnOf<F>, N, L> }
  : { [M in keyof F & string as F[M] extends undefined ? never : `$${M}`]: EndpointOf<P, ReturnOf<F[M]>, N, L> }

/** The versions a table entry is limited to (`versioned()`), carried as `'~versions'`. */
type LimitOf<E> = '~versions' extends keyof E ? { readonly '~versions'?: E['~versions' & keyof E] } : {}

type EntrySchema<E extends RouteEntry, H> = [HandlerKey<E['name'], keyof H>] extends [never]
  ? {}
  : { [P in Unpatterned<E['path']>]: Endpoints<P, H[HandlerKey<E['name'], keyof H> & keyof H], E['name'], LimitOf<E>> }

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** The Hono schema of the table routes `E` that `handlers` of type `H` serve. */
export type MountedSchema<E extends RouteEntry, H> = UnionToIntersection<E extends RouteEntry ? EntrySchema<E, H> : never>
