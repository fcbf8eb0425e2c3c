/**
 * How per-request features plug into the request path, the built-in ones
 * (a client's pinned version, the version policy, version changes) and an
 * app's own (an audit log, a per-version rate limit): bound once to the
 * middleware's scheme and table, then per request each step reads the
 * request as the path decided it so far (`ExchangeView`, read-only) and
 * returns what it decides; the request path (path.ts) makes the next view
 * from it. docs/middleware.md shows one written by hand.
 */
import type { VersioningError } from '../errors.ts'
import type { VersionPlacement } from '../routes/placement.ts'

/** An app's registered routes (a Hono app's `routes`), and the versioning middleware whose `check(app)` reads them. */
export interface AppRoutes {
  readonly routes: readonly { readonly method: string; readonly path: string }[]
  readonly middleware?: unknown
}

/** What an extension is bound to, once, when the middleware is made. */
export interface ExtensionTarget {
  /** The middleware (`apiVersioning`, `versionMiddleware`), for error sentences. */
  readonly where: string
  /** The scheme: its allowed versions, its default, and how requested text resolves to a version. */
  readonly scheme: {
    readonly allowedVersions: readonly (string | null)[] | null
    readonly defaultVersion: string | null
    resolveVersion(version: string | null): string | null | undefined
    /** Where requests carry the version (a header, the query, ...). */
    readonly placement: VersionPlacement
  }
  /** The route table's names (namespaced such as `v1:product-detail`, and own names), or `null` without a table. */
  readonly routeNames: ReadonlySet<string> | null
  /** The query parameter the scheme reads the version from (`null`: none), which is no parameter of a route's own. */
  readonly versionQuery: string | null
  /** The middleware's version policy (its `policy` option), which client pins read too. */
  readonly policy?: VersioningExtension | undefined
}

/** The table route that answers a request, as extensions see it. */
export interface ExchangeRoute {
  /** The namespaced name (`v1:product-detail`). */
  readonly viewName: string
  /** The route's own name (`product-detail`). */
  readonly name: string
  /** Its full path in Hono syntax. */
  readonly path: string
  /** The versions it exists in (`versioned()`, `versionNeutral()`), or `null` for every version. */
  readonly limit: { readonly versions: ReadonlySet<string> | null; readonly neutral: boolean } | null
}

/**
 * One request on its way through the middleware, as extensions read it: a
 * read-only value, made anew by the stage that decides something (the
 * version, the route, a rewritten request, a refusal).
 */
export interface ExchangeView {
  /** The request the handler sees (a request step may have renamed its query parameters or headers). */
  readonly request: Request
  /**
   * The decided version (`null`: none). On a rejection: `undefined` when no
   * version was decided, the version when an extension refused it (a 410
   * after its sunset).
   */
  readonly version: string | null | undefined
  readonly method: string
  /** The table route that answers, or `null` (a route outside the table, or `versionMiddleware`). */
  readonly route: ExchangeRoute | null
  /**
   * The pattern of the route that answers as the framework registered it
   * (in Hono: the first matched route for the request's method, such as
   * `/users/:id`), for routes outside the table.
   */
  readonly routePath: string
  /**
   * The patterns of the routes that may answer, outside the table, in the
   * framework's order (in Hono: the matched routes from the current one on,
   * for the request's method or every method, up to the first registered
   * for the method at a pattern without a wildcard, which answers): a
   * handler may sit behind a middleware registered on a wider pattern, or be
   * registered for every method (`app.all`).
   */
  readonly routePaths: readonly string[]
  /** The versions that serve the request's method at its path (`null`: every version), as the version policy reports them (see docs/lifecycle.md, "The versions a response reports"). */
  readonly versions: ReadonlySet<string> | null
  /** Whether the response is a rejection of the request. */
  readonly rejected: boolean
  /** Whether the handler's JSON value went through the extensions' JSON step (its body is already migrated). */
  readonly jsonStepped: boolean
  /** The request's body as text, read through the framework (which keeps it for later readers). */
  bodyText(): Promise<string>
  /** The same as bytes (a form's files are no text). */
  bodyBytes(): Promise<ArrayBuffer>
  /**
   * The framework's own context of the request (Hono's `Context`), for
   * extensions that read what other middleware set on it (an identity an
   * authentication middleware verified, the runtime's `waitUntil`).
   */
  readonly context: unknown
}

/**
 * What a version step returns: the version the request is answered in
 * (the request named none, and the extension knows its client's), a
 * `VersioningError` refusing it (no version is decided), or nothing.
 */
export type VersionChoice = { readonly version: string | null } | VersioningError | undefined

/**
 * What a request step changed: the `Request` the handler sees (query
 * parameters or headers renamed, a migrated body), and its body when the
 * step migrated it (`null`: the body is the request's own).
 */
export interface RequestRewrite {
  readonly request: Request
  readonly body: MigratedBody | null
}

/**
 * A body a request step migrated: text (JSON's, or a blank body), a form as
 * `FormData`, or a JSON body as its text and the value it holds (handed to
 * the handler's JSON readers as it is, without parsing the text again).
 */
export type MigratedBody = string | FormData | JsonBody

/** A migrated JSON body: its text, and the value the text holds. */
export interface JsonBody {
  readonly text: string
  readonly json: unknown
}

/**
 * What a request step returns: nothing, what it rewrote, `'absent'` when
 * the route does not exist in the request's version (the request is then
 * answered as one no route matches: the app's not-found handler), or a
 * `VersioningError` refusing the request in its version (a 410 after a
 * sunset keeps the version's headers).
 */
export type RequestChange = RequestRewrite | 'absent' | VersioningError | undefined

/**
 * Builds the response of a JSON value a handler gives (`c.json(value, status)`
 * in Hono): changes the value as the extension needs and serialises it once,
 * with `respond` (which serialises as the handler's call would have;
 * `stepped: false` when the step left the value as it was, so response
 * steps still see its body; `status`: the status to answer with instead,
 * for a stepped value only, which response steps then leave alone).
 */
export type JsonStep = (value: unknown, status: number, respond: (value: unknown, stepped?: boolean, status?: number) => Response) => Response

/**
 * An extension bound to a middleware: what runs per request. Every step is
 * optional and should return early when it has nothing to do. A version or
 * request step that throws a `VersioningError` refuses the request as
 * returning it would; what a lookup, JSON or response step throws is the
 * app's error (`app.onError`), a `VersioningError` too.
 * `note`: what this extension noted for the request, given back to its later
 * steps: its version step's `note`, then what its `lookup` returns.
 */
export interface BoundExtension {
  /** First: the version of a request the scheme gave none or its default (the route is picked again for the version it chooses). */
  readonly version?: ((exchange: ExchangeView) => NotedChoice | undefined | Promise<NotedChoice | undefined>) | undefined
  /**
   * Once the version and route are decided (not for rejected requests), before
   * the request steps: what this extension looks up for the request's route and
   * version (its plan), once; it is the `note` of its later steps.
   */
  readonly lookup?: ((exchange: ExchangeView, note: unknown) => unknown) | undefined
  /** Before the handler, once the version and route are decided (not for rejected requests). */
  readonly request?: ((exchange: ExchangeView, note: unknown) => RequestChange | Promise<RequestChange>) | undefined
  /**
   * The fast path for JSON bodies a handler gives as values, asked once per
   * accepted request after the request steps: a `JsonStep` when this request
   * needs one, else `undefined` (then nothing is wrapped: the request pays
   * nothing). The response step still sees the response the step built
   * (`jsonStepped`), and should leave its body alone.
   */
  readonly json?: ((exchange: ExchangeView, note: unknown) => JsonStep | undefined) | undefined
  /** After the handler, and on rejections: the response to send (this one, changed, or another). */
  readonly response?: ((exchange: ExchangeView, response: Response, note: unknown) => Response | Promise<Response>) | undefined
}

/** A version step's choice, with what it notes for its response step. */
export interface NotedChoice {
  readonly choice: VersionChoice
  readonly note?: unknown
  /**
   * The request headers the choice was read from (`Authorization` for a
   * client's pin), which every response to the request lists in `Vary`, as
   * it lists the scheme's. Give the same array every time (made once).
   */
  readonly vary?: readonly string[] | undefined
}

/**
 * A per-request feature given to a middleware: the built-in `clientVersion`,
 * `policy` and `changes`, and an app's own in `extensions` (they run after
 * the built-in ones, in the order given).
 */
export interface VersioningExtension {
  /** Checks the extension against the middleware's scheme and table (a mistake throws an `Error` saying what to fix) and binds it. */
  bind(target: ExtensionTarget): BoundExtension
  /** What the extension finds almost certainly mistaken in an app's routes, as sentences (the middleware's `check(app)`). */
  check?(app: AppRoutes): readonly string[]
}
