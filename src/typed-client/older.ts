/**
 * Types only: the shapes and route bodies of an older version, derived from
 * a history's declared changes and the head types (`shape<T>()`). Going from
 * the head down to a version, each later version's instructions are undone:
 * renamed fields get their older name, added fields are absent, removed
 * fields are present in responses with the type their `older` converter
 * returns and in requests as the older version took them (required where
 * `required: true`, else optional), changed fields have the type their `down` converter
 * returns, added enum values are narrowed away, and a converted shape is what
 * its `down` returns. A shape inside another (a product in a list) is found
 * by its head type. Renamed query parameters and request headers get their
 * older names.
 */
import type { AnyShape, LayoutValue, Shape } from '../changes/shape.ts'

/** Whether `A` and `B` are the same type. */
type Equal<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The options a history was declared with. */
export type OptionsOf<H> = H extends { readonly '~options'?: infer O } ? Exclude<O, undefined> : never

/** The version entries of a history, oldest first. */
export type EntriesOf<H> = OptionsOf<H> extends { readonly versions: infer Vs extends readonly unknown[] } ? Vs : []

/** The versions of a history. */
export type VersionsOf<H> = EntriesOf<H>[number] extends { readonly version: infer V extends string } ? V : never

/** The entries after version `V`: those whose changes `V` predates, oldest first. */
export type After<Vs extends readonly unknown[], V> = Vs extends readonly [infer First, ...infer Rest] ? (First extends { readonly version: V } ? Rest : After<Rest, V>) : []

type SaidOfInstruction<I> = I extends { readonly '~said'?: infer S } ? Exclude<S, undefined> : never
type SaidOfChange<C> = C extends { readonly instructions: readonly (infer I)[] } ? SaidOfInstruction<I> : never
/** What the instructions of one version entry say (a union). */
export type SaidOf<E> = E extends { readonly changes?: infer C } ? (NonNullable<C> extends readonly (infer Ch)[] ? SaidOfChange<Ch> : never) : never
export type SaidOfAll<Vs extends readonly unknown[]> = SaidOf<Vs[number]>

/** The instructions of `S` on the shape whose head type is `T`. */
type OfHead<S, T> = S extends { readonly head: infer H } ? (Equal<H, T> extends true ? S : never) : never

/** Field `K` of each member of `T`. */
export type Get<T, K extends string> = T extends { readonly [P in K]: infer X } ? X : never
type Op<S, O extends string> = Extract<S, { readonly op: O }>

type KeyBefore<K, S> = K extends Get<Op<S, 'added'>, 'field'> ? never : K extends Get<Op<S, 'renamed'>, 'newer'> ? Get<Extract<Op<S, 'renamed'>, { readonly newer: K }>, 'older'> & string : K

/** A list of enum values, or one, without the values `A`. */
type Narrowed<V, A> = V extends readonly (infer M)[] ? (V extends unknown[] ? Exclude<M, A>[] : readonly Exclude<M, A>[]) : Exclude<V, A>

type ValueBefore<V, K, S> = K extends Get<Op<S, 'changed'>, 'field'>
  ? Get<Extract<Op<S, 'changed'>, { readonly field: K }>, 'value'> | Extract<V, null | undefined>
  : K extends Get<Op<S, 'enum'>, 'field'>
    ? Narrowed<V, Get<Extract<Op<S, 'enum'>, { readonly field: K }>, 'values'>>
    : V

/** Which way a value goes: an answer the server sends, or a request body it reads. */
export type Direction = 'response' | 'request'

/** Removed fields an older version's responses have: those with an `older` converter (the server adds them back). */
type Restored<S> = S extends { readonly op: 'removed'; readonly value: infer R } ? ([R] extends [never] ? never : S) : never
/** Removed fields an older version required in requests (`required: true`: the server refuses a body without). */
type RequiredRemoved<S> = Extract<Op<S, 'removed'>, { readonly required: true }>
/** The type of removed field `F`: what `older` returns, else what its `schema` says, else `unknown` (nothing declares it). */
type RemovedValue<S, F> = Extract<Op<S, 'removed'>, { readonly field: F }> extends infer I
  ? [Get<I, 'value'>] extends [never]
    ? SchemaValue<Get<I, 'schema'>>
    : Get<I, 'value'>
  : never

type SchemaTypes = { string: string; number: number; integer: number; boolean: boolean; null: null; array: unknown[]; object: Record<string, unknown> }
/** The JSON values a JSON Schema admits, as far as its `const`, `enum` and `type` say (`unknown` past that). */
type SchemaValue<Sc> = [Sc] extends [never]
  ? unknown
  : Sc extends { readonly const: infer C }
    ? C
    : Sc extends { readonly enum: readonly (infer E)[] }
      ? E
      : Sc extends { readonly type: infer T }
        ? (T extends readonly (infer U)[] ? U : T) extends infer N
          ? N extends 'array'
            ? Sc extends { readonly items: infer It } ? SchemaValue<It>[] : unknown[]
            : N extends keyof SchemaTypes
              ? SchemaTypes[N]
              : unknown
          : never
        : unknown

/**
 * The removed fields of an older version's value: in a response, those the server adds back; in a request, every
 * one, as the server reads it (its request validation and its document): required where `required: true`, else
 * optional.
 */
type Removed<S, D extends Direction> = D extends 'response'
  ? { readonly [F in Get<Restored<S>, 'field'> & string]: RemovedValue<S, F> }
  : { readonly [F in Get<RequiredRemoved<S>, 'field'> & string]: RemovedValue<S, F> } & { readonly [F in Exclude<Get<Op<S, 'removed'>, 'field'>, Get<RequiredRemoved<S>, 'field'>> & string]?: RemovedValue<S, F> }

/** Fields whose requiredness `fieldChanged`'s `olderRequired` changed: optional before (`false`), required before (`true`). */
type Loosened<S> = Get<Extract<Op<S, 'changed'>, { readonly olderRequired: false }>, 'field'>
type Tightened<S> = Get<Extract<Op<S, 'changed'>, { readonly olderRequired: true }>, 'field'>

type FieldsBefore<Y, S, D extends Direction> = Simplify<
  { [K in keyof Y as K extends Loosened<S> | Tightened<S> ? never : KeyBefore<K, S>]: ValueBefore<Y[K], K, S> } & { [K in keyof Y as K extends Loosened<S> ? K : never]?: ValueBefore<Y[K], K, S> } & {
    [K in keyof Y as K extends Tightened<S> ? K : never]-?: ValueBefore<Y[K], K, S>
  } & Removed<S, D>
>

/** One version down: the field instructions `S` of a shape undone on its value `Y`, then its converter. */
type StepDown<Y, S, D extends Direction> = [S] extends [never]
  ? Y
  : [Get<Op<S, 'converted'>, 'value'>] extends [never]
    ? FieldsBefore<Y, S, D>
    : Get<Op<S, 'converted'>, 'value'>

/** The value of the shape with head type `T` below `Later`'s versions, nested shapes still in their head types. */
type OwnBefore<T, Y, Later extends readonly unknown[], D extends Direction> = Later extends readonly [...infer Init, infer Last] ? OwnBefore<T, StepDown<Y, OfHead<SaidOf<Last>, T>, D>, Init, D> : Y

type IsHead<X, Heads> = true extends (Heads extends unknown ? Equal<X, Heads> : never) ? true : false

type Older<X, Later extends readonly unknown[], Heads, D extends Direction> = X extends unknown
  ? IsHead<X, Heads> extends true
    ? Inside<OwnBefore<X, X, Later, D>, Later, Heads, D>
    : Inside<X, Later, Heads, D>
  : never

type Inside<Y, Later extends readonly unknown[], Heads, D extends Direction> = Y extends readonly unknown[]
  ? { [K in keyof Y]: Older<Y[K], Later, Heads, D> }
  : Y extends (...args: never[]) => unknown
    ? Y
    : Y extends object
      ? { [K in keyof Y]: Older<Y[K], Later, Heads, D> }
      : Y

/** A JSON value of the head version, of type `X`, as version `V` of history `H` has it: in an answer (`D`, the default), or in a request body. */
export type ValueAt<H, X, V extends string, D extends Direction = 'response'> = [Get<SaidOfAll<After<EntriesOf<H>, V>>, 'head'>] extends [never]
  ? X
  : Older<X, After<EntriesOf<H>, V>, Get<SaidOfAll<After<EntriesOf<H>, V>>, 'head'>, D>

/** Whether `V` is the head (newest) version of history `H`: no later version changes anything. */
export type IsHeadVersion<H, V extends string> = After<EntriesOf<H>, V> extends readonly [] ? true : false

/**
 * A shape as version `V` of history `H` has it.
 *
 * @example
 * ```ts
 * type ProductV1 = ShapeAt<typeof history, typeof Product, 'v1'>
 * ```
 */
export type ShapeAt<H, S extends AnyShape, V extends string> = S extends Shape<infer T, string> ? ValueAt<H, T, V> : never

/** The JSON value a layout (`Product`, `[Product]`, `{ items: [Product] }`) describes, as version `V` of history `H` has it. */
export type LayoutAt<H, L, V extends string, D extends Direction = 'response'> = ValueAt<H, LayoutValue<L>, V, D>

/**
 * The head value `X` (as a handler or a validator types it) laid out by `L`, as version `V` of history `H` has it. An
 * envelope (`{ items: [Product] }`) keeps what `X` says of it (which fields it has, which are required, its other
 * fields) and holds `V`'s shapes where the layout places them; a shape or a list of shapes is what the layout says,
 * as is anything when `X` is untyped.
 */
export type RelaidAt<H, X, L, V extends string, D extends Direction = 'response'> = unknown extends X ? LayoutAt<H, L, V, D> : IsEnvelope<L> extends true ? Relaid<H, X, L, V, D> : LayoutAt<H, L, V, D>
/** Whether a layout is an envelope (`{ items: [Product] }`): an object that holds shapes in some of its fields. */
export type IsEnvelope<L> = L extends AnyShape | readonly [unknown] ? false : true
type Relaid<H, X, L, V extends string, D extends Direction> = X extends null | undefined
  ? X
  : L extends Shape<infer T, string>
    ? ValueAt<H, T, V, D>
    : L extends readonly [infer I]
      ? X extends readonly (infer E)[]
        ? X extends unknown[]
          ? Relaid<H, E, I, V, D>[]
          : readonly Relaid<H, E, I, V, D>[]
        : LayoutAt<H, L, V, D>
      : X extends object
        ? string extends keyof X
          ? LayoutAt<H, L, V, D>
          : [Exclude<keyof L, keyof X>] extends [never]
            ? { [K in keyof X]: K extends keyof L ? Relaid<H, X[K], L[K], V, D> : X[K] }
            : LayoutAt<H, L, V, D>
        : LayoutAt<H, L, V, D>

/** Route name `R` without its first namespace (`v1:product-detail` is `product-detail`); `never` for a plain route (`GET /users/:id`) or a name in no namespace. */
export type Unnamespaced<R extends string> = R extends `${string} /${string}` ? never : R extends `${string}:${infer Rest}` ? Rest : never

/** The `bodies` entry of key `K`, or `never`. */
type BodiesEntry<H, K extends string> = OptionsOf<H> extends { readonly bodies?: infer B } ? (K extends keyof NonNullable<B> ? NonNullable<B>[K] : never) : never

/** The `request`, `response` or `error` layout of a `bodies` entry, or `never`. */
type LayoutIn<B, K extends BodyKind> = [B] extends [never] ? never : B extends { readonly [P in K]?: infer L } ? NonNullable<L> : never
/** Which of a route's bodies a layout describes. */
type BodyKind = 'request' | 'response' | 'error'

/**
 * Whether the `request` layout of route `R`'s own entry is a body of method `M`: always for a plain route (its name
 * says its method); for a table route, as the server reads it, for POST, PUT, PATCH and the like, never for GET,
 * HEAD and DELETE (`'DELETE product-list'` gives a DELETE one).
 */
type RouteEntryTakes<R extends string, M extends string, K extends BodyKind> = K extends 'request' ? (R extends `${string} /${string}` ? true : M extends 'GET' | 'HEAD' | 'DELETE' ? false : true) : true
/** The `K` layout of route `R`'s own entry for method `M`, or `never`. */
type RouteLayoutIn<H, R extends string, M extends string, K extends BodyKind> = RouteEntryTakes<R, M, K> extends true ? LayoutIn<BodiesEntry<H, R>, K> : never

/**
 * A body layout of route `R` for method `M`: the entry of the method (`'POST product-list'`), else of the route
 * (`'product-list'`, or a plain route's `'GET /users/:id'`; a table route's `request` for the methods with a body
 * only), else the same of its name without a namespace.
 */
type BodyOf<H, R extends string, M extends string, K extends BodyKind> = [LayoutIn<BodiesEntry<H, `${M} ${R}`>, K>] extends [never]
  ? [RouteLayoutIn<H, R, M, K>] extends [never]
    ? [Unnamespaced<R>] extends [never]
      ? never
      : BodyOf<H, Unnamespaced<R>, M, K>
    : RouteLayoutIn<H, R, M, K>
  : LayoutIn<BodiesEntry<H, `${M} ${R}`>, K>

/**
 * The success response body of route `R` (a table name, or a plain route `'GET /users/:id'`) in version `V`
 * (`unknown` when the history does not lay it out); `M`: the method, whose own entry (`'POST product-list'`) goes
 * before the route's.
 */
export type ResponseAt<H, R extends string, V extends string, M extends string = 'GET'> = [BodyOf<H, R, M, 'response'>] extends [never]
  ? unknown
  : LayoutAt<H, BodyOf<H, R, M, 'response'>, V>

/** An entry's `partial`, when it says it (`undefined` else). */
type PartialIn<B> = [B] extends [never] ? undefined : B extends { readonly partial: infer P extends boolean } ? P : undefined
/** The `partial` of the entry whose `request` layout route `R` takes for method `M` (as `BodyOf` finds it). */
type PartialOf<H, R extends string, M extends string> = [LayoutIn<BodiesEntry<H, `${M} ${R}`>, 'request'>] extends [never]
  ? [LayoutIn<BodiesEntry<H, R>, 'request'>] extends [never]
    ? [Unnamespaced<R>] extends [never]
      ? undefined
      : PartialOf<H, Unnamespaced<R>, M>
    : PartialIn<BodiesEntry<H, R>>
  : PartialIn<BodiesEntry<H, `${M} ${R}`>>
/**
 * Whether route `R`'s request body for method `M` is a partial update, as the server reads it: as its `bodies` entry
 * says (`partial: true` on a PUT, `partial: false` on a PATCH), else for a PATCH.
 */
export type IsPartial<H, R extends string, M extends string> = [PartialOf<H, R, M>] extends [true] ? true : [PartialOf<H, R, M>] extends [false] ? false : M extends 'PATCH' ? true : false

/** The `response`, `request` or `error` layout of route `R` for method `M` (an error's: else the history's `errors`), or `never` when the history gives none. */
export type LayoutOf<H, R extends string, M extends string, K extends BodyKind> = K extends 'error'
  ? [BodyOf<H, R, M, K>] extends [never] ? (OptionsOf<H> extends { readonly errors?: infer E } ? NonNullable<E> : never) : BodyOf<H, R, M, K>
  : BodyOf<H, R, M, K>

/**
 * The request body of route `R` in version `V` (`never` when the history does not lay it out), for method `M`: a
 * PATCH body (or one its entry says is `partial`) is a partial update, as the server reads it (JSON Merge Patch: any field may be left out, in nested
 * objects too; `null`, which removes a field, only where the field's type takes it, as the server's request validation reads it; a list is sent whole).
 */
export type RequestAt<H, R extends string, V extends string, M extends string = 'POST'> = [BodyOf<H, R, M, 'request'>] extends [never]
  ? never
  : IsPartial<H, R, M> extends true
    ? MergePatch<LayoutAt<H, BodyOf<H, R, M, 'request'>, V, 'request'>>
    : LayoutAt<H, BodyOf<H, R, M, 'request'>, V, 'request'>

/** A partial update of a value of type `T` (JSON Merge Patch): every field optional; `null` where `T`'s field takes it. */
export type MergePatch<T> = T extends readonly unknown[]
  ? T
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { [K in keyof T]?: MergePatch<T[K]> }
      : T

type RouteOp<E, R> = Extract<SaidOf<E>, { readonly route: R; readonly op: 'route.added' | 'route.removed' }>['op']
type FirstRouteOp<Vs extends readonly unknown[], R> = Vs extends readonly [infer F, ...infer Rest] ? ([RouteOp<F, R>] extends [never] ? FirstRouteOp<Rest, R> : RouteOp<F, R>) : never
type ExistsFrom<Vs extends readonly unknown[], R, V, State extends boolean> = Vs extends readonly [infer F, ...infer Rest]
  ? ExistsAfter<RouteOp<F, R>, State> extends infer Next extends boolean
    ? F extends { readonly version: V }
      ? Next
      : ExistsFrom<Rest, R, V, Next>
    : never
  : State
type ExistsAfter<Op, State extends boolean> = [Op] extends [never] ? State : Op extends 'route.added' ? true : false

type ExistsByName<H, R, V> = ExistsFrom<EntriesOf<H>, R, V, FirstRouteOp<EntriesOf<H>, R> extends 'route.removed' ? true : false>

/**
 * Whether table route `R` exists for method `M` in version `V` of history
 * `H`: the changes that name it for the method (`'DELETE product-list'`,
 * as the server reads them first), else those of the route.
 */
export type MethodExistsAt<H, R extends string, M extends string, V extends string> = [FirstRouteOp<EntriesOf<H>, `${M} ${R}`>] extends [never]
  ? [Unnamespaced<R>] extends [never]
    ? RouteExistsAt<H, R, V>
    : [FirstRouteOp<EntriesOf<H>, `${M} ${Unnamespaced<R>}`>] extends [never]
      ? RouteExistsAt<H, R, V>
      : ExistsByName<H, `${M} ${Unnamespaced<R>}`, V>
  : ExistsByName<H, `${M} ${R}`, V>

/** The names a status change of route `R` for method `M` may give: the route's and the method's, namespaced or not. */
export type StatusNames<R extends string, M extends string> = R | `${M} ${R}` | ([Unnamespaced<R>] extends [never] ? never : Unnamespaced<R> | `${M} ${Unnamespaced<R>}`)
type StatusSaid<E, Names> = Extract<SaidOf<E>, { readonly op: 'route.status'; readonly route: Names }>
/** Status `S` one version down: a status a change made newer is its older one. */
type StatusStep<S, Said> = [Said] extends [never] ? S : S extends unknown ? (S extends Get<Said, 'newer'> ? Get<Extract<Said, { readonly newer: S }>, 'older'> : S) : never
type StatusBefore<S, Later extends readonly unknown[], Names> = Later extends readonly [...infer Init, infer Last] ? StatusBefore<StatusStep<S, StatusSaid<Last, Names>>, Init, Names> : S

/**
 * The statuses `S` the head's handler of route `R` (for method `M`) answers,
 * as version `V` gets them: each `statusChanged` of a newer version undone,
 * newest first, as the server does.
 */
export type StatusAt<H, R extends string, M extends string, V extends string, S> = StatusBefore<S, After<EntriesOf<H>, V>, StatusNames<R, M>>

/**
 * Whether route `R` exists in version `V` of history `H`, from the
 * `routeAdded` and `routeRemoved` changes that name it (or, when none does,
 * its name without namespaces): a table name, or a plain route `'GET /users/:id'`.
 */
export type RouteExistsAt<H, R extends string, V extends string> = [FirstRouteOp<EntriesOf<H>, R>] extends [never]
  ? [Unnamespaced<R>] extends [never]
    ? true
    : RouteExistsAt<H, Unnamespaced<R>, V>
  : ExistsFrom<EntriesOf<H>, R, V, FirstRouteOp<EntriesOf<H>, R> extends 'route.removed' ? true : false>
