/**
 * Compile-time view of a route table: which names exist and which parameters
 * each name takes, derived from the Hono path syntax of the declared paths
 * (`/users/:pk{[0-9]+}`, `/files/:name?`).
 */

/** A value a path parameter can be reversed from. */
export type ParamValue = string | number

/** One flattened route as the type system sees it: its full name and full path. */
export interface RouteEntry {
  readonly name: string
  readonly path: string
}

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P

type ParamOfBody<B extends string> = B extends `${infer Name}{${string}}?`
  ? { name: Name; optional: true }
  : B extends `${infer Name}{${string}}`
    ? { name: Name; optional: false }
    : B extends `${infer Name}?`
      ? { name: Name; optional: true }
      : { name: B; optional: false }

type ParamOfSegment<S extends string> = S extends `:${infer Body}` ? ParamOfBody<Body> : never

type Params<P extends string> = ParamOfSegment<Segments<P>>

/** `T` with its intersections flattened into one object type, as editors show it. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** Whether a `/` stands inside a `{...}` pattern, which splitting on `/` would misread. */
type SlashInPattern<P extends string> = P extends `${string}{${infer Inside}}${infer Rest}`
  ? Inside extends `${string}/${string}`
    ? true
    : SlashInPattern<Rest>
  : false

/** The keyword parameters of one path, e.g. `{ pk: ParamValue }` for `/users/:pk{[0-9]+}`. */
export type PathParams<P extends string> = string extends P
  ? Readonly<Record<string, ParamValue>>
  : SlashInPattern<P> extends true
    ? Readonly<Record<string, ParamValue>> // a pattern with "/" inside: checked at run time
    : Simplify<
      { readonly [K in Extract<Params<P>, { optional: false }>['name']]: ParamValue } & {
        readonly [K in Extract<Params<P>, { optional: true }>['name']]?: ParamValue
      }
    >

/** The keyword parameters a route name takes: one object per route declared with that name. */
export type KwargsOf<E extends RouteEntry, N extends string> = string extends E['name']
  ? Readonly<Record<string, ParamValue>> // a table whose names are not known at compile time
  : E extends { readonly name: N; readonly path: infer P extends string }
    ? PathParams<P>
    : never

/** Every name of a table, namespaced (`v1:user-detail`). */
export type RouteName<E extends RouteEntry> = E['name']

/** The names after any leading namespaces: `b:c` and `c` for `a:b:c`. */
export type NamespaceSuffixes<N extends string> = N extends `${string}:${infer Rest}` ? Rest | NamespaceSuffixes<Rest> : never

/**
 * The options of a reversal (`table.reverse`, `createReverse`, a scheme's
 * `reverse`): the parameters (`args` or `kwargs`), a format suffix, the
 * current request and version. Typed reversals check `args`/`kwargs` against
 * the table; `c.var.reverse` takes only the parameters and `format`.
 */
export interface ReverseOptions {
  /** Positional values, in the order of the path's params. */
  readonly args?: readonly ParamValue[] | undefined
  /** Values by param name. */
  readonly kwargs?: Readonly<Record<string, ParamValue | undefined>> | undefined
  /** A format suffix such as `json`, for routes declared with `formats`. */
  readonly format?: string | undefined
  /**
   * The current request. When given, the URL is absolute on the request's
   * origin; with `createReverse`, an incoming format override query parameter
   * (`?format=`) is carried over too.
   */
  readonly request?: Pick<Request, 'url'> | undefined
  /**
   * The version of the current request (DRF's `request.version`): versioned
   * reversal carries it; every reversal refuses routes that do not exist in
   * it (`versioned()`). `null` or absent adds no version.
   */
  readonly version?: string | null | undefined
  /** The namespace of the route that matched the current request (`api:v1`), which namespaced reversal prefers. */
  readonly namespace?: string | null | undefined
}

/** Positional `args` or keyword `kwargs`, never both. */
export type ParamsOption<K> =
  | (({} extends K ? { readonly kwargs?: K | undefined } : { readonly kwargs: K }) & { readonly args?: undefined })
  | { readonly args: readonly ParamValue[]; readonly kwargs?: undefined }

/** The rest parameter of a reversal: optional when some route of that name needs no parameter. */
export type ReverseRest<K, O extends object = Omit<ReverseOptions, 'args' | 'kwargs'>> = [K] extends [never]
  ? [options: never]
  : {} extends K
    ? [options?: O & ParamsOption<K>]
    : [options: O & ParamsOption<K>]
