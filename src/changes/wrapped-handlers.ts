/**
 * What a handler that wraps an app's own handlers says it wraps: each of
 * `mountRoutes`' handlers (one per path of a route table) lists the
 * handlers it runs, with their table route and method, under a symbol no
 * entry point exports, so the history's `check(app)` reads their source as
 * it reads a plain route's handler. Set once, when the handler is mounted.
 */
import type { ExchangeRoute } from '../pipeline/extension.ts'

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
