/**
 * Types only: which route of the history an endpoint of an app's Hono schema
 * is, and at which path a version has it. A table route carries its name
 * (`mountRoutes` marks it); a plain Hono or @hono/zod-openapi route is
 * `METHOD /path`, found at its path or, in an app composed with
 * `app.route('/api', sub)`, at the path the sub-app registers it under (the
 * path without the mount prefix, as the server looks it up); a route that
 * `pathChanged` moved is at its older path in the versions before the move.
 * A table route's name is lost when its sub-app is mounted with
 * `app.route()` (Hono's merged schema keeps each endpoint's input and output
 * only): `LostNames` lists the names the history lays out that the app's
 * type no longer carries.
 */
import type { After, EntriesOf, Get, OptionsOf, SaidOf, SaidOfAll, Unnamespaced } from './older.ts'

/** The route name an endpoint of `mountRoutes` carries. */
export type RouteOf<E> = E extends { readonly '~route'?: infer N } ? Exclude<N, undefined> & string : never

/** The HTTP method of an hc schema key (`$post` is `POST`). */
export type MethodName<M> = M extends `$${infer Name}` ? Uppercase<Name> : 'GET'

/** Every route name the history says something of: its `bodies` keys and the routes its route changes name. */
type HistoryRoutes<H> =
  | (OptionsOf<H> extends { readonly bodies?: infer B } ? keyof NonNullable<B> & string : never)
  | (Get<SaidOfAll<EntriesOf<H>>, 'route'> & string)

/** The `pathChanged` moves of the history (all versions). */
type Moves<H> = Extract<SaidOfAll<EntriesOf<H>>, { readonly op: 'route.path' }>

/** The paths of plain routes of method `M` the history names: in a route name (`GET /people/:id`), or as a move's paths. */
type KnownPaths<H, M extends string> =
  | (HistoryRoutes<H> extends infer K ? (K extends `${M} /${infer Rest}` ? `/${Rest}` : never) : never)
  | (Moves<H> extends infer Mv ? (Mv extends { readonly route: `${M} /${string}`; readonly older: infer O; readonly newer: infer N } ? O | N : never) : never)

/** A path without its first segment (`/api/people/:id` is `/people/:id`), or `never` for a path of one segment. */
type Tail<P> = P extends `/${string}/${infer Rest}` ? `/${Rest}` : never

/**
 * The path under which the history knows the plain route at `Path`: the path itself, else its longest tail the
 * history names (the route of a sub-app mounted under a prefix), unless the app serves that tail itself (then the
 * history's name is that route's); `never` when the history names it nowhere.
 */
type KnownPath<Path, Known, AppPaths> = Path extends Known ? Path : TailKnown<Tail<Path>, Known, AppPaths>
type TailKnown<P, Known, AppPaths> = [P] extends [never] ? never : P extends Known ? (P extends AppPaths ? never : P) : TailKnown<Tail<P>, Known, AppPaths>

/** The plain route (method `M`) whose moves pass through `Path`, named by its head path, else `M Path`. */
type MovedRoute<H, M extends string, Path> = Extract<Moves<H>, { readonly route: `${M} /${string}`; readonly older: Path } | { readonly route: `${M} /${string}`; readonly newer: Path }> extends infer Mv
  ? [Mv] extends [never]
    ? `${M} ${Path & string}`
    : Get<Mv, 'route'> & string
  : never

/**
 * The route an endpoint at `Path` for method `M` (`$get`) is, as history `H` names it: the table route `mountRoutes`
 * marks it with, else the plain route `METHOD /path`, by its path or the path its sub-app registers it under.
 * `AppPaths`: every path of the app's schema.
 */
export type RouteKeyOf<E, Path, M, H, AppPaths> = [RouteOf<E>] extends [never] ? MovedRoute<H, MethodName<M>, PlainPathOf<Path, M, H, AppPaths>> : RouteOf<E>

/** The path of the plain route at `Path` (method `M`) as the history knows it: `Path`, or the path its sub-app registers it under. */
export type PlainPathOf<Path, M, H, AppPaths> = KnownPath<Path, KnownPaths<H, MethodName<M>>, AppPaths> extends infer K ? ([K] extends [never] ? Path : K) : never

/** The `pathChanged` of route `R` in version entry `E`. */
type MoveIn<E, R> = Extract<SaidOf<E>, { readonly op: 'route.path'; readonly route: R }>
type FirstMove<Vs extends readonly unknown[], R> = Vs extends readonly [infer F, ...infer Rest] ? ([MoveIn<F, R>] extends [never] ? FirstMove<Rest, R> : MoveIn<F, R>) : never
type LastMove<Vs extends readonly unknown[], R> = Vs extends readonly [...infer Init, infer L] ? ([MoveIn<L, R>] extends [never] ? LastMove<Init, R> : MoveIn<L, R>) : never
/** The names a move of route `R` may give: its own, else (a namespaced table route) its name without the namespace. */
type MoveName<H, R extends string> = [FirstMove<EntriesOf<H>, R>] extends [never] ? ([Unnamespaced<R>] extends [never] ? R : MoveName<H, Unnamespaced<R>>) : R

/** The path route `R` has in version `V` when a later version moved it (the older path of the first move after `V`); `never` at its head path. */
type OlderPathAt<H, R extends string, V extends string> = Get<FirstMove<After<EntriesOf<H>, V>, MoveName<H, R>>, 'older'>

/** Whether the plain route `R` (named by its head path) is at `Path` in version `V`: at its older path before a move, at its head path after. */
export type AtPathIn<H, R extends string, Path, V extends string> = R extends `${string} /${string}`
  ? [FirstMove<EntriesOf<H>, R>] extends [never]
    ? true
    : OlderPathAt<H, R, V> extends infer O
      ? [O] extends [never]
        ? R extends `${string} ${Path & string}`
          ? true
          : false
        : O extends Path
          ? true
          : false
      : never
  : true

/** What follows the `}` that closes a pattern whose `{` is read, over one level of braces inside it (a regex quantifier: `[0-9]{4}`). */
type AfterPattern<S extends string> = S extends `${infer Inner}}${infer After}` ? (Inner extends `${string}{${string}` ? AfterPattern<After> : After) : ''

/** A path without its params' patterns (`/people/:id{[0-9]+}` is `/people/:id`, `/:version{[0-9]{4}-[0-9]{2}}` is `/:version`), as Hono's `hc` keys it. */
export type Unpatterned<P extends string> = P extends `${infer A}{${infer Rest}` ? Unpatterned<`${A}${AfterPattern<Rest>}`> : P

/**
 * The path of table route `R` at `Path` (its head path, a prefix included) in version `V`: its head path's end (the
 * head's path, as `route()` declares it) replaced by the older path of the version's move.
 */
export type TablePathAt<H, R extends string, Path extends string, V extends string> = [R] extends [never]
  ? Path
  : OlderPathAt<H, R, V> extends infer O extends string
    ? [O] extends [never]
      ? Path
      : Get<LastMove<EntriesOf<H>, MoveName<H, R>>, 'newer'> extends infer N extends string
        ? Path extends `${infer Prefix}${Unpatterned<N>}`
          ? `${Prefix}${Unpatterned<O>}`
          : Path
        : Path
    : Path

/** A path's segments (`/v1/special` is `['', 'v1', 'special']`). */
type Segments<S extends string> = S extends `${infer A}/${infer B}` ? [A, ...Segments<B>] : [S]
/**
 * The segment of path segments `Segs` where app path segments `App` have the version param `:P`, when the segments
 * before it match (the same text, or a param of the app path's), and it is one of `Versions`; `never` otherwise.
 */
type WrittenAt<Segs extends readonly string[], App extends readonly string[], P extends string, Versions> = Segs extends readonly [infer F, ...infer Rest extends string[]]
  ? App extends readonly [infer G, ...infer AppRest extends string[]]
    ? G extends `:${P}`
      ? Extract<F, Versions>
      : G extends F | `:${string}`
        ? WrittenAt<Rest, AppRest, P, Versions>
        : never
    : never
  : never

/**
 * The version the path `Path` writes where another path of the app (`AppPaths`) has the version param `P`, under the
 * same prefix (`/v1/special` beside `/:version{v[0-9]+}/people`), when it is one of the history's `Versions`: the
 * server answers such a route in that version alone; `never` for any other path.
 */
export type WrittenVersion<Path, AppPaths, P extends string, Versions> = Path extends string
  ? AppPaths extends string
    ? WrittenAt<Segments<Unpatterned<Path>>, Segments<Unpatterned<AppPaths>>, P, Versions>
    : never
  : never

/** The table route names of route name `R`: itself and its names without namespaces (`v1:product-detail`, `product-detail`). */
type NamesOf<R extends string> = R | ([Unnamespaced<R>] extends [never] ? never : NamesOf<Unnamespaced<R>>)

/** The table route names the endpoints of Hono schema `S` carry, with and without namespaces. */
type CarriedNames<S> = { [P in keyof S]: { [M in keyof S[P]]: NamesOf<RouteOf<S[P][M]>> }[keyof S[P]] }[keyof S]

/** A table route name of the history (`person-detail`, `POST person-list`'s `person-list`); not a plain route. */
type TableName<K> = K extends `${string} /${string}` ? never : K extends `${Uppercase<string>} ${infer Name}` ? Name : K

/** The paths of schema `S` with an endpoint that carries no table name and that the history does not name as a plain route. */
type Unnamed<S, H> = { [P in keyof S]: { [M in keyof S[P]]: [RouteOf<S[P][M]>] extends [never] ? ([KnownPath<P, KnownPaths<H, MethodName<M>>, keyof S>] extends [never] ? P : never) : never }[keyof S[P]] }[keyof S]

/**
 * The table route names the history lays out or changes that no endpoint of the app's schema `S` carries, when `S`
 * has endpoints that may be those routes (named by nothing): the routes of a sub-app mounted with `app.route()`,
 * whose names Hono's merged schema drops (`never` when none).
 */
export type LostNames<S, H> = [Unnamed<S, H>] extends [never] ? never : Exclude<TableName<HistoryRoutes<H>>, CarriedNames<S>>
