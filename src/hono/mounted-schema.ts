/**
 * Types only: the Hono schema of the routes `mountRoutes` mounts (one entry
 * per table path, its params and each handler's typed responses), so that
 * `hc<typeof app>` types them. Each endpoint also carries its route's name
 * (`'~route'`) and the versions `versioned()` limits it to (`'~versions'`),
 * which `hono-api-versioning/typed-client` reads.
 */
import type { Context, TypedResponse } from 'hono'
import type { AddParam, ExtractInput, Input, ResponseFormat } from 'hono/types'
import type { StatusCode } from 'hono/utils/http-status'
import type { RouteEntry } from '../routes/types.ts'
import type { ChainInput } from './route-handlers.ts'

/** A path in Hono syntax without its params' patterns: `/products/:id{[0-9]+}` is `/products/:id`. */
export type Unpatterned<P extends string> = P extends `${infer A}{${string}}${infer B}` ? Unpatterned<`${A}${B}`> : P

/** The key of the handler that serves route name `N`: the name, or its longest suffix after namespaces that has one. */
type HandlerKey<N extends string, K> = N extends K ? N : N extends `${string}:${infer Rest}` ? HandlerKey<Rest, K> : never

type EndpointOf<P extends string, R, I, N extends string, L> =
  R extends TypedResponse<infer T, infer U, infer F>
    ? { input: AddParam<I, P>; output: unknown extends T ? {} : T; outputFormat: F; status: U; readonly '~route'?: N } & L
    : never

/** A handler, or the last handler of a chain (`[validator, handler]`). */
type LastOf<F> = F extends readonly [...unknown[], infer Last] ? Last : F

/** The typed responses a handler returns (any response it types; an untyped one when it types none). */
type ReturnOf<F> = LastOf<F> extends (...args: never[]) => infer R ? OrUntyped<TypedOnly<Awaited<R>>> : never

type OrUntyped<R> = [R] extends [never] ? TypedResponse : R

/**
 * The input the chain's validators give its handler (`{}` for a handler alone), as Hono's schema lists it: read
 * from the validators themselves (a handler typed before them says `any`), or from the handler of a chain of one.
 */
type InputOf<F> = F extends readonly [unknown, unknown, ...unknown[]] ? Listed<ChainInput<F>> : LastOf<F> extends (c: Context<any, any, infer I>, ...rest: never[]) => unknown ? Listed<I> : {}

type Listed<I> = 0 extends 1 & I ? {} : I extends Input ? ExtractInput<I> : {}

/** What a chain's middlewares answer themselves (a validator's 400), when they type it. */
type MiddlewareAnswers<F> = F extends readonly [...infer Before, unknown] ? (Before[number] extends (...args: never[]) => infer R ? TypedOnly<Awaited<R>> : never) : never

/**
 * The responses of `R` a handler types: not an untyped handler's (a value of any type with any status), but a
 * `c.json(value, 201)` of an untyped value keeps its status, as Hono's `app.post(path, handler)` keeps it. Any
 * format: a `c.body(null, 204)` is typed too (`TypedResponse<T, U>` alone would ask for the format its `T` defaults to).
 */
type TypedOnly<R> = R extends TypedResponse<infer T, infer U, ResponseFormat> ? (unknown extends T ? (StatusCode extends U ? never : R) : R) : never

/** The endpoints of one handler (a function or a chain serves GET; an object, each method it names). */
type Endpoints<P extends string, F, N extends string, L> = F extends ((...args: never[]) => unknown) | readonly unknown[]
  ? { $get: EndpointOf<P, ReturnOf<F> | MiddlewareAnswers<F>, InputOf<F>, N, L> }
  : { [M in keyof F & string as F[M] extends undefined ? never : `$${M}`]: EndpointOf<P, ReturnOf<F[M]> | MiddlewareAnswers<F[M]>, InputOf<F[M]>, N, L> }

/** The versions a table entry is limited to (`versioned()`), carried as `'~versions'`. */
type LimitOf<E> = '~versions' extends keyof E ? { readonly '~versions'?: E['~versions' & keyof E] } : {}

type EntrySchema<E extends RouteEntry, H> = [HandlerKey<E['name'], keyof H>] extends [never]
  ? {}
  : { [P in Unpatterned<E['path']>]: Endpoints<P, H[HandlerKey<E['name'], keyof H> & keyof H], E['name'], LimitOf<E>> }

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** The Hono schema of the table routes `E` that `handlers` of type `H` serve. */
export type MountedSchema<E extends RouteEntry, H> = UnionToIntersection<E extends RouteEntry ? EntrySchema<E, H> : never>
