/**
 * The per-request extension interface the middlewares call (CONTRACTS.md A,
 * fixed by the lead engineer; the core will export the same interfaces, and
 * this file then re-exports them). A version history implements it.
 */

/** Given to the middleware as an option; bound once, at construction. */
export interface VersioningExtension {
  /** Checks the extension against the middleware's scheme and table (throws a plain Error that says what to fix). */
  bind(target: ExtensionTarget): BoundExtension
}

/** What a middleware tells an extension about itself. */
export interface ExtensionTarget {
  /** 'apiVersioning' or 'versionMiddleware', for error sentences. */
  readonly where: string
  readonly scheme: {
    readonly allowedVersions: readonly (string | null)[] | null
    readonly defaultVersion: string | null
    resolveVersion(version: string | null): string | null | undefined
  }
  /** The route table's names (namespaced, e.g. 'v1:product-detail', and plain), or null for versionMiddleware. */
  readonly routeNames: ReadonlySet<string> | null
}

/** Per request; both steps optional. */
export interface BoundExtension {
  /**
   * Before the handler, once the version is decided (not called for rejected requests).
   * May throw a VersioningError (the request is rejected with it), or return a Request that replaces the one the
   * handler sees (`c.req.raw`), e.g. with a migrated JSON body.
   */
  request?(exchange: Exchange): void | Request | Promise<void | Request>
  /** After the handler (and on rejections, with exchange.rejected true): the response to send. */
  response?(exchange: Exchange, response: Response): Response | Promise<Response>
}

/** One request as the middleware sees it. */
export interface Exchange {
  readonly request: Request
  /** The decided version (`null`: none), or `undefined` on a rejection. */
  readonly version: string | null | undefined
  /** 'GET', 'POST', ... */
  readonly method: string
  /** The table route that answers: its namespaced name ('v1:product-detail') and own name ('product-detail'), or null. */
  readonly route: { readonly viewName: string; readonly name: string; readonly path: string } | null
  /** Hono's matched route pattern for plain Hono routes (`c.req.routePath`, e.g. '/health' or '/users/:id'). */
  readonly routePath: string
  readonly rejected: boolean
}
