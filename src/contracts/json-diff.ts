/**
 * The differences between two JSON values, each at a JSON path
 * (`$.products[0].title`), with the value before and after (`undefined`:
 * absent). Object keys are compared as sets (their order does not count);
 * arrays item by item. Values nested deeper than `MAX_DEPTH` are compared
 * whole, so a hostile or damaged lock (a body thousands of arrays deep) costs
 * work linear in its size and never exhausts the stack.
 */
import { isObject } from '../json/object.ts'
import { quoted, SHOWN } from '../quote.ts'

/** A difference between two JSON values. */
export interface JsonDifference {
  /** Where, as a JSON path from the compared value: `$`, `$.links.self`, `$.products[0]`, `$["api-version"]`. */
  readonly path: string
  /** The path as a sentence shows it: each key that is not an identifier quoted, its controls escaped and cut to 80 characters. */
  readonly shownPath: string
  /** The value before (`undefined`: absent). */
  readonly before: unknown
  /** The value after (`undefined`: absent). */
  readonly after: unknown
}

/** How deep the walk names paths; below it, a value that differs is one difference, at the path of this depth. */
export const MAX_DEPTH = 64

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A path as the walk keeps it: the key of each step back to the root (at most `MAX_DEPTH`), written out only for a difference. */
type Step = { readonly up: Step; readonly key: string | number } | null

/**
 * The path of `step` after `root`: `.name`, `[0]`, or `["a name"]` for a key that is not an identifier. In full
 * (`shown` false) each key as it is, in JSON's quotes; as a sentence shows it, each key that is not an identifier of at
 * most 80 characters quoted, its controls escaped and cut to 80 (`quoted`).
 */
function pathOf(root: string, step: Step, shown: boolean): string {
  const parts: string[] = []
  for (let at = step; at !== null; at = at.up) {
    const { key } = at
    if (typeof key === 'number') parts.push(`[${key}]`)
    else if (IDENTIFIER.test(key) && (!shown || key.length <= SHOWN)) parts.push(`.${key}`)
    else parts.push(`[${shown ? quoted(key) : JSON.stringify(key)}]`)
  }
  return root + parts.reverse().join('')
}

/** The differences from `before` to `after`, in document order (`before`'s keys, then keys only `after` has). */
export function jsonDifferences(before: unknown, after: unknown, path = '$'): JsonDifference[] {
  const found: JsonDifference[] = []
  // Depth first, without recursion: the pairs still to compare, the next on top.
  const pending: { before: unknown; after: unknown; step: Step; depth: number }[] = [{ before, after, step: null, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { before: b, after: a, step, depth } = next
    if (Object.is(b, a)) continue
    const bothArrays = Array.isArray(b) && Array.isArray(a)
    const bothObjects = isObject(b) && isObject(a)
    if ((!bothArrays && !bothObjects) || depth >= MAX_DEPTH) {
      if (!sameJson(b, a)) found.push({ path: pathOf(path, step, false), shownPath: pathOf(path, step, true), before: b, after: a })
      continue
    }
    const children: { before: unknown; after: unknown; step: Step; depth: number }[] = []
    if (bothArrays) {
      const length = Math.max(b.length, a.length)
      for (let i = 0; i < length; i++) children.push({ before: i < b.length ? b[i] : undefined, after: i < a.length ? a[i] : undefined, step: { up: step, key: i }, depth: depth + 1 })
    } else {
      const older = b as Record<string, unknown>
      const newer = a as Record<string, unknown>
      for (const key of Object.keys(older)) children.push({ before: older[key], after: Object.hasOwn(newer, key) ? newer[key] : undefined, step: { up: step, key }, depth: depth + 1 })
      for (const key of Object.keys(newer)) if (!Object.hasOwn(older, key)) children.push({ before: undefined, after: newer[key], step: { up: step, key }, depth: depth + 1 })
    }
    // Reversed onto the stack, so the first child is compared first.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i] as (typeof children)[number])
  }
  return found
}

/** Whether two JSON values are equal (object keys as sets), without recursion. */
function sameJson(before: unknown, after: unknown): boolean {
  const pairs: [unknown, unknown][] = [[before, after]]
  for (let pair = pairs.pop(); pair !== undefined; pair = pairs.pop()) {
    const [b, a] = pair
    if (Object.is(b, a)) continue
    if (Array.isArray(b) && Array.isArray(a)) {
      if (b.length !== a.length) return false
      for (let i = 0; i < b.length; i++) pairs.push([b[i], a[i]])
    } else if (isObject(b) && isObject(a)) {
      const keys = Object.keys(b)
      if (keys.length !== Object.keys(a).length) return false
      for (const key of keys) {
        if (!Object.hasOwn(a, key)) return false
        pairs.push([b[key], a[key]])
      }
    } else return false
  }
  return true
}
