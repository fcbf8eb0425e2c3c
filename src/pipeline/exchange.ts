/**
 * One request's exchange: what the request path decided for it, the one
 * slot of per-request state. Extensions read it (`ExchangeView`); its
 * methods are the only writers, each applying one kind of result: the
 * version decided, the route picked, a step's change, a refusal.
 */
import type { VersioningError } from '../errors.ts'
import { existsIn } from '../model/operations.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { Decision } from './decide.ts'
import type { ExchangeView, RequestChange } from './extension.ts'

/** The routes that serve a request's method at its path, in order; the first that exists in its version answers. */
export type Candidates = readonly CompiledRoute[]

/** An exchange; the framework's side supplies how its route pattern and body are read. */
export abstract class Exchange implements ExchangeView {
  request: Request
  /** The migrated body (JSON as text, a form as `FormData`), or `null`: the request's own. */
  body: string | FormData | null = null
  readonly method: string
  version: string | null | undefined
  /** The table route that answers, or `null`. */
  route: CompiledRoute | null
  versions: ReadonlySet<string> | null
  /** Why the request is refused, or `null`. */
  rejection: VersioningError | null
  /** Whether the response already went through `finish` (a mounted handler's rejection). */
  finished = false
  /** Whether an extension found the route absent from the request's version: answered as an unknown route. */
  absent = false
  jsonStepped = false
  /** The versions of routes passed over for the request's version (`null`: all), before a later route answers. */
  tried: Set<string> | null | undefined = undefined
  /** What extensions' version steps noted, by extension index (`null`: nothing). */
  notes: unknown[] | null = null

  constructor(request: Request, method: string, decision: Decision, route: CompiledRoute | null) {
    this.request = request
    this.method = method
    this.version = decision.version
    this.rejection = decision.rejection
    this.route = route
    this.versions = route?.limit?.versions ?? null
  }

  get rejected(): boolean {
    return this.rejection !== null
  }

  abstract get routePath(): string
  abstract get context(): unknown
  abstract bodyText(): Promise<string>

  /** Answers with the first of `candidates` that exists in the version (none: the route stays). */
  pick(candidates: Candidates): void {
    const chosen = candidates.find((route) => existsIn(route, this.version))
    if (chosen !== undefined) this.answerWith(chosen)
  }

  /** Answers with `route` (a mounted handler chose it among the candidates). */
  answerWith(route: CompiledRoute): void {
    if (route === this.route) return
    this.route = route
    this.versions = route.limit?.versions ?? null
  }

  /** The version a version step chose. */
  decideVersion(version: string | null): void {
    this.version = version
  }

  /** Applies a request step's change; returns whether later steps run. */
  change(change: RequestChange): boolean {
    if (change === undefined) return true
    if (change === 'absent') {
      this.passOn()
      this.absent = true
      return false
    }
    if ('request' in change) {
      this.request = change.request
      if (change.body !== null) this.body = change.body
      return true
    }
    this.refuseInVersion(change)
    return false
  }

  /** Answered as a path no route matches: no table route, every version. */
  passOn(): void {
    this.route = null
    this.versions = null
  }

  /** Another route Hono matched gets its turn; these versions are reported if none answers. */
  passOver(versions: ReadonlySet<string> | null): void {
    this.tried = union(this.tried, versions)
  }

  /** Refuses the request keeping its version (a method the route does not serve: 405; a 410 after a sunset). */
  refuseInVersion(rejection: VersioningError): void {
    this.rejection = rejection
  }

  /** Refuses the request for no version: no route serves its version; reports `versions` and those passed over. */
  refuse(rejection: VersioningError, versions: ReadonlySet<string> | null): void {
    this.rejection = rejection
    this.version = undefined
    this.versions = union(this.tried, versions)
  }

  /** Refuses the request for no version, keeping the versions reported (a failed version step). */
  refuseVersion(rejection: VersioningError): void {
    this.rejection = rejection
    this.version = undefined
  }

  /** The response is being finished (`Vary`, the response steps): a mounted handler's rejection is not finished twice. */
  finishing(): void {
    this.finished = true
  }

  /** The handler's JSON value went through the extensions' JSON step. */
  jsonStep(): void {
    this.jsonStepped = true
  }

  /** Notes what extension `index` noted for its later steps. */
  note(index: number, note: unknown): void {
    ;(this.notes ??= [])[index] = note
  }
}

/** The versions of both (`null`: every version; `undefined`: none yet). */
function union(a: Set<string> | null | undefined, b: ReadonlySet<string> | null): Set<string> | null {
  return a === null || b === null ? null : new Set([...(a ?? []), ...b])
}
