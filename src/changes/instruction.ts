/**
 * What the change functions make: one instruction each, carrying its
 * changelog entry and, for shapes, how it migrates a value one version down
 * (newer to older) and up (older to newer). Internal: users hold them only
 * to pass them to `change()`.
 */
import type { ChangelogInstruction } from './changelog.ts'
import type { AnyShape, Layout } from './shape.ts'
import { fieldTaken } from './migration-failure.ts'
import { isObject, type Json } from '../json/object.ts'
import { quotedValue } from '../quote.ts'

/** Migrates one shape value one version (down or up); gets an object it may change, returns the result. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Convert = (value: any) => unknown

/** Whether a field exists just before or just after a version. */
export type Presence = 'present' | 'absent'

/** What an instruction says about one field, for the history's contradiction checks. */
export interface FieldEffect {
  readonly field: string
  /** In the version before (older). */
  readonly before: Presence
  /** In the version that introduced the change (newer). */
  readonly after: Presence
}

/** An instruction on a shape. */
export interface ShapeInstruction {
  readonly kind: 'shape'
  readonly shape: AnyShape
  readonly entry: ChangelogInstruction
  /** A whole-shape converter: runs after the field instructions going down, before them going up. */
  readonly converter: boolean
  readonly effects: readonly FieldEffect[]
  /**
   * How a nested layout at field `field` reads one version older: under
   * `older`, or gone (`null`); `layout`, where given (`fieldChanged`'s
   * `older`), is the layout there, in place of the newer one.
   */
  readonly nested?: { readonly field: string; readonly older: string | null; readonly layout?: Layout | undefined } | undefined
  /** The layout of the shape's value in older versions (a converter that changes its structure), if declared. */
  readonly older?: Layout | undefined
  readonly down: Convert | null
  readonly up: Convert | null
  /** `down` and `up` as data, for the field instructions that have one: the planner runs it with no call of its own. */
  readonly downOp?: FieldOp | undefined
  readonly upOp?: FieldOp | undefined
  /**
   * `up` for a partial body (PATCH): fields the client did not send stay
   * absent (no default, no value derived from them). `undefined`: `up` already
   * invents nothing.
   */
  readonly upPartial?: Convert | null | undefined
  /**
   * What `down` hands to user code: a field's value (its name) or the whole
   * object (`true`); a value a handler gave is made a JSON value there first.
   */
  readonly readsDown?: string | true | undefined
  /**
   * `fieldAdded`'s `keepOlder`: what an older request sends for the field
   * reaches the handler (request validation refuses it where the older
   * schema closes the object, validation/kept-older.ts).
   */
  readonly keepsOlder?: boolean | undefined
  /**
   * `fieldAdded`'s `up` in two parts, for a step where a converter of its
   * shape runs beside it (shape-steps.ts `order`): `drop`, the older
   * client's own value for the field taken away (`null`: `keepOlder`), runs
   * before the converters; `fill`, `default` where the field is still
   * absent (`fillPartial` on a partial body; `null`: none), after them.
   */
  readonly added?: { readonly drop: FieldOp | null; readonly fill: Convert | null; readonly fillPartial: Convert | null } | undefined
  /**
   * `fieldRenamed`'s newer name going up: the older client's own value
   * under it (a field its version does not have) taken away (`clear`)
   * before the step's other instructions and converters (shape-steps.ts
   * `order`), as an added field's is: it reaches the handler under the
   * head's name only from the older name.
   */
  readonly newerDrop?: FieldOp | undefined
  /** `enumValuesAdded`'s fallback, the value older clients see instead. */
  readonly fallback?: string | number | undefined
}

/**
 * A field instruction's work on an object, as data: `move` (the value of
 * `field`, when there is one, goes to `to`: a rename going up, where an
 * older client's value wins), `back` (the same going down, where `to`, the
 * older name, must be absent), `clear` (`field` left out), `derive` (`field`,
 * which must be absent, set to `fn` of the object, unless it gives
 * `undefined`: a removed field given back going down), `convert` (a present,
 * non-null value of `field` through `fn`), `each` (a present value through
 * `fn`, each item of a list).
 *
 * Going down, a value is in the newer version's shape, which by the history
 * has no field under the name a `back` or `derive` writes (a later version
 * that brought the name back would have removed it first, with its
 * `fieldAdded`): finding one there, the history misses that change, and the
 * step fails (`taken`, the sentence saying what to declare) rather than
 * overwrite the head's value.
 */
export class FieldOp {
  readonly kind: 'move' | 'back' | 'clear' | 'derive' | 'convert' | 'each'
  readonly field: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly fn: ((value: any) => unknown) | null
  readonly to: string
  /** `field` is a member of every object (`constructor`): read as the object's own only (decided here, once). */
  readonly own: boolean
  /** `to` is a member of every object: read as the object's own only (a `back`'s, which must find it absent). */
  readonly toOwn: boolean
  /** Why finding `writes` there is the history's mistake, and what to declare: `taken`'s sentence. */
  readonly taken: string

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(kind: FieldOp['kind'], field: string, fn: ((value: any) => unknown) | null = null, to = '', taken = '') {
    this.kind = kind
    this.field = field
    this.fn = fn
    this.to = to
    this.own = inherited(field)
    this.toOwn = inherited(to)
    this.taken = taken
  }
}

/**
 * Runs `op` on an object, in place. A field named as a member of every
 * object (`constructor`, `toString`) is read as the object's own field only;
 * user functions are called without a receiver (`this` is `undefined`).
 */
function applyOp(op: FieldOp, object: Json): void {
  const field = op.field
  const fn = op.fn as Convert
  const value = op.own ? ownField(object, field) : object[field]
  switch (op.kind) {
    case 'move':
      if (value !== undefined) {
        object[op.to] = value
        object[field] = undefined
      }
      return
    case 'back':
      if ((op.toOwn ? ownField(object, op.to) : object[op.to]) !== undefined) throw fieldTaken(op.to, op.taken)
      if (value !== undefined) {
        object[op.to] = value
        object[field] = undefined
      }
      return
    case 'clear':
      if (value !== undefined) object[field] = undefined
      return
    case 'derive': {
      if (value !== undefined) throw fieldTaken(field, op.taken)
      const made = said(fn(object))
      if (made !== undefined) object[field] = made
      return
    }
    case 'convert':
      if (value !== undefined && value !== null && !holdsFile(value)) object[field] = said(fn(value))
      return
    case 'each':
      if (value !== undefined && !(value instanceof Blob)) object[field] = Array.isArray(value) ? value.map((item) => (item instanceof Blob ? item : said(fn(item)))) : said(fn(value))
  }
}

/**
 * Whether a plain object has a value under `field` it does not hold itself
 * (`constructor`, `toString`, `valueOf`: members of `Object.prototype`):
 * such a field is read with `ownField`, decided once per field where the
 * walks are made, so other names pay nothing.
 */
export function inherited(field: string): boolean {
  return field in Object.prototype
}

/** The value of `object`'s own `field`, `undefined` when it has none (never one it inherits). */
export function ownField(object: object, field: string): unknown {
  return Object.hasOwn(object, field) ? (object as Record<string, unknown>)[field] : undefined
}

/**
 * Whether a value is a form's file, or a repeated form field holding one: a
 * converter never sees it (as it never sees `null`), so an upload is passed
 * on untouched, never turned into text. A JSON value never is one.
 */
export function holdsFile(value: unknown): boolean {
  if (typeof value !== 'object') return false
  if (!Array.isArray(value)) return value instanceof Blob
  for (const item of value) if (item instanceof Blob) return true
  return false
}

/**
 * A converter's value, when JSON can say it: a number that is not finite
 * (`Number("abc")`) would be sent as `null`, which in a merge patch deletes
 * the field, so it fails as a converter that throws.
 */
export function said(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`the converter gave ${value}, a number JSON cannot hold`)
  return value
}

/** `op` as a function of any value: an object is changed in place, anything else left as it is. */
export function opConvert(op: FieldOp): Convert {
  return (value: unknown) => {
    if (isObject(value)) applyOp(op, value)
    return value
  }
}

/** An instruction on a route. */
export interface RouteInstruction {
  readonly kind: 'route'
  /** A table route name (`product-detail`) or `METHOD /path` for a plain Hono route. */
  readonly route: string
  readonly entry: ChangelogInstruction
  /** For `headerChanged`: the older value of the header from the newer one (`null`: absent). */
  readonly header?: ((value: string | null) => string | null) | undefined
  /** For `queryParamChanged` and `requestHeaderChanged`: the newer value from the older one (`null`: absent). */
  readonly up?: ((value: string | null) => string | readonly string[] | null) | undefined
}

/** A change instruction, made by `fieldRenamed()`, `routeAdded()` and the other change functions. */
export type Instruction = ShapeInstruction | RouteInstruction

/** Checks a field name given by a user. */
export function checkField(field: unknown, where: string, what = 'the field'): asserts field is string {
  if (typeof field !== 'string' || field === '') throw new Error(`${where}: ${what} must be a non-empty field name, got ${quotedValue(field)}.`)
}

/**
 * Checks the name of a field of a JSON object given by a user: a non-empty
 * name, and not `__proto__`, which JavaScript code (converters, spreads,
 * `Object.assign`) reads and writes as the object's prototype, not as a field.
 */
export function checkObjectField(field: unknown, where: string, what = 'the field'): asserts field is string {
  checkField(field, where, what)
  if (field === '__proto__') throw new Error(`${where}: ${what} cannot be "__proto__", which JavaScript objects take for their prototype rather than a field; give the field another name in the API.`)
}

/** Checks that `fn` is a function when given. */
export function checkFunction(fn: unknown, where: string, what: string): void {
  if (fn !== undefined && typeof fn !== 'function') throw new Error(`${where}: ${what} must be a function.`)
}
