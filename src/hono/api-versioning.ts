/**
 * The Hono middleware: determines the version once per request, puts it in
 * the context with the scheme and a bound `reverse`, turns rejections into
 * `HTTPException`s, and keeps `Vary` right for caches.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { VersioningError } from '../errors.ts'
import { createReverse, type SchemeKwargs, type SchemeRouteName } from '../reverse/reverse.ts'
import { RouteTable, type CompiledRoute, type RouteEntriesOf, type RouteMatch } from '../routes/table.ts'
import type { ReverseRest, RouteEntry } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { versioningCore, type VersioningCoreOptions } from './versioning-core.ts'

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

/** Options of `apiVersioning`: the scheme, the route table, and the options both middlewares take. */
export interface ApiVersioningOptions<T extends RouteTable<RouteEntry>, S extends BaseVersioning> extends VersioningCoreOptions<S> {
  /** The route table: the route that matched gives the URL-path param and the namespace; `reverse` uses it. */
  readonly routes: T
}

/** What `mountRoutes` needs of a middleware: its table, its scheme, and the per-request work (internal plumbing). */
export interface VersioningEngine {
  /**
   * Determines the version of a request that matched `route` (or no table
   * route) at Hono's route `index`, sets the context variables, or throws
   * the rejection as an `HTTPException`.
   */
  readonly enter: (c: Context, route: CompiledRoute | null, index: number, suffixed: boolean) => RequestState
  /** What this middleware determined for the request, or `undefined` when it has not entered it. */
  readonly state: (c: Context) => RequestState | undefined
  /**
   * The rejection of a request whose routes lack its version, as the
   * `HTTPException` to throw; it reports `versions` and those of the routes
   * tried before (`state.tried`).
   */
  readonly reject: (c: Context, state: RequestState, versions: ReadonlySet<string> | null) => Error
  /** Adds the response headers: the scheme's names in `Vary`, the policy's headers. */
  readonly finish: (state: RequestState, res: Response) => Response
  /** Adds them to `c.res`, after the handlers ran. */
  readonly finishContext: (c: Context, state: RequestState) => void
  /** Whether `finish` has anything to add. */
  readonly finishes: boolean
}

/** What a middleware determined for a request. */
export interface RequestState {
  /** The table route that answers (or that matched, until one answers), `null` for none. */
  route: CompiledRoute | null
  readonly version: string | null
  /** Whether the response is a rejection that already has its headers. */
  rejected: boolean
  /** The versions of routes tried and passed over for the request's version (`null`: all), `undefined` before any. */
  tried?: Set<string> | null | undefined
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>)

/** The middleware, carrying its table and scheme for `mountRoutes`. */
export type ApiVersioningMiddleware<T extends RouteTable<RouteEntry>, S extends BaseVersioning> = MiddlewareHandler<
  VersioningEnv<T, S>
> & {
  readonly routes: T
  readonly scheme: S
  readonly engine: VersioningEngine
}

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
  const core = versioningCore('apiVersioning', options, ['routes'])
  const { scheme, routes } = options
  if (!(routes instanceof RouteTable)) {
    throw new Error('apiVersioning: routes must be a route table made with defineRoutes([...]).')
  }
  const reverse = createReverse(routes as RouteTable, scheme)
  // Routes limited to versions (versioned(), versionNeutral()): checked against the scheme.
  routes.routes.find((r) => r.limit !== null)?.limit?.check(routes.routes, scheme)
  /** What this middleware determined for each request. */
  const states = new WeakMap<Context, RequestState>()
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

  function enter(c: Context, route: CompiledRoute | null, index: number, suffixed: boolean): RequestState {
    const request = c.req.raw
    const neutral = route?.limit?.neutral === true
    let version: string | null = null
    try {
      try {
        version = scheme.determineVersion(request, route === null ? null : matchOf(c, index, route, suffixed))
      } catch (error) {
        // A version-neutral route answers whatever the request names.
        if (!neutral || !(error instanceof VersioningError)) throw error
      }
      if (!neutral) core.policy?.check(version)
    } catch (error) {
      if (!(error instanceof VersioningError)) throw error
      throw core.reject(c, error, error.status === 410 ? version : undefined, route?.limit?.versions ?? null)
    }
    const state: RequestState = { route, version, rejected: false }
    states.set(c, state)
    c.set('version', version)
    c.set('versioningScheme', scheme)
    const namespace = route?.namespace ?? null
    c.set('reverse', ((name: string, options?: BoundReverseOptions & object) =>
      reverse(name as never, { ...options, version, request, namespace } as never)) as VersioningVariables<T, S>['reverse'])
    return state
  }

  /** The versions of the route that answers the request, for the policy's report (`null`: all). */
  function versionsOf(state: RequestState): ReadonlySet<string> | null {
    return state.route?.limit?.versions ?? null
  }

  /** Enters the request with the table route that answers: the first matched Hono route whose path the table serves (Hono runs them in order). */
  function enterMatched(c: Context): RequestState {
    const matched = matchedRoutes(c)
    for (let i = 0; i < matched.length; i++) {
      const entry = byHonoPath.get((matched[i] as { path: string }).path)
      if (entry !== undefined) return enter(c, entry.route, i, entry.suffixed)
    }
    return enter(c, null, -1, false)
  }

  const middleware: MiddlewareHandler<VersioningEnv<T, S>> = async function apiVersioning(c, next) {
    const state = enterMatched(c)
    await next()
    // A mounted handler that rejected the request gave its response the headers.
    if (core.finishes && !state.rejected) engine.finishContext(c, state)
  }
  const engine: VersioningEngine = {
    enter,
    state: (c) => states.get(c),
    reject(c, state, versions) {
      // The rejection gets its headers here; the middleware adds none after the handlers.
      state.rejected = true
      const { tried } = state
      const all = tried === null || versions === null ? null : tried === undefined ? versions : new Set([...tried, ...versions])
      return core.reject(c, scheme.rejection(), undefined, all)
    },
    finish: (state, res) => core.finish(res, state.version, versionsOf(state)),
    finishContext: (c, state) => core.finishContext(c, state.version, versionsOf(state)),
    finishes: core.finishes,
  }
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
