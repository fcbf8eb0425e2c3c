/**
 * What the change functions make: one instruction each, carrying its
 * changelog entry and, for shapes, how it migrates a value one version down
 * (newer to older) and up (older to newer). Internal: users hold them only
 * to pass them to `change()`.
 */
import type { ChangelogInstruction } from './changelog.ts'
import type { AnyShape, Layout } from './shape.ts'

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
  /** How a nested layout at field `field` reads one version older: under `older`, or gone (`null`). */
  readonly nested?: { readonly field: string; readonly older: string | null } | undefined
  /** The layout of the shape's value in older versions (a converter that changes its structure), if declared. */
  readonly older?: Layout | undefined
  readonly down: Convert | null
  readonly up: Convert | null
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
}

/** An instruction on a route. */
export interface RouteInstruction {
  readonly kind: 'route'
  /** A table route name (`product-detail`) or `METHOD /path` for a plain Hono route. */
  readonly route: string
  readonly entry: ChangelogInstruction
  /** For `headerChanged`: the older value of the header from the newer one (`null`: absent). */
  readonly header?: ((value: string | null) => string | null) | undefined
}

/** A change instruction, made by `fieldRenamed()`, `routeAdded()` and the other change functions. */
export type Instruction = ShapeInstruction | RouteInstruction

/** Whether `object` has its own `field`. */
export const has = (object: object, field: string): boolean => Object.hasOwn(object, field)

/** Checks a field name given by a user. */
export function checkField(field: unknown, where: string, what = 'the field'): asserts field is string {
  if (typeof field !== 'string' || field === '') throw new Error(`${where}: ${what} must be a non-empty field name, got ${JSON.stringify(field)}.`)
}

/** Checks that `fn` is a function when given. */
export function checkFunction(fn: unknown, where: string, what: string): void {
  if (fn !== undefined && typeof fn !== 'function') throw new Error(`${where}: ${what} must be a function.`)
}
