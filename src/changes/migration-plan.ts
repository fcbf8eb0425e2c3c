/**
 * Compiles layouts into migration steps, once, at construction: for each
 * version step (between a version and the one before it) and direction, a
 * function that walks a JSON value where the layout says shapes sit and
 * applies that step's instructions, nested shapes first. Branches that lead
 * to no instruction of the step are left out, so a step with nothing to do
 * is `null` and costs nothing.
 *
 * Steps change values in place. A body the history parsed is its own; a
 * handler's value is first copied along its layout (json-copy.ts). A field
 * an older version lacks is set to `undefined` rather than deleted (deleting
 * slows every later access), which `JSON.stringify` leaves out. A value that
 * is not what its layout says, or a converter that throws, is a
 * `MigrationFailure` with its JSON path, never a body passed on unchanged.
 */
import type { Convert, ShapeInstruction } from './instruction.ts'
import { MigrationFailure, misfit, within } from './migration-failure.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'
import { isObject } from '../json/object.ts'

/** Migrates a value one step; returns it (changed in place) or a replacement. */
export type Visit = (value: unknown) => unknown

/** Runs steps over a value (changed in place). */
export function runSteps(value: unknown, steps: readonly Visit[]): unknown {
  let current = value
  for (const step of steps) current = step(current)
  return current
}

/** Going down (newer to older: responses) or up (older to newer: requests). */
export type Direction = 'down' | 'up'

/** What the planner knows of one shape, per version step. */
export interface ShapeSteps {
  /** Instructions by step (`k`: between version k-1 and version k), in declaration order. */
  readonly byStep: ReadonlyMap<number, readonly ShapeInstruction[]>
  /** Where nested shapes sit, per version index (renames and removals of those fields followed). */
  readonly nestedAt: readonly ReadonlyMap<string, Layout>[]
  /** Steps whose converter declares an older layout, newest first. */
  readonly replacements: readonly { readonly step: number; readonly older: Layout }[]
}

/** Builds each shape's steps from the instructions of the history (`steps[k]`: those of version k). */
export function shapeSteps(shape: AnyShape, instructions: readonly (readonly ShapeInstruction[])[], versionCount: number): ShapeSteps {
  const byStep = new Map<number, ShapeInstruction[]>()
  instructions.forEach((list, step) => {
    const own = list.filter((i) => i.shape === shape)
    if (own.length > 0) byStep.set(step, own)
  })
  const nestedAt: ReadonlyMap<string, Layout>[] = new Array<ReadonlyMap<string, Layout>>(versionCount)
  let current: ReadonlyMap<string, Layout> = shape.nested
  nestedAt[versionCount - 1] = current
  for (let v = versionCount - 2; v >= 0; v--) {
    const changes = byStep.get(v + 1)
    if (changes !== undefined && changes.some((i) => i.nested !== undefined && current.has(i.nested.field))) {
      const next = new Map(current)
      for (const i of [...changes].reverse()) {
        if (i.nested === undefined || !current.has(i.nested.field)) continue
        const layout = current.get(i.nested.field) as Layout
        next.delete(i.nested.field)
        if (i.nested.older !== null) next.set(i.nested.older, layout)
      }
      current = next
    }
    nestedAt[v] = current
  }
  const replacements: { step: number; older: Layout }[] = []
  for (const [step, list] of byStep) {
    for (const i of list) if (i.older !== undefined) replacements.push({ step, older: i.older })
  }
  replacements.sort((a, b) => b.step - a.step)
  return { byStep, nestedAt, replacements }
}

/** Compiles layouts into steps, memoising shapes (which may nest each other). */
export class MigrationPlanner {
  readonly #shapes: ReadonlyMap<AnyShape, ShapeSteps>
  readonly #memo = new Map<string, Visit | null>()
  readonly #ids = new Map<AnyShape, number>()

  constructor(shapes: ReadonlyMap<AnyShape, ShapeSteps>) {
    this.#shapes = shapes
  }

  /**
   * The walk of step `step` in `direction` over a value laid out as
   * `layout` is in version `version` (the head layout, read as it was in that
   * version): `step` going down, `step - 1` going up. `null`: nothing to do.
   * `partial` (up only): the value is a partial update (a PATCH body, as JSON
   * Merge Patch reads it): its objects hold only the fields the client sent,
   * so each instruction's `upPartial` runs and envelope fields may be
   * missing; a list is replaced whole, so its items are full values.
   */
  visit(layout: Layout, version: number, step: number, direction: Direction, partial = false): Visit | null {
    if (layout instanceof Shape) return this.#shape(layout, version, step, direction, partial)
    if (Array.isArray(layout)) {
      const item = this.visit(layout[0] as Layout, version, step, direction, false)
      return item === null ? null : visitArray(item)
    }
    const fields: [string, Visit][] = []
    for (const [field, inner] of Object.entries(layout as Record<string, Layout>)) {
      const visit = this.visit(inner, version, step, direction, partial)
      if (visit !== null) fields.push([field, visit])
    }
    // An envelope's fields are the body's structure: each must be there (null allowed), unless the body is partial.
    return fields.length === 0 ? null : visitFields(fields, null, !partial)
  }

  #shape(shape: AnyShape, version: number, step: number, direction: Direction, partial: boolean): Visit | null {
    let id = this.#ids.get(shape)
    if (id === undefined) this.#ids.set(shape, (id = this.#ids.size))
    const key = `${id}/${version}/${step}/${direction}${partial ? '/partial' : ''}`
    if (this.#memo.has(key)) {
      const known = this.#memo.get(key) as Visit | null | undefined
      // undefined: being compiled (shapes nesting each other); look it up when called.
      return known !== undefined ? known : (value) => (this.#memo.get(key) ?? pass)(value)
    }
    this.#memo.set(key, undefined as unknown as null)
    const visit = this.#compileShape(shape, version, step, direction, partial)
    this.#memo.set(key, visit)
    return visit
  }

  #compileShape(shape: AnyShape, version: number, step: number, direction: Direction, partial: boolean): Visit | null {
    const steps = this.#shapes.get(shape)
    // In versions before a converter that declared an older layout, the value is laid out that way.
    const replaced = steps?.replacements.find((r) => r.step > version)
    if (replaced !== undefined) {
      const inner = this.visit(replaced.older, version, step, direction, partial)
      if (direction === 'up' && replaced.step === step) {
        const ops = compose(steps?.byStep.get(step) ?? [], direction, partial)
        if (ops === null || inner === null) return ops ?? inner
        return (value) => ops(inner(value))
      }
      return inner
    }
    const children: [string, Visit][] = []
    for (const [field, inner] of steps?.nestedAt[version] ?? shape.nested) {
      const visit = this.visit(inner, version, step, direction, partial)
      if (visit !== null) children.push([field, visit])
    }
    const ops = compose(steps?.byStep.get(step) ?? [], direction, partial)
    if (children.length === 0 && ops === null) return null
    return visitFields(children, ops, false)
  }
}

const pass: Visit = (value) => value

/**
 * One step's instructions on one shape as a single function. Going down:
 * field instructions newest-declared first, then converters; going up:
 * converters, then field instructions in declaration order (on a partial
 * body, each one's `upPartial`). A converter that throws becomes a
 * `MigrationFailure` naming its shape and field.
 */
function compose(instructions: readonly ShapeInstruction[], direction: Direction, partial = false): Visit | null {
  const fields = instructions.filter((i) => !i.converter)
  const converters = instructions.filter((i) => i.converter)
  const pick = (i: ShapeInstruction): Convert | null => (direction === 'up' && partial && i.upPartial !== undefined ? i.upPartial : i[direction])
  const ordered = (direction === 'down' ? [...fields.reverse(), ...converters.reverse()] : [...converters, ...fields]).filter((i) => pick(i) !== null)
  if (ordered.length === 0) return null
  const fns = ordered.map((i) => pick(i) as Convert)
  return function convert(value) {
    let i = 0
    let current = value
    try {
      for (; i < fns.length; i++) current = (fns[i] as Convert)(current)
    } catch (error) {
      throw converterFailure(error, ordered[i] as ShapeInstruction)
    }
    return current
  }
}

function converterFailure(error: unknown, instruction: ShapeInstruction): MigrationFailure {
  if (error instanceof MigrationFailure) return error
  const field = typeof instruction.readsDown === 'string' ? instruction.readsDown : instruction.converter ? null : (instruction.effects[0]?.field ?? null)
  const failure = new MigrationFailure('converter', `the ${instruction.entry.type} converter of shape ${instruction.shape.name} threw`, error)
  if (field !== null) failure.path.push(field)
  return failure
}

function visitArray(item: Visit): Visit {
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
 * An object whose `fields` hold laid-out values; with `ops`, a shape whose
 * own step runs after them. `required`: an envelope, whose fields must be
 * there (a shape's may be missing).
 */
function visitFields(fields: readonly (readonly [string, Visit])[], ops: Visit | null, required: boolean): Visit {
  if (fields.length === 0 && ops !== null) return (value) => (isObject(value) ? ops(value) : misfit(value, 'an object'))
  return function migrateObject(value) {
    if (!isObject(value)) return misfit(value, 'an object')
    let field = ''
    try {
      for (const [name, visit] of fields) {
        field = name
        const before = value[name]
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
    return ops === null ? value : ops(value)
  }
}
