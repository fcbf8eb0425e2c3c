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
}

/** What `mountRoutes` needs of a middleware: its table, its scheme, and the per-request work (internal plumbing). */
export interface VersioningEngine {
  /**
   * Determines the version of a request whose table route is known, sets the
   * context variables, or throws the rejection as an `HTTPException`.
   */
  readonly enter: (c: Context, match: RouteMatch | null) => void
  /** Lists the scheme's headers in the response's `Vary`. */
  readonly finish: (res: Response) => Response
  /** The match of a table route matched at Hono's route `index` (params only for schemes that read them). */
  readonly matchOf: (c: Context, index: number, route: CompiledRoute, suffixed: boolean) => RouteMatch
  /** Whether this middleware has already determined the version of the request. */
  readonly entered: (c: Context) => boolean
}

/** Which middleware determined the version of each request. */
const entered = new WeakMap<Context, VersioningEngine>()

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>)

/** The middleware, carrying its table and scheme for `mountRoutes`. */
export type ApiVersioningMiddleware<T extends RouteTable<RouteEntry>, S extends BaseVersioning> = MiddlewareHandler<
  VersioningEnv<T, S>
> & {
  readonly routes: T
  readonly scheme: S
  readonly engine: VersioningEngine
}

const OPTION_NAMES = ['scheme', 'routes', 'errorResponse']

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
  const { scheme, routes, errorResponse = detailResponse } = options
  if (!(scheme instanceof BaseVersioning)) {
    throw new Error('apiVersioning: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).')
  }
  if (!(routes instanceof RouteTable)) {
    throw new Error('apiVersioning: routes must be a route table made with defineRoutes([...]).')
  }
  if (typeof errorResponse !== 'function') {
    throw new Error('apiVersioning: errorResponse must be a function (error, c) => Response.')
  }
  const reverse = createReverse(routes as RouteTable, scheme)
  const vary = scheme.vary
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

  function enter(c: Context, match: RouteMatch | null): void {
    const request = c.req.raw
    let version: string | null
    try {
      version = scheme.determineVersion(request, match)
    } catch (error) {
      if (!(error instanceof VersioningError)) throw error
      // For responses app.onError builds with c.json() and friends.
      for (const name of vary) c.header('Vary', name, { append: true })
      const res = finish(errorResponse(error, c))
      // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
      throw new HTTPException(res.status as ContentfulStatusCode, { res, message: error.detail, cause: error })
    }
    entered.set(c, engine)
    c.set('version', version)
    c.set('versioningScheme', scheme)
    const namespace = match?.namespace ?? null
    c.set('reverse', ((name: string, options?: BoundReverseOptions & object) =>
      reverse(name as never, { ...options, version, request, namespace } as never)) as VersioningVariables<T, S>['reverse'])
  }

  function finish(res: Response): Response {
    if (vary.length === 0) return res
    const merged = mergeVary(res.headers.get('Vary'), vary)
    if (merged === null) return res
    try {
      res.headers.set('Vary', merged)
      return res
    } catch {
      // Immutable headers (a fetch() or Response.redirect() response): copy it.
      const copy = new Response(res.body, res)
      copy.headers.set('Vary', merged)
      return copy
    }
  }

  /** The table route that answers: the first matched Hono route whose path the table serves (Hono runs them in order). */
  function findMatch(c: Context): RouteMatch | null {
    const matched = matchedRoutes(c)
    for (let i = 0; i < matched.length; i++) {
      const entry = byHonoPath.get((matched[i] as { path: string }).path)
      if (entry !== undefined) return matchOf(c, i, entry.route, entry.suffixed)
    }
    return null
  }

  const middleware: MiddlewareHandler<VersioningEnv<T, S>> = async function apiVersioning(c, next) {
    enter(c, findMatch(c))
    await next()
    if (vary.length > 0) {
      const merged = mergeVary(c.res.headers.get('Vary'), vary)
      if (merged !== null) c.header('Vary', merged)
    }
  }
  const engine: VersioningEngine = { enter, finish, matchOf, entered: (c) => entered.get(c) === engine }
  return Object.assign(middleware, { routes, scheme, engine })
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
