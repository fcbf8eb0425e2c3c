/**
 * The request path driven from Hono, once per request and in one direction:
 * the version decided (pipeline/decide.ts), the request's exchange entered
 * (the extensions' steps: pipeline/extension-steps.ts) and kept in the
 * context's one slot, the version put in the context, a rejection thrown as
 * an `HTTPException`, `c.json` given the extensions' JSON step when the
 * request needs one, and the response finished in `c.res`.
 */
import type { Context, Next } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { matchedRoutes } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { withoutStack, type VersioningError } from '../errors.ts'
import { after, thrown } from '../pipeline/after.ts'
import { versionDecider, type Decision } from '../pipeline/decide.ts'
import { Exchange, type Candidates } from '../pipeline/exchange.ts'
import { bindExtensions } from '../pipeline/extension-steps.ts'
import type { AppRoutes, JsonStep } from '../pipeline/extension.ts'
import { finisher } from '../pipeline/finish.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'
import { checkOptions, type MiddlewareOptions } from './middleware-options.ts'

/** The request path of one middleware, bound to Hono. */
export interface HonoEngine {
  /** Whether responses need finishing (`Vary`, an extension's response step). */
  readonly finishes: boolean
  /** Whether the request names a host `allowedHosts` lists. */
  allowsHost(request: Request): boolean
  /**
   * Decides the version of the request answered by `route` (or no table
   * route), runs the extensions' steps (the route that serves the request's
   * method and version is picked among `candidates`, the handlers' routes
   * at its path for its method, before any request step), keeps the
   * exchange in the context's slot, puts the version in the context and
   * gives the exchange, or throws the rejection as an `HTTPException`.
   */
  enter(c: Context, route: CompiledRoute | null, match: VersionMatch | null, candidates: Candidates | null): Exchange | Promise<Exchange>
  /** The exchange this middleware entered for the request, or `undefined`. */
  exchangeOf(c: Context): Exchange | undefined
  /** The exchange's rejection (with its response finished), as the `HTTPException` to throw. */
  reject(c: Context, exchange: Exchange): HTTPException | Promise<HTTPException>
  /** `response` finished (`Vary`, the extensions' response steps). */
  finish(exchange: Exchange, response: Response): Response | Promise<Response>
  /** Finishes `c.res` after the handlers ran. */
  finishContext(c: Context, exchange: Exchange): void | Promise<void>
  /**
   * Runs the next handlers (or, when an extension found the route absent
   * from the version, the app's not-found handler), then finishes `c.res`
   * unless a mounted handler's rejection already did.
   */
  run(c: Context, exchange: Exchange, next: Next): Promise<void>
  /** The extensions' sentences about `app`'s routes (see the middlewares' `check(app)`). */
  checkApp(app: AppRoutes | undefined): readonly string[]
}

/** The context's one slot: the exchange of the request. */
const SLOT = Symbol('hono-api-versioning exchange')

/** A request's exchange in Hono: its route pattern and body are read from the context, when an extension asks. */
class HonoExchange extends Exchange {
  readonly engine: HonoEngine
  readonly #c: Context

  constructor(c: Context, engine: HonoEngine, decision: Decision, route: CompiledRoute | null) {
    super(c.req.raw, c.req.method, decision, route)
    this.engine = engine
    this.#c = c
  }

  get routePath(): string {
    return answeringPath(this.#c)
  }

  get context(): Context {
    return this.#c
  }

  bodyText(): Promise<string> {
    return this.#c.req.text()
  }
}

/** Checks the options of middleware `where` (`extraNames`: the options it adds) and binds its request path. */
export function honoEngine(
  where: string,
  options: MiddlewareOptions<BaseVersioning>,
  extraNames: readonly string[],
  routeNames: () => ReadonlySet<string> | null,
): HonoEngine {
  const { scheme, errorResponse, hosts, extensions } = checkOptions(where, options, extraNames)
  const decider = versionDecider(scheme, hosts)
  const names = routeNames()
  const steps = extensions.length === 0 ? null : bindExtensions(extensions, { where, scheme, routeNames: names })
  const { vary, varyText, finishes, finish } = finisher(scheme.vary, steps)
  const json = steps?.json ?? null

  /** The exchange once its steps ran: in the context, or thrown as its rejection. */
  function entered(c: Context, exchange: Exchange): Exchange | Promise<Exchange> {
    if (exchange.rejection !== null) return after(reject(c, exchange), thrown)
    c.set('version', exchange.version as string | null)
    c.set('versioningScheme', scheme)
    // Responses built from the context (c.json, c.text, ...) carry Vary from the start: finish then only checks it.
    if (varyText !== '') c.header('Vary', varyText, { append: true })
    if (exchange.request !== c.req.raw) c.req.raw = exchange.request
    // A migrated body reaches the handler through c.req's body cache (c.req.json(), text(), parseBody(), formData() and
    // validators read it), replacing what an earlier reader cached of the older body. (Hono types the cache by the
    // values it resolves to; it holds their promises.)
    if (exchange.body !== null) {
      c.req.bodyCache =
        typeof exchange.body === 'string' ? { text: Promise.resolve(exchange.body) as unknown as string } : { formData: Promise.resolve(exchange.body) as unknown as FormData }
    }
    if (json !== null) {
      const step = json(exchange)
      if (step !== undefined) jsonThrough(c, exchange, step)
    }
    return exchange
  }

  function reject(c: Context, exchange: Exchange): HTTPException | Promise<HTTPException> {
    const error = exchange.rejection as VersioningError
    // For responses app.onError builds with c.json() and friends.
    for (const name of vary) c.header('Vary', name, { append: true })
    const answer: unknown = errorResponse(error, c)
    if (!(answer instanceof Response)) {
      throw new TypeError(`${where}: errorResponse must return a Response (synchronously), got ${answer instanceof Promise ? 'a Promise' : typeof answer}.`)
    }
    // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
    const exception = (r: Response): HTTPException => withoutStack(() => new Rejection(r.status as ContentfulStatusCode, { res: r, message: error.detail, cause: error }))
    return after(finish(exchange, answer), exception)
  }

  function finishContext(c: Context, exchange: Exchange): void | Promise<void> {
    return after(finish(exchange, c.res), (res) => {
      if (res !== c.res) {
        // A copy: replace without Hono merging the old headers back over ours.
        c.res = undefined
        c.res = res
      }
    })
  }

  const engine: HonoEngine = {
    finishes,
    allowsHost: decider.allowsHost,
    enter(c, route, match, candidates) {
      const exchange = new HonoExchange(c, engine, decider.decide(c.req.raw, match, route?.limit?.neutral === true), route)
      ;(c as unknown as Record<symbol, Exchange>)[SLOT] = exchange
      const ran = steps !== null ? steps.enter(exchange, candidates) : candidates !== null && exchange.rejection === null ? exchange.pick(candidates) : undefined
      return ran instanceof Promise ? ran.then(() => entered(c, exchange)) : entered(c, exchange)
    },
    exchangeOf(c) {
      const exchange = (c as unknown as Record<symbol, HonoExchange | undefined>)[SLOT]
      return exchange?.engine === engine ? exchange : undefined
    },
    reject,
    finish,
    finishContext,
    run(c, exchange, next) {
      // No async wrapper: requests whose response needs no finishing pay one call, no extra promise.
      const ran = exchange.absent ? notFound(c) : next()
      return finishes ? ran.then(() => (exchange.finished ? undefined : finishContext(c, exchange))) : ran
    },
    checkApp(app) {
      if (app === undefined) return []
      if (app === null || typeof app !== 'object' || !Array.isArray(app.routes)) throw new Error(`${where}.check: pass the Hono app (check(app)), or nothing.`)
      return extensions.flatMap((extension) => extension.check?.(app) ?? [])
    },
  }
  return engine
}

/**
 * The thrown rejection. Its response is made for this request alone, so
 * `getResponse()` gives it as it is: `HTTPException` would copy it, and Hono's
 * error handler copies it once more.
 */
class Rejection extends HTTPException {
  override getResponse(): Response {
    return this.res as Response
  }
}

/** Answers as Hono answers a path no route matches: the app's not-found handler. */
async function notFound(c: Context): Promise<void> {
  c.res = await c.notFound()
}

/**
 * The pattern of the route that answers, for extensions keyed by plain Hono
 * routes: the first matched route from the current one on registered for the
 * request's method (HEAD: GET too), else the current route's pattern.
 */
function answeringPath(c: Context): string {
  const matched = matchedRoutes(c)
  const method = c.req.method
  for (let i = c.req.routeIndex; i < matched.length; i++) {
    const route = matched[i] as { method: string; path: string }
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return route.path
  }
  return c.req.routePath
}

type Json = (value: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response

/**
 * Routes this request's `c.json(value, status)` through the extensions'
 * JSON step, so a changed value is serialised once (Hono has no hook for a
 * handler's JSON value: this context's `json` is replaced). `c.status` is
 * followed for the status of `c.json(value)`.
 */
function jsonThrough(c: Context, exchange: Exchange, step: JsonStep): void {
  const json = c.json as unknown as Json
  const setStatus = c.status
  let status = 200
  c.status = (code) => {
    status = code
    setStatus(code)
  }
  const through: Json = (value, arg, headers) =>
    step(value, typeof arg === 'number' ? arg : (arg?.status ?? status), (changed, stepped = true) => {
      if (stepped) exchange.jsonStep()
      return json(changed, arg, headers)
    })
  ;(c as unknown as { json: Json }).json = through
}
