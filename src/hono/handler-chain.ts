/**
 * A route's handlers given as a chain (`[validator, handler]`, as
 * `factory.createHandlers(...)` makes them) run as Hono runs
 * `app.get(path, ...handlers)`: each one before the last is a middleware
 * that runs the rest with `next()`, or answers itself (a validator's 400);
 * a response the last one returns goes in the context, where the
 * middlewares' code after `next()` reads it.
 */
import type { Context, Handler, Next } from 'hono'

/** The handlers of one method, chained: the request's response is in `c.res` once it settles. */
export function chained(handlers: readonly Handler<any>[]): (c: Context, next: Next) => Promise<void> {
  const last = handlers.length - 1
  return function handlerChain(c, next) {
    const run = async (i: number): Promise<void> => {
      const res: unknown = await (handlers[i] as Handler<any>)(c, i === last ? next : () => run(i + 1))
      if (res instanceof Response && !c.finalized) c.res = res
    }
    return run(0)
  }
}
