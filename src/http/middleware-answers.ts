/**
 * What each versioning middleware answers with besides its handlers: the
 * `errorResponse` of its refusals, its version policy (headers, 410) and its
 * client pins (the version of a request without one), as its options give
 * them, carried by the middleware itself under `ANSWERS`; and the functions
 * `problemDetails()` makes, which carry `PROBLEM_ANSWER`. OpenAPI documents
 * given the app read them, to refuse saying otherwise (`errors`, `policy`,
 * `pins`).
 */

/** What a versioning middleware answers with, as its options say: its `errorResponse` (`undefined`: the default), policy and client pins (`undefined`: none). */
export interface MiddlewareAnswers {
  readonly errorResponse?: unknown
  readonly policy?: unknown
  readonly clientVersion?: unknown
}

/** The property under which a versioning middleware carries its `MiddlewareAnswers`. */
export const ANSWERS: unique symbol = Symbol('hono-api-versioning middleware answers')

/** The property that marks a function as `problemDetails()`'s (answers in RFC 9457 problem details). */
export const PROBLEM_ANSWER: unique symbol = Symbol('hono-api-versioning problem details')

/** What a versioning middleware answers with (`undefined`: `fn` is none). */
export function answersOf(fn: unknown): MiddlewareAnswers | undefined {
  return typeof fn === 'function' ? (fn as { readonly [ANSWERS]?: MiddlewareAnswers })[ANSWERS] : undefined
}

/** Whether `fn` is `problemDetails()`'s. */
export function isProblemAnswer(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as { readonly [PROBLEM_ANSWER]?: boolean })[PROBLEM_ANSWER] === true
}
