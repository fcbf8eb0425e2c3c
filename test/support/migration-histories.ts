/**
 * Random histories and values for the migration property tests
 * (test/changes/fused-steps-properties.test.ts,
 * test/changes/generated-walk-properties.test.ts): instructions of every kind
 * over four shapes nesting each other (a list of them too), converters that
 * note their calls (and, for those written as `function`, their `this`,
 * which must be `undefined` whichever walk calls them), throw, or give what
 * no layout expects, and values that fit their layout or not.
 *
 * Portable: Web APIs and fast-check only.
 */
import fc from 'fast-check'
import { enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, shapeConverted } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { runSteps } from '../../src/changes/migration-plan.ts'
import { Shape, type AnyShape, type Layout } from '../../src/changes/shape.ts'

export const VERSIONS = 5
/** The field names instructions and values use. */
export const NAMES: readonly string[] = ['a', 'b', 'n', 'cs', 'kids', 'x']
const OPS = ['rename', 'add', 'addDefault', 'remove', 'removeOlder', 'changed', 'enum', 'convert', 'convertOdd', 'convertOlder'] as const

export type Spec = { readonly shape: number; readonly op: (typeof OPS)[number]; readonly a: number; readonly b: number }

/** What the user's functions were called with, in the order of the calls. */
let calls: string[] = []

/** The shapes of one run: `Item` nests a `Tag` and a list of `Node`s, which nest a list of `Tag`s; `Box` is the older layout a converter may declare. */
export function shapes() {
  const Tag = shape('Tag')
  const Node = shape('Node', { nested: { kids: [Tag] } })
  const Item = shape('Item', { nested: { n: Tag, cs: [Node] } })
  const Box = shape('Box')
  return { all: [Item, Tag, Node, Box] as const, Item, Tag, Node, Box }
}

/** The instruction `spec` says, on field names `names` (`null`: none, such as a rename of a field to itself). */
export function instruction(spec: Spec, all: { readonly Item: AnyShape; readonly Tag: AnyShape; readonly Node: AnyShape; readonly Box: AnyShape }, names: readonly string[] = NAMES): ShapeInstruction | null {
  const target = [all.Item, all.Tag, all.Node][spec.shape] as AnyShape
  const a = names[spec.a % names.length] as string
  const b = names[spec.b % names.length] as string
  const tag = `${target.name}.${spec.op}.${a}`
  const note = (what: unknown): void => void calls.push(`${tag}:${JSON.stringify(what) ?? 'undefined'}`)
  const noteThis = (self: unknown): void => void calls.push(`${tag}:this=${receiver(self)}`)
  switch (spec.op) {
    case 'rename':
      return a === b ? null : (fieldRenamed(target, { older: a, newer: b }) as ShapeInstruction)
    case 'add':
      return fieldAdded(target, a) as ShapeInstruction
    case 'addDefault':
      return fieldAdded(target, a, { default: (older) => (note(older), older['x'] ?? 'made') }) as ShapeInstruction
    case 'remove':
      return fieldRemoved(target, a) as ShapeInstruction
    case 'removeOlder':
      return fieldRemoved(target, a, {
        older: function (this: unknown, newer: Record<string, unknown>) {
          noteThis(this)
          return note(newer), newer['boom'] === a ? fail() : `${String(newer['x'])}<`
        },
      }) as ShapeInstruction
    case 'changed':
      // Written as methods: `this` is what the walk calls them on (undefined, on every path).
      return fieldChanged(target, a, {
        down(value) {
          noteThis(this)
          return note(value), value === 'boom' ? fail() : value === 'nan' ? Number.NaN : typeof value === 'string' ? `${value}<` : { was: value }
        },
        up(value) {
          noteThis(this)
          return note(value), typeof value === 'string' ? `${value}>` : [value]
        },
      }) as ShapeInstruction
    case 'enum':
      return enumValuesAdded(target, a, ['new'], { fallback: 'old' }) as ShapeInstruction
    case 'convert':
      return shapeConverted(target, {
        down: function (this: unknown, value: Record<string, unknown>) {
          noteThis(this)
          return note(value), { ...value, [b]: `c${spec.b}` }
        },
        up: function (this: unknown, value: unknown) {
          noteThis(this)
          return note(value), typeof value === 'object' && value !== null ? { ...value, up: b } : value
        } as never,
      }) as ShapeInstruction
    case 'convertOdd':
      // A converter whose result is not always an object: later steps find a value that does not fit, or none.
      return shapeConverted(target, {
        down: (value: Record<string, unknown>) => (note(value), value['x'] === 'odd' ? 'odd' : value['x'] === 'none' ? undefined : value['x'] === 'boom' ? fail() : value),
        up: ((value: unknown) => (note(value), value === 'odd' ? { x: 'even' } : value)) as never,
      }) as ShapeInstruction
    case 'convertOlder':
      return target === all.Node
        ? null
        : (shapeConverted(target, {
            down: (value: Record<string, unknown>) => (note(value), { boxes: [{ x: value['x'] ?? null }, value] }),
            up: ((value: unknown) => (note(value), (value as { boxes?: unknown[] } | null)?.boxes?.[1] ?? value)) as never,
            older: { boxes: [all.Box] },
          }) as ShapeInstruction)
  }
}

/** What a converter written as a `function` was called on: `undefined`, or the keys of the object it was called as a method of. */
function receiver(self: unknown): string {
  if (self === undefined) return 'undefined'
  return typeof self === 'object' && self !== null ? `{${Object.keys(self).join(',')}}` : typeof self
}

function fail(): never {
  throw new Error('boom')
}

/** A value laid out as `layout`, fitting it or not, drawn from `tape`; a shape's objects hold fields of `names`. */
export function valueOf(
  layout: Layout,
  tape: readonly number[],
  at: { i: number },
  depth: number,
  names: readonly string[] = ['a', 'b', 'x', 'n', 'boom'],
  primitives: readonly unknown[] = ['new', 'old', 'odd', 'none', 'boom', 'nan', 'a', 1, 0, null, true, { deep: [1] }],
): unknown {
  const next = (): number => tape[at.i++ % tape.length] as number
  if (Array.isArray(layout)) return next() < 3 ? 'not a list' : Array.from({ length: next() % 4 }, () => valueOf(layout[0] as Layout, tape, at, depth + 1, names, primitives))
  if (!(layout instanceof Shape)) {
    const out: Record<string, unknown> = {}
    for (const [field, inner] of Object.entries(layout)) if (next() > 5) out[field] = valueOf(inner as Layout, tape, at, depth + 1, names, primitives)
    return out
  }
  const roll = next()
  if (roll < 3) return ['a string', 7, null][roll]
  const out: Record<string, unknown> = {}
  // Own data fields, `__proto__` too, as JSON.parse makes them.
  for (const name of names) if (next() > 40) Object.defineProperty(out, name, { value: primitives[next() % primitives.length], enumerable: true, writable: true, configurable: true })
  if (depth < 4) for (const [field, inner] of (layout as AnyShape).nested) if (next() > 20) out[field] = valueOf(inner, tape, at, depth + 1, names, primitives)
  return out
}

/** A value with its fields in order, `undefined` ones included. */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(describeValue).join(',')}]`
  if (typeof value === 'object' && value !== null) return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${describeValue((value as Record<string, unknown>)[k])}`).join(',')}}`
  return value === undefined ? 'undefined' : JSON.stringify(value)
}

export type Outcome = { readonly ok: true; readonly value: string; readonly calls: readonly string[] } | { readonly ok: false; readonly error: unknown; readonly calls: readonly string[] }

/**
 * `value`'s lists and plain objects copied at every place they stand, own fields as they are (`__proto__` too): no two
 * places of the copy are one object. The walks get such a value (a parsed body, or the JSON step's copy, whose records
 * are copied at every place and whose other objects the steps never change); `structuredClone` keeps an object drawn
 * twice one object, so a step changing it at one place would show at the other.
 */
function unshared(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unshared)
  if (typeof value !== 'object' || value === null) return value
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  const out = Object.create(proto) as Record<string, unknown>
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: unshared((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** `steps` run over a copy of `value`: the value they give (described) and the user's functions' calls in order, or what they threw. */
export function run(value: unknown, steps: readonly ((value: unknown) => unknown)[]): Outcome {
  calls = []
  try {
    const migrated = runSteps(unshared(structuredClone(value)), steps)
    return { ok: true, value: describeValue(migrated), calls: [...calls] }
  } catch (error) {
    return { ok: false, error, calls: [...calls] }
  }
}

/** The instructions of a history's steps (the first version has none). */
export const specs = fc.array(
  fc.array(fc.record({ shape: fc.nat(2), op: fc.constantFrom(...OPS), a: fc.nat(63), b: fc.nat(63) }), { maxLength: 3 }),
  { minLength: VERSIONS - 1, maxLength: VERSIONS - 1 },
)

/** The layouts a value is migrated as: a shape, a list of them, an envelope, a list of the shape nested in a list. */
export function layouts(all: ReturnType<typeof shapes>): readonly Layout[] {
  return [all.Item, [all.Item], { items: [all.Item], tag: all.Tag }, [all.Node]]
}
