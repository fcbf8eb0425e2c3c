/**
 * Compiles layouts into migrations, once, at construction: for each version
 * and direction, one function that walks a JSON value where the layout says
 * shapes sit and applies every version step's instructions between that
 * version and the head. The steps are fused: a list is walked once, each item
 * taken through all the steps in turn, and so is an envelope's field; within
 * a shape, step k's nested shapes run before step k's own instructions, which
 * run before step k-1's (going down; up, the reverse order of steps).
 * Branches that lead to no instruction are left out, so a version with
 * nothing to do has no step and costs nothing.
 *
 * Steps change values in place. A body the history parsed is its own; a
 * handler's value is first copied along its layout (json-copy.ts). A field
 * an older version lacks is set to `undefined` rather than deleted (deleting
 * slows every later access), which `JSON.stringify` leaves out. A value that
 * is not what its layout says, or a converter that throws, is a
 * `MigrationFailure` with its JSON path, never a body passed on unchanged.
 */
import type { Convert, ShapeInstruction } from './instruction.ts'
import type { BackEnds } from './code-from-strings.ts'
import { shapeWalk } from './generated-walk.ts'
import { BOUNDARY, CALL, CHECK, CHILD, Entry, OLDER, visitArray, visitFields, type Visit } from './migration-walks.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'

export { runSteps, type Visit } from './migration-walks.ts'

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

/**
 * Where a value sits, for a shape whose steps may replace it: in an
 * envelope's field, which must hold a value at every step (`required`), or
 * anywhere else (`free`: a missing value is left alone).
 */
type Slot = 'required' | 'free'

/**
 * One step's work on a shape: its nested values' steps, then its own
 * instructions (`fields`); or, in a version where the shape is laid out
 * otherwise (a converter declared its older layout), that layout's step
 * (`layout`, `null` when it has none), then, going up at the converter's step,
 * the shape's instructions (`older`).
 */
type Unit =
  | { readonly kind: 'fields'; readonly entries: readonly (readonly [string, Layout])[]; readonly ordered: readonly ShapeInstruction[] }
  | { readonly kind: 'older'; readonly entries: readonly (readonly [string, Layout])[]; readonly ordered: readonly ShapeInstruction[] }

/** Consecutive units run as one: the values they visit, each with the steps that visit it (for `older`, the one entry `''`), then their instructions in order. */
interface Phase {
  readonly kind: Unit['kind']
  readonly visits: Map<string, { readonly layout: Layout; readonly steps: number[] }>
  readonly ordered: ShapeInstruction[]
}

/** Compiles layouts into fused migrations, memoising shapes (which may nest each other). */
export class MigrationPlanner {
  readonly #shapes: ReadonlyMap<AnyShape, ShapeSteps>
  readonly #versionCount: number
  readonly #memo = new Map<string, Visit | null>()
  readonly #ids = new Map<AnyShape, number>()
  /** Each shape's work per step, by shape and direction (`WORKING`: being worked out). */
  readonly #units: (Unit | null)[][] = []
  readonly #interpret: boolean
  readonly #made: BackEnds = { generated: 0, interpreted: 0 }

  /** `interpret`: shapes' programs run by the interpreter even where they could be compiled (generated-walk.ts; for tests). */
  constructor(shapes: ReadonlyMap<AnyShape, ShapeSteps>, versionCount: number, interpret = false) {
    this.#shapes = shapes
    this.#versionCount = versionCount
    this.#interpret = interpret
  }

  /** How many shapes' walks it made of each back end, so far (for tests: generated-walk.ts). */
  get backEnds(): Readonly<BackEnds> {
    return { ...this.#made }
  }

  /**
   * The migration in `direction` of a value laid out as `layout`, between
   * version `version` and the head: one function (none: nothing to do).
   * `partial` (up only): the value is a partial update (a PATCH body, as JSON
   * Merge Patch reads it): its objects hold only the fields the client sent,
   * so each instruction's `upPartial` runs and envelope fields may be
   * missing; a list is replaced whole, so its items are full values.
   */
  steps(layout: Layout, version: number, direction: Direction, partial = false): readonly Visit[] {
    const steps: number[] = []
    for (let k = version + 1; k < this.#versionCount; k++) steps.push(k)
    if (direction === 'down') steps.reverse()
    const visit = steps.length === 0 ? null : this.#visit(layout, steps, direction, partial, 'free')
    return visit === null ? [] : [visit]
  }

  /** The same migration one version step at a time, a walk each (what the fused walk must agree with). */
  stepwise(layout: Layout, version: number, direction: Direction, partial = false): readonly Visit[] {
    const steps: Visit[] = []
    for (let k = version + 1; k < this.#versionCount; k++) {
      const visit = this.#visit(layout, [k], direction, partial, 'free')
      if (visit !== null) steps.push(visit)
    }
    return direction === 'down' ? steps.reverse() : steps
  }

  /** The walk of `steps` (in the order they run) over a value laid out as `layout`; `null`: nothing to do. */
  #visit(layout: Layout, steps: readonly number[], direction: Direction, partial: boolean, slot: Slot): Visit | null {
    if (layout instanceof Shape) return this.#shape(layout, steps, direction, partial, slot)
    if (Array.isArray(layout)) {
      const item = this.#visit(layout[0] as Layout, steps, direction, false, 'free')
      return item === null ? null : visitArray(item)
    }
    const fields: [string, Visit][] = []
    for (const [field, inner] of Object.entries(layout as Record<string, Layout>)) {
      // An envelope's fields are the body's structure: each must be there (null allowed), unless the body is partial.
      const visit = this.#visit(inner, steps, direction, partial, partial ? 'free' : 'required')
      if (visit !== null) fields.push([field, visit])
    }
    return fields.length === 0 ? null : visitFields(fields, !partial)
  }

  #shape(shape: AnyShape, given: readonly number[], direction: Direction, partial: boolean, slot: Slot): Visit | null {
    let id = this.#ids.get(shape)
    if (id === undefined) this.#ids.set(shape, (id = this.#ids.size))
    // Only the steps with work on the shape: walks over other steps are the same walk, compiled once.
    const steps = given.filter((step) => this.#unitOf(shape, id, step, direction, partial) !== null)
    if (steps.length === 0) return null
    const key = `${id}/${steps.join(',')}/${direction}${partial ? '/partial' : ''}/${slot}`
    if (this.#memo.has(key)) {
      const known = this.#memo.get(key) as Visit | null | undefined
      // undefined: being compiled (shapes nesting each other); look it up when called.
      return known !== undefined ? known : (value) => (this.#memo.get(key) ?? pass)(value)
    }
    this.#memo.set(key, undefined as unknown as null)
    const visit = this.#compileShape(shape, id, steps, direction, partial, slot)
    this.#memo.set(key, visit)
    return visit
  }

  /** Whether step `step` has work on a value laid out as `layout` (its walk is not `null`). */
  #active(layout: Layout, step: number, direction: Direction, partial: boolean): boolean {
    if (layout instanceof Shape) {
      let id = this.#ids.get(layout)
      if (id === undefined) this.#ids.set(layout, (id = this.#ids.size))
      return this.#unitOf(layout, id, step, direction, partial) !== null
    }
    if (Array.isArray(layout)) return this.#active(layout[0] as Layout, step, direction, false)
    return Object.values(layout as Record<string, Layout>).some((inner) => this.#active(inner, step, direction, partial))
  }

  /** `#unit`, once per shape, step and direction (one being worked out counts as work: shapes nesting each other). */
  #unitOf(shape: AnyShape, id: number, step: number, direction: Direction, partial: boolean): Unit | null {
    const slot = id * 3 + (direction === 'down' ? 0 : partial ? 2 : 1)
    const known = (this.#units[slot] ??= [])
    const found = known[step]
    if (found !== undefined) return found
    known[step] = WORKING
    const unit = this.#unit(shape, step, direction, partial)
    known[step] = unit
    return unit
  }

  /** Step `step`'s work on `shape` (`null`: none). */
  #unit(shape: AnyShape, step: number, direction: Direction, partial: boolean): Unit | null {
    const steps = this.#shapes.get(shape)
    const version = direction === 'down' ? step : step - 1
    const own = steps?.byStep.get(step) ?? []
    // In versions before a converter that declared an older layout, the value is laid out that way.
    const replaced = steps?.replacements.find((r) => r.step > version)
    if (replaced !== undefined) {
      const ordered = direction === 'up' && replaced.step === step ? order(own, direction, partial) : []
      const entries = this.#active(replaced.older, step, direction, partial) ? [['', replaced.older] as const] : []
      return entries.length === 0 && ordered.length === 0 ? null : { kind: 'older', entries, ordered }
    }
    const entries: (readonly [string, Layout])[] = []
    for (const [field, inner] of steps?.nestedAt[version] ?? shape.nested) {
      if (this.#active(inner, step, direction, partial)) entries.push([field, inner])
    }
    const ordered = order(own, direction, partial)
    return entries.length === 0 && ordered.length === 0 ? null : { kind: 'fields', entries, ordered }
  }

  #compileShape(shape: AnyShape, id: number, steps: readonly number[], direction: Direction, partial: boolean, slot: Slot): Visit | null {
    const phases: Phase[] = []
    for (const step of steps) {
      const unit = this.#unitOf(shape, id, step, direction, partial)
      if (unit === null || unit === WORKING) continue
      const last = phases[phases.length - 1]
      // A unit joins the phase before it when that one's instructions are still to come, or keep the object (no
      // converter) and the unit visits nothing before its own: the object is the same throughout a phase.
      const joins =
        last !== undefined &&
        last.kind === unit.kind &&
        (last.ordered.length === 0 || (unit.kind === 'fields' && unit.entries.length === 0 && !last.ordered.some((i) => i.converter))) &&
        unit.entries.every(([field, layout]) => (last.visits.get(field)?.layout ?? layout) === layout)
      const phase: Phase = joins ? last : { kind: unit.kind, visits: new Map(), ordered: [] }
      if (!joins) phases.push(phase)
      for (const [field, layout] of unit.entries) {
        const known = phase.visits.get(field)
        if (known === undefined) phase.visits.set(field, { layout, steps: [step] })
        else known.steps.push(step)
      }
      phase.ordered.push(...unit.ordered)
    }
    if (phases.length === 0) return null
    const program: Entry[] = []
    phases.forEach((phase, p) => {
      if (p > 0) program.push(new Entry(BOUNDARY))
      if (phase.kind === 'fields') program.push(new Entry(CHECK))
      for (const [field, { layout, steps: its }] of phase.visits) {
        // Nested values are free; the older layout stands where the shape does.
        const visit = this.#visit(layout, its, direction, partial, phase.kind === 'older' ? slot : 'free')
        if (visit !== null) program.push(new Entry(phase.kind === 'fields' ? CHILD : OLDER, field, visit))
      }
      // Until a converter may have replaced it, the value is the object checked: field instructions run as data.
      let checked = phase.kind === 'fields'
      for (const instruction of phase.ordered) {
        const fn = pick(instruction, direction, partial) as Convert
        const op = fn === instruction.down ? instruction.downOp : fn === instruction.up ? instruction.upOp : undefined
        program.push(checked && op !== undefined ? new Entry(CALL, '', null, instruction, op) : new Entry(CALL, '', fn, instruction))
        if (instruction.converter) checked = false
      }
    })
    return shapeWalk(program, slot === 'required', this.#interpret, this.#made)
  }
}

const pass: Visit = (value) => value

/** A unit still being worked out (a shape nested in itself): taken as work to do, compiled when its own walk is. */
const WORKING: Unit = { kind: 'fields', entries: [], ordered: [] }

/**
 * One step's instructions on one shape, in the order they run. Going down:
 * field instructions newest-declared first, then converters; going up:
 * converters, then field instructions in declaration order (on a partial
 * body, each one's `upPartial`); those with nothing to do left out.
 */
function order(list: readonly ShapeInstruction[], direction: Direction, partial: boolean): ShapeInstruction[] {
  const fields = list.filter((i) => !i.converter)
  const converters = list.filter((i) => i.converter)
  const ordered = direction === 'down' ? [...fields.reverse(), ...converters.reverse()] : [...converters, ...fields]
  return ordered.filter((i) => pick(i, direction, partial) !== null)
}

function pick(i: ShapeInstruction, direction: Direction, partial: boolean): Convert | null {
  return direction === 'up' && partial && i.upPartial !== undefined ? i.upPartial : i[direction]
}
