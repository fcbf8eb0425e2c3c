/**
 * The request path every middleware runs, once per request and in one
 * direction: decide the version (the scheme), let the extensions check or
 * rewrite the request (their steps: steps.ts), and, after the handler, finish
 * the response (`Vary`, then the extensions). A rejection is a result
 * (`rejection`), not a jump.
 * Framework-free: the Hono middleware (hono/) drives it.
 */
import { DisallowedHost, VersioningError, withoutStack } from '../errors.ts'
import { authorityOf } from '../http/request-url.ts'
import { mergeVary } from '../http/vary.ts'
import { withHeaders } from '../http/mutable-response.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'
import type { ExtensionSteps, Passing, VersioningExtension } from './extension.ts'

/** What the request path asks of the framework's request (`host`): what the extensions read lazily. */
export interface HostReader {
  /** The pattern of the route that answers, as the framework registered it. */
  routePath(host: any): string
  /** The request's body as text, through the framework's body cache. */
  bodyText(host: any): Promise<string>
}

/** One request's way through the path: what was decided, and for which route. */
export class Passage implements Passing {
  request: Request
  body: string | null = null
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
  /** The routes whose handlers serve the request's method at its path, in order (`null`: the route alone). */
  candidates: readonly CompiledRoute[] | null = null
  /** The versions of routes passed over for the request's version (`null`: all), before a later route answers. */
  tried: Set<string> | null | undefined = undefined
  readonly #host: unknown
  readonly #reader: HostReader

  constructor(
    request: Request,
    method: string,
    host: unknown,
    reader: HostReader,
    version: string | null | undefined,
    route: CompiledRoute | null,
    rejection: VersioningError | null,
  ) {
    this.request = request
    this.method = method
    this.#host = host
    this.#reader = reader
    this.version = version
    this.route = route
    this.versions = route?.limit?.versions ?? null
    this.rejection = rejection
    this.rejected = rejection !== null
  }

  /** The framework's matched route pattern, read when asked. */
  get routePath(): string {
    return this.#reader.routePath(this.#host)
  }

  bodyText(): Promise<string> {
    return this.#reader.bodyText(this.#host)
  }

  /** The first candidate that exists in the request's version answers (none: the route stays). */
  pickRoute(): void {
    const { candidates, version } = this
    if (candidates === null || this.rejection !== null) return
    const chosen = candidates.find((r) => r.limit?.versions == null || (version != null && r.limit.versions.has(version)))
    if (chosen !== undefined && chosen !== this.route) {
      this.route = chosen
      this.versions = chosen.limit?.versions ?? null
    }
  }
}

/**
 * Refuses a passage whose version stands (a method the route does not serve:
 * 405): the answer carries the version's headers, as any answer after the
 * version is decided.
 */
export function refuseMethod(passage: Passage, rejection: VersioningError): void {
  passage.rejection = rejection
  passage.rejected = true
}

/** Refuses a passage: a refusal of the route or of the version text answers for no version. */
export function refuse(passage: Passage, rejection: VersioningError, versions: ReadonlySet<string> | null): void {
  passage.rejection = rejection
  passage.rejected = true
  passage.version = undefined
  passage.versions = versions
}

/** The request path of one middleware: its scheme and extensions, bound once. */
export class RequestPath {
  readonly scheme: BaseVersioning
  /** The request headers the version is read from, which responses `Vary` on. */
  readonly vary: readonly string[]
  /** `vary` as one `Vary` value (`''` when empty). */
  readonly varyText: string
  /** The extensions' steps, or `null` without extensions. */
  readonly steps: ExtensionSteps | null
  /** Whether responses go through `finish` at all (`Vary` or an extension's response step). */
  readonly finishes: boolean
  readonly #hosts: ((authority: string) => boolean) | null
  readonly #reader: HostReader
  #disallowed: DisallowedHost | undefined

  /** `reader`: what extensions read of the framework's request (`host` in `decide`). */
  constructor(
    where: string,
    scheme: BaseVersioning,
    extensions: readonly VersioningExtension[],
    routeNames: ReadonlySet<string> | null,
    hosts: ((authority: string) => boolean) | null,
    reader: HostReader,
  ) {
    this.scheme = scheme
    this.#reader = reader
    this.#hosts = hosts
    this.vary = scheme.vary
    this.varyText = scheme.vary.join(', ')
    this.steps = extensions.length === 0 ? null : (extensions[0] as VersioningExtension).bindAll(extensions, { where, scheme, routeNames })
    this.finishes = this.vary.length > 0 || this.steps?.finishes === true
  }

  /**
   * Decides the version of `request`, answered by the table `route` (or none)
   * whose `match` the scheme reads; `host` is the framework's request (its
   * context), which the reader reads when an extension asks. A
   * version-neutral route takes whatever version the scheme accepts, else
   * none, and is never refused.
   */
  decide(request: Request, method: string, host: unknown, route: CompiledRoute | null, match: VersionMatch | null): Passage {
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
    return new Passage(request, method, host, this.#reader, version, route, rejection)
  }

  /** Whether the request names a host `allowedHosts` lists (always, without the option). */
  allowsHost(request: Request): boolean {
    return this.#hosts === null || this.#hosts(authorityOf(request.url))
  }

  /** `response` with the scheme's headers in `Vary`, then through the extensions' response steps. */
  finish(passage: Passage, response: Response): Response | Promise<Response> {
    passage.finished = true
    const { vary, varyText, steps } = this
    let res = response
    const listed = vary.length === 0 ? null : res.headers.get('Vary')
    // Most responses list exactly them already (the middleware gave the context's headers `varyText`).
    const merged = vary.length === 0 || listed === varyText ? null : mergeVary(listed, vary)
    if (merged !== null) {
      res = withHeaders(res, (r) => {
        r.headers.set('Vary', merged)
        return r
      })
    }
    return steps === null ? res : steps.finish(passage, res)
  }
}
