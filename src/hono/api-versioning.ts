/**
 * The Hono middleware with a route table: the table route Hono answers with
 * gives the match the scheme reads; the version, the scheme and a bound
 * `reverse` go in the context; `mountRoutes` (mount-routes.ts) serves the
 * table's routes through the same request path.
 */
import type { Context, MiddlewareHandler, Next } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { AppRoutes } from '../pipeline/extension.ts'
import type { Visit } from '../pipeline/visit.ts'
import { reverseUnder, trustedOrigin } from '../reverse/create-reverse.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { VersioningError } from '../errors.ts'
import { fitsPatterns, type RouteMatch } from '../routes/resolve.ts'
import { matchAt } from './match-at.ts'
import { hasEncodedSlash } from '../http/request-url.ts'
import { RouteTable } from '../routes/table.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { hostsFollowed } from '../http/allowed-hosts.ts'
import { ANSWERS } from '../http/middleware-answers.ts'
import type { ReverseOptions, RouteEntry } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { honoEngine, NOWHERE, runNext, type HonoEngine, type Place } from './engine.ts'
import { mountedRoute, mountedServing, union, type Served } from './mounted-handlers.ts'
import { linkBase, splitTable } from './mount-base.ts'
import { baseOf, relativeTo, type MountedRoute } from '../routes/mounted-apps.ts'
import type { VersioningEnv } from './variables.ts'
import { routeExistsOf } from '../changes/history-plans.ts'
import { checkLimits, unfinishedErrors, unservedOperations } from './table-checks.ts'
import type { RouteLifeOf } from '../model/served.ts'
import { operationVersions } from '../model/reported.ts'
import type { MiddlewareOptions } from './middleware-options.ts'

/** Options of `apiVersioning`: the scheme, the route table, and the options both middlewares take. */
export interface ApiVersioningOptions<T extends RouteTable<RouteEntry>, S extends BaseVersioning> extends MiddlewareOptions<S> {
  /** The route table: the route that matched gives the URL-path param and the namespace; `reverse` uses it. */
  readonly routes: T
  /**
   * The origin (or base URL) of the absolute links `c.var.reverse` builds, instead of the request's: set it (or
   * `allowedHosts`) so that a client's `Host` never reaches a link.
   * @default undefined (the request's origin)
   */
  readonly origin?: string | undefined
}

/** The middleware, carrying its table and scheme for `mountRoutes`. */
export type ApiVersioningMiddleware<T extends RouteTable<RouteEntry>, S extends BaseVersioning> = MiddlewareHandler<VersioningEnv<T, S>> & {
  readonly routes: T
  readonly scheme: S
  /**
   * Configuration that works but is almost always a mistake, as sentences that say what to fix (none: an empty
   * list): the scheme's (`scheme.check()`, `scheme.checkTable`), links that follow the client's `Host` (neither
   * `allowedHosts` nor `origin`), and, given the app, what the extensions find in its routes (the version changes'
   * names that no route of the app serves, handlers their layouts cannot migrate), a table served under more than one
   * prefix with different routes, and an operation its `mountRoutes` handlers serve that no version serves (the
   * model's light part, hono/table-checks.ts). Call it in a test or at startup in development, once the app's routes
   * are registered.
   */
  readonly check: (app?: AppRoutes) => readonly string[]
}

/** What `mountRoutes` serves a middleware's table through (not part of the API). */
export interface TableServing {
  readonly routes: RouteTable
  /** The middleware's request path: its one entry (`serve`), and what a handler inside it reads. */
  readonly engine: HonoEngine
  /**
   * Where a request answered by `route` is served, matched at Hono's route
   * `index` (`suffixed`: at its format-suffixed path) by the handler that
   * serves `own` there, with the candidates of the handlers Hono runs from
   * there on (`candidatesFrom`); `null`: no handler serves the method there.
   */
  placeAt(c: Context, route: CompiledRoute, index: number, suffixed: boolean, own: Served | null): Place
  /** The scheme's rejection of a version no route serves. */
  versionRejection(): VersioningError
  /** Which methods of a route the version changes leave in a version (the `changes` option's route life, read once), or `undefined`: none removed. */
  readonly life: RouteLifeOf | undefined
  /** The versions that serve `method` with `routes` (`null`: every version): the model's light part, asked once per handler and method as `mountRoutes` mounts it. */
  reported(method: string, routes: readonly CompiledRoute[]): ReadonlySet<string> | null
}

/** The property of the middleware `mountRoutes` finds its table serving under (not part of the API). */
export const SERVING: unique symbol = Symbol('hono-api-versioning table serving')

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>)

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
export function apiVersioning<T extends RouteTable<RouteEntry>, S extends BaseVersioning>(options: ApiVersioningOptions<T, S>): ApiVersioningMiddleware<T, S> {
  const engine = honoEngine(
    'apiVersioning',
    options,
    ['routes', 'origin'],
    () => {
      if (!(options.routes instanceof RouteTable)) {
        throw new Error('apiVersioning: routes must be a route table made with defineRoutes([...]).')
      }
      return new Set(options.routes.routes.flatMap((route) => route.names))
    },
    // The bound reverse of an accepted visit; its links under the prefix of a sub-app serving the table, read once.
    (c: Context, visit: Visit) => {
      const { version, request } = visit
      const namespace = visit.route?.namespace ?? null
      let base: string | undefined
      c.set('reverse', (name: string, options?: Pick<ReverseOptions, 'format'> & object) =>
        reverse(name, { ...options, version, request, namespace }, (base ??= tableBase(c))),
      )
    },
  )
  const { scheme, routes } = options
  checkLimits(routes, scheme)
  const reverse = reverseUnder(routes as RouteTable, scheme, options.origin === undefined ? {} : { origin: trustedOrigin(options.origin, 'apiVersioning') })
  // Schemes that read no params get a match built once per route, and a place once per route and method; the others, what they read.
  const reads = scheme.matchParams
  const staticMatches = new Map<CompiledRoute, RouteMatch>()
  for (const route of routes.routes) {
    staticMatches.set(route, Object.freeze({ name: route.name, namespace: route.namespace, viewName: route.viewName, params: NO_PARAMS, path: route.path }))
  }
  // Every Hono path a table route is served at (its suffixed form too), to its route.
  const byHonoPath = new Map<string, PathEntry>()
  for (const route of routes.routes) {
    route.honoPaths.forEach((path, i) => {
      if (!byHonoPath.has(path)) byHonoPath.set(path, { route, suffixed: i > 0, known: null })
    })
  }
  const ours = new Set<CompiledRoute>(routes.routes)
  /**
   * The table's path entry of a route Hono matched: at a table path, or at one under the prefix a sub-app serving
   * the table is mounted at (`app.route('/api', sub)`), where the handler is one this table's `mountRoutes`
   * registered (known once per route Hono lists).
   */
  const mountedAt = new WeakMap<object, PathEntry | null>()
  function entryOf(matched: MountedRoute): PathEntry | undefined {
    return byHonoPath.get(matched.path) ?? (matched.basePath === '/' || matched.basePath === undefined ? undefined : prefixedEntry(matched))
  }
  function prefixedEntry(matched: MountedRoute & { readonly handler?: unknown }): PathEntry | undefined {
    let known = mountedAt.get(matched)
    if (known === undefined) {
      const path = relativeTo(matched.path, baseOf(matched))
      const at = path === null ? undefined : byHonoPath.get(path)
      known = at !== undefined && ours.has(mountedRoute(matched.handler) as CompiledRoute) ? { route: at.route, suffixed: at.suffixed, known: null } : null
      mountedAt.set(matched, known)
    }
    return known ?? undefined
  }
  /** The prefix the table's links take: that of the sub-app serving the matched table route ('' at the root). */
  function tableBase(c: Context): string {
    const matched = matchedRoutes(c)
    for (let i = 0; i < matched.length; i++) {
      const route = matched[i] as MountedRoute
      if (entryOf(route) !== undefined) return linkBase(c, i, baseOf(route), 'apiVersioning')
    }
    return ''
  }
  /**
   * The routes the handlers of this table's `mountRoutes` serve the request's method with, in the order Hono runs
   * them from its matched route `index` on (`own`: what the handler there serves): the request path picks the first
   * that exists in the version, so the route picked is the one whose handler answers, and the request and response
   * steps are its own. When one of `own`'s routes exists in every version (the usual case), nothing after it can be
   * picked, and Hono's matched routes are not read.
   */
  function candidatesFrom(c: Context, index: number, own: Served | undefined, given?: readonly unknown[]): Operation | null {
    if (own !== undefined && own.complete && ours.has(own.routes[0] as CompiledRoute)) return own
    const matched = given ?? matchedRoutes(c)
    let one: Served | null = null
    let joined: { routes: CompiledRoute[]; reported: ReadonlySet<string> | null } | null = null
    for (let i = index; i < matched.length; i++) {
      const served = i === index && own !== undefined ? own : mountedServing((matched[i] as { handler: unknown }).handler, c.req.method)
      if (served === undefined || !ours.has(served.routes[0] as CompiledRoute)) continue
      if (one === null) one = served
      else {
        // The versions of each handler's method reported together: any of them serves the request.
        joined ??= { routes: [...one.routes], reported: one.reported }
        for (const route of served.routes) if (!joined.routes.includes(route)) joined.routes.push(route)
        joined.reported = union(joined.reported, served.reported)
      }
    }
    return joined ?? one
  }
  /** The place of `route`, served by `operation`'s candidates (`null`: no handler serves the method there: the route's limit is reported). */
  function placeAt(c: Context, route: CompiledRoute, index: number, suffixed: boolean, operation: Operation | null): Place {
    const match = reads === 'none' ? (staticMatches.get(route) as RouteMatch) : matchAt(c, index, route, suffixed, reads === 'version' && !suffixed ? scheme.versionParam : null)
    return operation === null ? { route, match, candidates: null, versions: route.limit?.versions ?? null } : { route, match, candidates: operation.routes, versions: operation.reported }
  }
  /**
   * The place of a request matched at `entry`, Hono's `matched[index]`. What the handler there serves is looked up
   * once per handler and method when it is its own list (`candidatesFrom`: one of its routes exists in every
   * version), and with it, when the scheme reads no params, the place itself.
   */
  function placeOf(c: Context, entry: PathEntry, index: number, matched: readonly unknown[]): Place {
    const method = c.req.method
    const handler = (matched[index] as { handler: unknown }).handler
    const known = entry.known
    if (known !== null && known.handler === handler && known.method === method) {
      if (known.place !== null) return known.place
      return known.byVersion === null ? placeAt(c, entry.route, index, entry.suffixed, known.operation) : versionPlace(c, entry.route, index, known.operation, known.byVersion)
    }
    const own = mountedServing(handler, method)
    const operation = candidatesFrom(c, index, own, matched)
    const place = placeAt(c, entry.route, index, entry.suffixed, operation)
    // Only a list that does not depend on the routes Hono matched after this one is kept.
    if (own?.complete === true && operation === own) {
      const byVersion = reads === 'version' && !entry.suffixed && entry.route.compiled.paramNames.has(scheme.versionParam) ? new BoundedCache<Place>(PLACES) : null
      entry.known = { handler, method, operation: own, place: reads === 'none' ? place : null, byVersion }
    }
    return place
  }
  /** The place of a request whose scheme reads the version param alone, by the param's value (the few versions clients send). */
  function versionPlace(c: Context, route: CompiledRoute, index: number, operation: Operation, byVersion: BoundedCache<Place>): Place {
    const req = c.req
    const current = req.routeIndex
    // Patch: as matchAt's.
    req.routeIndex = index
    const value = req.param(scheme.versionParam) as string | undefined
    req.routeIndex = current
    if (value === undefined) return placeAt(c, route, index, false, operation)
    return byVersion.get(value) ?? byVersion.set(value, placeAt(c, route, index, false, operation))
  }

  // Not async: a request that enters synchronously pays no extra promise.
  const middleware: MiddlewareHandler<VersioningEnv<T, S>> = function apiVersioning(c, next) {
    // The table route that answers: the first matched Hono route whose path the table serves (Hono runs them in order).
    const matched = matchedRoutes(c)
    // Hono matches an encoded slash (%2F) as text; Django decodes the path first: no match where a pattern refuses "/".
    const slash = hasEncodedSlash(c.req.url)
    let unfit = false
    for (let i = 0; i < matched.length; i++) {
      const entry = entryOf(matched[i] as MountedRoute)
      if (entry === undefined) continue
      if (slash && !fitsPatterns(entry.route.compiled, matchAt(c, i, entry.route, entry.suffixed, null).params)) {
        unfit = true
        continue
      }
      const place = placeOf(c, entry, i, matched)
      // Where mountRoutes serves the method, its handler answers a route a version change leaves out of the version
      // (405 with the methods the version has at the path, as mountRoutes alone answers it; else the not-found handler).
      return engine.serve(c, next, place, place.candidates === null ? runNext : passOn) as Promise<void>
    }
    // Not a table route: the app's own routes and its not-found handler answer, untouched (as Django resolves before
    // DRF), unless the host is not allowed, which Django refuses before anything (serve throws its rejection).
    if (!engine.allowsHost(c.req.raw)) return engine.serve(c, next, NOWHERE, runNext) as Promise<void>
    // (Hono's next handler is the unfit route's own: the app's not-found handler answers instead.)
    if (unfit) return Promise.resolve(c.notFound())
    return next()
  }
  const life = routeExistsOf(options.changes)
  const serving: TableServing = {
    routes,
    engine,
    placeAt: (c, route, index, suffixed, own) => placeAt(c, route, index, suffixed, own === null ? null : candidatesFrom(c, index, own)),
    versionRejection: () => scheme.rejection(),
    life,
    reported: operationVersions(scheme, life),
  }
  const check = (app?: AppRoutes): readonly string[] => [
    ...scheme.check(),
    ...scheme.checkTable(routes),
    ...engine.checkApp(app, middleware),
    ...(app === undefined ? [] : [...splitTable(app, ours), ...unservedOperations(app, ours, scheme, serving.life)]),
    ...(app === undefined || !engine.finishes ? [] : unfinishedErrors(app, ours, middleware)),
    ...(options.origin === undefined ? [hostsFollowed(options.allowedHosts, 'apiVersioning')].filter((s) => s !== null) : []),
  ]
  Object.defineProperty(middleware, SERVING, { value: serving })
  // What it answers with besides its handlers, for OpenAPI documents given the app (openapi/app-middleware.ts).
  Object.defineProperty(middleware, ANSWERS, { value: options })
  return Object.assign(middleware, { routes, scheme, check })
}

/** A Hono path the table serves: its route. */
interface PathEntry {
  readonly route: CompiledRoute
  readonly suffixed: boolean
  /** What the handler last matched there serves the method last asked for, kept until another handler or method asks. */
  known: KnownPlace | null
}

/**
 * The routes a handler serves a method with (its own list), and their place: one when the scheme reads no params,
 * one per value of the version param when it reads that alone (`byVersion`), else made per request.
 */
interface KnownPlace {
  readonly handler: unknown
  readonly method: string
  readonly operation: Operation
  readonly place: Place | null
  readonly byVersion: BoundedCache<Place> | null
}

/** The routes the handlers Hono runs serve a method with, in order, and the versions that serve it with them. */
type Operation = Pick<Served, 'routes' | 'reported'>

/** How many values of the version param a route's places are kept for (the table empties when full). */
const PLACES = 64

/** The handler stage where mountRoutes' handlers serve the method: they answer, an absent route included (mount-routes.ts `servedBy`). */
const passOn = (_c: Context, next: Next): Promise<void> => next()
