/**
 * Changes no field instruction can say: enum values added to a field (older
 * clients see a fallback), and a converter for a whole shape, in either
 * direction.
 */
import { checkShape, type EnumMember, type FieldValue, type ShapeSaid } from './field-changes.ts'
import { checkObjectField, checkFunction, FieldOp, opConvert, type ShapeInstruction } from './instruction.ts'
import { checkOptions } from '../options.ts'
import { partialConverter } from './partial.ts'
import { checkLayout, layoutSchema, Shape, type FieldOf, type Layout } from './shape.ts'
import { quoted, quotedValue } from '../quote.ts'

/** Options of `enumValuesAdded`. */
export interface EnumValuesAddedOptions<E> {
  /** What older clients see instead of an added value. */
  readonly fallback: E
}

/**
 * Enum values added in this version: older clients see `fallback` instead
 * (in a list of values too).
 *
 * @example
 * ```ts
 * enumValuesAdded(Order, 'status', ['refunded'], { fallback: 'cancelled' })
 * ```
 */
export function enumValuesAdded<T, O extends string, const F extends FieldOf<T, O>, const A extends EnumMember<FieldValue<T, F>>>(
  shape: Shape<T, O>,
  field: F,
  values: readonly A[],
  options: EnumValuesAddedOptions<EnumMember<FieldValue<T, F>>>,
): ShapeSaid<{ readonly op: 'enum'; readonly head: T; readonly field: F; readonly values: A }> {
  const where = 'enumValuesAdded'
  checkShape(shape, where)
  checkObjectField(field, where)
  checkOptions(options, where, ['fallback'], true)
  const list = values as readonly unknown[]
  if (!Array.isArray(list) || list.length === 0 || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
    throw new Error(`${where}: values must be a non-empty list of strings or numbers, the values added in this version.`)
  }
  const fallback = (options as { fallback: unknown }).fallback
  if (typeof fallback !== 'string' && typeof fallback !== 'number') throw new Error(`${where}: fallback must be a string or a number that older clients know.`)
  if (list.includes(fallback)) throw new Error(`${where}: the fallback ${quotedValue(fallback)} is one of the added values, which older clients do not know; use an older value.`)
  const added = new Set(list)
  const map = (value: unknown): unknown => (added.has(value) ? fallback : value)
  const downOp = new FieldOp('each', field, map)
  return {
    kind: 'shape',
    shape,
    entry: { type: 'enum.added', shape: shape.name, field, values: list as readonly (string | number)[] },
    converter: false,
    effects: [{ field, before: 'present', after: 'present' }],
    readsDown: field,
    downOp,
    down: opConvert(downOp),
    up: null,
    fallback,
  }
}

/**
 * The enum contradictions across versions (`instructions` per version,
 * oldest first): a value added in two versions of a field's life, and a
 * fallback added in a later version than the one it stands in for, which the
 * older clients it is sent to do not know. Throws an `Error` starting with `where`.
 */
export function checkEnumValues(instructions: readonly (readonly ShapeInstruction[])[], versions: readonly string[], where: string): void {
  // Per shape and field (a new life each time the field comes, goes or is renamed): each value's version step.
  const added = new Map<string, Map<string | number, number>>()
  const lives = new Map<string, number>()
  const keyOf = (i: ShapeInstruction, field: string): string => `${i.shape.name}\u0000${field}\u0000${lives.get(`${i.shape.name}\u0000${field}`) ?? 0}`
  const enums: { step: number; key: string; i: ShapeInstruction; field: string }[] = []
  instructions.forEach((list, step) => {
    for (const i of list) {
      if (i.entry.type === 'enum.added') {
        const key = keyOf(i, i.entry.field)
        const values = added.get(key) ?? new Map<string | number, number>()
        added.set(key, values)
        for (const value of i.entry.values) {
          const before = values.get(value)
          if (before !== undefined && before !== step) {
            throw new Error(`${where}: value ${quotedValue(value)} of field ${quoted(i.entry.field)} of shape ${quoted(i.shape.name)} is added in version ${quotedValue(versions[step])}, but it was added in version ${quotedValue(versions[before])}; fix one of the two changes.`)
          }
          values.set(value, step)
        }
        enums.push({ step, key, i, field: i.entry.field })
      }
      for (const effect of i.effects) {
        const field = `${i.shape.name}\u0000${effect.field}`
        if (effect.before !== effect.after) lives.set(field, (lives.get(field) ?? 0) + 1)
      }
    }
  })
  for (const { step, key, i, field } of enums) {
    const later = i.fallback === undefined ? undefined : added.get(key)?.get(i.fallback)
    if (later !== undefined && later > step) {
      throw new Error(
        `${where}: the fallback ${quotedValue(i.fallback)} of field ${quoted(field)} of shape ${quoted(i.shape.name)} in version ${quotedValue(versions[step])} is added in version ${quotedValue(versions[later])}, so the older clients it is sent to do not know it; use a value of version ${quotedValue(versions[step - 1])}.`,
      )
    }
  }
}

/** Options of `shapeConverted`. */
export interface ShapeConvertedOptions<T, R = unknown> {
  /** The older value from the newer one (nested shapes in it are already older). */
  readonly down?: ((newer: T) => R) | undefined
  /** The newer value from the older one (nested shapes in it are already newer). */
  readonly up?: ((older: unknown) => T) | undefined
  /**
   * Where shapes sit in the older value, when the converter changes its
   * structure (a list that was `{ items: [...] }` and is now `[...]`: `[Product]`);
   * older versions' changes then find them there.
   * @default the shape itself (the structure is unchanged)
   */
  readonly older?: Layout | undefined
}

/**
 * A converter for a whole shape, in either direction, for what the field
 * changes cannot say. It gets a copy it may change and returns the result.
 *
 * @example
 * ```ts
 * shapeConverted(Product, {
 *   down: ({ links, ...product }) => ({ ...product, url: links.self }),
 *   up: ({ url, ...product }) => ({ ...product, links: { self: url } }),
 * })
 * ```
 */
export function shapeConverted<T, O extends string, R = never>(
  shape: Shape<T, O>,
  options: ShapeConvertedOptions<T, R>,
): ShapeSaid<{ readonly op: 'converted'; readonly head: T; readonly value: R }> {
  const where = 'shapeConverted'
  checkShape(shape, where)
  checkOptions(options, where, ['down', 'up', 'older'], true)
  const { down, up, older } = options as { down: unknown; up: unknown; older: unknown }
  checkFunction(down, where, 'down')
  checkFunction(up, where, 'up')
  if (down === undefined && up === undefined) throw new Error(`${where}: give down (newer to older), up (older to newer), or both.`)
  if (older !== undefined) {
    checkLayout(older, `${where}: older`)
    if (older === shape) throw new Error(`${where}: older is the shape itself, which is the default; leave it out.`)
  }
  return {
    kind: 'shape',
    shape,
    entry: older === undefined ? { type: 'shape.converted', shape: shape.name } : { type: 'shape.converted', shape: shape.name, olderSchema: layoutSchema(older as Layout) },
    converter: true,
    effects: [],
    older: older as Layout | undefined,
    readsDown: down === undefined ? undefined : true,
    down: (down as ((value: unknown) => unknown) | undefined) ?? null,
    up: (up as ((value: unknown) => unknown) | undefined) ?? null,
    upPartial: up === undefined ? null : partialConverter(up as (value: unknown) => unknown),
  }
}
