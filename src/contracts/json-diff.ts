/**
 * The differences between two JSON values, each at a JSON path
 * (`$.products[0].title`), with the value before and after (`undefined`:
 * absent). Object keys are compared as sets (their order does not count);
 * arrays item by item.
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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `path` followed by the key `key` (`.name`, or `["a name"]` when it is not an identifier). */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/** The differences from `before` to `after`, in document order (`before`'s keys, then keys only `after` has). */
export function jsonDifferences(before: unknown, after: unknown, path = '$'): JsonDifference[] {
  const found: JsonDifference[] = []
  walk(before, after, path, found)
  return found
}

function walk(before: unknown, after: unknown, path: string, found: JsonDifference[]): void {
  if (Object.is(before, after)) return
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length)
    for (let i = 0; i < length; i++) {
      walk(i < before.length ? before[i] : undefined, i < after.length ? after[i] : undefined, childPath(path, i), found)
    }
    return
  }
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) walk(before[key], Object.hasOwn(after, key) ? after[key] : undefined, childPath(path, key), found)
    for (const key of Object.keys(after)) if (!Object.hasOwn(before, key)) walk(undefined, after[key], childPath(path, key), found)
    return
  }
  found.push({ path, before, after })
}
