/**
 * The request path every middleware runs, once per request and in one
 * direction: decide the version (the scheme), let the extensions check or
 * rewrite the request, and, after the handler, finish the response (`Vary`,
 * then the extensions). A rejection is a result (`rejection`), not a jump.
 * Framework-free: the Hono middleware (hono/) drives it.
 */
import { VersioningError } from '../errors.ts'
import { mergeVary } from '../http/vary.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'
import type { BoundExtension, Exchange, VersioningExtension } from './extension.ts'

/** One request's way through the path: what was decided, and for which route. */
export class Passage implements Exchange {
  request: Request
  readonly method: string
  readonly #routePath: () => string
  /** The decided version; `undefined` on a rejection, unless an extension refused the version itself (a 410). */
  version: string | null | undefined
  /** The table route that answers (until a mounted handler picks another of the same path), or `null`. */
  route: CompiledRoute | null
  /** The versions reported for the request: the answering route's, or all those tried. */
  versions: ReadonlySet<string> | null
  /** Why the request is refused, or `null`. */
  rejection: VersioningError | null
  /** Whether the response already went through `finish` (a mounted handler's rejection). */
  finished = false
  /** The versions of routes passed over for the request's version (`null`: all), before a later route answers. */
  tried: Set<string> | null | undefined

  constructor(
    request: Request,
    method: string,
    routePath: () => string,
    version: string | null | undefined,
    route: CompiledRoute | null,
    rejection: VersioningError | null,
  ) {
    this.request = request
    this.method = method
    this.#routePath = routePath
    this.version = version
    this.route = route
    this.versions = route?.limit?.versions ?? null
    this.rejection = rejection
  }

  /** The framework's matched route pattern, read when asked. */
  get routePath(): string {
    return this.#routePath()
  }

  get rejected(): boolean {
    return this.rejection !== null
  }

  /** Refuses the request: a refusal of the route or the version text answers for no version. */
  refuse(rejection: VersioningError, versions: ReadonlySet<string> | null): void {
    this.rejection = rejection
    this.version = undefined
    this.versions = versions
  }
}

/** The request path of one middleware: its scheme and extensions, bound once. */
export class RequestPath {
  readonly scheme: BaseVersioning
  /** The request headers the version is read from, which responses `Vary` on. */
  readonly vary: readonly string[]
  /** Whether responses go through `finish` at all (`Vary` or an extension's response step). */
  readonly finishes: boolean
  readonly #requestSteps: readonly NonNullable<BoundExtension['request']>[]
  readonly #responseSteps: readonly NonNullable<BoundExtension['response']>[]

  constructor(where: string, scheme: BaseVersioning, extensions: readonly VersioningExtension[], routeNames: ReadonlySet<string> | null) {
    this.scheme = scheme
    this.vary = scheme.vary
    const bound = extensions.map((extension) => extension.bind({ where, scheme, routeNames }))
    this.#requestSteps = bound.flatMap((b) => (b.request === undefined ? [] : [b.request.bind(b)]))
    this.#responseSteps = bound.flatMap((b) => (b.response === undefined ? [] : [b.response.bind(b)]))
    this.finishes = this.vary.length > 0 || this.#responseSteps.length > 0
  }

  /**
   * Decides the version of `request`, answered by the table `route` (or none)
   * whose `match` the scheme reads. A version-neutral route takes whatever
   * version the scheme accepts, else none, and is never refused.
   */
  decide(request: Request, method: string, routePath: () => string, route: CompiledRoute | null, match: VersionMatch | null): Passage {
    try {
      return new Passage(request, method, routePath, this.scheme.determineVersion(request, match), route, null)
    } catch (error) {
      if (!(error instanceof VersioningError)) throw error
      return route?.limit?.neutral === true
        ? new Passage(request, method, routePath, null, route, null)
        : new Passage(request, method, routePath, undefined, route, error)
    }
  }

  /**
   * Runs the extensions' request steps on a decided request: each may refuse
   * it (`passage.rejection`) or replace its `request`. Synchronous unless a
   * step is not.
   */
  enter(passage: Passage, from = 0): void | Promise<void> {
    const steps = this.#requestSteps
    for (let i = from; i < steps.length && passage.rejection === null; i++) {
      let out: void | Request | Promise<void | Request>
      try {
        out = (steps[i] as NonNullable<BoundExtension['request']>)(passage)
      } catch (error) {
        refuse(passage, error)
        return
      }
      if (out instanceof Promise) {
        return out.then(
          (request) => {
            if (request !== undefined) passage.request = request
            return this.enter(passage, i + 1)
          },
          (error: unknown) => refuse(passage, error),
        )
      }
      if (out !== undefined) passage.request = out
    }
  }

  /** `response` after `Vary` and the extensions' response steps; a response with immutable headers is copied first. */
  finish(passage: Passage, response: Response): Response | Promise<Response> {
    passage.finished = true
    if (!this.finishes) return response
    try {
      return this.#finish(passage, response, 0)
    } catch (error) {
      // Immutable headers (a fetch() or Response.redirect() response): copy it.
      if (!(error instanceof TypeError)) throw error
      return this.#finish(passage, new Response(response.body, response), 0)
    }
  }

  #finish(passage: Passage, response: Response, from: number): Response | Promise<Response> {
    let res = response
    if (from === 0 && this.vary.length > 0) {
      const merged = mergeVary(res.headers.get('Vary'), this.vary)
      if (merged !== null) res.headers.set('Vary', merged)
    }
    const steps = this.#responseSteps
    for (let i = from; i < steps.length; i++) {
      const out = (steps[i] as NonNullable<BoundExtension['response']>)(passage, res)
      if (out instanceof Promise) return out.then((next) => this.#finish(passage, next, i + 1))
      res = out
    }
    return res
  }
}

/** Records a request step's rejection; anything but a `VersioningError` is a fault and goes on up. */
function refuse(passage: Passage, error: unknown): void {
  if (!(error instanceof VersioningError)) throw error
  passage.rejection = error
}
