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
import { order, pick, type Direction, type ShapeSteps } from './shape-steps.ts'

export { runSteps, type Visit } from './migration-walks.ts'
export { shapeSteps, type ShapeSteps } from './shape-steps.ts'

export type { Direction } from './shape-steps.ts'

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
  readonly #fused: number
  #entries = 0
  /** Each shape's steps with work, by shape and direction, as `#units`. */
  readonly #actives: (readonly number[])[] = []
  /** The walks a long history's versions chain, by shape and the steps they take (`#chained`). */
  readonly #chunks = new Map<string, Visit | null>()

  /**
   * `interpret`: shapes' programs run by the interpreter even where they could be compiled (generated-walk.ts; for
   * tests). `fused`: the most steps of a shape one program takes (`FUSED`; smaller in tests).
   */
  constructor(shapes: ReadonlyMap<AnyShape, ShapeSteps>, versionCount: number, interpret = false, fused: number = FUSED) {
    this.#shapes = shapes
    this.#versionCount = versionCount
    this.#interpret = interpret
    this.#fused = fused
  }

  /** How many entries the shapes' programs it made hold, so far (for tests: what compiling a history costs grows with it). */
  get entries(): number {
    return this.#entries
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
    const visit = version + 1 >= this.#versionCount ? null : this.#visit(layout, { after: version }, direction, partial, 'free')
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

  /** The walk of `steps` (in the order they run, or every step after a version) over a value laid out as `layout`; `null`: nothing to do. */
  #visit(layout: Layout, steps: Steps, direction: Direction, partial: boolean, slot: Slot): Visit | null {
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

  #shape(shape: AnyShape, given: Steps, direction: Direction, partial: boolean, slot: Slot): Visit | null {
    let id = this.#ids.get(shape)
    if (id === undefined) this.#ids.set(shape, (id = this.#ids.size))
    const tail = `/${direction}${partial ? '/partial' : ''}/${slot}`
    let steps: readonly number[]
    if (isList(given)) {
      // Only the steps with work on the shape: walks over other steps are the same walk, compiled once.
      steps = given.filter((step) => this.#unitOf(shape, id, step, direction, partial) !== null)
    } else {
      // Every step after a version: those with work on the shape, a tail of its list, found without a walk over the versions.
      const active = this.#activeSteps(shape, id, direction, partial)
      const from = firstAfter(active, given.after)
      if (active.length - from > this.#fused) return this.#chained(shape, id, active, from, direction, partial, slot, tail)
      steps = direction === 'down' ? active.slice(from).reverse() : active.slice(from)
    }
    if (steps.length === 0) return null
    const key = `${id}/${steps.join(',')}${tail}`
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

  /** The steps with work on `shape`, oldest first (once per shape and direction: a top-level walk's steps are a tail of them). */
  #activeSteps(shape: AnyShape, id: number, direction: Direction, partial: boolean): readonly number[] {
    const slot = id * 3 + (direction === 'down' ? 0 : partial ? 2 : 1)
    let known = this.#actives[slot]
    if (known === undefined) {
      const steps: number[] = []
      for (let k = 1; k < this.#versionCount; k++) if (this.#unitOf(shape, id, k, direction, partial) !== null) steps.push(k)
      this.#actives[slot] = known = steps
    }
    return known
  }

  /**
   * The walk of the steps with work on `shape` from `active[from]` on, more
   * than one program takes: programs of `#fused` steps each, counted from
   * the head's end, each full one joined once to those nearer the head
   * (`#joined`: every version further away shares them), and the oldest,
   * shorter one of the version's own. A history of n versions compiles
   * programs of O(n) entries in all, not one of each version's distance
   * (O(n²)); a walk calls two functions per `#fused` steps.
   */
  #chained(shape: AnyShape, id: number, active: readonly number[], from: number, direction: Direction, partial: boolean, slot: Slot, tail: string): Visit | null {
    const size = this.#fused
    const full = Math.floor((active.length - from) / size)
    const key = `${id}/>${from}${tail}`
    if (this.#chunks.has(key)) return this.#chunks.get(key) as Visit | null
    // The shared programs, from the most already joined.
    let j = full
    while (j > 0 && !this.#chunks.has(`${id}/*${j}${tail}`)) j--
    let shared = j === 0 ? null : (this.#chunks.get(`${id}/*${j}${tail}`) as Visit | null)
    for (j++; j <= full; j++) {
      const end = active.length - (j - 1) * size
      shared = this.#joined(shared, this.#shape(shape, ordered(active.slice(end - size, end), direction), direction, partial, slot), direction, slot)
      this.#chunks.set(`${id}/*${j}${tail}`, shared)
    }
    const end = active.length - full * size
    const own = end > from ? this.#shape(shape, ordered(active.slice(from, end), direction), direction, partial, slot) : null
    const visit = this.#joined(shared, own, direction, slot)
    this.#chunks.set(key, visit)
    return visit
  }

  /**
   * `newer`'s steps and `older`'s (walks over the steps nearer the head and
   * those after them) run as one: going down, `newer` first; up, last; a
   * `BOUNDARY` between them, as between a program's phases (what a
   * converter left out ends the walk, or fails where required).
   */
  #joined(newer: Visit | null, older: Visit | null, direction: Direction, slot: Slot): Visit | null {
    if (newer === null || older === null) return newer ?? older
    const [first, second] = direction === 'down' ? [newer, older] : [older, newer]
    this.#entries += 3
    return shapeWalk([new Entry(OLDER, '', first), new Entry(BOUNDARY), new Entry(OLDER, '', second)], slot === 'required', this.#interpret, this.#made)
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
    this.#entries += program.length
    return shapeWalk(program, slot === 'required', this.#interpret, this.#made)
  }
}

/**
 * The most version steps of a shape one program (one function) takes: a
 * walk over more is that many programs run in turn, a history of n versions
 * compiles in time linear in n, and a version's walk calls one more
 * function, and walks the shape's nested values once more, per `FUSED`
 * steps. A history of up to 129 versions runs one program per version, as
 * before (`node bench/ab.ts`'s `long` case compares a longer one's).
 */
const FUSED = 128

const pass: Visit = (value) => value

/** Steps in the order they run, or every step after version `after` (a top-level walk's: found from each shape's list). */
type Steps = readonly number[] | { readonly after: number }

const isList = (steps: Steps): steps is readonly number[] => Array.isArray(steps)

/** Steps of `ascending` in the order they run in `direction`. */
const ordered = (ascending: number[], direction: Direction): number[] => (direction === 'down' ? ascending.reverse() : ascending)

/** The index of the first of `ascending` above `version` (its length: none). */
function firstAfter(ascending: readonly number[], version: number): number {
  let lo = 0
  let hi = ascending.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((ascending[mid] as number) > version) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** A unit still being worked out (a shape nested in itself): taken as work to do, compiled when its own walk is. */
const WORKING: Unit = { kind: 'fields', entries: [], ordered: [] }
