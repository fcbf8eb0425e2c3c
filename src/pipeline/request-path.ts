/**
 * The request path every middleware runs, once per request and in one
 * direction: decide the version (the scheme), let the extensions check or
 * rewrite the request, and, after the handler, finish the response (`Vary`,
 * then the extensions). A rejection is a result (`rejection`), not a jump.
 * Framework-free: the Hono middleware (hono/) drives it.
 */
import { DisallowedHost, VersioningError, withoutStack } from '../errors.ts'
import { authorityOf } from '../http/request-url.ts'
import { mergeVary } from '../http/vary.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'
import type { BoundExtension, Exchange, JsonStep, VersioningExtension } from './extension.ts'

/** One request's way through the path: what was decided, and for which route. */
export class Passage implements Exchange {
  request: Request
  readonly method: string
  /** The decided version; `undefined` on a rejection, unless an extension refused the version itself (a 410). */
  version: string | null | undefined
  /** The table route that answers (until a mounted handler picks another of the same path), or `null`. */
  route: CompiledRoute | null
  versions: ReadonlySet<string> | null
  /** Why the request is refused, or `null`. */
  rejection: VersioningError | null
  rejected: boolean
  /** Whether the response already went through `finish` (a mounted handler's rejection). */
  finished = false
  /** Whether an extension found the route absent from the request's version: answered as an unknown route. */
  absent: boolean | undefined = undefined
  /** The versions of routes passed over for the request's version (`null`: all), before a later route answers. */
  tried: Set<string> | null | undefined = undefined
  readonly #routePath: () => string

  constructor(request: Request, method: string, routePath: () => string, version: string | null | undefined, route: CompiledRoute | null, rejection: VersioningError | null) {
    this.request = request
    this.method = method
    this.#routePath = routePath
    this.version = version
    this.route = route
    this.versions = route?.limit?.versions ?? null
    this.rejection = rejection
    this.rejected = rejection !== null
  }

  /** The framework's matched route pattern, read when asked. */
  get routePath(): string {
    return this.#routePath()
  }
}

/** Refuses a passage: a refusal of the route or of the version text answers for no version. */
export function refuse(passage: Passage, rejection: VersioningError, versions: ReadonlySet<string> | null): void {
  passage.rejection = rejection
  passage.rejected = true
  passage.version = undefined
  passage.versions = versions
}

type RequestStep = NonNullable<BoundExtension['request']>
type ResponseStep = NonNullable<BoundExtension['response']>
type JsonAsk = NonNullable<BoundExtension['json']>

/** The request path of one middleware: its scheme and extensions, bound once. */
export class RequestPath {
  readonly scheme: BaseVersioning
  /** The request headers the version is read from, which responses `Vary` on. */
  readonly vary: readonly string[]
  /** Whether responses go through `finish` at all (`Vary` or an extension's response step). */
  readonly finishes: boolean
  /** Whether an extension has a `json` step (`json()` may give one). */
  readonly asksJson: boolean
  readonly #requestSteps: RequestStep[] = []
  readonly #responseSteps: ResponseStep[] = []
  readonly #hosts: ((authority: string) => boolean) | null
  #disallowed: DisallowedHost | undefined
  readonly #jsonAsks: JsonAsk[] = []

  constructor(
    where: string,
    scheme: BaseVersioning,
    extensions: readonly VersioningExtension[],
    routeNames: ReadonlySet<string> | null,
    hosts: ((authority: string) => boolean) | null,
  ) {
    this.scheme = scheme
    this.#hosts = hosts
    this.vary = scheme.vary
    for (const extension of extensions) {
      const { request, response, json } = extension.bind({ where, scheme, routeNames })
      if (request !== undefined) this.#requestSteps.push(request)
      if (response !== undefined) this.#responseSteps.push(response)
      if (json !== undefined) this.#jsonAsks.push(json)
    }
    this.finishes = this.vary.length > 0 || this.#responseSteps.length > 0
    this.asksJson = this.#jsonAsks.length > 0
  }

  /**
   * Decides the version of `request`, answered by the table `route` (or none)
   * whose `match` the scheme reads; `routePath` gives the framework's matched
   * pattern when asked. A version-neutral route takes whatever version the
   * scheme accepts, else none, and is never refused.
   */
  decide(request: Request, method: string, routePath: () => string, route: CompiledRoute | null, match: VersionMatch | null): Passage {
    let version: string | null | undefined = null
    let rejection: VersioningError | null = null
    if (!this.allowsHost(request)) {
      version = undefined
      rejection = this.#disallowed ??= withoutStack(() => new DisallowedHost())
    } else try {
      version = this.scheme.determineVersion(request, match)
    } catch (error) {
      if (!(error instanceof VersioningError)) throw error
      if (route?.limit?.neutral !== true) {
        version = undefined
        rejection = error
      }
    }
    return new Passage(request, method, routePath, version, route, rejection)
  }

  /** Whether the request names a host `allowedHosts` lists (always, without the option). */
  allowsHost(request: Request): boolean {
    return this.#hosts === null || this.#hosts(authorityOf(request.url))
  }

  /**
   * Runs the extensions' request steps on a decided request: each may refuse
   * it (`passage.rejection`, keeping its version), replace its `request`, or
   * find its route absent from the version (`passage.absent`, no later step).
   * Synchronous unless a step is not.
   */
  enter(passage: Passage, from = 0): void | Promise<void> {
    const steps = this.#requestSteps
    const refused = (error: unknown): void => {
      if (!(error instanceof VersioningError)) throw error
      passage.rejection = error
      passage.rejected = true
    }
    for (let i = from; i < steps.length && !passage.rejected && passage.absent !== true; i++) {
      try {
        const out = (steps[i] as RequestStep)(passage)
        if (out instanceof Promise) {
          return out.then((result) => {
            took(passage, result)
            return this.enter(passage, i + 1)
          }, refused)
        }
        took(passage, out)
      } catch (error) {
        refused(error)
      }
    }
  }

  /** The extensions' JSON steps this request needs, as one (the first extension's outermost), or `undefined`. */
  json(passage: Passage): JsonStep | undefined {
    let step: JsonStep | undefined
    for (let i = this.#jsonAsks.length - 1; i >= 0; i--) {
      const own = (this.#jsonAsks[i] as JsonAsk)(passage)
      if (own === undefined) continue
      const inner = step
      step = inner === undefined ? own : (value, status, respond) => own(value, status, (changed) => inner(changed, status, respond))
    }
    return step
  }

  /** `response` after `Vary` (step -1) and the extensions' response steps; a response with immutable headers is copied once. */
  finish(passage: Passage, response: Response, from = -1): Response | Promise<Response> {
    passage.finished = true
    const steps = this.#responseSteps
    let res = response
    let copied = false
    for (let i = from; i < steps.length; i++) {
      let out: Response | Promise<Response>
      try {
        out = i < 0 ? this.#vary(res) : (steps[i] as ResponseStep)(passage, res)
      } catch (error) {
        // Immutable headers (a fetch() or Response.redirect() response): copy it, and take the step again.
        if (!(error instanceof TypeError) || copied) throw error
        res = new Response(res.body, res)
        copied = true
        i--
        continue
      }
      if (out instanceof Promise) return out.then((next) => this.finish(passage, next, i + 1))
      res = out
    }
    return res
  }

  /** `res` with the scheme's headers in `Vary`. */
  #vary(res: Response): Response {
    const merged = this.vary.length === 0 ? null : mergeVary(res.headers.get('Vary'), this.vary)
    if (merged !== null) res.headers.set('Vary', merged)
    return res
  }
}

/** What a request step's result does to the passage. */
function took(passage: Passage, result: void | Request | 'absent'): void {
  if (result === 'absent') {
    passage.absent = true
    passage.route = null
    passage.versions = null
  } else if (result !== undefined) passage.request = result
}
