/**
 * What a handler that wraps an app's own handlers says it wraps: each of
 * `mountRoutes`' handlers (one per path of a route table) lists the
 * handlers it runs, with their table route and method, under a symbol no
 * entry point exports, so the history's `check(app)` reads their source as
 * it reads a plain route's handler. Set once, when the handler is mounted.
 * And every handler of an app with the plan of its route (`plannedHandlers`), as those readings take them.
 */
import type { ExchangeRoute } from '../pipeline/extension.ts'
import type { RoutePlan } from './http-steps.ts'
import { quoted } from '../quote.ts'

/** One handler of an app's own, as a wrapping handler runs it: for `method` on table route `route`. */
export interface WrappedHandler {
  readonly method: string
  readonly route: ExchangeRoute
  readonly handler: unknown
  /** The functions of its chain before it (a validator, a middleware), in order: none for a handler given alone. */
  readonly before: readonly unknown[]
}

/** The property of a wrapping handler that lists what it wraps. */
export const WRAPPED: unique symbol = Symbol('wrappedHandlers')

/** The handlers `handler` wraps, or `undefined` when it wraps none (a plain route's own handler). */
export function wrappedBy(handler: unknown): readonly WrappedHandler[] | undefined {
  return typeof handler === 'function' ? (handler as { [WRAPPED]?: readonly WrappedHandler[] })[WRAPPED] : undefined
}

/** A handler of an app's own with the plan of the route it answers, for `check(app)`'s readings of handlers. */
export interface PlannedHandler {
  readonly method: string
  /** Its route as sentences name it: `"PUT /people/:id"` (a plain route), `route "person" (PUT)` (a table route). */
  readonly what: string
  /** The `bodies` key that declares its route for its method: `PUT /people/:id`, `PUT person`. */
  readonly key: string
  readonly plan: RoutePlan | undefined
  readonly handler: unknown
  /** The functions of a `mountRoutes` chain before it (a middleware, a validator); none for a plain route's handler, whose middleware is a handler of its own. */
  readonly before: readonly unknown[]
  /** How sentences name the function, where it is no handler of the route (a middleware registered at a pattern, middleware-order.ts); else `the handler of <what>`. */
  readonly who?: string
}

/**
 * The handlers of `routes` with their routes' plans: a plain route's by its `METHOD /path` (`plans`), each handler
 * `mountRoutes` wraps by its table route's (`tablePlan`, the request path's lookup).
 */
export function plannedHandlers(
  routes: readonly { readonly method: string; readonly path: string; readonly handler?: unknown }[],
  plans: ReadonlyMap<string, RoutePlan>,
  tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined,
): PlannedHandler[] {
  const out: PlannedHandler[] = []
  for (const { method, path, handler } of routes) {
    const wrapped = wrappedBy(handler)
    if (wrapped === undefined) {
      const key = `${method} ${path}`
      out.push({ method, what: quoted(key), key, plan: plans.get(key), handler, before: [] })
    } else {
      for (const own of wrapped) out.push(tablePlanned(own, tablePlan, own.handler, own.before))
    }
  }
  return out
}

/** A handler `mountRoutes` wraps (`own`), as its table route's sentences name it, with that route's plan; `handler` and `before`: the functions read. */
export function tablePlanned(own: WrappedHandler, tablePlan: (method: string, route: ExchangeRoute) => RoutePlan | undefined, handler: unknown, before: readonly unknown[]): PlannedHandler {
  return { method: own.method, what: `route ${quoted(own.route.viewName)} (${own.method})`, key: `${own.method} ${own.route.viewName}`, plan: tablePlan(own.method, own.route), handler, before }
}
