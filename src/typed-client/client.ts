/**
 * A typed client per version: Hono's `hc`, typed with the shapes of the
 * version it is pinned to (derived from the history's changes), sending that
 * version where the server's scheme reads it, and reporting the version's
 * lifecycle (`Deprecation`, `Sunset`, `Link`) when it first sees it.
 */
import type { Hono } from 'hono'
import { hc } from 'hono/client'
import type { ClientRequestOptions } from 'hono/client'
import type { ExtractSchema } from 'hono/types'
import type { ClientErrorStatusCode, ServerErrorStatusCode, SuccessStatusCode } from 'hono/utils/http-status'
import { sameLifecycle, versionLifecycle, type VersionLifecycle } from './lifecycle.ts'
import type { LayoutValue } from '../changes/shape.ts'
import type { IsEnvelope, IsHeadVersion, IsPartial, LayoutOf, MergePatch, MethodExistsAt, RelaidAt, RouteExistsAt, StatusAt, VersionsOf } from './older.ts'
import type { DeclaredParamsAt, ParamNameAt, ParamRequiredAt, ParamValueAt } from './older-params.ts'
import type { AtPathIn, LostNames, MethodName, PlainPathOf, RouteKeyOf, RouteOf, TablePathAt, Unpatterned, WrittenVersion } from './route-keys.ts'
import { clientPlacement, hostnameRegexOf, placeVersion, withVersionedUrls, type ClientPlacement, type PlacingScheme } from './placement.ts'
import { isHeaderName, isHeaderValue } from '../http/header-name.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { quotedValue } from '../quote.ts'

/** Whether an endpoint (route `R`) is there in version `V`: within the versions `versioned()` limits it to, its route exists then, and a namespaced route is in `V`'s namespace. */
type Serves<E, R extends string, H, V extends string, M extends string> = E extends { readonly '~versions'?: infer L }
  ? [Exclude<L, undefined>] extends [never]
    ? ServedByHistory<R, H, V, M>
    : V extends Exclude<L, undefined>
      ? ServedByHistory<R, H, V, M>
      : false
  : ServedByHistory<R, H, V, M>
type ServedByHistory<R extends string, H, V extends string, M extends string> = R extends `${string} /${string}`
  ? RouteExistsAt<H, R, V>
  : R extends `${infer NS}:${string}`
    ? NS extends VersionsOf<H>
      ? NS extends V
        ? MethodExistsAt<H, R, M, V>
        : false
      : MethodExistsAt<H, R, M, V>
    : MethodExistsAt<H, R, M, V>

/**
 * An endpoint's input (route `R`, method `M`) as version `V` has it: without the path param `P` (the client fills
 * it), its validators' query parameters and headers under `V`'s names, and, when the history lays out a request body,
 * `json` in `V`'s shapes alone (not the head validator's input intersected with them), or `form` for a validator of a
 * form.
 */
type InputAt<I, R extends string, H, V extends string, M extends string, P extends string> = BodyIn<Renamed<WithoutParam<I, P>, R, H, V, M>, R, H, V, M>
type BodyIn<I, R extends string, H, V extends string, M extends string> = [LayoutOf<H, R, M, 'request'>] extends [never]
  ? I
  : I extends { form: infer F }
    ? I extends { json: unknown }
      ? I
      : Flat<Omit<I, 'form'> & { form: FormFields<SentBody<F, LayoutOf<H, R, M, 'request'>, H, V, M, R>> }>
    : HeadEnvelope<H, V, LayoutOf<H, R, M, 'request'>> extends true
      ? I extends { json: unknown }
        ? I
        : WithBody<I, SentBody<unknown, LayoutOf<H, R, M, 'request'>, H, V, M, R>>
      : WithBody<I, SentBody<I extends { json: infer J } ? J : unknown, LayoutOf<H, R, M, 'request'>, H, V, M, R>>
/** An envelope layout in the head version: the head's body is as the handler or validator types it, as with plain `hc`. */
type HeadEnvelope<H, V extends string, L> = IsHeadVersion<H, V> extends true ? IsEnvelope<L> : false
/**
 * The body version `V` sends for the validator's head body `J` laid out by `L` (route `R`): a PATCH body, or one its
 * `bodies` entry says is `partial`, is a partial update (JSON Merge Patch), as the server reads it in an older
 * version; in the head, which the toolkit leaves to the app, the validator's own input when it types one (as `hc`).
 */
type SentBody<J, L, H, V extends string, M extends string, R extends string> = IsPartial<H, R, M> extends true
  ? IsHeadVersion<H, V> extends true
    ? unknown extends J
      ? MergePatch<RelaidAt<H, J, L, V, 'request'>>
      : J
    : MergePatch<RelaidAt<H, J, L, V, 'request'>>
  : RelaidAt<H, J, L, V, 'request'>
/** A body sent as a form (a validator of `form`): its fields as a form carries them, text (or files) only. */
type FormFields<B> = { [K in keyof B]: B[K] extends string | File | readonly (string | File)[] | undefined ? B[K] : string }
type WithBody<I, Body> = Flat<{ [K in keyof I as K extends 'json' ? never : K]: I[K] } & { json: Body }>
type Flat<T> = { [K in keyof T]: T[K] }
type WithoutParam<I, P extends string> = I extends { param: infer Q } ? ([Exclude<keyof Q, P>] extends [never] ? Omit<I, 'param'> : Flat<Omit<I, 'param'> & { param: Flat<Omit<Q, P>> }>) : I
/**
 * The query parameters and headers of input `I` under the names version `V` gives them, with the values its checked
 * parameter shapes take; an index signature (a validator that takes any other name too, `z.looseObject`) kept as it is.
 */
type Renamed<I, R extends string, H, V extends string, M extends string> = IsHeadVersion<H, V> extends true
  ? I
  : { [K in keyof I]: K extends 'query' | 'header' ? NamedAt<I[K], R, H, V, M, K> : I[K] }
type NamedAt<Q, R extends string, H, V extends string, M extends string, K> = Flat<
  {
    [N in keyof Q as string extends N ? N : number extends N ? N : ParamRequiredAt<H, R, M, V, N, K> extends boolean ? never : ParamNameAt<H, R, M, V, N, K & ('query' | 'header')>]: string extends N ? Q[N] : number extends N ? Q[N] : ParamValueAt<H, R, M, V, N, K, Q[N]>
  } & { [N in keyof Q as RequiredIn<H, R, V, M, N, K, true>]-?: Exclude<ParamValueAt<H, R, M, V, N, K, Q[N]>, undefined> } & { [N in keyof Q as RequiredIn<H, R, V, M, N, K, false>]?: ParamValueAt<H, R, M, V, N, K, Q[N]> | undefined } & DeclaredParamsAt<H, R, M, V, K, NamesAt<Q, R, H, V, M, K>>
>
/** The names version `V` gives the parameters of `Q` (`K`: `query` or `header`). */
type NamesAt<Q, R extends string, H, V extends string, M extends string, K> = { [N in keyof Q]-?: ParamNameAt<H, R, M, V, N, K & ('query' | 'header')> }[keyof Q]
/** Version `V`'s name of parameter `N` where a newer value change says `V` requires it (`olderRequired`) as `Is`, else `never`. */
type RequiredIn<H, R extends string, V extends string, M extends string, N, K, Is extends boolean> = string extends N
  ? never
  : number extends N
    ? never
    : [ParamRequiredAt<H, R, M, V, N, K>] extends [Is]
      ? ParamNameAt<H, R, M, V, N, K & ('query' | 'header')>
      : never

/**
 * The success body route `R` answers version `V` with, from the handler's `O` (format `F`), in `V`'s shapes; `unknown`
 * (the handler's own, as plain `hc` types it) when the history lays out none, for an envelope in the head, and for a
 * handler typed to answer no JSON (`c.body(null, 204)`, `c.text(...)`: the server migrates no such body).
 */
type AnsweredAt<O, F, R extends string, H, V extends string, M extends string> = [LayoutOf<H, R, M, 'response'>] extends [never]
  ? unknown
  : HeadEnvelope<H, V, LayoutOf<H, R, M, 'response'>> extends true
    ? unknown
    : NotJson<F> extends true
      ? unknown
      : RelaidAt<H, F extends 'json' ? O : unknown, LayoutOf<H, R, M, 'response'>, V>
/** Whether a handler's output format says it answers no JSON: a literal format other than `json` (an untyped `Response`'s is `string`). */
type NotJson<F> = string extends F ? false : [F] extends ['json'] ? false : 'json' extends F ? false : true

/**
 * The error body (400 and above) route `R` answers version `V` with, from the handler's JSON `O`, in `V`'s shapes where
 * it is of the error layout's head type (the route's `error`, else the history's `errors`), as the server migrates
 * only a body that fits the layout; `unknown` (the handler's own) otherwise.
 */
type ErredAt<O, F, R extends string, H, V extends string, M extends string> = [LayoutOf<H, R, M, 'error'>] extends [never]
  ? unknown
  : IsHeadVersion<H, V> extends true
    ? unknown
    : F extends 'json'
      ? [O] extends [LayoutValue<LayoutOf<H, R, M, 'error'>>]
        ? RelaidAt<H, O, LayoutOf<H, R, M, 'error'>, V>
        : unknown
      : unknown

/** An endpoint (route `R`, method `M` such as `$post`) as version `V` has it: success and error responses in the version's shapes, other statuses as the handler types them. */
type EndpointAt<E, R extends string, H, V extends string, P extends string, M> = E extends { input: infer I; output: infer O; outputFormat: infer F; status: infer S }
  ? EndpointIn<InputAt<I, R, H, V, MethodName<M>, P>, AnsweredAt<O, F, R, H, V, MethodName<M>>, ErredAt<O, F, R, H, V, MethodName<M>>, O, F, StatusAt<H, R, MethodName<M>, V, S>>
  : never
type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode
/** An endpoint's statuses `S` in parts: the success ones answering `Body`, the errors `Erred` (each the handler's `O` where `unknown`), the others `O`. */
type EndpointIn<I, Body, Erred, O, F, S> = unknown extends Body
  ? unknown extends Erred
    ? { input: I; output: O; outputFormat: F; status: S }
    : Parts<I, O, F, Erred, O, F, S>
  : Parts<I, Body, 'json', Erred, O, F, S>
type Parts<I, Body, BodyFormat, Erred, O, F, S> =
  | Part<I, Body, BodyFormat, Extract<S, SuccessStatusCode>>
  | (unknown extends Erred ? Part<I, O, F, Extract<S, ErrorStatus>> : Part<I, Erred, 'json', Extract<S, ErrorStatus>>)
  | Part<I, O, F, Exclude<S, SuccessStatusCode | ErrorStatus>>
type Part<I, O, F, S> = [S] extends [never] ? never : { input: I; output: O; outputFormat: F; status: S }

/**
 * The methods of path `Path` that version `V` serves: their route exists then, at this path, and the path writes no
 * other version where the app's other paths have the version param `P` (`/v1/special`: version v1's alone).
 */
type MethodsAt<Ms, Path, H, V extends string, AppPaths, P extends string> = [WrittenVersion<Path, AppPaths, P, VersionsOf<H>>] extends [never]
  ? ServedMethods<Ms, Path, H, V, AppPaths>
  : V extends WrittenVersion<Path, AppPaths, P, VersionsOf<H>>
    ? ServedMethods<Ms, Path, H, V, AppPaths>
    : never
type ServedMethods<Ms, Path, H, V extends string, AppPaths> = {
  [M in keyof Ms]: true extends Serves<Ms[M], RouteKeyOf<Ms[M], Path, M, H, AppPaths>, H, V, MethodName<M>>
    ? true extends AtPathIn<H, RouteKeyOf<Ms[M], Path, M, H, AppPaths>, PlainPathOf<Path, M, H, AppPaths>, V>
      ? M
      : never
    : never
}[keyof Ms]

/** The client path of `Path` in version `V`: without its params' patterns, and a table route's older path before a move. */
type PathAt<Ms, Path extends string, H, V extends string> = TablePathAt<H, { [M in keyof Ms]: RouteOf<Ms[M]> }[keyof Ms], Unpatterned<Path>, V>

/**
 * The Hono schema of app type `App` as version `V` of history `H` has it:
 * routes that do not exist in `V` left out, bodies in `V`'s shapes, the
 * path param `P` filled by the client, paths without their params' patterns,
 * a moved route at the path `V` has it.
 */
export type SchemaAt<App, H, V extends string, P extends string = 'version'> = SchemaOf<ExtractSchema<App>, H, V, P, keyof ExtractSchema<App>>
type SchemaOf<S, H, V extends string, P extends string, AppPaths> = {
  [Path in keyof S as [MethodsAt<S[Path], Path, H, V, AppPaths, P>] extends [never] ? never : PathAt<S[Path], Path & string, H, V>]: {
    [M in MethodsAt<S[Path], Path, H, V, AppPaths, P> & keyof S[Path]]: EndpointAt<S[Path][M], RouteKeyOf<S[Path][M], Path, M, H, AppPaths>, H, V, P, M>
  }
}

/** The client of version `V`: Hono's `hc` client of the app as that version has it. */
export type VersionedClient<App, H, V extends string, P extends string = 'version'> = ReturnType<typeof hc<Hono<{}, SchemaAt<App, H, V, P>, '/'>>>

/** A `fetch` the client calls (the global `fetch`, `app.request` in tests, a service binding's `fetch`). */
export type ClientFetch = (input: string, init: RequestInit) => Response | Promise<Response>

/** Options of `versionedClient`. */
export interface VersionedClientOptions {
  /** Where the version goes in each request: the counterpart of the server's scheme, or that scheme itself (its `placement` is read). */
  readonly scheme: ClientPlacement | PlacingScheme
  /**
   * The `fetch` to call.
   * @default globalThis.fetch
   */
  readonly fetch?: ClientFetch | undefined
  /**
   * Headers every request carries (a function: computed per request, such as a fresh token).
   * @default undefined (none)
   */
  readonly headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>) | undefined
  /**
   * Called when a response first reports that the version is deprecated or
   * has a sunset, and again when what it reports changes.
   * @default undefined
   */
  readonly onLifecycle?: ((lifecycle: VersionLifecycle, version: string) => void) | undefined
}

/**
 * The base URL `versionedClient` takes: a string, unless the app's type has lost table routes the history lays out
 * (a sub-app of `mountRoutes` mounted with `app.route()`, whose names Hono's merged schema drops): then a sentence
 * saying so, which no URL matches, so that the older versions of those routes are not typed with the head's shapes.
 */
export type BaseUrlOf<App, H> = [LostNames<ExtractSchema<App>, H>] extends [never]
  ? string
  : `versionedClient: the type of this app has lost the names of table routes ${LostNames<ExtractSchema<App>, H>} (a sub-app mounted with app.route()); give the sub-app's type and put its prefix in the base URL`

/**
 * A scheme that sends the version off the path (a header, `Accept`, the query, the host, a namespace): no path param
 * of a route is the version then (`/packages/:name/:version` is a package's version), so the client leaves each to
 * the caller, as `hc` does, whatever `P` names.
 */
type OffPathScheme =
  | { readonly in: 'header' | 'accept' | 'query' | 'host' | 'namespace' }
  | (PlacingScheme & { readonly kind: 'header' | 'accept-header' | 'query-parameter' | 'host-name' | 'namespace' })
/** Options whose scheme sends the version off the path. */
type OffPathOptions = VersionedClientOptions & { readonly scheme: OffPathScheme }

/** Makes the client of one version. */
export type ClientOfVersion<App, H, P extends string> = <const V extends VersionsOf<H>>(version: V) => VersionedClient<App, H, V, P>

/**
 * Typed clients of an app, one per version: give the app's type (with its
 * routes: what `mountRoutes` returns) and the history's type, then ask for
 * the client of a version. Each is Hono's `hc`, typed with that version's
 * shapes; it sends the version as `scheme` says. Imports no server code: the
 * types come through `import type`.
 *
 * @example
 * ```ts
 * import type { CatalogApp } from './app.ts'
 * import type { catalogHistory } from './changes.ts'
 * const catalog = versionedClient<CatalogApp, typeof catalogHistory>('https://catalog.test', { scheme: { in: 'query' } })
 * const v1 = catalog('v1')
 * const res = await v1.query.products[':id'].$get({ param: { id: '1' } })
 * if (res.ok) console.log((await res.json()).name)
 * ```
 */
export function versionedClient<App extends Hono<any, any, any>, H, P extends string = 'version'>(baseUrl: BaseUrlOf<App, H>, options: OffPathOptions): ClientOfVersion<App, H, P & never>
export function versionedClient<App extends Hono<any, any, any>, H, P extends string = 'version'>(baseUrl: BaseUrlOf<App, H>, options: VersionedClientOptions): ClientOfVersion<App, H, P>
export function versionedClient<App extends Hono<any, any, any>, H, P extends string = 'version'>(baseUrl: BaseUrlOf<App, H>, options: VersionedClientOptions): ClientOfVersion<App, H, P> {
  const where = 'versionedClient'
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw new Error(`${where}: the base URL must be an absolute URL such as "https://api.example.com", got ${quotedValue(baseUrl)}.`)
  // hc appends each route's path to the base URL as text: a query or fragment would take the path in (`/?key=1%2Fproducts`).
  if (/[?#]/.test(baseUrl)) throw new Error(`${where}: the base URL must be an absolute URL without a query or fragment (each route's path is appended to it), such as "https://api.example.com", got ${quotedValue(baseUrl)}.`)
  if (!isRecord(options)) throw new Error(`${where}: pass options such as { scheme: { in: 'header', name: 'Api-Version' } }.`)
  checkOptionNames(options, where, ['scheme', 'fetch', 'headers', 'onLifecycle'])
  const { headers, onLifecycle } = options
  const scheme = clientPlacement(options.scheme)
  const reads = hostnameRegexOf(options.scheme)
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new Error(`${where}: fetch must be a function such as globalThis.fetch.`)
  if (onLifecycle !== undefined && typeof onLifecycle !== 'function') throw new Error(`${where}: onLifecycle must be a function (lifecycle, version) => void.`)
  // Fixed headers are read now (a function's, at each request): one no request can carry failed every call instead.
  if (headers !== undefined && typeof headers !== 'function' && (!isRecord(headers) || !carried(headers))) {
    throw new Error(`${where}: headers must be a function or an object of header names and values a request can carry (no line break, Latin-1 text), such as { Authorization: 'Bearer ...' }.`)
  }
  // The placement's own options are checked now, with a sample version; each version is checked when its client is made.
  placeVersion(scheme, 'v1', baseUrl, reads)
  // What the server last reported of each version, for every client of it made here: one made per call reports once.
  const reported = new Map<string, VersionLifecycle>()
  return function clientOf<const V extends VersionsOf<H>>(version: V): VersionedClient<App, H, V, P> {
    const place = placeVersion(scheme, version, baseUrl, reads)
    const send: ClientFetch = options.fetch ?? ((input, init) => fetch(input, init))
    async function versionedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = input instanceof Request ? input : null
      const url = new URL(request?.url ?? String(input))
      const sent = new Headers(init?.headers ?? request?.headers)
      place(url, sent)
      const response = await send(url.href, { ...init, headers: sent })
      if (onLifecycle !== undefined) {
        const lifecycle = versionLifecycle(response)
        if (lifecycle !== null && !sameLifecycle(lifecycle, reported.get(version) ?? null)) {
          reported.set(version, lifecycle)
          onLifecycle(lifecycle, version)
        }
      }
      return response
    }
    const hcOptions: ClientRequestOptions = headers === undefined ? { fetch: versionedFetch } : { fetch: versionedFetch, headers }
    // $url() and $path() carry the version too, though hc builds them without calling fetch.
    return withVersionedUrls(hc<Hono<{}, SchemaAt<App, H, V, P>, '/'>>(baseUrl, hcOptions), place, baseUrl) as VersionedClient<App, H, V, P>
  }
}

/** Whether a request can carry `headers`: names that are tokens, values of Latin-1 text without a line break (as every runtime sends them). */
function carried(headers: object): boolean {
  return Object.entries(headers).every(([name, value]) => isHeaderName(name) && isHeaderValue(value))
}
