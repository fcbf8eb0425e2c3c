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
import { MigrationFailure, misfit, within } from './migration-failure.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'

/** Migrates a value one step; returns it (changed in place) or a replacement. */
export type Visit = (value: unknown) => unknown

/** Copies a value a handler gave as JSON would read it (`key`: its field name or index, for `toJSON`). */
export type Copy = (value: unknown, key: string | number) => unknown

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
    // An envelope's fields are the body's structure: each must be there (null allowed).
    return fields.length === 0 ? null : visitFields(fields, null, true)
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
    return visitFields(children, ops, false)
  }
}

const pass: Visit = (value) => value

/**
 * One step's instructions on one shape as a single function. Going down:
 * field instructions newest-declared first, then converters; going up:
 * converters, then field instructions in declaration order. A converter that
 * throws becomes a `MigrationFailure` naming its shape and field.
 */
function compose(instructions: readonly ShapeInstruction[], direction: Direction): Visit | null {
  const fields = instructions.filter((i) => !i.converter)
  const converters = instructions.filter((i) => i.converter)
  const ordered = (direction === 'down' ? [...fields.reverse(), ...converters.reverse()] : [...converters, ...fields]).filter((i) => i[direction] !== null)
  if (ordered.length === 0) return null
  const fns = ordered.map((i) => i[direction] as Convert)
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
  if (fields.length === 0 && ops !== null) return (value) => (isRecord(value) ? ops(value) : misfit(value, 'an object'))
  return function migrateObject(value) {
    if (!isRecord(value)) return misfit(value, 'an object')
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

/**
 * What a value a handler gave becomes in JSON, where user code reads it:
 * itself when it is plain JSON already (the common case, checked without a
 * copy), else what `JSON.stringify` makes of it (`toJSON`'s result, own
 * fields, `null` for a number JSON cannot say), parsed back.
 */
function asJson(value: unknown): unknown {
  if (isPlainJson(value, 0)) return value
  if (typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value)
    return text === undefined ? undefined : JSON.parse(text)
  }
  if (typeof value === 'number') return Number.isFinite(value) ? 0 + value : null
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
}

/** Whether `value` reads the same after a JSON round trip: plain objects and arrays of strings, booleans, finite numbers and `null`. */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'object':
      break
    default:
      return false
  }
  if (value === null) return true
  if (depth > 32) return false
  if (Array.isArray(value)) {
    for (const item of value) if (!isPlainJson(item, depth + 1)) return false
    return true
  }
  const proto: unknown = Object.getPrototypeOf(value)
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(value, 'toJSON')) return false
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (item !== undefined && !isPlainJson(item, depth + 1)) return false
  }
  return true
}

/** The value `JSON.stringify` would serialise in place of `value` (its `toJSON`'s result). */
function jsonOf(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return value
  const toJSON = (value as { toJSON?: unknown }).toJSON
  return typeof toJSON === 'function' ? (toJSON as (key: string) => unknown).call(value, String(key)) : value
}

/**
 * Copies a value a handler gave along its head layout, for the down steps to
 * `version`, as `JSON.stringify` reads it: each array, envelope and shape object on the way (`toJSON` applied),
 * so the steps may change them in place, and the values converters will
 * read made JSON values (the fields they convert, the whole object for a
 * whole-object converter). Other values stay as they are: `JSON.stringify`
 * serialises them later.
 */
export function copier(layout: Layout, version: number, shapes: ReadonlyMap<AnyShape, ShapeSteps>, seen: Map<string, Copy> = new Map()): Copy {
  if (layout instanceof Shape) {
    const steps = shapes.get(layout)
    const key = `${shapeKey(layout)}/${version}`
    const known = seen.get(key)
    if (known !== undefined) return known
    const reads = steps === undefined ? [] : readsBelow(steps, version)
    // Known before its fields are (a shape may nest itself). The copy is ours: steps may change it in place.
    const holder: { fields: readonly (readonly [string, Copy])[] } = { fields: [] }
    const copy = recordCopier(holder, reads)
    seen.set(key, copy)
    holder.fields = [...layout.nested].map(([field, inner]) => [field, copier(inner, version, shapes, seen)] as const)
    return copy
  }
  if (Array.isArray(layout)) {
    const item = copier(layout[0] as Layout, version, shapes, seen)
    return (input, at) => {
      const value = jsonOf(input, at)
      return Array.isArray(value) ? value.map(item) : value
    }
  }
  return recordCopier({ fields: Object.entries(layout as Record<string, Layout>).map(([field, inner]) => [field, copier(inner, version, shapes, seen)] as const) }, [])
}

/**
 * What the down steps below the head, to `version`, hand to user code of a
 * shape: fields by their head names (renames in later steps followed), or
 * every field (`'all'`) for a converter given the whole object.
 */
function readsBelow({ byStep }: ShapeSteps, version: number): readonly string[] | 'all' {
  const fields = new Set<string>()
  for (const [step, list] of byStep) {
    if (step <= version) continue
    for (const instruction of list) {
      if (instruction.down === null || instruction.readsDown === undefined) continue
      if (instruction.readsDown === true) return 'all'
      let name = instruction.readsDown
      for (const [later, laterList] of [...byStep].sort(([a], [b]) => a - b)) {
        if (later <= step) continue
        for (const i of laterList) if (i.entry.type === 'field.renamed' && i.entry.older === name) name = i.entry.newer
      }
      fields.add(name)
    }
  }
  return [...fields]
}

/**
 * A copy of a record with each of `holder.fields` (read when called) taken
 * through its copy, and the values user code reads (`reads`: those fields, or
 * every other field) made JSON values.
 */
function recordCopier(holder: { readonly fields: readonly (readonly [string, Copy])[] }, reads: readonly string[] | 'all'): Copy {
  return (input, at) => {
    const value = jsonOf(input, at)
    if (!isRecord(value)) return value
    const copy = { ...value }
    for (const [field, inner] of holder.fields) {
      const v = copy[field]
      if (v !== undefined && v !== null) copy[field] = inner(v, field)
    }
    if (reads === 'all') {
      // The converter sees the object as JSON does: fields JSON leaves out (undefined, functions) are not there.
      for (const field in copy) {
        if (holder.fields.some(([name]) => name === field)) continue
        const v = copy[field]
        const json = asJson(v)
        if (json === undefined) delete copy[field]
        else if (json !== v) copy[field] = json
      }
    } else {
      for (const field of reads) {
        const v = copy[field]
        if (v !== undefined) copy[field] = asJson(v)
      }
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
