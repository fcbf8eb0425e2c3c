/**
 * Mounts the routes of a table onto a Hono app, so paths are written once:
 * in the table. Format-suffix routes are mounted with their suffixed form too
 * (`CompiledRoute.honoPaths`).
 */
import type { Context, Env, Handler, Hono, Next, Schema } from 'hono'
import type { HTTPException } from 'hono/http-exception'
import { MethodNotAllowed, withoutStack } from '../errors.ts'
import { after, thrown } from '../pipeline/after.ts'
import { refused } from '../pipeline/path.ts'
import type { Visit } from '../pipeline/visit.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { RouteEntriesOf, RouteTable } from '../routes/table.ts'
import type { RouteEntry } from '../routes/types.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { chained } from './handler-chain.ts'
import { later, markServed, passedOver, union, type Served } from './mounted-handlers.ts'
import { allowAt, limitedTo } from '../model/served.ts'
import { schemeVersions } from '../model/version-space.ts'
import { WRAPPED, type WrappedHandler } from '../changes/wrapped-handlers.ts'
import type { MountedSchema } from './mounted-schema.ts'
import { answeringErrors } from './thrown-errors.ts'
import type { HandlerChain, Handlers, MethodKey, OnlyKeys, RouteHandler, RouteHandlers } from './route-handlers.ts'
export type { RouteHandlers } from './route-handlers.ts'
import { SERVING, type ApiVersioningMiddleware, type TableServing } from './api-versioning.ts'
import { matchAt, takesEncodedSlash } from './match-at.ts'
import type { VersioningEnv } from './variables.ts'
import { bare, quoted, quotedValue } from '../quote.ts'
import { isRecord } from '../options.ts'

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'query', 'all'] as const satisfies readonly MethodKey[]

/**
 * Registers a handler for each route of the middleware's table that has one,
 * in the table's order, on `app` (the root app: paths are the table's full
 * paths). Returns `app`, its type now with these routes, so that
 * `hc<typeof app>` types them. Throws when a key names no route or a handler
 * is not a function.
 *
 * Each function's context is typed as `app.get(path, ...handlers)` types
 * it: the app's `Env`, the route's path params, and in a chain's handler the
 * input of the validators before it (when they are typed before it: a
 * validator held in a variable, or `createFactory().createHandlers(...)`).
 *
 * @example
 * ```ts
 * mountRoutes(app, versioning, {
 *   'user-list': (c) => c.json([]),
 *   'user-detail': { get: (c) => c.json({}), delete: (c) => c.body(null, 204) },
 * })
 * ```
 */
export function mountRoutes<E extends Env, T extends RouteTable<RouteEntry>, S extends BaseVersioning, A extends Schema, B extends string, H>(
  app: Hono<E, A, B>,
  versioning: ApiVersioningMiddleware<T, S>,
  handlers: Handlers<H, RouteEntriesOf<T>, E & VersioningEnv<T, S>>,
): Hono<E, A & MountedSchema<RouteEntriesOf<T>, H>, B>
/** Handlers typed on their own (`RouteHandlers<T, S, E>`, as a function that mounts any table's handlers takes them). */
export function mountRoutes<E extends Env, T extends RouteTable<RouteEntry>, S extends BaseVersioning, A extends Schema, B extends string, H extends RouteHandlers<T, S, E>>(
  app: Hono<E, A, B>,
  versioning: ApiVersioningMiddleware<T, S>,
  handlers: H & OnlyKeys<H, RouteHandlers<T, S, E>>,
): Hono<E, A & MountedSchema<RouteEntriesOf<T>, H>, B>
export function mountRoutes(app: Hono<any, any, any>, versioning: ApiVersioningMiddleware<RouteTable<RouteEntry>, BaseVersioning>, handlers: object): Hono<any, any, any> {
  const table = (versioning as Partial<Record<typeof SERVING, TableServing>> | null)?.[SERVING]
  if (table === undefined) throw new Error('mountRoutes: pass the middleware made by apiVersioning({ scheme, routes }).')
  if (app === null || typeof app !== 'object' || typeof app.on !== 'function') throw new Error('mountRoutes: pass the Hono app to mount the routes on first, as mountRoutes(app, versioning, handlers).')
  if (!isRecord(handlers)) throw new Error("mountRoutes: handlers must be an object of handlers by route name, such as { 'user-list': (c) => c.json([]) }.")
  const routes = table.routes.routes
  const byKey = new Map<string, RouteHandler<any>>(Object.entries(handlers as Record<string, RouteHandler<any>>))
  for (const [key, handler] of byKey) {
    if (!routes.some((r) => r.names.includes(key))) {
      throw new Error(`mountRoutes: no route is named ${quoted(key)}; the names are ${[...new Set(routes.map((r) => bare(r.viewName)))].join(', ')}.`)
    }
    checkHandler(key, handler)
  }
  // One mount per method and path, in the table's order. Routes next to each other in the table that share both
  // (one per version) share it; others are mounted in turn, and reached through later().
  const mounts: Mount[] = []
  for (const compiled of routes) {
    const key = compiled.names.find((k) => byKey.has(k))
    if (key === undefined) continue
    const handler = byKey.get(key) as RouteHandler<any>
    compiled.honoPaths.forEach((path, i) => {
      const byMethod: [string, Handler<any> | HandlerChain | undefined][] =
        typeof handler === 'function' || Array.isArray(handler) ? [['GET', handler as Handler<any> | HandlerChain]] : METHODS.map((method) => [method.toUpperCase(), (handler as Record<string, Handler<any> | HandlerChain | undefined>)[method]])
      for (const [method, given] of byMethod) {
        if (given === undefined) continue
        const fn = typeof given === 'function' ? given : chainOf(given)
        // The handler of a chain, its last function, whose source the history's check(app) reads.
        const own = typeof given === 'function' ? given : given[given.length - 1]
        const before = typeof given === 'function' ? [] : given.slice(0, -1)
        let mount: Mount | undefined
        // Only mounts at this same path since the last other path: merging past one would reorder the routes.
        for (let m = mounts.length - 1; m >= 0 && mounts[m]?.path === path; m--) {
          if (mounts[m]?.method === method) mount = mounts[m]
        }
        if (mount === undefined) mounts.push((mount = { method, path, candidates: [] }))
        mount.candidates.push({ route: compiled, suffixed: i > 0, handler: fn, own, before })
      }
    })
  }
  // Each path also answers the methods it has no handler for (unless it has an `all` handler): 405 with Allow, once
  // the version is decided, listing the methods the path serves in that version (byPath: each method's routes at the
  // path, over every run there, in the table's order; model/served.ts allowAt). A run of mounts at one path becomes one
  // Hono route that picks the method's handler, so a path no other route matches is one handler for Hono (no
  // middleware chain). A run with an `all` handler keeps a route per method, in order: the `all` handler also answers
  // what the method's handler passes on.
  const byPath = new Map<string, Map<string, CompiledRoute[]>>()
  // The versions the scheme names (a path's Allow is kept for those, and for those its routes are limited to).
  const declared = schemeVersions(versioning.scheme)
  for (const { method, path, candidates } of mounts) {
    const methods = byPath.get(path) ?? new Map<string, CompiledRoute[]>()
    methods.set(method, [...(methods.get(method) ?? []), ...candidates.map(({ route }) => route)])
    byPath.set(path, methods)
  }
  for (let i = 0; i < mounts.length; ) {
    const { path, candidates } = mounts[i] as Mount
    const handlers: [string, Handler<any>][] = []
    const served = new Map<string, Served>()
    const wrapped: WrappedHandler[] = []
    const methods = byPath.get(path) as Map<string, CompiledRoute[]>
    // Without an `all` handler, a method the path serves in other versions only is answered as one it has no handler for.
    const refusal = methods.has('ALL') ? null : pathRefusal(methods, table, declared)
    for (; mounts[i]?.path === path; i++) {
      const { method, candidates: own } = mounts[i] as Mount
      const routes = own.map(({ route }) => route)
      const versions = limitedTo(routes)
      const serves: Served = { routes, complete: versions === null, versions, reported: table.reported(method, routes), passesOn: routes.every((route) => route.limit?.absent === 'not-found') }
      handlers.push([method, servedBy(own, serves, table, refusal, app)])
      for (const candidate of own) wrapped.push({ method, route: candidate.route, handler: candidate.own, before: candidate.before })
      served.set(method, serves)
    }
    if (refusal === null) {
      for (const [method, handler] of handlers) register(app, method, path, handler, new Map([[method, served.get(method) as Served]]), wrapped.filter((w) => w.method === method))
    } else register(app, 'ALL', path, pathHandler(new Map(handlers), refusal, candidates[0] as Candidate, table), served, wrapped)
  }
  // The same app, its type now with these routes (hc<typeof app> reads it).
  return app
}

/** Registers a handler of `mountRoutes` that serves `methods` with the user's handlers `wrapped`, checking that the app has no base path. */
function register(app: Hono<any, any, any>, method: string, path: string, handler: Handler<any>, methods: ReadonlyMap<string, Served>, wrapped: readonly WrappedHandler[]): void {
  // For the history's check(app), which reads the source of the user's handlers (changes/wrapped-handlers.ts).
  Object.defineProperty(handler, WRAPPED, { value: wrapped })
  markServed(handler, methods, app)
  app.on(method, path, handler)
  const registered = app.routes[app.routes.length - 1]?.path
  if (registered !== path) {
    throw new Error(
      `mountRoutes: the app serves ${quoted(path)} at ${quotedValue(registered)}: it has a base path. Mount on the root app and put the prefix in the table with include().`,
    )
  }
}

/**
 * How a path answers a method it does not serve in the request's version:
 * `allows(version)` says whether the path serves other methods in it, and
 * `notAllowed` answers 405 with `Allow` (the methods it serves in that
 * version). A version none is served in is answered as the handlers answer
 * it: not found, or the scheme's rejection.
 */
interface PathRefusal {
  allows(version: string | null | undefined): boolean
  notAllowed(c: Context, next: Next, visit: Visit): unknown
}

/**
 * The refusal of a path where `methods` are each method's routes, its `Allow` as the model's light part answers it
 * (with the route life of the version changes), kept for `allowed` (the scheme's versions) and those the routes are limited to.
 */
function pathRefusal(methods: ReadonlyMap<string, readonly CompiledRoute[]>, table: TableServing, allowed: readonly string[]): PathRefusal {
  const { engine } = table
  const allowIn = allowAt(methods, table.life, allowed)
  const routes = [...methods.values()].flat()
  const passesOn = routes.every((r) => r.limit?.absent === 'not-found')
  // The versions that serve each method at the path (model/reported.ts), and any of them.
  const reported = new Map<string, ReadonlySet<string> | null>()
  let anyMethod: ReadonlySet<string> | null | undefined
  for (const [method, own] of methods) {
    const served = table.reported(method, own)
    reported.set(method, served)
    anyMethod = union(anyMethod, served)
  }
  return {
    allows: (version) => !!allowIn(version),
    notAllowed(c, next, visit) {
      const allow = allowIn(visit.version)
      if (allow === null && !passesOn) return after(engine.reject(c, refused(visit, table.versionRejection(), union(passedOver(c), anyMethod ?? null))), thrown)
      if (allow === null || allow === '') {
        c.set(engine.slot as never, visit.with({ route: null, picked: false, versions: null }) as never)
        return next()
      }
      // The versions that serve the request's method here (HEAD: GET's), those a version change removed it from left
      // out; none for a method no handler here serves.
      const method = c.req.method === 'HEAD' && !reported.has('HEAD') ? 'GET' : c.req.method
      const own = reported.get(method) ?? NO_VERSIONS
      const refusal = (methodNotAllowed ??= withoutStack(() => new MethodNotAllowed()))
      return after(engine.reject(c, visit.with({ rejection: refusal, versions: own })), (e: HTTPException): never => {
        e.res?.headers.set('Allow', allow)
        throw e
      })
    },
  }
}

/**
 * The one Hono handler of a run of mounts at a path: the request method's
 * handler (HEAD: GET's). For a method the path has no handler for, when no
 * later route Hono matched serves it, the version is decided (a bad one is
 * still the scheme's rejection) and the path's `refusal` answers.
 */
function pathHandler(handlers: ReadonlyMap<string, Handler<any>>, { notAllowed }: PathRefusal, { route, suffixed }: Candidate, table: TableServing): Handler<any> {
  const { engine } = table
  return function mountedRoute(c: Context, next: Next) {
    const method = c.req.method
    const handler = handlers.get(method) ?? (method === 'HEAD' ? handlers.get('GET') : undefined)
    if (handler !== undefined) return handler(c, next)
    // A method another run of this path serves, or a later route's.
    if (later(c, false)) return next()
    const visit = c.get(engine.slot as never) as Visit | undefined
    if (visit !== undefined) return notAllowed(c, next, visit)
    // (Without the middleware: a path Django matches to no route, %2F in a param that refuses "/", is passed on.)
    if (takesEncodedSlash(c, c.req.routeIndex, route, suffixed)) return next()
    return engine.serve(c, next, table.placeAt(c, route, c.req.routeIndex, suffixed, null), notAllowed)
  }
}

/** The handlers of one method at one path, in the table's order. */
interface Mount {
  readonly method: string
  readonly path: string
  readonly candidates: Candidate[]
}

/** A table route's handler at one of its Hono paths (`suffixed`: its format-suffixed form). */
interface Candidate {
  readonly route: CompiledRoute
  readonly suffixed: boolean
  readonly handler: Handler<any>
  /** The function the user gave for it (a chain's last). */
  readonly own: unknown
  /** The functions of its chain before that one. */
  readonly before: readonly unknown[]
}

/** The versions that serve a method no handler at a path serves. */
const NO_VERSIONS: ReadonlySet<string> = new Set()

/** The 405 every path answers a method it has no handler for with, made on first use. */
let methodNotAllowed: MethodNotAllowed | undefined

/**
 * The handler mounted at one method and path. Inside the middleware's
 * request path, it runs the handler of the route the path picked; without
 * the middleware, it enters the request path itself (`serve`: no extra
 * middleware layer). Either way the route was picked once, among the routes
 * of every handler of `mountRoutes` Hono runs for the request, in that order
 * (api-versioning.ts `candidatesFrom`): when it is another handler's, this
 * one passes the request on. When none exists in the version, a later
 * handler of `mountRoutes` that Hono matched gets its turn, and without one
 * the request gets the scheme's rejection; routes limited with
 * `{ absent: 'not-found' }` (version changes) answer other versions as a
 * path no route matches: later handlers, then the app's not-found handler.
 */
function servedBy(candidates: readonly Candidate[], serves: Served, table: TableServing, refusal: PathRefusal | null, app: Hono<any, any, any>): Handler<any> {
  const { engine } = table
  const first = candidates[0] as Candidate
  const { passesOn } = serves
  /** The handler stage: the route's handler on the visit. */
  function answer(c: Context, next: Next, visit: Visit): unknown {
    // A method the history removes (or adds later) in a version the path serves with other methods: 405, as one it has no handler for.
    if (visit.absent) return refusal?.allows(visit.version) === true && !later(c, false) ? refusal.notAllowed(c, next, visit) : next()
    if (visit.picked && visit.route !== null) {
      // Picked once, by the request path, among the routes of the handlers Hono runs: this handler's, or a later one's.
      for (let i = 0; i < candidates.length; i++) if ((candidates[i] as Candidate).route === visit.route) return run(c, next, candidates[i] as Candidate)
      return next()
    }
    // None of the routes at the paths Hono matched exists in the version. As a path no route matches: later matching
    // handlers, then the app's not-found handler.
    if (passesOn) {
      c.set(engine.slot as never, visit.with({ route: null, picked: false, versions: null }) as never)
      return next()
    }
    // Another mounted handler Hono matched answers (or rejects reporting these versions too).
    if (later(c, true)) return next()
    // A method the path serves in other versions only, in a version it serves with other methods: 405.
    if (refusal?.allows(visit.version) === true && !later(c, false)) return refusal.notAllowed(c, next, visit)
    return after(engine.reject(c, refused(visit, table.versionRejection(), union(passedOver(c), serves.reported))), thrown)
  }
  // Without the middleware, app.onError's answer to an error the handler throws is finished here (thrown-errors.ts).
  const alone = engine.finishes ? answeringErrors(app, answer) : answer
  return function versionedHandler(c: Context, next: Next) {
    const visit = c.get(engine.slot as never) as Visit | undefined
    if (visit !== undefined) return answer(c, next, visit)
    if (takesEncodedSlash(c, c.req.routeIndex, first.route, first.suffixed)) return next()
    return engine.serve(c, next, table.placeAt(c, first.route, c.req.routeIndex, first.suffixed, serves), alone)
  }
}

/** Runs a candidate's handler; the handler of a suffixed path sees its params as the route declares them, and the suffix as "format". */
function run(c: Context, next: Next, chosen: Candidate): unknown {
  if (chosen.suffixed) splitSuffix(c, chosen.route)
  return chosen.handler(c, next)
}

/** Chains made once per chain given (a chain shared by routes is one handler). */
const chains = new WeakMap<HandlerChain, Handler<any>>()

function chainOf(given: HandlerChain): Handler<any> {
  let fn = chains.get(given)
  if (fn === undefined) chains.set(given, (fn = given.length === 1 ? (given[0] as Handler<any>) : (chained(given) as Handler<any>)))
  return fn
}

function checkHandler(key: string, handler: unknown): void {
  if (typeof handler === 'function' || (Array.isArray(handler) && checkChain(key, 'GET', handler))) return
  if (handler === null || typeof handler !== 'object') {
    throw new Error(`mountRoutes: the handler of ${quoted(key)} must be a function or an object of handlers by method (get, post, ...). A chain [...middlewares, handler] counts as a function.`)
  }
  const methods = Object.entries(handler)
  if (methods.length === 0) throw new Error(`mountRoutes: the handlers of ${quoted(key)} name no method; give one, such as { get: (c) => c.json({}) }.`)
  for (const [method, fn] of methods) {
    if (!(METHODS as readonly string[]).includes(method)) {
      throw new Error(`mountRoutes: ${quoted(key)} has a handler for ${quoted(method)}; the methods are ${METHODS.join(', ')}.`)
    }
    if (typeof fn !== 'function' && !(Array.isArray(fn) && checkChain(key, method, fn))) {
      throw new Error(`mountRoutes: the ${quoted(method)} handler of ${quoted(key)} must be a function or a chain [...middlewares, handler].`)
    }
  }
}

/** Whether a chain holds one or more functions (else throws). */
function checkChain(key: string, method: string, chain: readonly unknown[]): true {
  if (chain.length === 0 || !chain.every((fn) => typeof fn === 'function')) {
    throw new Error(`mountRoutes: the ${method} chain of ${quoted(key)} must list one or more functions: its middlewares (validators), then its handler.`)
  }
  return true
}

/** Gives this request's `c.req.param` the route's own params, with the format suffix split off into `format`. */
function splitSuffix(c: Context, route: CompiledRoute): void {
  const params = { ...matchAt(c, c.req.routeIndex, route, true, null).params }
  const own = (key?: string): unknown => (key === undefined ? { ...params } : Object.hasOwn(params, key) ? params[key] : undefined)
  // Patch: Hono has no hook for the params a handler reads; this request's c.req.param gives the route's own.
  Object.defineProperty(c.req, 'param', { value: own, configurable: true, writable: true })
}
