/**
 * A handler's value copied along its head layout as `JSON.stringify` reads
 * it, before the down steps change the copy in place: `toJSON` applied, own
 * fields only, and the values user code (converters) will read made JSON
 * values. An older client gets what the head would serialise, migrated; the
 * common case (plain data) is checked, not serialised.
 */
import type { ShapeSteps } from './migration-plan.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'
import { isObject } from '../json/object.ts'

/** Copies a value a handler gave as JSON would read it (`key`: its field name or index, for `toJSON`). */
export type Copy = (value: unknown, key: string | number) => unknown

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
    for (const item of value) if (!isPlainLeaf(item) && !isPlainJson(item, depth + 1)) return false
    return true
  }
  const proto: unknown = Object.getPrototypeOf(value)
  // Looked up first: an absent toJSON (the common case) costs less to find than to rule out as an own field.
  if ((proto !== Object.prototype && proto !== null) || ((value as { toJSON?: unknown }).toJSON !== undefined && Object.hasOwn(value, 'toJSON'))) return false
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (item !== undefined && !isPlainLeaf(item) && !isPlainJson(item, depth + 1)) return false
  }
  return true
}

/** Whether `value` is a string, a boolean, `null` or a number JSON says as it is: the common leaves, tested without a call. */
function isPlainLeaf(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0))
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
    const copy = recordCopier(holder, reads, layout.nested.size > 0)
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
  return recordCopier({ fields: Object.entries(layout as Record<string, Layout>).map(([field, inner]) => [field, copier(inner, version, shapes, seen)] as const) }, [], true)
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
 * every other field) made JSON values. Three functions for the three cases,
 * each with its own copy: a spread sees the fewer layouts of its own case.
 */
function recordCopier(holder: { readonly fields: readonly (readonly [string, Copy])[] }, reads: readonly string[] | 'all', nested: boolean): Copy {
  if (reads === 'all') {
    let laidOut: ReadonlySet<string> | undefined
    return function copyForConverter(input, at) {
      const value = jsonOf(input, at)
      if (!isObject(value)) return value
      const copy = { ...value }
      copyFields(copy, holder.fields)
      // The converter sees the object as JSON does: fields JSON leaves out (undefined, functions) are not there.
      laidOut ??= new Set(holder.fields.map(([name]) => name))
      for (const field in copy) {
        const v = copy[field]
        // Strings, booleans and null read the same in JSON: the common case costs a test or two.
        if (typeof v === 'object') {
          if (v === null || laidOut.has(field) || isPlainJson(v, 0)) continue
        } else if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v) && v !== 0) || laidOut.has(field)) continue
        const json = asJson(v)
        if (json === undefined) delete copy[field]
        else if (json !== v) copy[field] = json
      }
      return copy
    }
  }
  if (!nested) {
    return function copyFlat(input, at) {
      const value = jsonOf(input, at)
      if (!isObject(value)) return value
      const copy = { ...value }
      readAsJson(copy, reads)
      return copy
    }
  }
  return function copyNested(input, at) {
    const value = jsonOf(input, at)
    if (!isObject(value)) return value
    const copy = { ...value }
    copyFields(copy, holder.fields)
    readAsJson(copy, reads)
    return copy
  }
}

/** Each laid-out field of a copy taken through its own copy. */
function copyFields(copy: Record<string, unknown>, fields: readonly (readonly [string, Copy])[]): void {
  for (let i = 0; i < fields.length; i++) {
    const [field, inner] = fields[i] as readonly [string, Copy]
    const v = copy[field]
    if (v !== undefined && v !== null) copy[field] = inner(v, field)
  }
}

/** The fields a converter reads made JSON values. */
function readAsJson(copy: Record<string, unknown>, reads: readonly string[]): void {
  for (let i = 0; i < reads.length; i++) {
    const field = reads[i] as string
    const v = copy[field]
    if (v !== undefined) copy[field] = asJson(v)
  }
}

const shapeIds = new WeakMap<AnyShape, number>()
let nextShapeId = 0
function shapeKey(shape: AnyShape): number {
  let id = shapeIds.get(shape)
  if (id === undefined) shapeIds.set(shape, (id = nextShapeId++))
  return id
}
