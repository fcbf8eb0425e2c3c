/**
 * A converter beside a `fieldRenamed` of its shape and change, checked per
 * value (shape-steps.ts `order` wraps it, once, when the history is made;
 * no other converter and no other history pays anything). A converter that
 * repeats the rename's work (as a Cadwyn converter moves the data its
 * instructions only describe) loses the value silently: going down, the
 * rename has already given the older name its value, and `{ ...s, a: s.b }`
 * writes `undefined` over it; going up, the rename runs after the converter
 * and writes the older name's value over what the converter wrote under the
 * newer one. Either is the app's mistake, never the client's: a
 * `MigrationFailure` of reason `beside` (a response's or a request's 500 with
 * the sentence through `app.onError`; `history.migrate` throws it).
 */
import { inherited, ownField, type Convert, type ShapeInstruction } from './instruction.ts'
import { MigrationFailure } from './migration-failure.ts'
import { isObject, type Json } from '../json/object.ts'
import { quoted } from '../quote.ts'

/** A rename of the step: its older and newer names. */
interface Rename {
  readonly older: string
  readonly newer: string
}

/** The renames among a step's field instructions (their ops as data: a `back` going down, a `move` going up). */
export function renamesOf(fields: readonly ShapeInstruction[], direction: 'down' | 'up'): Rename[] {
  const renames: Rename[] = []
  for (const i of fields) {
    const op = direction === 'down' ? i.downOp : i.upOp
    if (op?.kind === 'back') renames.push({ older: op.to, newer: op.field })
    else if (op?.kind === 'move') renames.push({ older: op.field, newer: op.to })
  }
  return renames
}

/** `converter` with its `direction`'s functions checked against `renames` (none: as it is). */
export function checkedBeside(converter: ShapeInstruction, renames: readonly Rename[], direction: 'down' | 'up'): ShapeInstruction {
  if (renames.length === 0) return converter
  const name = converter.shape.name
  if (direction === 'down') return converter.down === null ? converter : { ...converter, down: checkedDown(converter.down, renames, name) }
  if (converter.up === null) return converter
  const upPartial = converter.upPartial
  return { ...converter, up: checkedUp(converter.up, renames, name), upPartial: upPartial === null || upPartial === undefined ? upPartial : checkedUp(upPartial, renames, name) }
}

const read = (object: Json, field: string): unknown => (inherited(field) ? ownField(object, field) : object[field])

const said = (name: string, r: Rename): string => `fieldRenamed(${name}, { older: ${quoted(r.older)}, newer: ${quoted(r.newer)} })`

/** Going down, the rename has run: a value it gave the older name must still be there after the converter. */
function checkedDown(down: Convert, renames: readonly Rename[], name: string): Convert {
  return function convertBesideRename(value: unknown): unknown {
    const written = isObject(value) ? renames.filter((r) => read(value, r.older) !== undefined) : []
    const result = down(value)
    for (const r of written) {
      if (isObject(result) && read(result, r.older) !== undefined) continue
      throw fail(
        r.older,
        `the down converter of shape ${name} left ${quoted(r.older)} undefined or took it away after ${said(name, r)} of its change had given it the value of ${quoted(r.newer)}: a converter beside a rename gets the value with the rename done and must not repeat it (it reads ${quoted(r.older)}, never ${quoted(r.newer)}); leave the move to the rename, or put the converter in a version of its own`,
      )
    }
    return result
  }
}

/** Going up, the rename runs after: a value the converter wrote under the newer name must not be one the rename writes over. */
function checkedUp(up: Convert, renames: readonly Rename[], name: string): Convert {
  return function convertBesideRename(value: unknown): unknown {
    const before = isObject(value) ? renames.map((r) => read(value, r.newer)) : []
    const result = up(value)
    if (!isObject(result)) return result
    renames.forEach((r, k) => {
      const older = read(result, r.older)
      const newer = read(result, r.newer)
      // Unchanged, or the older name's own value: the rename's move loses nothing.
      if (older === undefined || newer === undefined || newer === before[k] || newer === older) return
      throw fail(
        r.newer,
        `the up converter of shape ${name} wrote ${quoted(r.newer)} and left ${quoted(r.older)}, which ${said(name, r)} of its change then moves over what it wrote: a converter beside a rename runs before it going up and must not repeat it (it reads ${quoted(r.older)} and leaves the move to the rename); write ${quoted(r.older)} instead, or put the converter in a version of its own`,
      )
    })
    return result
  }
}

function fail(field: string, sentence: string): MigrationFailure {
  const failure = new MigrationFailure('beside', sentence)
  failure.path.push(field)
  return failure
}
