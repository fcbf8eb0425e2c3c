/**
 * The `$ref`s of an OpenAPI document's parts: those a node holds, and the
 * components they reach, however deep. Read by the documents (which
 * components a version keeps; openapi/build.ts) and by `check(app)`'s
 * reading of an @hono/zod-openapi app's declared bodies
 * (changes/declared-shapes.ts).
 */
import { isObject, type Json } from './object.ts'
import { pointerRef, pointerTokens } from './pointer.ts'

/** What `refsIn` found in each frozen node: shared parts are walked once. */
const refsCache = new WeakMap<object, readonly string[]>()
const NO_REFS: readonly string[] = Object.freeze([])

/** The `#/components/...` references in a node, however deep inside it (references not followed). */
export function refsIn(node: unknown): readonly string[] {
  if (node === null || typeof node !== 'object') return NO_REFS
  const cached = refsCache.get(node)
  if (cached !== undefined) return cached
  let refs: Set<string> | null = null
  for (const [key, value] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
    if (key === '$ref') {
      if (typeof value === 'string' && value.startsWith('#/components/')) (refs ??= new Set()).add(value)
    } else if (value !== null && typeof value === 'object') {
      const inner = refsIn(value)
      if (inner.length > 0) {
        refs ??= new Set()
        for (const ref of inner) refs.add(ref)
      }
    }
  }
  const out = refs === null ? NO_REFS : [...refs]
  // A frozen node (a part of a made document, or of the head shared with one) never changes.
  if (Object.isFrozen(node)) refsCache.set(node, out)
  return out
}

/** Every component reference reachable from `roots` (references), following references into `components`. */
export function reachableComponents(roots: Iterable<string>, components: Json): Set<string> {
  const seen = new Set<string>()
  const found = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const ref = stack.pop() as string
    if (seen.has(ref)) continue
    seen.add(ref)
    // A reference into a component (`#/components/schemas/User`, or deeper) reaches that whole component.
    const [top, kind, name] = pointerTokens(ref) ?? []
    if (top !== 'components' || kind === undefined || name === undefined) continue
    found.add(pointerRef(['components', kind, name]))
    const group = components[kind]
    const target = isObject(group) && Object.hasOwn(group, name) ? group[name] : undefined
    for (const next of refsIn(target)) if (!seen.has(next)) stack.push(next)
  }
  return found
}
