/**
 * A field whose type or format changed in a version: `fieldChanged`, a pair
 * of converters, and what older versions required of the field where that
 * changed too (`olderRequired`: a field the head requires that older
 * clients could leave out, or the reverse).
 */
import type { ChangelogInstruction } from './changelog.ts'
import { checkObjectField, FieldOp, inherited, opConvert, ownField, said, type Convert } from './instruction.ts'
import { checkShape, type FieldValue, type ShapeSaid } from './field-changes.ts'
import { checkOptions } from '../options.ts'
import { checkLayout, layoutSchema, type FieldOf, type Layout, type Shape } from './shape.ts'
import { isObject } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** Options of `fieldChanged`: the field's value one version down and one version up. */
export interface FieldChangedOptions<V, R = unknown, Q extends boolean | undefined = boolean | undefined> {
  /** The older value from the newer one (never called for a `null` field, nor for a missing one unless `olderRequired` is `true`: then with `undefined`, and it must give a value). */
  readonly down: (newer: [Q] extends [true] ? V | undefined : V) => R
  /** The newer value from the older one (never called for a `null` field, nor for a missing one unless `olderRequired` is `false`: then with `undefined`, and it must give a value). */
  readonly up: (older: unknown) => V
  /** The field's JSON Schema in older versions, for the changelog and OpenAPI. */
  readonly olderSchema?: object | undefined
  /**
   * Where shapes sit in the field's older value (a shape, `[Shape]`, or an
   * object layout such as `{ items: [Address] }`), as `shapeConverted`'s
   * `older`: the changes of versions before this one apply to them there
   * (going down, after `down`; going up, before `up`). Without it, the older
   * value is the converters' whole. The older schema is then that layout,
   * its shapes as each older version has them, unless `olderSchema` says.
   */
  readonly older?: Layout | undefined
  /**
   * Whether the versions before this one require the field, where that
   * changed too. `false`: older clients may leave it out (the head requires
   * it): their documents and request validation do not require it, and a
   * whole older body without it gets `up(undefined)`'s value. `true`: older
   * versions require it (the head may leave it out): their documents and
   * request validation require it, and a newer value without it gets
   * `down(undefined)`'s value, so older answers carry it. A partial body
   * (PATCH) never gets a value its client did not send. Without it, the
   * older versions require the field where the newer one does.
   */
  readonly olderRequired?: Q | undefined
}

/**
 * A field whose type or format changed in this version: a pair of
 * converters. A `null` value is left as it is, and so is a missing one,
 * unless `olderRequired` says the field's requiredness changed too.
 *
 * @example
 * ```ts
 * fieldChanged(Product, 'price', {
 *   down: (price) => (price.amount / 100).toFixed(2),
 *   up: (price) => ({ amount: Math.round(Number(price) * 100), currency: 'EUR' }),
 * })
 * ```
 */
export function fieldChanged<T, O extends string, const F extends FieldOf<T, O>, R, const Q extends boolean | undefined = undefined>(
  shape: Shape<T, O>,
  field: F,
  options: FieldChangedOptions<NonNullable<FieldValue<T, F>>, R, Q>,
): ShapeSaid<{ readonly op: 'changed'; readonly head: T; readonly field: F; readonly value: R; readonly olderRequired: Q }> {
  const where = 'fieldChanged'
  checkShape(shape, where)
  checkObjectField(field, where)
  checkOptions(options, where, ['down', 'up', 'olderSchema', 'older', 'olderRequired'], true)
  const { down, up, olderSchema, older, olderRequired } = options as { down: unknown; up: unknown; olderSchema: unknown; older: unknown; olderRequired: unknown }
  if (typeof down !== 'function' || typeof up !== 'function') throw new Error(`${where}: give both converters, down (newer to older) and up (older to newer).`)
  if (olderSchema !== undefined && (olderSchema === null || typeof olderSchema !== 'object')) throw new Error(`${where}: olderSchema must be a JSON Schema object.`)
  if (older !== undefined) checkLayout(older, `${where}(${shape.name}, ${quoted(field)}): older (where shapes sit in the field's older value)`)
  if (olderRequired !== undefined && typeof olderRequired !== 'boolean') {
    throw new Error(`${where}(${shape.name}, ${quoted(field)}): olderRequired must be true or false (whether versions before the change require the field); leave it out to keep the newer version's.`)
  }
  const downOp = new FieldOp('convert', field, down as (value: unknown) => unknown)
  const upOp = new FieldOp('convert', field, up as (value: unknown) => unknown)
  // A declared older layout describes the older value where no olderSchema does: its shapes as each older version has them.
  const schema = olderSchema ?? (older === undefined ? undefined : layoutSchema(older))
  const entry: ChangelogInstruction = {
    type: 'field.changed',
    shape: shape.name,
    field,
    ...(schema === undefined ? {} : { olderSchema: schema }),
    ...(olderRequired === undefined ? {} : { olderRequired }),
  }
  // The direction whose converter also gives a missing field its value runs as a function of its own, not as data.
  const fillsUp = olderRequired === false
  const fillsDown = olderRequired === true
  return {
    kind: 'shape',
    shape,
    entry,
    converter: false,
    effects: [{ field, before: 'present', after: 'present' }],
    nested: older === undefined ? { field, older: null } : { field, older: field, layout: older },
    readsDown: field,
    downOp: fillsDown ? undefined : downOp,
    upOp: fillsUp ? undefined : upOp,
    down: fillsDown ? filling(downOp, 'the older versions require (olderRequired: true)') : opConvert(downOp),
    up: fillsUp ? filling(upOp, 'the newer version requires (olderRequired: false)') : opConvert(upOp),
    // A partial body keeps a field its client left out missing.
    ...(fillsUp ? { upPartial: opConvert(upOp) } : {}),
  }
}

/**
 * `op`'s conversion of a present field, and for a missing one, `op.fn(undefined)`'s value, which the version it gives
 * requires (`requires`, for the sentence): one that gives `undefined` fails as a converter that throws (a 500 for an
 * answer, the client's 400 for a request body), never leaving out a field its version requires.
 */
function filling(op: FieldOp, requires: string): Convert {
  const convert = opConvert(op)
  const fn = op.fn as (value: unknown) => unknown
  const read = inherited(op.field) ? (object: Record<string, unknown>) => ownField(object, op.field) : (object: Record<string, unknown>) => object[op.field]
  return (value: unknown) => {
    if (!isObject(value) || read(value) !== undefined) return convert(value)
    const made = said(fn(undefined))
    if (made === undefined) throw new TypeError(`it gave undefined for a missing ${quoted(op.field)}, which ${requires}; give the field's value`)
    value[op.field] = made
    return value
  }
}
