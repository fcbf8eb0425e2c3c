/**
 * Walks over parsed JSON values that a request controls, each iterative (an
 * explicit stack, never the call stack) and linear in the value's size: how
 * deep a value nests, a canonical text that two values share exactly when
 * JSON Schema calls them equal, and whether a list holds the same item twice.
 */

/** Whether `value` nests containers (lists, objects) more than `max` levels deep; stops at the first that does. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false
  // Containers and their depths, side by side on one stack.
  const stack: unknown[] = [value, 1]
  while (stack.length > 0) {
    const depth = stack.pop() as number
    const node = stack.pop() as Record<string, unknown> | unknown[]
    if (depth > max) return true
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child = node[i]
        if (child !== null && typeof child === 'object') stack.push(child, depth + 1)
      }
    } else {
      for (const key in node) {
        const child = node[key]
        if (child !== null && typeof child === 'object') stack.push(child, depth + 1)
      }
    }
  }
  return false
}

/** A marker on the stack: close the container opened before. */
const CLOSE_LIST = Symbol('close list')
const CLOSE_OBJECT = Symbol('close object')
/** A field name on the canonical walk's stack (a class, so no JSON value is mistaken for one). */
class Key {
  readonly key: string
  readonly first: boolean

  constructor(key: string, first: boolean) {
    this.key = key
    this.first = first
  }
}
/** A separator on the stack (an object no JSON value is). */
const COMMA = new (class Comma {})()

/**
 * A text equal for two JSON values exactly when JSON Schema calls them equal
 * (`const`, `enum`, `uniqueItems`): object keys sorted, numbers as numbers
 * (`1` and `1.0` are one), strings quoted. Iterative, linear in the value's
 * size apart from sorting each object's keys.
 */
export function canonical(value: unknown): string {
  let out = ''
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const token = stack.pop()
    if (token === CLOSE_LIST) out += ']'
    else if (token === CLOSE_OBJECT) out += '}'
    else if (token instanceof Key) out += `${token.first ? '' : ','}${JSON.stringify(token.key)}:`
    else if (token === COMMA) out += ','
    else if (Array.isArray(token)) {
      out += '['
      stack.push(CLOSE_LIST)
      for (let i = token.length - 1; i >= 0; i--) {
        stack.push(token[i])
        if (i > 0) stack.push(COMMA)
      }
    } else if (token !== null && typeof token === 'object') {
      out += '{'
      stack.push(CLOSE_OBJECT)
      const keys = Object.keys(token).sort()
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        stack.push((token as Record<string, unknown>)[key])
        stack.push(new Key(key, i === 0))
      }
    } else out += typeof token === 'string' ? JSON.stringify(token) : String(token)
  }
  return out
}

/**
 * The first two positions of `list` that hold equal items (`[j, k]`, `j < k`),
 * or `null`: one pass, primitives in sets, containers by their canonical text.
 */
export function firstDuplicate(list: readonly unknown[]): readonly [number, number] | null {
  const seen = new Map<unknown, number>()
  const containers = new Map<string, number>()
  for (let k = 0; k < list.length; k++) {
    const item = list[k]
    if (item !== null && typeof item === 'object') {
      const text = canonical(item)
      const j = containers.get(text)
      if (j !== undefined) return [j, k]
      containers.set(text, k)
    } else {
      // Map keys compare as SameValueZero: 0 and -0 are one item, as JSON has it.
      const j = seen.get(item)
      if (j !== undefined) return [j, k]
      seen.set(item, k)
    }
  }
  return null
}

/** Whether `list` holds two equal items: `firstDuplicate`'s question without the positions (sets, not maps). */
export function hasDuplicate(list: readonly unknown[]): boolean {
  const seen = new Set<unknown>()
  let containers: Set<string> | undefined
  for (let k = 0; k < list.length; k++) {
    const item = list[k]
    if (item !== null && typeof item === 'object') {
      const text = canonical(item)
      containers ??= new Set()
      if (containers.has(text)) return true
      containers.add(text)
    } else {
      if (seen.has(item)) return true
      seen.add(item)
    }
  }
  return false
}
