/**
 * How per-request features plug into the request path (the version policy,
 * version changes): bound once to the middleware's scheme and table, then a
 * request step before the handler and a response step after it.
 */
import type { VersioningError } from '../errors.ts'

/** An app's registered routes (a Hono app's `routes`). */
export interface AppRoutes {
  readonly routes: readonly { readonly method: string; readonly path: string }[]
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
  }
  /** The route table's names (namespaced such as `v1:product-detail`, and own names), or `null` without a table. */
  readonly routeNames: ReadonlySet<string> | null
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

/** One request on its way through the middleware. */
export interface Exchange {
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
  /** The versions the routes that could answer exist in (`null`: every version), as the version policy reports them. */
  readonly versions: ReadonlySet<string> | null
  /** Whether the response is a rejection of the request. */
  readonly rejected: boolean
  /** The request's body as text, read through the framework (which keeps it for later readers). */
  bodyText(): Promise<string>
}

/**
 * What a request step changed: the `Request` the handler sees (query
 * parameters or headers renamed), and its JSON body as text when the step
 * migrated it (`null`: the body is the request's own).
 */
export interface RequestRewrite {
  readonly request: Request
  readonly body: string | null
}

/**
 * What a request step returns: nothing, what it rewrote, or `'absent'` when
 * the route does not exist in the request's version (the request is then
 * answered as one no route matches: the app's not-found handler).
 */
export type RequestStepResult = void | RequestRewrite | 'absent'

/**
 * Builds the response of a JSON value a handler gives (`c.json(value, status)`
 * in Hono): changes the value as the extension needs and serialises it once,
 * with `respond` (which serialises as the handler's call would have).
 */
export type JsonStep = (value: unknown, status: number, respond: (value: unknown) => Response) => Response

/** An extension bound to a middleware: what runs per request. Every step is optional and should return early when it has nothing to do. */
export interface BoundExtension {
  /**
   * Before the handler, once the version is decided (not for rejected
   * requests). Throws a `VersioningError` to reject the request, or returns
   * what it rewrote, or `'absent'`.
   */
  readonly request?: ((exchange: Exchange) => RequestStepResult | Promise<RequestStepResult>) | undefined
  /** After the handler, and on rejections: the response to send (this one, changed, or another). */
  readonly response?: ((exchange: Exchange, response: Response) => Response | Promise<Response>) | undefined
  /**
   * The fast path for JSON bodies a handler gives as values, asked once per
   * accepted request after the request steps: a `JsonStep` when this request
   * needs one, else `undefined` (then nothing is wrapped: the request pays
   * nothing). The response step still sees the response the step built, and
   * should leave its body alone.
   */
  readonly json?: ((exchange: Exchange) => JsonStep | undefined) | undefined
}

/** A per-request feature given to a middleware (`policy`, `changes`). */
export interface VersioningExtension {
  /** Checks the extension against the middleware's scheme and table (a mistake throws an `Error` saying what to fix) and binds it. */
  bind(target: ExtensionTarget): BoundExtension
  /** What the extension finds almost certainly mistaken in an app's routes, as sentences (the middleware's `check(app)`). */
  check?(app: AppRoutes): readonly string[]
  /**
   * Binds the extensions of one middleware (this one first) into the steps
   * its request path runs: `bindSteps` of pipeline/steps.ts. The extension
   * carries it, so a middleware given none carries none of that code.
   */
  readonly bindAll: (extensions: readonly VersioningExtension[], target: ExtensionTarget) => ExtensionSteps
}

/** One request on its way through the middleware, as the steps change it (the request path's `Passage`). */
export interface Passing extends Exchange {
  request: Request
  /** The migrated JSON body as text, or `null`: the request's own. */
  body: string | null
  route: ExchangeRoute | null
  versions: ReadonlySet<string> | null
  rejection: VersioningError | null
  rejected: boolean
  /** Whether an extension found the route absent from the request's version: answered as an unknown route. */
  absent: boolean | undefined
  /** Picks the route that serves the request's version again, after a step decided the version (a client's pin). */
  pickRoute(): void
}

/** The extensions of one middleware, bound: what its request path runs per request. */
export interface ExtensionSteps {
  /**
   * Runs the request steps on a decided request: each may refuse it
   * (`rejection`, keeping its version), rewrite its `request` and `body`, or find its
   * route absent from the version (`absent`, no later step). Synchronous
   * unless a step is not.
   */
  enter(passage: Passing): void | Promise<void>
  /** The JSON steps this request needs, as one, or `undefined`; `null` when no extension has one. */
  readonly json: ((passage: Passing) => JsonStep | undefined) | null
  /** Whether any extension has a response step. */
  readonly finishes: boolean
  /** `response` after the response steps; a response with immutable headers is copied once. */
  finish(passage: Passing, response: Response): Response | Promise<Response>
}
