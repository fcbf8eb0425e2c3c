/**
 * The request path on Hono: `serve` is the one function every versioned
 * request enters through (the middlewares, and a `mountRoutes` handler the
 * middleware has not run for). It runs the stages of pipeline/path.ts
 * (decide, pick, choose, prepare), then exposes the visit to the handler
 * (`c.var`, the migrated request), runs the handler, and finishes its
 * response (pipeline/finish.ts) in one place; a refused visit is finished
 * and thrown as an `HTTPException`.
 *
 * Hono objects patched per request, each where Hono has no public hook
 * (counted in CONTRIBUTING.md): `c.req.raw` (a request step renamed query
 * parameters or headers, or migrated the body),
 * `c.req.bodyCache` (the migrated body), and the
 * context's `c.json` and `c.status` (the JSON fast path, json-through.ts, whose mark on the responses it built the finish stage takes off).
 */
import type { Context, HonoRequest, Next } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { VersioningError } from '../errors.ts'
import { after, thrown } from '../pipeline/after.ts'
import { versionDecider } from '../pipeline/decide.ts'
import { bindExtensions } from '../pipeline/extension-steps.ts'
import type { AppRoutes, MigratedBody } from '../pipeline/extension.ts'
import { varyList } from '../http/vary.ts'
import { finisher } from '../pipeline/finish.ts'
import { rewroteUpgrade } from '../pipeline/rebuilt-request.ts'
import { requestPath, type Place } from '../pipeline/path.ts'
import { waysOf } from '../routes/placement.ts'
import type { Visit, VisitReader } from '../pipeline/visit.ts'
import type { BaseVersioning } from '../schemes/base.ts'
import { jsonThrough, released, unmarked, unstepped, type Taken } from './json-through.ts'
import { asMountedIn } from './mount-base.ts'
import { answeringPath, answeringPaths } from './answering-routes.ts'
import { checkOptions, type MiddlewareOptions } from './middleware-options.ts'
import { validatedBefore } from './validated-before.ts'

export type { Place }

/**
 * The handler stage: what runs on an accepted visit. A `Response` (or its
 * promise) is the answer; anything else means the answer is in `c.res`.
 */
export type Handle = (c: Context, next: Next, visit: Visit) => unknown

/** A value as Hono's body cache holds it: a promise of it (Hono types the cache by the values it resolves to). */
const held = <T>(value: unknown): T => Promise.resolve(value) as unknown as T

/** Hono's body cache holding a migrated body. */
function bodyCache(body: MigratedBody, request: Request): HonoRequest['bodyCache'] {
  if (typeof body === 'string') return { text: held(body) }
  // The text alone, which c.req.json() parses (Hono 4.8.4 and later). Hono 4.8.0-4.8.3 read a json entry instead, and
  // the migrated value is not one to hand them: a field renamed or removed stays in it as a key whose value is
  // undefined (JSON.stringify leaves it out), which Object.keys, `in` and a strict validator see. Without one, those
  // versions parse the text too.
  if (!(body instanceof FormData)) return { text: held(body.text) }
  // A form read as text or bytes is the body the handler's request carries (its type, its boundary): Hono would
  // serialise the FormData as multipart with a boundary of its own, even for a urlencoded form.
  return {
    formData: held(body),
    get text() {
      return held<string>(request.clone().text())
    },
    get arrayBuffer() {
      return held<ArrayBuffer>(request.clone().arrayBuffer())
    },
    get blob() {
      return held<Blob>(request.clone().blob())
    },
  }
}

/** The request path of one middleware, bound to Hono. */
export interface HonoEngine {
  /** Whether the request names a host `allowedHosts` lists. */
  allowsHost(request: Request): boolean
  /**
   * The one entry: runs the stages on the request served at `place`, then
   * `handle` on the accepted visit, and finishes the answer (returned when
   * `handle` returned one, else in `c.res`); a refused visit is thrown as an
   * `HTTPException`, its response finished.
   */
  serve(c: Context, next: Next, place: Place, handle: Handle): unknown
  /** The context's slot (`c.get`, `c.set`) of the visit this engine's `serve` is running for the request (with a route table only). */
  readonly slot: symbol
  /** Whether answers are finished (an extension's response steps, or headers): else the handler's answer leaves as it is. */
  readonly finishes: boolean
  /**
   * A refused visit's response, finished, as the `HTTPException` to throw, for a visit `serve` already exposed (a
   * route's 405): the context lists the visit's `Vary` already.
   */
  reject(c: Context, visit: Visit): HTTPException | Promise<HTTPException>
  /**
   * The extensions' sentences about `app`'s routes (see the middlewares' `check(app)`), as the app `middleware` is
   * registered in names them.
   */
  checkApp(app: AppRoutes | undefined, middleware: unknown): readonly string[]
}

/**
 * Checks the options of middleware `where` (`extraNames`: the options it
 * adds) and binds its request path; `expose` puts what the middleware adds
 * in the context (`c.var.reverse`) once a visit is accepted.
 */
export function honoEngine(
  where: string,
  options: MiddlewareOptions<BaseVersioning>,
  extraNames: readonly string[],
  routeNames: () => ReadonlySet<string> | null,
  expose?: (c: Context, visit: Visit) => void,
): HonoEngine {
  const { scheme, errorResponse, hosts, extensions, policy } = checkOptions(where, options, extraNames)
  const decider = versionDecider(scheme, hosts)
  const names = routeNames()
  const steps = extensions.length === 0 ? null : bindExtensions(extensions, { where, scheme, routeNames: names, versionQuery: waysOf(scheme.placement).query, policy })
  const path = requestPath(decider, steps, HONO, varyList(scheme.vary))
  const { finishes, finish } = finisher(scheme.vary, steps)
  const json = steps?.json ?? null
  // The context's slot for this engine's visit (c.set, Hono's own per-request store), for the handlers of a table's
  // mountRoutes; without a table nothing inside reads it, and the visit is not put there (every c.set costs each
  // c.var read a property).
  const slot = Symbol()
  const shared = names !== null

  /** The handler's view of an accepted visit: c.var, the migrated request, the JSON fast path. */
  function exposed(c: Context, visit: Visit): Taken {
    c.set('version', visit.version as string | null)
    c.set('versioningScheme', scheme)
    // Responses built from the context (c.json, c.text, ...) carry Vary from the start: finish then only checks it.
    const vary = visit.vary.text
    if (vary !== '') c.header('Vary', vary, APPEND)
    // Patch: Hono has no hook to give handlers another Request; a request step renamed query parameters or headers,
    // or migrated the body.
    if (visit.request !== c.req.raw || visit.body !== null) {
      // A validator that ran before this middleware holds the older request as c.req.valid(): fail loudly, not silently.
      const stale = validatedBefore(c, visit.request, visit.body !== null, where)
      if (stale !== null) throw stale
      // An upgrade keeps the server's own object, the renamed URL and headers set on it (rebuilt-request.ts).
      if (visit.body !== null || !rewroteUpgrade(c.req.raw, visit.request)) c.req.raw = visit.request
    }
    // Patch: the migrated body reaches the handler through c.req's body cache (c.req.json(), text(), parseBody(),
    // formData() and validators read it), replacing what an earlier reader cached of the older body.
    if (visit.body !== null) c.req.bodyCache = bodyCache(visit.body, visit.request)
    expose?.(c, visit)
    if (json === null) return NEVER
    const step = json(visit)
    return step === undefined ? unstepped : jsonThrough(c, step, visit.version as string)
  }

  /** `exposedAlready`: the visit was exposed, its `Vary` already in the context's headers (appended again, a middleware that read `c.res` would keep it twice). */
  function reject(c: Context, visit: Visit, exposedAlready: boolean): HTTPException | Promise<HTTPException> {
    const error = visit.rejection as VersioningError
    // For responses app.onError builds with c.json() and friends.
    const vary = visit.vary.text
    if (vary !== '' && !exposedAlready) c.header('Vary', vary, APPEND)
    const answer: unknown = errorResponse(error, c)
    if (!(answer instanceof Response)) {
      throw new TypeError(`${where}: errorResponse must return a Response (synchronously), got ${answer instanceof Promise ? 'a Promise' : typeof answer}.`)
    }
    // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
    const exception = (r: Response): HTTPException => rejection(r, error)
    return after(finish(visit, answer), exception)
  }

  /** The last stage: the handler's answer (`result`, or `c.res`) finished. */
  function finished(c: Context, visit: Visit, taken: Taken, result: unknown): unknown {
    if (!finishes) return result
    if (result instanceof Response) {
      if (!taken(result, visit.version)) return finish(visit, result)
      return after(finish(visit.with({ jsonStepped: true }), result), unmarked)
    }
    // The answer is in c.res (the handler answered through next(), or passed the request on). A refusal thrown by a
    // handler inside was finished where it was made; nothing answered: nothing to finish.
    if (c.error instanceof Rejection || !c.finalized) {
      taken(null, visit.version)
      return undefined
    }
    // The visit as the handlers left it (one may have passed the request on), and whether the JSON step built the answer.
    const last = shared ? (c.get(slot as never) as Visit) : visit
    const res = c.res
    let stepped = false
    let finishing: Response | Promise<Response>
    try {
      stepped = taken(res, last.version)
      finishing = finish(stepped ? last.with({ jsonStepped: true }) : last, res)
    } catch (error) {
      throw failed(c, res, error)
    }
    // No closure for an answer finished synchronously.
    if (!(finishing instanceof Promise)) return replaced(c, res, stepped ? unmarked(finishing) : finishing)
    return finishing.then(
      (done) => replaced(c, res, stepped ? unmarked(done) : done),
      (error: unknown) => Promise.reject(failed(c, res, error)),
    )
  }

  /** The stages after the path's: the refusal thrown, or the handler run on the exposed visit and its answer finished. */
  function accepted(c: Context, next: Next, visit: Visit, handle: Handle): unknown {
    if (visit.rejection !== null) return after(reject(c, visit, false), thrown)
    // A versioning middleware already ran for this request (registered twice, at patterns that both match, or in a
    // parent app and a sub-app): with extensions, an older client's body would be migrated twice. Fail loudly.
    if (steps !== null && c.get('versioningScheme') !== undefined) throw new Error(twice(where))
    if (shared) c.set(slot as never, visit as never)
    const stepped = exposed(c, visit)
    // A handler's error going on (to a parent's onError, a value Hono does not catch) leaves with Hono's c.json back.
    let result: unknown
    try {
      result = handle(c, next, visit)
    } catch (error) {
      throw released(stepped, visit.version, error)
    }
    // No promise for a request that needs no finishing.
    if (!finishes) return result
    if (!(result instanceof Promise)) return finished(c, visit, stepped, result)
    return result.then((r: unknown) => finished(c, visit, stepped, r), (error: unknown) => thrown(released(stepped, visit.version, error)))
  }

  return {
    allowsHost: decider.allowsHost,
    serve(c, next, place, handle) {
      const visit = path.enter(c.req.raw, place, c)
      // No closure for a request that enters synchronously.
      return visit instanceof Promise ? visit.then((v) => accepted(c, next, v, handle)) : accepted(c, next, visit, handle)
    },
    slot,
    finishes,
    reject: (c, visit) => reject(c, visit, true),
    checkApp(app, middleware) {
      if (app === undefined) return []
      if (app === null || typeof app !== 'object' || !Array.isArray(app.routes)) throw new Error(`${where}.check: pass the Hono app, or nothing.`)
      const seen = Object.assign(Object.create(asMountedIn(app, middleware)) as AppRoutes, { middleware })
      return extensions.flatMap((extension) => extension.check?.(seen) ?? [])
    },
  }
}

/** The sentence of a request a versioning middleware already versioned. */
const twice = (where: string): string =>
  `${where}: a versioning middleware already ran for this request (the middleware registered twice, at patterns that both match such as app.use('*') and app.use('/api/*'), or in a parent app and a sub-app, or a versionMiddleware over a table's routes): its version changes and policy would apply twice, an older client's body migrated up twice and its answer down twice. Register one versioning middleware per request path.`

/** The finished answer in `c.res` when finishing made another response than `res`, the handlers' answer. */
function replaced(c: Context, res: Response, done: Response): undefined {
  if (done !== res) {
    // A copy: replace without Hono merging the old headers back over ours.
    c.res = undefined
    c.res = done
  }
  return undefined
}

/**
 * `error`, after the response that failed to finish has left `c.res`: Hono builds `app.onError`'s answer over
 * `c.res`'s headers, and those of the failed body (a `Content-Encoding`, a length, an entity tag, the JSON step's mark) would mislabel it.
 */
function failed(c: Context, res: Response, error: unknown): unknown {
  if (c.res === res) {
    const headers = new Headers(res.headers)
    for (const name of BODY_HEADERS) headers.delete(name)
    // Replaced without Hono merging the old headers back.
    c.res = undefined
    c.res = unmarked(new Response(null, { status: res.status, headers }))
  }
  return error
}

/** The headers that describe a response's body (RFC 9110's representation metadata and validators). */
const BODY_HEADERS = ['content-encoding', 'content-length', 'content-range', 'content-disposition', 'content-language', 'content-location', 'content-digest', 'repr-digest', 'etag', 'last-modified']

/** `c.header`'s option to add a value rather than replace the header's, made once rather than per request. */
const APPEND = Object.freeze({ append: true })

/** No JSON step ran: no response was built by one. */
const NEVER: Taken = () => false

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

/** Whether `error` is a refusal the request path made, its response finished. */
export const isRejection = (error: unknown): boolean => error instanceof Rejection

/**
 * The rejection of a request answered `res` for `error`: an `HTTPException` (a `Rejection`) made without running
 * `Error`'s constructor, which captures a stack on every runtime. A refusal is an answer, not a fault, so it has no
 * stack to show; and turning `Error.stackTraceLimit` off around the constructor, which spares the capture on Node
 * and Bun, costs Deno more than the capture itself.
 */
function rejection(res: Response, error: VersioningError): Rejection {
  const made = Object.create(Rejection.prototype) as { -readonly [K in keyof Rejection]: Rejection[K] }
  made.message = error.detail
  made.stack = `Error: ${error.detail}`
  made.cause = error
  made.res = res
  made.status = res.status as ContentfulStatusCode
  return made as Rejection
}

/** A request's route patterns and body, read from its context when an extension asks. */
const HONO: VisitReader = { routePath: answeringPath, routePaths: answeringPaths, bodyText: (c: Context) => c.req.text(), bodyBytes: (c: Context) => c.req.arrayBuffer() }

/** A middleware's place when it reads nothing of a route: outside the table, or a scheme that reads no params. */
export const NOWHERE: Place = { route: null, match: null, candidates: null }

/** A middleware's handler stage: the next handlers, or the app's not-found handler for a route absent from the version. */
export function runNext(c: Context, next: Next, visit: Visit): Promise<void> {
  return visit.absent ? notFound(c) : next()
}

/** Answers as Hono answers a path no route matches: the app's not-found handler. */
async function notFound(c: Context): Promise<void> {
  c.res = await c.notFound()
}
