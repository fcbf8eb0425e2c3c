/**
 * Types only: the handlers `mountRoutes` takes, typed as Hono types
 * `app.get(path, ...handlers)`. Every function's context has the app's `Env`
 * and its route's path params (`c.req.param('id')` is a `string`), and the
 * last handler of a chain gets the input of the validators before it
 * (`c.req.valid('json')`) when their types are known before the handler is
 * typed: a validator held in a variable, or a chain Hono's factory made.
 *
 * How: the handlers object is inferred through a mapped type (`Handlers`),
 * so TypeScript first infers what it can of each route's handlers without
 * the functions it must type from context, then types those functions with
 * what it inferred (the chain's validators), as it types the handlers of
 * `app.post(path, validator, handler)` one argument after the other. A
 * validator called inline (`zValidator('json', schema)` written in the
 * chain) is a generic call returning a function, which TypeScript types only
 * with the rest of the object, after the handler: its handler's input is
 * then `any` (the handler's `c.req.param` and `c.var` are still typed).
 */
import type { Context, Env, Handler, Input, MiddlewareHandler, ValidationTargets } from 'hono'
import type { RouteEntriesOf, RouteTable } from '../routes/table.ts'
import type { NamespaceSuffixes, RouteEntry } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import type { VersioningEnv } from './variables.ts'

/** The keys of an object of handlers by method. */
export type MethodKey = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options' | 'query' | 'all'

/**
 * A method's handlers as a chain: middlewares (validators such as
 * `zValidator('json', schema)`) then the handler, as Hono's
 * `createFactory().createHandlers(...)` types them.
 */
export type HandlerChain = readonly [...ChainedHandler[], ChainedHandler]

/** A handler or middleware of a chain, as Hono's factory types them (their own `Env` and input). */
type ChainedHandler = (c: any, next: any) => unknown

/**
 * The handlers of one route: one handler (or chain) for GET (and HEAD), or one per method. `P`: the route's path
 * in Hono's syntax, so that `c.req.param('id')` is typed from it, as in `app.get(path, handler)`.
 */
export type RouteHandler<E extends Env, P extends string = any> = Handler<E, P> | HandlerChain | { readonly [M in MethodKey]?: Handler<E, P> | HandlerChain | undefined }

/** The paths of the table entries a handler key `N` serves: the entry of that name, or of any name ending in `:N`. */
type PathsOf<E extends RouteEntry, N> = string extends E['name'] ? any : E extends { readonly name: N | `${string}:${N & string}`; readonly path: infer P extends string } ? P : never

/** The names a handler key can take: a route's name, with or without some or all of its namespaces. */
type KeysOf<E extends RouteEntry> = E['name'] | NamespaceSuffixes<E['name']>

/**
 * Handlers by route name, each typed on its own (a function, or a chain, for
 * any route): the namespaced name (`v1:user-list`) or a name without some or
 * all of its namespaces (`user-list`), which serves every route of that name.
 * The most specific key wins. Each handler's `c.req.param` is typed from its
 * route's path.
 */
export type RouteHandlers<T extends RouteTable<RouteEntry>, S extends BaseVersioning, E extends Env> = {
  readonly [N in KeysOf<RouteEntriesOf<T>>]?: RouteHandler<E & VersioningEnv<T, S>, PathsOf<RouteEntriesOf<T>, N>>
}

/** No key of `H` but those of `Allowed` (a key that names no route is `never`). */
export type OnlyKeys<H, Allowed> = { readonly [K in Exclude<keyof H, keyof Allowed>]: never }

/**
 * The handlers object `H` of `mountRoutes`, typed route by route: for each
 * key, what its route's handlers must be, in the app's `Env` `E` and the
 * route's path (`never` for a key that names no route).
 */
export type Handlers<H, R extends RouteEntry, E extends Env> = {
  [K in keyof H]: IsKey<K, KeysOf<R>> extends true ? Route<H[K], E, PathsOf<R, K>> : never
}

/**
 * Whether `K` is one of `Keys`. (A conditional on `K` itself would make
 * TypeScript read `H[K]` in its branch as another type, and infer nothing.)
 */
type IsKey<K, Keys> = K extends Keys ? true : false

/**
 * One route's handlers `C`: while `C` is not inferred yet (a handler whose
 * type comes from here), any form; else a function, a chain, or an object of
 * either by method.
 */
type Route<C, E extends Env, P extends string> = unknown extends C
  ? AnyRoute<E, P>
  : { [I in keyof C]: IsKey<I, MethodKey> extends true ? Chain<C[I], E, P> : Element<C[I], C, I, E, P> } | (C & Handler<E, P>)

/** One method's handlers `C`: a function or a chain. */
type Chain<C, E extends Env, P extends string> = unknown extends C ? AnyChain<E, P> | Handler<E, P> : { [I in keyof C]: Element<C[I], C, I, E, P> } | (C & Handler<E, P>)

/**
 * Element `I` of chain `C`, whose inferred type is `X`: a function typed
 * where it was made (a validator, a factory's handler) stays as it is; one
 * typed from here is a middleware, or the last one the handler, with the
 * input of the elements before it. (`never`: a validator called inline, not
 * typed yet.)
 */
type Element<X, C, I, E extends Env, P extends string> = [X] extends [never]
  ? MiddlewareHandler<E, P>
  : unknown extends X
    ? IsLast<C, I> extends true
      ? Handler<E, P, ChainInput<C>>
      : MiddlewareHandler<E, P>
    : X

/** Whether `I` is the index of the last element of chain `C`. */
type IsLast<C, I> = C extends readonly [...infer Before, unknown] ? (I extends `${Before['length']}` ? true : false) : false

/** Any form of a route's handlers, typed from context alone (the input of a chain's handler is `any`). */
type AnyRoute<E extends Env, P extends string> = Handler<E, P> | AnyChain<E, P> | { readonly [M in MethodKey]?: Handler<E, P> | AnyChain<E, P> }

/** A chain typed from context alone. */
type AnyChain<E extends Env, P extends string> = readonly [...MiddlewareHandler<E, P>[], Handler<E, P, Untyped>]

/** The input of a handler whose validators are typed after it: `c.req.valid(target)` is `any`, as in an untyped handler. */
type Untyped = { in: { [K in keyof ValidationTargets]: any }; out: { [K in keyof ValidationTargets]: any } }

/** The input a function's context declares (`{}` for none). */
type InputOf<F> = F extends (c: Context<any, any, infer I>, ...rest: never[]) => unknown ? (0 extends 1 & I ? {} : I extends Input ? I : {}) : {}

/**
 * The input the functions before the last of chain `C` give it, together,
 * as Hono's `app.get(path, ...handlers)` gives it. A function typed from
 * context (`unknown` here: a middleware written inline) gives none; a
 * validator called inline (`never` here: not typed yet) makes it `Untyped`.
 */
export type ChainInput<C> = C extends readonly [infer F, ...infer Rest]
  ? Rest extends readonly []
    ? {}
    : [F] extends [never]
      ? Untyped
      : unknown extends F
        ? ChainInput<Rest>
        : InputOf<F> & ChainInput<Rest>
  : {}
