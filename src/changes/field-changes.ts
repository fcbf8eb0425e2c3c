/**
 * Changes to shapes, each saying how the version that introduced it differs
 * from the version before: a field renamed, added or removed (changed in
 * type or format: field-changed.ts; an enum value added and a whole-shape
 * converter: value-changes.ts). Field names are checked against the shape's
 * head type.
 */
import type { ChangelogInstruction } from './changelog.ts'
import { checkObjectField, checkFunction, FieldOp, inherited, opConvert, ownField, said, type ShapeInstruction } from './instruction.ts'
import { checkOptions } from '../options.ts'
import { partialDefault } from './partial.ts'
import { Shape, type FieldOf } from './shape.ts'
import { isObject } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** The head type of field `F` of `T` (`unknown` for an older name). */
export type FieldValue<T, F> = F extends keyof T ? T[F] : unknown

/** One member of an enum field's type (the element type for a list of enum values). */
export type EnumMember<V> = NonNullable<V> extends readonly (infer E)[] ? E : NonNullable<V>

/** `F` when it is not a field of the head type `T` (a removed field must be gone from the head). */
export type NotInHead<T, F extends string> = string extends keyof T ? unknown : F extends keyof T ? never : unknown

/**
 * Types only: what an instruction says about its shape's head type `head`,
 * with the literal field names and the converters' return types, so that
 * the types of older versions can be derived from a history
 * (`hono-api-versioning/typed-client`). Never present at run time.
 */
export type ShapeSaid<S> = ShapeInstruction & { readonly '~said'?: S | undefined }

/** Checks that a change's first argument is a shape. */
export function checkShape(shape: unknown, where: string): asserts shape is Shape<object, string> {
  if (!(shape instanceof Shape)) throw new Error(`${where}: the first argument must be a shape made with shape("Name").`)
}

/**
 * A field renamed: called `older` before this version, `newer` from it on.
 *
 * @example
 * ```ts
 * fieldRenamed(Product, { older: 'name', newer: 'title' })
 * ```
 */
export function fieldRenamed<T, O extends string, const Older extends string, const Newer extends FieldOf<T, O>>(
  shape: Shape<T, O>,
  names: { readonly older: Older; readonly newer: Newer },
): ShapeSaid<{ readonly op: 'renamed'; readonly head: T; readonly older: Older; readonly newer: Newer }> {
  const where = 'fieldRenamed'
  checkShape(shape, where)
  checkOptions(names, where, ['older', 'newer'], true)
  const { older, newer } = names as { older: unknown; newer: unknown }
  checkObjectField(older, where, 'older')
  checkObjectField(newer, where, 'newer')
  if (older === newer) throw new Error(`${where}: older and newer are both ${quoted(older)}; a rename needs two names.`)
  const name = shape.name
  const downOp = new FieldOp('back', newer, null, older, `${taken(name, older)}, where fieldRenamed(${name}, { older: ${quoted(older)}, newer: ${quoted(newer)} }) gives older versions the value of ${quoted(newer)} under that name; ${declare(name, older)}`)
  const upOp = new FieldOp('move', older, null, newer)
  return {
    kind: 'shape',
    shape,
    entry: { type: 'field.renamed', shape: shape.name, older, newer },
    converter: false,
    effects: [
      { field: older, before: 'present', after: 'absent' },
      { field: newer, before: 'absent', after: 'present' },
    ],
    nested: { field: newer, older },
    newerDrop: new FieldOp('clear', newer),
    downOp,
    upOp,
    down: opConvert(downOp),
    up: opConvert(upOp),
  }
}

/** Options of `fieldAdded`. */
export interface FieldAddedOptions<V> {
  /**
   * The value older requests get (they never send the field): a JSON value,
   * or a function of the older request's object. Without it, older requests
   * are left without the field.
   * @default undefined
   */
  readonly default?: V | ((older: Record<string, unknown>) => V) | undefined
  /**
   * Whether a value an older request sends for the field (which its version
   * does not have) reaches the handler. By default it is dropped, as an
   * unknown field of that version, before `default` fills the field. With
   * request validation, the shape's head schema must leave the object open
   * to other fields (a closed one is refused when the history is made: its
   * older version would refuse the field before it could be kept).
   * @default false
   */
  readonly keepOlder?: boolean | undefined
}

/**
 * A field added in this version: older responses lose it; older requests
 * have a value they send for it dropped (their version has no such field;
 * `keepOlder: true` keeps it), then get `default`.
 *
 * @example
 * ```ts
 * fieldAdded(Product, 'currency', { default: 'EUR' })
 * ```
 */
export function fieldAdded<T, O extends string, const F extends FieldOf<T, O>>(
  shape: Shape<T, O>,
  field: F,
  options?: FieldAddedOptions<FieldValue<T, F>>,
): ShapeSaid<{ readonly op: 'added'; readonly head: T; readonly field: F }> {
  const where = 'fieldAdded'
  checkShape(shape, where)
  checkObjectField(field, where)
  checkOptions(options, where, ['default', 'keepOlder'])
  const keep = options?.keepOlder
  if (keep !== undefined && typeof keep !== 'boolean') throw new Error(`${where}: keepOlder must be true or false.`)
  const fallback: unknown = options?.default
  const make: ((older: Record<string, unknown>) => unknown) | null =
    fallback === undefined
      ? null
      : typeof fallback === 'function'
        ? (fallback as (older: Record<string, unknown>) => unknown)
        : typeof fallback === 'object' && fallback !== null
          ? emptyArrayOrObject(fallback)
            ? Array.isArray(fallback)
              ? () => []
              : () => ({})
            : () => structuredClone(fallback)
          : () => fallback
  const downOp = new FieldOp('clear', field)
  // A field named as a member of every object (`constructor`) is read as the object's own only.
  const read = inherited(field) ? (object: Record<string, unknown>) => ownField(object, field) : (object: Record<string, unknown>) => object[field]
  // `up`'s second half alone (on a partial body, `upPartial`'s), for a step with a converter beside it (shape-steps.ts):
  // its first, the client's own value dropped, is `clear`.
  const fill =
    make === null
      ? null
      : (object: unknown) => {
          if (isObject(object) && read(object) === undefined) {
            const value = said(make(object))
            if (value !== undefined) object[field] = value
          }
          return object
        }
  const fillPartial =
    typeof fallback !== 'function'
      ? null
      : (object: unknown) => {
          if (isObject(object) && read(object) === undefined) {
            const value = said(partialDefault(fallback as (older: Record<string, unknown>) => unknown, object))
            if (value !== undefined) object[field] = value
          }
          return object
        }
  return {
    kind: 'shape',
    shape,
    entry: { type: 'field.added', shape: shape.name, field },
    converter: false,
    effects: [{ field, before: 'absent', after: 'present' }],
    nested: { field, older: null },
    keepsOlder: keep === true,
    added: { drop: keep === true ? null : new FieldOp('clear', field), fill, fillPartial },
    downOp,
    down: opConvert(downOp),
    up:
      make === null && keep === true
        ? null
        : (object: unknown) => {
            if (!isObject(object)) return object
            if (keep !== true && read(object) !== undefined) object[field] = undefined
            if (make !== null && read(object) === undefined) {
              const value = said(make(object))
              if (value !== undefined) object[field] = value
            }
            return object
          },
    // A partial body gets no constant default, and a derived one only from fields it sent (partial.ts).
    upPartial:
      keep === true && (make === null || typeof fallback !== 'function')
        ? null
        : (object: unknown) => {
            if (!isObject(object)) return object
            if (keep !== true && read(object) !== undefined) object[field] = undefined
            if (typeof fallback === 'function' && read(object) === undefined) {
              const value = said(partialDefault(fallback as (older: Record<string, unknown>) => unknown, object))
              if (value !== undefined) object[field] = value
            }
            return object
          },
  }
}

/** Options of `fieldRemoved`. */
export interface FieldRemovedOptions<T, R = unknown, Q extends boolean = boolean, Sc extends object = object> {
  /** The field's value for older responses, from the newer object. Without it, older responses lack it. */
  readonly older?: ((newer: T) => R) | undefined
  /** The field's JSON Schema in older versions, for the changelog, OpenAPI and request validation (and the typed client's older request bodies). */
  readonly schema?: Sc | undefined
  /**
   * Whether older versions required the field (their documents list it in
   * `required`, and request validation refuses an older body without it).
   * @default false
   */
  readonly required?: Q | undefined
}

/**
 * A field removed in this version (it must be gone from the head type):
 * older responses get it back from `older`; older requests that send it
 * have it dropped.
 *
 * @example
 * ```ts
 * fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` })
 * ```
 */
export function fieldRemoved<T, O extends string, const F extends string, R = never, const Q extends boolean = false, const Sc extends object = never>(
  shape: Shape<T, O>,
  field: F & NotInHead<T, F>,
  options?: FieldRemovedOptions<T, R, Q, Sc>,
): ShapeSaid<{ readonly op: 'removed'; readonly head: T; readonly field: F; readonly value: R; readonly required: Q; readonly schema: Sc }> {
  const where = 'fieldRemoved'
  checkShape(shape, where)
  checkObjectField(field, where)
  checkOptions(options, where, ['older', 'schema', 'required'])
  checkFunction(options?.older, where, 'older')
  const schema = options?.schema
  if (schema !== undefined && (schema === null || typeof schema !== 'object')) throw new Error(`${where}: schema must be a JSON Schema object.`)
  const required = options?.required
  if (required !== undefined && typeof required !== 'boolean') throw new Error(`${where}: required must be true or false.`)
  const older = options?.older as ((newer: unknown) => unknown) | undefined
  const downOp = older === undefined ? undefined : new FieldOp('derive', field, older, '', `${taken(shape.name, field)}, which fieldRemoved(${shape.name}, ${quoted(field)}) gives older versions from its older function; ${declare(shape.name, field)}`)
  const upOp = new FieldOp('clear', field)
  const entry: ChangelogInstruction = {
    type: 'field.removed',
    shape: shape.name,
    field,
    ...(schema === undefined ? {} : { schema }),
    ...(required === true ? { required } : {}),
  }
  return {
    kind: 'shape',
    shape,
    entry,
    converter: false,
    effects: [{ field, before: 'present', after: 'absent' }],
    readsDown: older === undefined ? undefined : true,
    downOp,
    upOp,
    down: downOp === undefined ? null : opConvert(downOp),
    up: opConvert(upOp),
  }
}

/** The start of the sentence of a step going down that finds the field it writes there already (instruction.ts `FieldOp`). */
function taken(shape: string, field: string): string {
  return `shape ${shape} has a field ${quoted(field)} here`
}

/** What to declare when the head's value has `field`, which a change says older versions alone have. */
function declare(shape: string, field: string): string {
  return `the head has ${quoted(field)} (whose value would be lost), so the history misses the change that brought it back: declare fieldAdded(${shape}, ${quoted(field)}) in that version, or leave ${quoted(field)} out of the head's value`
}

/** Whether `value` is `[]` or a plain `{}`: a default made fresh per value without a structured clone (slow on some runtimes). */
function emptyArrayOrObject(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0
  return Object.getPrototypeOf(value) === Object.prototype && Reflect.ownKeys(value).length === 0
}
