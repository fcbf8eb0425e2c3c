/**
 * What the request path decided for one request, as a read-only value: the
 * version, the route that answers, the request the handler sees, or why it
 * is refused. Each stage that decides something returns a new one (`with`);
 * nothing writes into one after it is made. Extensions read it as an
 * `ExchangeView`.
 */
import type { VersioningError } from '../errors.ts'
import type { VaryList } from '../http/vary.ts'
import type { CompiledRoute } from '../routes/compile.ts'
import type { ExchangeView, MigratedBody } from './extension.ts'

/** The routes whose handlers serve a request's method at its path, in order; the first that exists in its version answers. */
export type Candidates = readonly CompiledRoute[]

/** How the framework reads a request's route pattern and body from its own request object (a visit's `source`), when an extension asks. */
export interface VisitReader {
  /** The pattern of the route that answers, as the framework registered it. */
  routePath(source: any): string
  /** The patterns of the routes that may answer, in the framework's order (see `ExchangeView.routePaths`). */
  routePaths(source: any): readonly string[]
  /** The request's body as text, read through the framework (which keeps it for later readers). */
  bodyText(source: any): Promise<string>
  /** The same as bytes. */
  bodyBytes(source: any): Promise<ArrayBuffer>
}

/** The decided parts of a visit. */
export interface VisitFields {
  readonly request: Request
  /** The migrated body, or `null`: the request's own. */
  readonly body: MigratedBody | null
  readonly version: string | null | undefined
  /** The table route that answers (or, when none of the handlers' routes exists in the version, the matched one), or `null`. */
  readonly route: CompiledRoute | null
  /** Whether `route` is the one the handlers' routes picked for the version (`false`: none exists in it, or no handler). */
  readonly picked: boolean
  /** The versions that serve the request's method at its path (`null`: every version), reported by the policy and the rejections (path.ts `Place.versions`). */
  readonly versions: ReadonlySet<string> | null
  /** The request headers the version was read from (the scheme's, and those a version step's choice read): the response's `Vary`. */
  readonly vary: VaryList
  /** Why the request is refused, or `null`. */
  readonly rejection: VersioningError | null
  /** Whether an extension found the route absent from the version: answered as a path no route matches. */
  readonly absent: boolean
  /** What each extension noted, by its index (`null`: nothing). */
  readonly notes: readonly unknown[] | null
  readonly jsonStepped: boolean
}

/** One request's decided state. */
export class Visit implements ExchangeView, VisitFields {
  declare readonly request: Request
  declare readonly version: string | null | undefined
  declare readonly route: CompiledRoute | null
  declare readonly versions: ReadonlySet<string> | null
  declare readonly vary: VaryList
  declare readonly rejection: VersioningError | null
  declare readonly body: MigratedBody | null
  declare readonly picked: boolean
  declare readonly absent: boolean
  declare readonly notes: readonly unknown[] | null
  declare readonly jsonStepped: boolean
  /** The framework's request object (Hono's context), which `reader` reads. */
  declare readonly source: unknown
  declare readonly reader: VisitReader

  /** A visit with every field given (the scheme's decision gives `null` or `false` to those no stage decided yet). */
  constructor(
    reader: VisitReader,
    source: unknown,
    request: Request,
    version: string | null | undefined,
    route: CompiledRoute | null,
    picked: boolean,
    versions: ReadonlySet<string> | null,
    vary: VaryList,
    rejection: VersioningError | null,
    body: MigratedBody | null,
    absent: boolean,
    notes: readonly unknown[] | null,
    jsonStepped: boolean,
  ) {
    this.reader = reader
    this.source = source
    this.request = request
    this.version = version
    this.route = route
    this.picked = picked
    this.versions = versions
    this.vary = vary
    this.rejection = rejection
    this.body = body
    this.absent = absent
    this.notes = notes
    this.jsonStepped = jsonStepped
  }

  /** The request's method, read when an extension asks (a rewritten request keeps it). */
  get method(): string {
    return this.request.method
  }

  get rejected(): boolean {
    return this.rejection !== null
  }

  /** The framework's request object (Hono's `Context`). */
  get context(): unknown {
    return this.source
  }

  get routePath(): string {
    return this.reader.routePath(this.source)
  }

  get routePaths(): readonly string[] {
    return this.reader.routePaths(this.source)
  }

  bodyText(): Promise<string> {
    return this.reader.bodyText(this.source)
  }

  bodyBytes(): Promise<ArrayBuffer> {
    return this.reader.bodyBytes(this.source)
  }

  /**
   * This visit with `patch` decided. Made through the constructor, so every
   * visit has one shape (an `Object.assign` copy costs a request about half
   * a microsecond more on Node per step that decides something).
   */
  with(patch: Partial<VisitFields>): Visit {
    return new Visit(
      this.reader,
      this.source,
      'request' in patch ? (patch.request as Request) : this.request,
      'version' in patch ? patch.version : this.version,
      'route' in patch ? (patch.route as CompiledRoute | null) : this.route,
      'picked' in patch ? (patch.picked as boolean) : this.picked,
      'versions' in patch ? (patch.versions as ReadonlySet<string> | null) : this.versions,
      'vary' in patch ? (patch.vary as VaryList) : this.vary,
      'rejection' in patch ? (patch.rejection as VersioningError | null) : this.rejection,
      'body' in patch ? (patch.body as MigratedBody | null) : this.body,
      'absent' in patch ? (patch.absent as boolean) : this.absent,
      'notes' in patch ? (patch.notes as readonly unknown[] | null) : this.notes,
      'jsonStepped' in patch ? (patch.jsonStepped as boolean) : this.jsonStepped,
    )
  }
}
