/**
 * Changing the headers of a response that may not allow it: a `fetch()`
 * response or `Response.redirect()` has immutable headers, and setting one
 * throws a `TypeError`.
 */

/** `change(response)`, or, when its headers are immutable, `change` of a copy of it. */
export function withHeaders<T>(response: Response, change: (response: Response) => T): T {
  try {
    return change(response)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    return change(new Response(response.body, response))
  }
}
