/**
 * A name in a plain Hono route's own declaration: `named('user-detail')`, a
 * middleware that only calls `next()`, put among the route's handlers
 * (`app.get('/users/:id', named('user-detail'), handler)`). Hono lists every
 * handler of a route in `app.routes` with the route's method and path, so
 * `appRoutes(app)` (app-routes.ts) finds the name there by the marker's
 * identity, and the path is written once.
 */
import type { MiddlewareHandler } from 'hono'
import { quotedValue } from '../quote.ts'

/** The key under which a marker carries its name. */
const NAME: unique symbol = Symbol('routeName')

/**
 * A marker that names the route it is a handler of, for
 * `c.var.reverse(name)` (`versionMiddleware({ routes: appRoutes(app) })`).
 * Per request it calls `next()` and nothing else.
 *
 * @example
 * ```ts
 * app.get('/users/:id', named('user-detail'), (c) => c.json({ id: c.req.param('id') }))
 * ```
 */
export function named(name: string): MiddlewareHandler {
  if (typeof name !== 'string' || name === '' || name.includes(':')) {
    throw new Error(`named: a route name must be a non-empty string without ":", such as "user-detail"; got ${quotedValue(name)}.`)
  }
  const marker: MiddlewareHandler = (_c, next) => next()
  Object.defineProperty(marker, NAME, { value: name })
  return marker
}

/** The name a `named()` marker gives, or `undefined` for any other handler. */
export function routeNameOf(handler: unknown): string | undefined {
  return typeof handler === 'function' ? (handler as { [NAME]?: string })[NAME] : undefined
}
