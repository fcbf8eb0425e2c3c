/**
 * The Hono middleware: determines the version once per request, puts it in
 * the context with the scheme and a bound `reverse`, turns rejections into
 * `HTTPException`s, and keeps `Vary` right for caches.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { matchedRoutes } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { VersioningError } from '../errors.ts'
import { createReverse, type SchemeKwargs, type SchemeRouteName } from '../reverse.ts'
import { RouteTable, type CompiledRoute, type RouteEntriesOf, type RouteMatch } from '../route-table.ts'
import type { ReverseRest, RouteEntry } from '../route-types.ts'
import { BaseVersioning } from '../schemes/base.ts'
import type { PathGroup } from '../route-versions.ts'
import type { BoundVersionPolicy, VersionPolicy } from '../version-policy.ts'
import { detailResponse } from './error-response.ts'
import { mergeVary } from './vary.ts'

/** Options of a reversal bound to the current request and version. */
export interface BoundReverseOptions {
  /** A format suffix such as `json`, for routes declared with `formats`. */
  readonly format?: string | undefined
}

/** `c.var.reverse`: absolute URLs on the request's origin, carrying the request's version. */
export type BoundReverse<E extends RouteEntry, S> = <const N extends SchemeRouteName<S, E>>(
  name: N,
  ...options: ReverseRest<SchemeKwargs<S, E, N>, BoundReverseOptions>
) => string

/** The context variables the middleware sets. */
export interface VersioningVariables<T extends RouteTable<RouteEntry> = RouteTable, S extends BaseVersioning = BaseVersioning> {
  /** The version of the request (`null` when it carries none and there is no default). */
  version: string | null
  /** The scheme that determined it. */
  versioningScheme: S
  /** Reverses a route name to an absolute URL carrying the request's version. */
  reverse: BoundReverse<RouteEntriesOf<T>, S>
}

/** The Hono `Env` of the middleware, for `createMiddleware<VersioningEnv<...>>` and `new Hono<VersioningEnv<...>>()`. */
export interface VersioningEnv<T extends RouteTable<RouteEntry> = RouteTable, S extends BaseVersioning = BaseVersioning> {
  Variables: VersioningVariables<T, S>
}

/** Options of `apiVersioning`. */
export interface ApiVersioningOptions<T extends RouteTable<RouteEntry>, S extends BaseVersioning> {
  /** The scheme that determines the version. */
  readonly scheme: S
  /** The route table: the route that matched gives the URL-path param and the namespace; `reverse` uses it. */
  readonly routes: T
  /**
   * Builds the response of a rejected version; its status is the answer's (it need not be the error's).
   * @default `{"detail": "<message>"}` as `application/json` with the error's status
   */
  readonly errorResponse?: ((error: VersioningError, c: Context) => Response) | undefined
  /**
   * The version lifecycle told to clients (`versionPolicy({...})`): supported
   * and deprecated versions, `Deprecation`, `Sunset` and `Link` headers, the
   * echoed version, 410 after a sunset.
   * @default undefined (none)
   */
  readonly policy?: VersionPolicy | undefined
}

/** What `mountRoutes` needs of a middleware: its table, its scheme, and the per-request work (internal plumbing). */
export interface VersioningEngine {
  /**
   * Determines the version of a request that matched `route` (or no table
   * route) at Hono's route `index`, chooses among the routes sharing its
   * path by their versions, sets the context variables, or throws the
   * rejection as an `HTTPException`.
   */
  readonly enter: (c: Context, route: CompiledRoute | null, index: number, suffixed: boolean) => void
  /** Adds the response headers: the scheme's names in `Vary`, the policy's headers. */
  readonly finish: (c: Context, res: Response) => Response
  /** Whether `finish` has anything to add. */
  readonly finishes: boolean
  /** The table route chosen for the request (`null`: none), or `undefined` when this middleware has not entered it. */
  readonly routeOf: (c: Context) => CompiledRoute | null | undefined
}

/** What the middleware determined for a request. */
interface RequestState {
  readonly engine: VersioningEngine
  readonly route: CompiledRoute | null
  readonly version: string | null
}

/** Which middleware determined the version of each request, and what it found. */
const states = new WeakMap<Context, RequestState>()

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>)

/** The middleware, carrying its table and scheme for `mountRoutes`. */
export type ApiVersioningMiddleware<T extends RouteTable<RouteEntry>, S extends BaseVersioning> = MiddlewareHandler<
  VersioningEnv<T, S>
> & {
  readonly routes: T
  readonly scheme: S
  readonly engine: VersioningEngine
}

const OPTION_NAMES = ['scheme', 'routes', 'errorResponse', 'policy']

/**
 * Creates the versioning middleware.
 *
 * Rejections (`NotFound`, `NotAcceptable`) are thrown as `HTTPException`
 * whose response is `{"detail": "<message>"}` (404 or 406), so `app.onError`
 * can customise them; `errorResponse` replaces that response. When the scheme
 * reads a request header (`scheme.vary`), every response, errors included,
 * lists it in `Vary`.
 *
 * Handlers mounted with `mountRoutes` determine the version themselves when
 * the middleware has not run for the request, so the middleware is needed
 * only for routes outside the table or for middleware that reads the version.
 *
 * @example
 * ```ts
 * const routes = defineRoutes([include('/v1', [route('user-list', '/users')], { namespace: 'v1' })])
 * const versioning = apiVersioning({ scheme: new NamespaceVersioning({ allowedVersions: ['v1'] }), routes })
 * const app = new Hono()
 * app.use('*', versioning)
 * mountRoutes(app, versioning, {
 *   'user-list': (c) => c.json({ version: c.var.version, self: c.var.reverse('user-list') }),
 * })
 * ```
 */
export function apiVersioning<T extends RouteTable<RouteEntry>, S extends BaseVersioning>(
  options: ApiVersioningOptions<T, S>,
): ApiVersioningMiddleware<T, S> {
  if (options === null || typeof options !== 'object') {
    throw new Error('apiVersioning: pass options such as { scheme: new URLPathVersioning(), routes }.')
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) throw new Error(`apiVersioning: unknown option "${key}"; the options are ${OPTION_NAMES.join(', ')}.`)
  }
  const { scheme, routes, errorResponse = detailResponse, policy } = options
  if (!(scheme instanceof BaseVersioning)) {
    throw new Error('apiVersioning: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).')
  }
  if (!(routes instanceof RouteTable)) {
    throw new Error('apiVersioning: routes must be a route table made with defineRoutes([...]).')
  }
  if (typeof errorResponse !== 'function') {
    throw new Error('apiVersioning: errorResponse must be a function (error, c) => Response.')
  }
  if (policy !== undefined && (policy === null || typeof policy !== 'object' || typeof policy.bind !== 'function')) {
    throw new Error('apiVersioning: policy must come from versionPolicy({...}).')
  }
  const bound: BoundVersionPolicy | null = policy === undefined ? null : policy.bind(scheme)
  const reverse = createReverse(routes as RouteTable, scheme)
  const vary = scheme.vary
  // Routes limited to versions (versioned(), versionNeutral()), grouped by path; none without them.
  const groups: ReadonlyMap<CompiledRoute, PathGroup> = routes.routes.find((r) => r.limit !== null)?.limit?.groups(routes.routes, scheme) ?? new Map()
  // Schemes that read no params get a match built once per route; the others, what they read.
  const reads = scheme.matchParams
  const staticMatches = new Map<CompiledRoute, RouteMatch>()
  for (const route of routes.routes) {
    staticMatches.set(route, Object.freeze({ name: route.name, namespace: route.namespace, viewName: route.viewName, params: NO_PARAMS, path: route.path }))
  }
  // Every Hono path a table route is served at (its suffixed form too), to its route.
  const byHonoPath = new Map<string, { route: CompiledRoute; suffixed: boolean }>()
  for (const route of routes.routes) {
    route.honoPaths.forEach((path, i) => {
      if (!byHonoPath.has(path)) byHonoPath.set(path, { route, suffixed: i > 0 })
    })
  }
  /** The match of `route`, matched at Hono's route `index`. */
  function matchOf(c: Context, index: number, route: CompiledRoute, suffixed: boolean): RouteMatch {
    if (reads === 'none') return staticMatches.get(route) as RouteMatch
    return matchAt(c, index, route, suffixed, reads === 'version' && !suffixed ? scheme.versionParam : null)
  }

  function enter(c: Context, route: CompiledRoute | null, index: number, suffixed: boolean): void {
    const request = c.req.raw
    const group = route === null ? undefined : groups.get(route)
    let version: string | null = null
    let chosen = route
    try {
      try {
        version = scheme.determineVersion(request, route === null ? null : matchOf(c, index, route, suffixed))
      } catch (error) {
        // A version-neutral path answers whatever the request names.
        if (group?.neutral !== true || !(error instanceof VersioningError)) throw error
      }
      if (group !== undefined) {
        chosen = group.choose(version)
        if (chosen === null) throw scheme.rejection()
      }
      if (group?.neutral !== true) bound?.check(version)
    } catch (error) {
      if (!(error instanceof VersioningError)) throw error
      // For responses app.onError builds with c.json() and friends.
      for (const name of vary) c.header('Vary', name, { append: true })
      const res = withHeaders(errorResponse(error, c), (headers) => decorate(headers, error.status === 410 ? version : undefined, group?.versions ?? null))
      // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
      throw new HTTPException(res.status as ContentfulStatusCode, { res, message: error.detail, cause: error })
    }
    states.set(c, { engine, route: chosen, version })
    c.set('version', version)
    c.set('versioningScheme', scheme)
    const namespace = chosen?.namespace ?? null
    c.set('reverse', ((name: string, options?: BoundReverseOptions & object) =>
      reverse(name as never, { ...options, version, request, namespace } as never)) as VersioningVariables<T, S>['reverse'])
  }

  /** The headers every response gets: `Vary`, and the policy's for `version` (`undefined`: a rejection). */
  function decorate(headers: Headers, version: string | null | undefined, versions: ReadonlySet<string> | null): void {
    if (vary.length > 0) {
      const merged = mergeVary(headers.get('Vary'), vary)
      if (merged !== null) headers.set('Vary', merged)
    }
    bound?.decorate(headers, version, versions)
  }

  function finish(c: Context, res: Response): Response {
    if (!finishes) return res
    const state = states.get(c)
    const versions = state?.route == null ? null : (groups.get(state.route)?.versions ?? null)
    return withHeaders(res, (headers) => decorate(headers, state?.version, versions))
  }

  /** Enters the request with the table route that answers: the first matched Hono route whose path the table serves (Hono runs them in order). */
  function enterMatched(c: Context): void {
    const matched = matchedRoutes(c)
    for (let i = 0; i < matched.length; i++) {
      const entry = byHonoPath.get((matched[i] as { path: string }).path)
      if (entry !== undefined) return enter(c, entry.route, i, entry.suffixed)
    }
    enter(c, null, -1, false)
  }

  const finishes = vary.length > 0 || bound !== null
  const middleware: MiddlewareHandler<VersioningEnv<T, S>> = async function apiVersioning(c, next) {
    enterMatched(c)
    await next()
    if (!finishes) return
    const res = finish(c, c.res)
    if (res !== c.res) {
      // A copy (the response's headers were immutable): replace without Hono merging the old headers back.
      c.res = undefined
      c.res = res
    }
  }
  const engine: VersioningEngine = {
    enter,
    finish,
    finishes,
    routeOf: (c) => {
      const state = states.get(c)
      return state?.engine === engine ? state.route : undefined
    },
  }
  return Object.assign(middleware, { routes, scheme, engine })
}

/** `res` with `change` applied to its headers; a copy when they are immutable (a `fetch()` or `Response.redirect()` response). */
function withHeaders(res: Response, change: (headers: Headers) => void): Response {
  try {
    change(res.headers)
    return res
  } catch {
    const copy = new Response(res.body, res)
    change(copy.headers)
    return copy
  }
}

/**
 * The params Hono decoded for the matched route at `index`, as a match of
 * `route` (`suffixed`: matched at its format-suffixed path, whose suffix is
 * split off into `format`). `only`: decode that param alone.
 */
export function matchAt(c: Context, index: number, route: CompiledRoute, suffixed: boolean, only: string | null): RouteMatch {
  const current = c.req.routeIndex
  let decoded: Record<string, string>
  try {
    c.req.routeIndex = index
    if (only !== null) {
      // One param: decode only that one.
      const params: Record<string, string> = Object.create(null) as Record<string, string>
      const value = route.compiled.paramNames.has(only) ? c.req.param(only) : undefined
      if (value !== undefined) params[only] = value
      return { name: route.name, namespace: route.namespace, viewName: route.viewName, params, path: route.path }
    }
    decoded = c.req.param() as Record<string, string>
  } finally {
    c.req.routeIndex = current
  }
  const params: Record<string, string> = Object.create(null) as Record<string, string>
  for (const param of route.compiled.params) {
    if (Object.hasOwn(decoded, param.name)) params[param.name] = decoded[param.name] as string
  }
  if (suffixed && route.format !== null) {
    const split = route.format.split.exec(decoded[route.format.honoParam] ?? '')
    if (split !== null) {
      if (route.format.honoParam !== 'format') params[route.format.honoParam] = split[1] as string
      params['format'] = split[2] as string
    }
  }
  return { name: route.name, namespace: route.namespace, viewName: route.viewName, params, path: route.path }
}
