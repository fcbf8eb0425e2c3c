/**
 * The `errorResponse` each versioning middleware answers its refusals with,
 * recorded where the middleware is made, and the functions `problemDetails()`
 * makes, marked where they are made: so that OpenAPI documents given the app
 * can tell which body the refusals have (`errors`), and refuse one they would
 * write wrongly.
 */

const answering = new WeakMap<object, unknown>()
const problems = new WeakSet<object>()

/** Records that `middleware` answers its refusals with `errorResponse`. */
export function answersWith(middleware: object, errorResponse: unknown): void {
  answering.set(middleware, errorResponse)
}

/** The `errorResponse` a versioning middleware answers with (`undefined`: `fn` is none). */
export function errorResponseOf(fn: unknown): unknown {
  return typeof fn === 'function' ? answering.get(fn) : undefined
}

/** `fn`, marked as an answer in RFC 9457 problem details (`problemDetails()`'s). */
export function problemAnswer<F extends object>(fn: F): F {
  problems.add(fn)
  return fn
}

/** Whether `fn` is marked by `problemAnswer`. */
export function isProblemAnswer(fn: unknown): boolean {
  return typeof fn === 'function' && problems.has(fn)
}
