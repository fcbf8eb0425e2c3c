/**
 * What each versioning middleware answers with besides its handlers: the
 * `errorResponse` of its refusals and its version policy (headers, 410),
 * recorded where the middleware is made; and the functions
 * `problemDetails()` makes, marked where they are made. OpenAPI documents
 * given the app read them, to refuse saying otherwise (`errors`, `policy`).
 */

/** What a versioning middleware answers with: its `errorResponse` (`undefined`: the default), and its policy (`undefined`: none). */
export interface MiddlewareAnswers {
  readonly errorResponse: unknown
  readonly policy: unknown
}

const answering = new WeakMap<object, MiddlewareAnswers>()
const problems = new WeakSet<object>()

/** Records that `middleware` answers its refusals with `errorResponse`, under `policy`. */
export function answersWith(middleware: object, errorResponse: unknown, policy: unknown): void {
  answering.set(middleware, { errorResponse, policy })
}

/** What a versioning middleware answers with (`undefined`: `fn` is none). */
export function answersOf(fn: unknown): MiddlewareAnswers | undefined {
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
