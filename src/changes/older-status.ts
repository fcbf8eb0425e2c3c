/**
 * The status an older version answers where the handler answers another
 * (`statusChanged`), and the statuses that carry no content.
 */

/** The statuses whose responses have no content (RFC 9110 §15.3.5, §15.3.6, §15.4.5): an older one drops the handler's body. */
export const NO_CONTENT: ReadonlySet<number> = new Set([204, 205, 304])

/** `status` through a route's `[newer, older]` pairs, newest step first. */
export function olderStatus(status: number, pairs: readonly (readonly [number, number])[]): number {
  let current = status
  for (const [newer, older] of pairs) if (current === newer) current = older
  return current
}
