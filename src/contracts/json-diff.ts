/**
 * The differences between two JSON values, each at a JSON path
 * (`$.products[0].title`), with the value before and after (`undefined`:
 * absent). Object keys are compared as sets (their order does not count);
 * arrays item by item. Values nested deeper than `MAX_DEPTH` are compared
 * whole, so a hostile or damaged lock (a body thousands of arrays deep) costs
 * work linear in its size and never exhausts the stack.
 */
import { isObject } from '../json/object.ts'

/** A difference between two JSON values. */
export interface JsonDifference {
  /** Where, as a JSON path from the compared value: `$`, `$.links.self`, `$.products[0]`, `$["api-version"]`. */
  readonly path: string
  /** The value before (`undefined`: absent). */
  readonly before: unknown
  /** The value after (`undefined`: absent). */
  readonly after: unknown
}

/** How deep the walk names paths; below it, a value that differs is one difference, at the path of this depth. */
export const MAX_DEPTH = 64

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `path` followed by the key `key` (`.name`, or `["a name"]` when it is not an identifier). */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/** The differences from `before` to `after`, in document order (`before`'s keys, then keys only `after` has). */
export function jsonDifferences(before: unknown, after: unknown, path = '$'): JsonDifference[] {
  const found: JsonDifference[] = []
  // Depth first, without recursion: the pairs still to compare, the next on top.
  const pending: { before: unknown; after: unknown; path: string; depth: number }[] = [{ before, after, path, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { before: b, after: a, path: at, depth } = next
    if (Object.is(b, a)) continue
    const bothArrays = Array.isArray(b) && Array.isArray(a)
    const bothObjects = isObject(b) && isObject(a)
    if ((!bothArrays && !bothObjects) || depth >= MAX_DEPTH) {
      if (!sameJson(b, a)) found.push({ path: at, before: b, after: a })
      continue
    }
    const children: { before: unknown; after: unknown; path: string; depth: number }[] = []
    if (bothArrays) {
      const length = Math.max(b.length, a.length)
      for (let i = 0; i < length; i++) children.push({ before: i < b.length ? b[i] : undefined, after: i < a.length ? a[i] : undefined, path: childPath(at, i), depth: depth + 1 })
    } else {
      const older = b as Record<string, unknown>
      const newer = a as Record<string, unknown>
      for (const key of Object.keys(older)) children.push({ before: older[key], after: Object.hasOwn(newer, key) ? newer[key] : undefined, path: childPath(at, key), depth: depth + 1 })
      for (const key of Object.keys(newer)) if (!Object.hasOwn(older, key)) children.push({ before: undefined, after: newer[key], path: childPath(at, key), depth: depth + 1 })
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
