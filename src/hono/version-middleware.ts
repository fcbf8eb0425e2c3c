/**
 * The smallest middleware: the version alone, without a route table, for
 * apps that need `c.var.version`; given the app's own named routes
 * (`routes: appRoutes(app)`), `c.var.reverse` too.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { linkQueryOf, routeExistsOf, type RouteExists } from '../changes/history-plans.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { ANSWERS } from '../http/middleware-answers.ts'
import { PLAIN_VERSIONS, type PlainVersionsOf } from '../model/reported.ts'
import type { AppRoutes } from '../pipeline/extension.ts'
import type { Visit } from '../pipeline/visit.ts'
import { writtenVersion } from '../routes/written-version.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import type { AppReverse, AppRouteTable } from './app-routes.ts'
import { honoEngine, NOWHERE, runNext, type Place } from './engine.ts'
import type { MiddlewareOptions } from './middleware-options.ts'
import { namedPaths } from './mount-base.ts'
import { baseOf } from '../routes/mounted-apps.ts'
import type { VersioningEnv, VersioningVariables } from './variables.ts'
import { quoted } from '../quote.ts'

/** What `versionMiddleware` sets given `routes: appRoutes(app)`: the version, its scheme, and `reverse` over the app's names. */
export interface AppRoutesVariables<S extends BaseVersioning = BaseVersioning, N extends string = string> extends VersioningVariables<S> {
  /** Reverses a name the app gives a route to an absolute URL carrying the request's version. */
  reverse: AppReverse<N>
}

/** The Hono `Env` of `versionMiddleware` given `routes: appRoutes(app)`, for `new Hono<AppRoutesEnv>()`. */
export interface AppRoutesEnv<S extends BaseVersioning = BaseVersioning, N extends string = string> {
  Variables: AppRoutesVariables<S, N>
}

/** Options of `versionMiddleware`: the options both middlewares take, and links to the app's own named routes. */
export interface VersionMiddlewareOptions<S extends BaseVersioning, N extends string = string> extends MiddlewareOptions<S> {
  /**
   * The routes the app names itself (`appRoutes(app)`: `named()` markers, @hono/zod-openapi operationIds), which
   * `c.var.reverse(name, { params, query })` links to.
   * @default undefined (no `c.var.reverse`)
   */
  readonly routes?: AppRouteTable<N> | undefined
  /**
   * The origin (or base URL) of the absolute links `c.var.reverse` builds, instead of the request's: set it (or
   * `allowedHosts`) so that a client's `Host` never reaches a link.
   * @default undefined (the request's origin)
   */
  readonly origin?: string | undefined
}

/** The middleware `versionMiddleware` makes, with its `check` (`E`: its Env, `AppRoutesEnv` given `routes`). */
export type VersionMiddleware<S extends BaseVersioning = BaseVersioning, E extends VersioningEnv<null, S> | AppRoutesEnv<S, string> = VersioningEnv<null, S>> = MiddlewareHandler<E> & {
  /**
   * Configuration that works but is almost always a mistake, as sentences that say what to fix (none: an empty
   * list): the scheme's (`scheme.check()`); with `routes`, links that follow the client's `Host` (neither
   * `allowedHosts` nor `origin`); and, given the app, the version changes' names of plain routes that no route of
   * the app serves, what keeps the app's route names from a table, and each route the app registers that no
   * version of the scheme serves (the version pattern of its path, or the version changes, leave none). Call it in a
   * test or at startup, once the app's routes are registered.
   */
  readonly check: (app?: AppRoutes) => readonly string[]
}

/**
 * Creates a middleware that determines the version and sets `c.var.version`
 * and `c.var.versioningScheme`, with the rejections, `Vary` and version
 * policy of `apiVersioning`, but no route table: it carries none of that
 * code. `URLPathVersioning` reads the param of the middleware's own path,
 * so mount it on a pattern that has it (`app.use('/:version{v[0-9]+}/*', ...)`).
 * `NamespaceVersioning` needs the table's namespaces: use `apiVersioning`.
 * With `routes: appRoutes(app)`, it sets `c.var.reverse` too, over the
 * names the app gives its routes (docs/hono-apps.md).
 *
 * @example
 * ```ts
 * app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }) }))
 * app.get('/api/users', (c) => c.json({ version: c.var.version }))
 * ```
 */
export function versionMiddleware<S extends BaseVersioning, N extends string>(
  options: VersionMiddlewareOptions<S, N> & { readonly routes: AppRouteTable<N> },
): VersionMiddleware<S, AppRoutesEnv<S, N>>
export function versionMiddleware<S extends BaseVersioning>(options: VersionMiddlewareOptions<S>): VersionMiddleware<S>
// (The implementation: names of any type, an Env of either kind.)
export function versionMiddleware<S extends BaseVersioning>(options: VersionMiddlewareOptions<S, any>): VersionMiddleware<S, any> {
  // With routes: the bound reverse of an accepted visit (without them, nothing more to expose per request).
  let links: ReturnType<AppRouteTable<string>['bind']> | null = null
  const given = options !== null && typeof options === 'object'
  const exposeLinks = (c: Context, visit: Visit): void => {
    if (links !== null) (c as { set(key: string, value: unknown): void }).set('reverse', links.reverse(visit.version as string | null, visit.request, c))
  }
  const engine = honoEngine('versionMiddleware', options, given ? ['routes', 'origin'] : [], () => null, given && options.routes !== undefined ? exposeLinks : undefined)
  const { scheme, routes, origin } = options
  if (scheme.readsNamespace) {
    throw new Error('versionMiddleware: NamespaceVersioning reads the namespace of a named route; use apiVersioning with a route table.')
  }
  // Links to the app's named routes: appRoutes(app) brings their code, so a middleware without them carries none.
  if (routes === undefined ? origin !== undefined : typeof routes?.bind !== 'function') {
    throw new Error("versionMiddleware: routes must be appRoutes(app) (the app's named routes), and origin needs routes.")
  }
  links = routes === undefined ? null : routes.bind('versionMiddleware', scheme, origin, linkQueryOf(options.changes))
  const reads = scheme.matchParams
  const param = scheme.versionParam
  // A scheme that reads the version param alone: a place per value of it (the few versions clients send), and one
  // for a route without it.
  const places = new BoundedCache<Place>(PLACES)
  const unplaced = placeOf(param, undefined)
  const life = routeExistsOf(options.changes)
  // The versions a response reports, with a policy that reports them (it brings the code: a middleware without one
  // reads no route per request).
  const reported = reporter(options.policy, scheme, life)
  // Not async: a request that enters synchronously pays no extra promise.
  const middleware: MiddlewareHandler<VersioningEnv<null, S>> = function versionMiddleware(c, next) {
    // The params of the middleware's own route, as much as the scheme reads.
    let place = NOWHERE
    if (reads === 'version') {
      const value = c.req.param(param) as string | undefined
      place = value === undefined ? unplaced : (places.get(value) ?? places.set(value, placeOf(param, value)))
    } else if (reads === 'all') place = { route: null, match: { params: c.req.param() }, candidates: null }
    if (reported !== null) place = reported(c, place)
    return engine.serve(c, next, place, runNext) as Promise<void>
  }
  const check = (app?: AppRoutes): readonly string[] => [
    ...scheme.check(),
    ...engine.checkApp(app, middleware),
    ...(links?.check(options.allowedHosts, app, middleware) ?? []),
    ...(reads === 'version' && app !== undefined ? blindPlacement(app, middleware, param, scheme.constructor.name) : []),
    // The app's routes that no version serves, as the model's light part answers it (app-checks.ts), with their names:
    // with links only (routes: appRoutes(app)), which bring the code that reads an app's routes, so that a Worker
    // whose middleware has no links carries none of it.
    ...(app === undefined || links === null ? [] : links.unserved(app, middleware, scheme, life)),
  ]
  // What it answers with besides its handlers, for OpenAPI documents given the app (openapi/app-middleware.ts).
  Object.defineProperty(middleware, ANSWERS, { value: options })
  return Object.assign(middleware, { check })
}

/**
 * What reports the versions that serve the request's method at the Hono route
 * that answers it, when `policy` reports versions (it brings the model's
 * answer for a plain route, model/reported.ts `plainVersions`: the version
 * pattern of the route's path, or the version a route per version writes
 * in it as routes/written-version.ts reads it, and the version changes'
 * route `life`), else `null`. The route that answers: the first route Hono matched after the
 * middleware that is registered for the request's method (HEAD: GET) on a
 * path without a wildcard (not a middleware); none (an unknown path): the
 * place as it is, every allowed version reported. Worked out at the first
 * request a route answers, then kept on Hono's own route object (as many as
 * the app registers), never per request.
 */
function reporter(policy: unknown, scheme: BaseVersioning, life: RouteExists | undefined): ((c: Context, place: Place) => Place) | null {
  const brought = policy !== null && typeof policy === 'object' ? (policy as { readonly [PLAIN_VERSIONS]?: unknown })[PLAIN_VERSIONS] : undefined
  if (typeof brought !== 'function') return null
  const versionsOf = (brought as PlainVersionsOf)(scheme, life === undefined ? undefined : (method, version, paths) => life(null, method, version, paths))
  // By matched route, with the middleware's own (the prefix of the sub-app it runs in: a history names routes as that
  // sub-app registers them).
  const known = new WeakMap<object, { readonly from: unknown; readonly versions: ReadonlySet<string> | null }>()
  return (c, place) => {
    const matched = matchedRoutes(c)
    const method = c.req.method
    const index = c.req.routeIndex
    for (let i = index + 1; i < matched.length; i++) {
      const route = matched[i] as { readonly method: string; readonly path: string }
      if (!(route.method === method || (method === 'HEAD' && route.method === 'GET')) || route.path.includes('*')) continue
      const from = matched[index]
      let entry = known.get(route)
      if (entry === undefined || entry.from !== from) {
        // A route per version (`/v1/special` under `/:version{v[0-9]+}/*`): the version its path writes.
        const at = (from as { readonly path?: unknown } | undefined)?.path
        const path = typeof at === 'string' ? writtenVersion(route.path, [at], scheme.versionParam) : route.path
        entry = { from, versions: path === null ? null : versionsOf(route.method, path, namedPaths(route.path, baseOf(from))) }
        known.set(route, entry)
      }
      return entry.versions === null ? place : { ...place, versions: entry.versions }
    }
    return place
  }
}

/** How many values of the version param the middleware keeps a place for (the table empties when full). */
const PLACES = 64

/** The place of a request whose version param `param` is `value`, outside any route table. */
function placeOf(param: string, value: string | undefined): Place {
  // A computed key is an own property whatever the name (`__proto__` too).
  return Object.freeze({ route: null, match: Object.freeze({ params: Object.freeze({ [param]: value }) }), candidates: null })
}

/**
 * A sentence when the middleware is registered on a path without the version
 * param its scheme reads while the app's routes carry it (`app.use('*', ...)`
 * beside `app.get('/:version/users', ...)`): the middleware reads its own
 * route's params, so every request through it would get the default version.
 */
function blindPlacement(app: AppRoutes, middleware: unknown, param: string, schemeName: string): readonly string[] {
  const carries = (path: string): boolean => new RegExp(`(?:^|/):${param.replace(/[^A-Za-z0-9_]/g, '\\$&')}(?:$|[/{?])`).test(path)
  const own = app.routes.filter((route) => (route as { readonly handler?: unknown }).handler === middleware)
  const blind = own.find((route) => !carries(route.path))
  if (blind === undefined || !app.routes.some((route) => (route as { readonly handler?: unknown }).handler !== middleware && carries(route.path))) return []
  return [
    `versionMiddleware: ${schemeName} reads the :${param} param of the path the middleware is registered on, and ${quoted(blind.path)} has none while the app's routes carry it, so every request through it gets the default version; register the middleware on the versioned paths (app.use('/:${param}/*', versioning)).`,
  ]
}
