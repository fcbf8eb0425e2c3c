/**
 * Compiles layouts into migration steps, once, at construction: for each
 * version step (between a version and the one before it) and direction, a
 * function that walks a JSON value where the layout says shapes sit and
 * applies that step's instructions, nested shapes first. Branches that lead
 * to no instruction of the step are left out, so a step with nothing to do
 * is `null` and costs nothing.
 *
 * Steps change values in place. A body the history parsed is its own; a
 * value it was given (a handler's, `migrate()`'s) is first copied along the
 * layout (`copier`): every array, envelope and shape object on the way, once.
 * A field an older version lacks is set to `undefined` rather than deleted
 * (deleting slows every later access), which `JSON.stringify` leaves out.
 */
import { isRecord, type Convert, type ShapeInstruction } from './instruction.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'

/** Migrates a value one step; returns it (changed in place) or a replacement. */
export type Visit = (value: unknown) => unknown

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
   */
  visit(layout: Layout, version: number, step: number, direction: Direction): Visit | null {
    if (layout instanceof Shape) return this.#shape(layout, version, step, direction)
    if (Array.isArray(layout)) {
      const item = this.visit(layout[0] as Layout, version, step, direction)
      return item === null ? null : visitArray(item)
    }
    const fields: [string, Visit][] = []
    for (const [field, inner] of Object.entries(layout as Record<string, Layout>)) {
      const visit = this.visit(inner, version, step, direction)
      if (visit !== null) fields.push([field, visit])
    }
    return fields.length === 0 ? null : visitFields(fields, null)
  }

  #shape(shape: AnyShape, version: number, step: number, direction: Direction): Visit | null {
    let id = this.#ids.get(shape)
    if (id === undefined) this.#ids.set(shape, (id = this.#ids.size))
    const key = `${id}/${version}/${step}/${direction}`
    if (this.#memo.has(key)) {
      const known = this.#memo.get(key) as Visit | null | undefined
      // undefined: being compiled (shapes nesting each other); look it up when called.
      return known !== undefined ? known : (value) => (this.#memo.get(key) ?? pass)(value)
    }
    this.#memo.set(key, undefined as unknown as null)
    const visit = this.#compileShape(shape, version, step, direction)
    this.#memo.set(key, visit)
    return visit
  }

  #compileShape(shape: AnyShape, version: number, step: number, direction: Direction): Visit | null {
    const steps = this.#shapes.get(shape)
    // In versions before a converter that declared an older layout, the value is laid out that way.
    const replaced = steps?.replacements.find((r) => r.step > version)
    if (replaced !== undefined) {
      const inner = this.visit(replaced.older, version, step, direction)
      if (direction === 'up' && replaced.step === step) {
        const ops = compose(steps?.byStep.get(step) ?? [], direction)
        if (ops === null || inner === null) return ops ?? inner
        return (value) => ops(inner(value))
      }
      return inner
    }
    const children: [string, Visit][] = []
    for (const [field, inner] of steps?.nestedAt[version] ?? shape.nested) {
      const visit = this.visit(inner, version, step, direction)
      if (visit !== null) children.push([field, visit])
    }
    const ops = compose(steps?.byStep.get(step) ?? [], direction)
    if (children.length === 0 && ops === null) return null
    return visitFields(children, ops)
  }
}

const pass: Visit = (value) => value

/**
 * One step's instructions on one shape as a single function. Going down:
 * field instructions newest-declared first, then converters; going up:
 * converters, then field instructions in declaration order.
 */
function compose(instructions: readonly ShapeInstruction[], direction: Direction): Visit | null {
  const fields = instructions.filter((i) => !i.converter)
  const converters = instructions.filter((i) => i.converter)
  const ordered = direction === 'down' ? [...fields.reverse(), ...converters.reverse()] : [...converters, ...fields]
  const fns = ordered.map((i) => i[direction]).filter((fn): fn is Convert => fn !== null)
  if (fns.length === 0) return null
  if (fns.length === 1) return fns[0] as Convert
  return (value) => {
    let current = value
    for (const fn of fns) current = fn(current)
    return current
  }
}

function visitArray(item: Visit): Visit {
  return function migrateItems(value) {
    if (!Array.isArray(value)) return value
    for (let i = 0; i < value.length; i++) {
      const before: unknown = value[i]
      const after = item(before)
      if (after !== before) value[i] = after
    }
    return value
  }
}

/** An object whose `fields` hold laid-out values; with `ops`, a shape whose own step runs after them. */
function visitFields(fields: readonly (readonly [string, Visit])[], ops: Visit | null): Visit {
  if (fields.length === 0 && ops !== null) return (value) => (isRecord(value) ? ops(value) : value)
  return function migrateObject(value) {
    if (!isRecord(value)) return value
    for (const [field, visit] of fields) {
      const before = value[field]
      if (before === undefined) continue
      const after = visit(before)
      if (after !== before) value[field] = after
    }
    return ops === null ? value : ops(value)
  }
}

/** Copies of arrays and objects along a layout: what steps may then change in place. */
export function copier(layout: Layout, version: number, shapes: ReadonlyMap<AnyShape, ShapeSteps>, seen: Map<string, Visit> = new Map()): Visit {
  if (layout instanceof Shape) {
    const steps = shapes.get(layout)
    const replaced = steps?.replacements.find((r) => r.step > version)
    if (replaced !== undefined) return copier(replaced.older, version, shapes, seen)
    const key = `${shapeKey(layout)}/${version}`
    const known = seen.get(key)
    if (known !== undefined) return known
    // Known before its fields are (a shape may nest itself).
    const holder: { fields: readonly (readonly [string, Visit])[] } = { fields: [] }
    const visit = recordCopier(holder)
    seen.set(key, visit)
    holder.fields = [...(steps?.nestedAt[version] ?? layout.nested)].map(([field, inner]) => [field, copier(inner, version, shapes, seen)] as const)
    return visit
  }
  if (Array.isArray(layout)) {
    const item = copier(layout[0] as Layout, version, shapes, seen)
    return (value) => (Array.isArray(value) ? value.map(item) : value)
  }
  return recordCopier({ fields: Object.entries(layout as Record<string, Layout>).map(([field, inner]) => [field, copier(inner, version, shapes, seen)] as const) })
}

/** A copy of a record with each of `holder.fields` (read when called) taken through its visit; other values as they are. */
function recordCopier(holder: { readonly fields: readonly (readonly [string, Visit])[] }): Visit {
  return (value) => {
    if (!isRecord(value)) return value
    const copy = { ...value }
    for (const [field, inner] of holder.fields) {
      const v = copy[field]
      if (v !== undefined && v !== null) copy[field] = inner(v)
    }
    return copy
  }
}

const shapeIds = new WeakMap<AnyShape, number>()
let nextShapeId = 0
function shapeKey(shape: AnyShape): number {
  let id = shapeIds.get(shape)
  if (id === undefined) shapeIds.set(shape, (id = nextShapeId++))
  return id
}
