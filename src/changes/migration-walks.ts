/**
 * The walks a compiled migration runs (migration-plan.ts compiles them, once):
 * a list's items, an envelope's fields, and a shape's program, one loop over
 * its entries. They change values in place and return them, or a
 * replacement; a value that does not fit its layout, or a converter that
 * throws, is a `MigrationFailure` with its JSON path.
 */
import { holdsFile, inherited, ownField, said, type Convert, type FieldOp, type ShapeInstruction } from './instruction.ts'
import { fieldTaken, MigrationFailure, misfit, within } from './migration-failure.ts'
import { isObject, type Json } from '../json/object.ts'

/** Migrates a value; returns it (changed in place) or a replacement. */
export type Visit = (value: unknown) => unknown

/** Runs steps over a value (changed in place). */
export function runSteps(value: unknown, steps: readonly Visit[]): unknown {
  let current = value
  for (const step of steps) current = step(current)
  return current
}

function converterFailure(error: unknown, instruction: ShapeInstruction): MigrationFailure {
  if (error instanceof MigrationFailure) return error
  const field = typeof instruction.readsDown === 'string' ? instruction.readsDown : instruction.converter ? null : (instruction.effects[0]?.field ?? null)
  const failure = new MigrationFailure('converter', `the ${instruction.entry.type} converter of shape ${instruction.shape.name} threw`, error)
  if (field !== null) failure.path.push(field)
  return failure
}

export function visitArray(item: Visit): Visit {
  return function migrateItems(value) {
    if (!Array.isArray(value)) return misfit(value, 'a list')
    let i = 0
    try {
      for (; i < value.length; i++) {
        const before: unknown = value[i]
        const after = item(before)
        if (after !== before) value[i] = after
      }
    } catch (error) {
      throw within(error, i)
    }
    return value
  }
}

/**
 * An envelope whose `fields` hold laid-out values; `required`: each must be
 * there (null allowed). A field named as a member of every object
 * (`constructor`) is read as the envelope's own only.
 */
export function visitFields(fields: readonly (readonly [string, Visit])[], required: boolean): Visit {
  // Decided once: an envelope of ordinary names (all but always) reads them as before.
  const anyOwn = fields.some(([name]) => inherited(name))
  return function migrateObject(value) {
    if (!isObject(value)) return misfit(value, 'an object')
    let field = ''
    try {
      for (const [name, visit] of fields) {
        field = name
        const before = anyOwn && inherited(name) ? ownField(value, name) : value[name]
        if (before === undefined) {
          if (required) throw new MigrationFailure('layout', 'expected a value, found none')
          continue
        }
        const after = visit(before)
        if (after !== before) value[name] = after
      }
    } catch (error) {
      throw within(error, field)
    }
    return value
  }
}

/** What an entry of a shape's program does (see `shapeVisit`): numbers, so that its loop dispatches on a jump table. */
export const CHECK = 0
export const BOUNDARY = 1
export const CHILD = 2
export const CALL = 3
export const OLDER = 4
/** A field instruction run as data (`FieldOp`'s kinds): see `applyOp`. */
export const MOVE = 5
export const CLEAR = 6
export const DERIVE = 7
export const CONVERT = 8
export const EACH = 9
export const BACK = 10

const OP_KINDS: Readonly<Record<FieldOp['kind'], number>> = { move: MOVE, back: BACK, clear: CLEAR, derive: DERIVE, convert: CONVERT, each: EACH }

/**
 * One entry of a shape's program; one class, so that the loop reading them
 * sees one layout. A field instruction's op is spread into it (`field`,
 * `to`, `fn`): the loop reads it without a call or a second object. `own`:
 * `field` is a member of every object (`constructor`, `toString`), read as
 * the object's own field only (decided here, once: other names pay nothing).
 */
export class Entry {
  readonly kind: number
  readonly field: string
  readonly own: boolean
  readonly to: string
  /** `to` is a member of every object, read as the object's own only (a `BACK`'s). */
  readonly toOwn: boolean
  /** The sentence of a `BACK` or `DERIVE` that finds the field it writes there already (`FieldOp.taken`). */
  readonly taken: string
  readonly visit: Visit | null
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly fn: ((value: any) => unknown) | null
  readonly instruction: ShapeInstruction | null

  constructor(kind: number, field = '', visit: Visit | null = null, instruction: ShapeInstruction | null = null, op: FieldOp | null = null) {
    this.kind = op === null ? kind : OP_KINDS[op.kind]
    this.field = op === null ? field : op.field
    this.own = inherited(this.field)
    this.to = op === null ? '' : op.to
    this.toOwn = op === null ? false : op.toOwn
    this.taken = op === null ? '' : op.taken
    this.visit = visit
    this.fn = op === null ? null : op.fn
    this.instruction = instruction
  }
}

/**
 * A shape's steps as one loop over its program: `CHECK` the value is an
 * object (else a misfit), `BOUNDARY` between steps (a value a step left out
 * must be there when `required`, else there is nothing left to do), `CHILD`
 * a nested value's walk, a field instruction run as data (`MOVE` to `EACH`,
 * as `applyOp` runs them: a `BACK` or `DERIVE` that finds the field it
 * writes there already fails, the history missing a change), `CALL` an instruction's function, `OLDER` the walk
 * of the layout the value has in older versions. A converter that throws
 * becomes a `MigrationFailure` naming its shape and field; a nested value's
 * failure gets its field in the path.
 */
export function shapeVisit(program: readonly Entry[], required: boolean): Visit {
  const length = program.length
  return function migrateShape(value) {
    let current = value
    let pc = 0
    try {
      for (; pc < length; pc++) {
        const entry = program[pc] as Entry
        // Functions are called from a local, without a receiver: a user's converter gets `this` undefined, never the entry.
        switch (entry.kind) {
          case CHECK:
            if (typeof current !== 'object' || current === null || Array.isArray(current)) return misfit(current, 'an object')
            break
          case BOUNDARY:
            if (current === undefined) {
              if (required) throw new MigrationFailure('layout', 'expected a value, found none')
              return current
            }
            break
          case CHILD: {
            const object = current as Json
            const before = fieldOf(object, entry)
            if (before !== undefined) {
              const visit = entry.visit as Visit
              const after = visit(before)
              if (after !== before) object[entry.field] = after
            }
            break
          }
          case MOVE: {
            const object = current as Json
            const moved = fieldOf(object, entry)
            if (moved !== undefined) {
              object[entry.to] = moved
              object[entry.field] = undefined
            }
            break
          }
          case BACK: {
            const object = current as Json
            if ((entry.toOwn ? ownField(object, entry.to) : object[entry.to]) !== undefined) throw fieldTaken(entry.to, entry.taken)
            const moved = fieldOf(object, entry)
            if (moved !== undefined) {
              object[entry.to] = moved
              object[entry.field] = undefined
            }
            break
          }
          case CLEAR: {
            const object = current as Json
            if (fieldOf(object, entry) !== undefined) object[entry.field] = undefined
            break
          }
          case DERIVE: {
            if (fieldOf(current as Json, entry) !== undefined) throw fieldTaken(entry.field, entry.taken)
            const fn = entry.fn as Convert
            const made = said(fn(current))
            if (made !== undefined) (current as Json)[entry.field] = made
            break
          }
          case CONVERT: {
            const object = current as Json
            const before = fieldOf(object, entry)
            const fn = entry.fn as Convert
            if (before !== undefined && before !== null && !holdsFile(before)) object[entry.field] = said(fn(before))
            break
          }
          case EACH: {
            const object = current as Json
            const before = fieldOf(object, entry)
            const fn = entry.fn as Convert
            if (before !== undefined && !(before instanceof Blob)) object[entry.field] = Array.isArray(before) ? eachOf(before, fn) : said(fn(before))
            break
          }
          default: {
            const visit = entry.visit as Visit
            current = visit(current)
          }
        }
      }
    } catch (error) {
      throw entryFailure(error, program[pc] as Entry)
    }
    return current
  }
}

/** What an entry's error becomes: a nested value's failure gets its field in the path; a converter's names its shape and field. */
export function entryFailure(error: unknown, entry: Entry): unknown {
  if (entry.kind === CHILD) return within(error, entry.field)
  if (entry.kind >= MOVE || entry.kind === CALL) return converterFailure(error, entry.instruction as ShapeInstruction)
  return error
}

/** The value of an entry's field in `object`: its own only for a name every object has (`Entry.own`). */
function fieldOf(object: Json, entry: Entry): unknown {
  return entry.own ? ownField(object, entry.field) : object[entry.field]
}

/** `fn` of each item of a list, in a new list (an `EACH` entry's). */
export function eachOf(list: readonly unknown[], fn: Convert): unknown[] {
  const out = new Array<unknown>(list.length)
  for (let i = 0; i < list.length; i++) {
    const item = list[i]
    out[i] = item instanceof Blob ? item : said(fn(item))
  }
  return out
}
