/**
 * An error a handler of `mountRoutes` throws when the versioning middleware
 * is not registered (`mountRoutes` alone), answered by `app.onError` inside
 * the request path, as Hono would answer it, so that the answer is finished
 * as the middleware finishes the answers it passes on: the policy's headers,
 * an older version's body (the history's `errors` layout), the JSON step's
 * mark taken off. With the middleware registered, Hono's `onError` answers
 * inside it, and this is not used.
 *
 * Hono runs an app's own `onError` for the app's routes wherever the app is
 * mounted (`app.route()` wraps them in it), and its default handler only
 * where the app itself dispatches: under a parent, the parent's `onError`
 * answers, which this can neither call nor finish, so the error goes on as
 * an `Error` that says so (the handler's error its `cause`), never as an
 * answer the client would get unfinished.
 */
import type { Context, ErrorHandler, Hono } from 'hono'
import { HonoBase } from 'hono/hono-base'
import { matchedRoutes } from 'hono/route'
import { isRejection, type Handle } from './engine.ts'

/** Hono's default error handler (each app's until `app.onError` replaces it), read from an app made on first use. */
let honoDefault: unknown

/** Whether `app` answers errors with Hono's default handler (no `app.onError` of its own). */
export function answersByDefault(app: object): boolean {
  honoDefault ??= (new HonoBase() as unknown as { errorHandler: unknown }).errorHandler
  return (app as { errorHandler?: unknown }).errorHandler === honoDefault
}

/** The handler Hono answers an error of `app`'s handler with for this request, or `null` when it is a parent's. */
function onErrorOf(app: Hono<any, any, any>, c: Context): ErrorHandler | null {
  const own = (app as unknown as { errorHandler?: unknown }).errorHandler
  if (typeof own !== 'function') return null
  if (!answersByDefault(app)) return own as ErrorHandler
  const route = matchedRoutes(c)[c.req.routeIndex]
  return route !== undefined && app.routes.includes(route) ? (own as ErrorHandler) : null
}

/** The error a parent's `onError` gets instead of `error`, whose answer mountRoutes could not finish. */
function unfinishable(error: Error): Error {
  return new Error(
    "mountRoutes: a handler threw, and the app mountRoutes serves has no onError of its own, so a parent app's onError answers it (parent.route()), an answer the versioning cannot finish (Vary, the policy's headers, an older version's error body): give that app its own onError (app.onError(...)) before mounting it, or register the versioning middleware in it (app.use('*', versioning)). The handler's error is this error's cause.",
    { cause: error },
  )
}

/**
 * `handle`, with an error it throws (or its promise rejects with) answered
 * by `app`'s `onError` as Hono answers it (`c.error` set), for the engine to
 * finish. A refusal of the request path was finished where it was made, and
 * a thrown value that is not an `Error` Hono does not catch either: those go
 * on as thrown.
 */
export function answeringErrors(app: Hono<any, any, any>, handle: Handle): Handle {
  const answer = (c: Context, error: unknown): unknown => {
    if (!(error instanceof Error) || isRejection(error)) throw error
    const onError = onErrorOf(app, c)
    if (onError === null) throw unfinishable(error)
    c.error = error
    return onError(error, c)
  }
  return (c, next, visit) => {
    let result: unknown
    try {
      result = handle(c, next, visit)
    } catch (error) {
      return answer(c, error)
    }
    return result instanceof Promise ? result.catch((error: unknown) => answer(c, error)) : result
  }
}
