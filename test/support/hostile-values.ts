/**
 * Hostile values a setting or a body may hold, built without recursion: the
 * docs page's settings refused when the page is made
 * (test/openapi/docs-page-settings.test.ts) and the threat table of
 * docs/openapi.md (test/support/threats.ts).
 */

/** `{ a: { a: ... value } }`, `depth` objects deep. */
export function nestedIn(depth: number, value: unknown): unknown {
  let out = value
  for (let i = 0; i < depth; i++) out = { a: out }
  return out
}

/** An object whose `self` is itself: JSON.stringify throws on it. */
export function cyclic(): object {
  const out: Record<string, unknown> = {}
  out['self'] = out
  return out
}
