/**
 * What each versioning middleware answers with besides its handlers: the
 * `errorResponse` of its refusals, its version policy (headers, 410) and its
 * client pins (the version of a request without one), as its options give
 * them, recorded where the middleware is made; and the functions
 * `problemDetails()` makes, marked where they are made. OpenAPI documents
 * given the app read them, to refuse saying otherwise (`errors`, `policy`,
 * `pins`).
 */

/** What a versioning middleware answers with, as its options say: its `errorResponse` (`undefined`: the default), policy and client pins (`undefined`: none). */
export interface MiddlewareAnswers {
  readonly errorResponse?: unknown
  readonly policy?: unknown
  readonly clientVersion?: unknown
}

const answering = new WeakMap<object, MiddlewareAnswers>()
const problems = new WeakSet<object>()

/** Records what `middleware` answers with: the options it was made with. */
export function answersWith(middleware: object, options: MiddlewareAnswers): void {
  answering.set(middleware, options)
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
