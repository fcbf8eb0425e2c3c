/**
 * The smallest middleware: the version alone, without a route table (no
 * named routes, no `reverse`), for apps that only need `c.var.version`.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppRoutes } from '../pipeline/extension.ts'
import type { BaseVersioning, VersionMatch } from '../schemes/base.ts'
import { honoEngine } from './engine.ts'
import type { MiddlewareOptions } from './middleware-options.ts'
import type { VersioningEnv } from './variables.ts'

/** The middleware `versionMiddleware` makes, with its `check`. */
export type VersionMiddleware<S extends BaseVersioning = BaseVersioning> = MiddlewareHandler<VersioningEnv<null, S>> & {
  /**
   * Configuration that works but is almost always a mistake, as sentences that say what to fix (none: an empty
   * list): the scheme's (`scheme.check()`) and, given the app, the version changes' names of plain routes that no
   * route of the app serves. Call it in a test or at startup, once the app's routes are registered.
   */
  readonly check: (app?: AppRoutes) => readonly string[]
}

/**
 * Creates a middleware that determines the version and sets `c.var.version`
 * and `c.var.versioningScheme`, with the rejections, `Vary` and version
 * policy of `apiVersioning`, but no route table: it carries none of that
 * code. `URLPathVersioning` reads the param of the middleware's own path,
 * so mount it on a pattern that has it (`app.use('/:version{v[0-9]+}/*', ...)`).
 * `NamespaceVersioning` needs the table's namespaces: use `apiVersioning`.
 *
 * @example
 * ```ts
 * app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }) }))
 * app.get('/api/users', (c) => c.json({ version: c.var.version }))
 * ```
 */
export function versionMiddleware<S extends BaseVersioning>(options: MiddlewareOptions<S>): VersionMiddleware<S> {
  const engine = honoEngine('versionMiddleware', options, [], () => null)
  const { scheme } = options
  if (scheme.readsNamespace) {
    throw new Error('versionMiddleware: NamespaceVersioning reads the namespace of a named route; use apiVersioning with a route table.')
  }
  const reads = scheme.matchParams
  const param = scheme.versionParam
  // Not async: a request that enters synchronously pays no extra promise.
  const middleware: MiddlewareHandler<VersioningEnv<null, S>> = function versionMiddleware(c, next) {
    // The params of the middleware's own route, as much as the scheme reads.
    const match: VersionMatch | null = reads === 'none' ? null : { params: reads === 'version' ? { [param]: c.req.param(param) } : c.req.param() }
    const entered = engine.enter(c, null, match, null)
    // No closure for a request that enters synchronously.
    return entered instanceof Promise ? entered.then((exchange) => engine.run(c, exchange, next)) : engine.run(c, entered, next)
  }
  return Object.assign(middleware, { check: (app?: AppRoutes): readonly string[] => [...scheme.check(), ...engine.checkApp(app)] })
}
