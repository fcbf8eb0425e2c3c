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
 * size apart from sorting each object's keys; past `max` characters it stops
 * (a text longer than the one it is compared with is not equal to it), so a
 * `const` asked at every level of a deep value reads at most its own length at each.
 * A list or object with more items or fields than `max` (each writes at least
 * one character) gives at once a text no value has (`''`): its items are
 * neither read nor its keys sorted.
 */
export function canonical(value: unknown, max: number = Infinity): string {
  let out = ''
  const stack: unknown[] = [value]
  while (stack.length > 0 && out.length <= max) {
    const token = stack.pop()
    if (token === CLOSE_LIST) out += ']'
    else if (token === CLOSE_OBJECT) out += '}'
    else if (token instanceof Key) out += `${token.first ? '' : ','}${JSON.stringify(token.key)}:`
    else if (token === COMMA) out += ','
    else if (Array.isArray(token)) {
      if (token.length > max) return ''
      out += '['
      stack.push(CLOSE_LIST)
      for (let i = token.length - 1; i >= 0; i--) {
        stack.push(token[i])
        if (i > 0) stack.push(COMMA)
      }
    } else if (token !== null && typeof token === 'object') {
      if (max !== Infinity && moreKeysThan(token, max)) return ''
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

/** Whether `object` has more than `max` own fields, counted no further than that. */
function moreKeysThan(object: object, max: number): boolean {
  let count = 0
  for (const key in object) if (Object.hasOwn(object, key) && ++count > max) return true
  return false
}

/** A primitive's text, equal for two primitives exactly when JSON Schema calls them equal (`0` and `-0` are one). */
const primitiveText = (value: unknown): string => (typeof value === 'string' ? `${value.length}"${value}` : String(value))

/**
 * Numbers that two lists or objects share exactly when JSON Schema calls
 * them equal, for one validation: each container's number is made once,
 * from its items' numbers (and its sorted keys), so a list under
 * `uniqueItems` inside another costs its own items, not its whole depth
 * again: linear in the value's size however many levels ask. Iterative.
 */
export class Equality {
  readonly #ids = new Map<object, number>()
  readonly #table = new Map<string, number>()

  /** The number of a list or object. */
  id(container: object): number {
    const ids = this.#ids
    const known = ids.get(container)
    if (known !== undefined) return known
    // Each container on the stack with its sorted keys (`null`: a list) and values; `true` once its containers are
    // above it, to be numbered from theirs when they are.
    const stack: Frame[] = [frame(container)]
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Frame
      if (!top.expanded) {
        top.expanded = true
        for (const value of top.values) if (value !== null && typeof value === 'object' && !ids.has(value)) stack.push(frame(value))
        continue
      }
      stack.pop()
      if (ids.has(top.node)) continue
      // Strings by their length then text, containers by their number (`#n`): no two values share a text.
      let text = top.keys === null ? '[' : '{'
      for (let i = 0; i < top.values.length; i++) {
        const value = top.values[i]
        if (top.keys !== null) text += `${(top.keys[i] as string).length}"${top.keys[i] as string}:`
        text += value !== null && typeof value === 'object' ? `#${ids.get(value) as number},` : `${primitiveText(value)},`
      }
      let id = this.#table.get(text)
      if (id === undefined) this.#table.set(text, (id = this.#table.size))
      ids.set(top.node, id)
    }
    return ids.get(container) as number
  }
}

/** A container on `Equality`'s stack. */
interface Frame {
  readonly node: object
  readonly keys: readonly string[] | null
  readonly values: readonly unknown[]
  expanded: boolean
}

function frame(node: object): Frame {
  if (Array.isArray(node)) return { node, keys: null, values: node, expanded: false }
  const keys = Object.keys(node).sort()
  return { node, keys, values: keys.map((key) => (node as Record<string, unknown>)[key]), expanded: false }
}

/** The key of a list or object in `firstDuplicate`'s and `hasDuplicate`'s sets: its number in `equality`, else its canonical text. */
const keyOf = (item: object, equality: Equality | undefined): string | number => (equality === undefined ? canonical(item) : equality.id(item))

/**
 * The first two positions of `list` that hold equal items (`[j, k]`, `j < k`),
 * or `null`: one pass, primitives in a map, containers by their canonical
 * text, or their number in `equality` when the levels of a validation share
 * one (a recursive schema's lists inside lists).
 */
export function firstDuplicate(list: readonly unknown[], equality?: Equality): readonly [number, number] | null {
  const seen = new Map<unknown, number>()
  const containers = new Map<string | number, number>()
  for (let k = 0; k < list.length; k++) {
    const item = list[k]
    if (item !== null && typeof item === 'object') {
      const key = keyOf(item, equality)
      const j = containers.get(key)
      if (j !== undefined) return [j, k]
      containers.set(key, k)
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
export function hasDuplicate(list: readonly unknown[], equality?: Equality): boolean {
  const seen = new Set<unknown>()
  let containers: Set<string | number> | undefined
  for (let k = 0; k < list.length; k++) {
    const item = list[k]
    if (item !== null && typeof item === 'object') {
      const key = keyOf(item, equality)
      containers ??= new Set()
      if (containers.has(key)) return true
      containers.add(key)
    } else {
      if (seen.has(item)) return true
      seen.add(item)
    }
  }
  return false
}
