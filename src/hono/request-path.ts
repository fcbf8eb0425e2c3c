/**
 * The request path (pipeline/) driven from Hono: the middleware options both
 * middlewares share, checked once; the version decided and put in the
 * context; rejections thrown as `HTTPException`s; `c.json` given the
 * extensions' JSON step when a request needs one; responses finished in
 * `c.res`.
 */
import type { Context, Next } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { matchedRoutes } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { withoutStack, type VersioningError } from '../errors.ts'
import type { AppRoutes, JsonStep, VersioningExtension } from '../pipeline/extension.ts'
import { after, thrown } from '../pipeline/after.ts'
import { RequestPath, type HostReader, type Passage } from '../pipeline/request-path.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import { BaseVersioning, type VersionMatch } from '../schemes/base.ts'
import { allowedHosts } from '../http/allowed-hosts.ts'
import { detailResponse } from './error-response.ts'

/** Options both middlewares take. */
export interface MiddlewareOptions<S extends BaseVersioning> {
  /** The scheme that determines the version. */
  readonly scheme: S
  /**
   * Builds the response of a rejected version; its status is the answer's (it need not be the error's).
   * @default `{"detail": "<message>"}` as `application/json` with the error's status
   */
  readonly errorResponse?: ((error: VersioningError, c: Context) => Response) | undefined
  /**
   * The version lifecycle told to clients (`versionPolicy({...})` from
   * `hono-api-versioning/lifecycle`): supported and deprecated versions,
   * `Deprecation`, `Sunset` and `Link` headers, the echoed version, 410 after
   * a sunset.
   * @default undefined (none)
   */
  readonly policy?: VersioningExtension | undefined
  /**
   * The hosts requests may name, as Django's `ALLOWED_HOSTS`: exact names,
   * `.example.com` for a domain and its subdomains, or `*`; ports are
   * ignored. Any other host (user info included) is refused with 400
   * `{"detail": "Invalid host."}` before the scheme reads anything, so
   * `HostNameVersioning` only reads listed hosts and links only carry them.
   * @default undefined (every host)
   */
  readonly allowedHosts?: readonly string[] | undefined
  /**
   * The version changes (`versionHistory({...})` from
   * `hono-api-versioning/changes`): handlers written for the newest version,
   * older requests migrated up before them and responses migrated down after.
   * @default undefined (none)
   */
  readonly changes?: VersioningExtension | undefined
  /**
   * The version of a request that names none, from its client
   * (`clientPins({...})` from `hono-api-versioning/clients`): looked up
   * before the policy and the changes see the version.
   * @default undefined (the scheme's default version)
   */
  readonly clientVersion?: VersioningExtension | undefined
}

/** The request path of one middleware, bound to Hono. */
export interface HonoRequestPath {
  readonly path: RequestPath
  /**
   * Decides the version of the request answered by `route` (or no table
   * route), picks the route that serves the request's method and version
   * among `candidates` (the handlers' routes at its path, for its method:
   * the extensions' steps are those of the route that answers), puts the
   * version in the context, runs the extensions' request steps, and gives
   * the passage, or throws the rejection as an `HTTPException`.
   */
  enter(c: Context, route: CompiledRoute | null, match: VersionMatch | null, candidates?: readonly CompiledRoute[] | null): Passage | Promise<Passage>
  /** The passage's rejection (with its response finished), as the `HTTPException` to throw. */
  reject(c: Context, passage: Passage): HTTPException | Promise<HTTPException>
  /** Finishes `c.res` after the handlers ran. */
  finishContext(c: Context, passage: Passage): void | Promise<void>
  /**
   * Runs the next handlers (or, when an extension found the route absent
   * from the version, the app's not-found handler), then finishes `c.res`
   * unless a mounted handler's rejection already did.
   */
  run(c: Context, passage: Passage, next: Next): Promise<void>
  /** The extensions' sentences about `app`'s routes (see the middlewares' `check(app)`). */
  checkApp(app: AppRoutes | undefined): readonly string[]
}

/** Checks the options of middleware `where` (`extraNames`: the options it adds) and binds its request path. */
export function honoRequestPath(
  where: string,
  options: MiddlewareOptions<BaseVersioning>,
  extraNames: readonly string[],
  routeNames: () => ReadonlySet<string> | null,
): HonoRequestPath {
  if (options === null || typeof options !== 'object') {
    throw new Error(`${where}: pass options such as { scheme: new URLPathVersioning()${extraNames.length > 0 ? `, ${extraNames[0]}` : ''} }.`)
  }
  const names = ['scheme', ...extraNames, 'errorResponse', 'policy', 'changes', 'allowedHosts', 'clientVersion']
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new Error(`${where}: unknown option "${key}"; the options are ${names.join(', ')}.`)
  }
  const { scheme, errorResponse = detailResponse, policy, changes, allowedHosts: hosts, clientVersion } = options
  if (!(scheme instanceof BaseVersioning)) {
    throw new Error(`${where}: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ["v1"] }).`)
  }
  if (typeof errorResponse !== 'function') {
    throw new Error(`${where}: errorResponse must be a function (error, c) => Response.`)
  }
  if (policy !== undefined && !isExtension(policy)) {
    throw new Error(`${where}: policy must come from versionPolicy({...}).`)
  }
  if (changes !== undefined && (!isExtension(changes) || typeof (changes as { changelog?: unknown }).changelog !== 'function')) {
    throw new Error(`${where}: changes must come from versionHistory({...}).`)
  }
  if (clientVersion !== undefined && !isExtension(clientVersion)) {
    throw new Error(`${where}: clientVersion must come from clientPins({...}).`)
  }
  const extensions: VersioningExtension[] = []
  // The client's version first: the version it decides is the one the policy and the changes see.
  if (clientVersion !== undefined) extensions.push(clientVersion)
  if (policy !== undefined) extensions.push(policy)
  if (changes !== undefined) extensions.push(changes)
  const path = new RequestPath(where, scheme, extensions, routeNames(), hosts === undefined ? null : allowedHosts(hosts, where), HONO_READER)

  /** The passage once its request steps ran: in the context, or thrown as its rejection. */
  function entered(c: Context, passage: Passage): Passage | Promise<Passage> {
    if (passage.rejection !== null) return after(reject(c, passage), thrown)
    c.set('version', passage.version as string | null)
    c.set('versioningScheme', scheme)
    // Responses built from the context (c.json, c.text, ...) carry Vary from the start: finish then only checks it.
    if (path.varyText !== '') c.header('Vary', path.varyText, { append: true })
    if (passage.request !== c.req.raw) c.req.raw = passage.request
    // A migrated body reaches the handler through c.req's body cache: c.req.json(), text() and validators read it.
    // (Hono types the cache by the values it resolves to; it holds their promises.)
    if (passage.body !== null) c.req.bodyCache = { text: Promise.resolve(passage.body) as unknown as string }
    const json = path.steps?.json
    if (json != null) {
      const step = json(passage)
      if (step !== undefined) jsonThrough(c, step)
    }
    return passage
  }

  function reject(c: Context, passage: Passage): HTTPException | Promise<HTTPException> {
    const error = passage.rejection as VersioningError
    // For responses app.onError builds with c.json() and friends.
    for (const name of path.vary) c.header('Vary', name, { append: true })
    const answer: unknown = errorResponse(error, c)
    if (!(answer instanceof Response)) {
      throw new TypeError(`${where}: errorResponse must return a Response (synchronously), got ${answer instanceof Promise ? 'a Promise' : typeof answer}.`)
    }
    // HTTPException answers with its own status: take the response's, which errorResponse may have chosen.
    const exception = (r: Response): HTTPException => withoutStack(() => new Rejection(r.status as ContentfulStatusCode, { res: r, message: error.detail, cause: error }))
    return after(path.finish(passage, answer), exception)
  }

  /** Finishes `c.res` after the handlers ran. */
  function finishContext(c: Context, passage: Passage): void | Promise<void> {
    return after(path.finish(passage, c.res), (res) => {
      if (res !== c.res) {
        // A copy: replace without Hono merging the old headers back over ours.
        c.res = undefined
        c.res = res
      }
    })
  }

  return {
    path,
    reject,
    enter(c, route, match, candidates) {
      const passage = path.decide(c.req.raw, c.req.method, c, route, match)
      if (candidates != null) {
        passage.candidates = candidates
        passage.pickRoute()
      }
      const steps = passage.rejection === null ? path.steps?.enter(passage) : undefined
      return steps instanceof Promise ? steps.then(() => entered(c, passage)) : entered(c, passage)
    },
    finishContext,
    checkApp(app) {
      if (app === undefined) return []
      if (app === null || typeof app !== 'object' || !Array.isArray(app.routes)) throw new Error(`${where}.check: pass the Hono app (check(app)), or nothing.`)
      return extensions.flatMap((extension) => extension.check?.(app) ?? [])
    },
    run(c, passage, next) {
      // No async wrapper: requests whose response needs no finishing pay one call, no extra promise.
      const ran = passage.absent === true ? notFound(c) : next()
      return path.finishes ? ran.then(() => (passage.finished ? undefined : finishContext(c, passage))) : ran
    },
  }
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

function isExtension(value: unknown): value is VersioningExtension {
  return value !== null && typeof value === 'object' && typeof (value as VersioningExtension).bind === 'function' && typeof (value as VersioningExtension).bindAll === 'function'
}

/** Answers as Hono answers a path no route matches: the app's not-found handler. */
async function notFound(c: Context): Promise<void> {
  c.res = await c.notFound()
}

/** What extensions read of Hono's context: the answering route's pattern, and the body through `c.req`'s cache. */
const HONO_READER: HostReader = { routePath: answeringPath, bodyText: (c: Context) => c.req.text() }

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
 * JSON step, so a changed value is serialised once. `c.status` is followed
 * for the status of `c.json(value)`.
 */
function jsonThrough(c: Context, step: JsonStep): void {
  const json = c.json as unknown as Json
  const setStatus = c.status
  let status = 200
  c.status = (code) => {
    status = code
    setStatus(code)
  }
  const through: Json = (value, arg, headers) => step(value, typeof arg === 'number' ? arg : (arg?.status ?? status), (changed) => json(changed, arg, headers))
  ;(c as unknown as { json: Json }).json = through
}
