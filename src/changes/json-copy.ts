/**
 * A handler's value copied along its head layout as `JSON.stringify` reads
 * it, before the down steps change the copy in place: `toJSON` applied, own
 * fields only, and the values user code (converters) will read made JSON
 * values. An older client gets what the head would serialise, migrated; the
 * common case (plain data) is checked, not serialised.
 */
import type { BackEnds } from './code-from-strings.ts'
import type { ShapeSteps } from './migration-plan.ts'
import { inherited, ownField } from './instruction.ts'
import { generatedFieldsCopier, generatedSeenAsJson, type SeenHelpers } from './json-copy-generated.ts'
import { Shape, type AnyShape, type Layout } from './shape.ts'
import { isObject } from '../json/object.ts'

/** Copies a value a handler gave as JSON would read it (`key`: its field name or index, for `toJSON`). */
export type Copy = (value: unknown, key: string | number) => unknown

/**
 * What a value a handler gave becomes in JSON, where user code reads it:
 * itself when it is plain JSON already (the common case, checked without a
 * copy), else what `JSON.stringify` makes of it in its field `key`
 * (`toJSON`'s result, given that name as the head's serialisation gives it;
 * own fields; `null` for a number JSON cannot say), parsed back.
 */
function asJson(value: unknown, key: string): unknown {
  if (isPlainJson(value, 0)) return value
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    // Serialised in its place (a computed name is a field, "__proto__" too), so a toJSON reads its field's name.
    const json = JSON.parse(JSON.stringify({ [key]: value })) as Record<string, unknown>
    return Object.hasOwn(json, key) ? json[key] : undefined
  }
  if (typeof value === 'number') return Number.isFinite(value) ? 0 + value : null
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
}

/** Whether `value` reads the same after a JSON round trip: plain objects and arrays of strings, booleans, finite numbers and `null`. */
function isPlainJson(value: unknown, depth: number): boolean {
  return typeof value === 'object' ? value === null || isPlainObject(value, depth) : isPlainItem(value, depth)
}

/**
 * Whether a value in a plain object or array reads the same in JSON: the
 * common leaves tested without a call (`undefined` is not: an object's
 * undefined fields are skipped before). Each test is `typeof item ===` a
 * literal, which V8 compiles to a type check, where a `switch` on
 * `typeof` makes the type's name first.
 */
function isPlainItem(item: unknown, depth: number): boolean {
  if (typeof item === 'string' || typeof item === 'boolean') return true
  // Finite, and not -0 (JSON says 0).
  if (typeof item === 'number') return item - item === 0 && (item !== 0 || 1 / item > 0)
  if (typeof item === 'object') return item === null || isPlainObject(item, depth + 1)
  return false
}

/** `isPlainJson` of an object or array. */
function isPlainObject(value: object, depth: number): boolean {
  if (depth > 32) return false
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlainItem(value[i], depth)) return false
    return true
  }
  // Read before the prototype: V8 then knows the object's map and reads its prototype without a call (CONTRIBUTING.md's
  // two back ends has the figures). An absent toJSON (the common case) costs less to find than to rule out as an own field.
  const toJSON = (value as { toJSON?: unknown }).toJSON
  const proto: unknown = Object.getPrototypeOf(value)
  if ((proto !== Object.prototype && proto !== null) || (toJSON !== undefined && Object.hasOwn(value, 'toJSON'))) return false
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    // isPlainItem's leaves, without the call (an object's undefined fields are skipped).
    if (typeof item === 'string' || typeof item === 'boolean' || item === undefined) continue
    if (typeof item === 'number') {
      if (item - item === 0 && (item !== 0 || 1 / item > 0)) continue
      return false
    }
    if (typeof item !== 'object' || (item !== null && !isPlainObject(item, depth + 1))) return false
  }
  return true
}

/**
 * The value `JSON.stringify` would serialise in place of `value` (its
 * `toJSON`'s result), `undefined` for one it leaves out (a function, a
 * symbol): a laid-out field holding one is left out, as the head's body
 * leaves it out, rather than a value its layout cannot migrate.
 */
function jsonOf(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON !== 'function') return value
  const json = (toJSON as (key: string) => unknown).call(value, String(key))
  return typeof json === 'function' || typeof json === 'symbol' ? undefined : json
}

/**
 * Copies a value a handler gave along its head layout, for the down steps to
 * `version`, as `JSON.stringify` reads it: each array, envelope and shape object on the way (`toJSON` applied),
 * so the steps may change them in place, and the values converters will
 * read made JSON values (the fields they convert, the whole object for a
 * whole-object converter). Other values stay as they are: `JSON.stringify`
 * serialises them later. The laid-out fields are copied, and a whole
 * object tested, by functions made from strings where the runtime allows it
 * (json-copy-generated.ts), else by this module's loops; `interpret`: the
 * loops, always (for tests); `made` counts which were made.
 */
export function copier(
  layout: Layout,
  version: number,
  shapes: ReadonlyMap<AnyShape, ShapeSteps>,
  interpret = false,
  made: BackEnds = { generated: 0, interpreted: 0 },
  seen: Map<string, Copy> = new Map(),
): Copy {
  if (layout instanceof Shape) {
    const steps = shapes.get(layout)
    const key = `${shapeKey(layout)}/${version}`
    const known = seen.get(key)
    if (known !== undefined) return known
    const reads = steps === undefined ? [] : readsBelow(steps, version)
    // Known before its fields are (a shape may nest itself). The copy is ours: steps may change it in place.
    const holder: Holder = { fields: [], copyLaidOut: NONE, asSeen: NONE_SEEN }
    const copy = recordCopier(holder, reads, layout.nested.size > 0)
    seen.set(key, copy)
    holder.fields = [...layout.nested].map(([field, inner]) => [field, copier(inner, version, shapes, interpret, made, seen)] as const)
    holder.copyLaidOut = laidOutCopier(holder.fields, interpret, made)
    if (reads === 'all') holder.asSeen = seenAsJsonOf(holder.fields.map(([field]) => field), interpret, made)
    return copy
  }
  if (Array.isArray(layout)) {
    const item = copier(layout[0] as Layout, version, shapes, interpret, made, seen)
    return function copyList(input, at) {
      const value = jsonOf(input, at)
      if (!Array.isArray(value)) return value
      const copy = new Array<unknown>(value.length)
      // An item JSON cannot say (undefined, a function) is null in a list, as JSON writes it.
      for (let i = 0; i < value.length; i++) copy[i] = item(value[i], i) ?? null
      return copy
    }
  }
  const fields = Object.entries(layout as Record<string, Layout>).map(([field, inner]) => [field, copier(inner, version, shapes, interpret, made, seen)] as const)
  return recordCopier({ fields, copyLaidOut: laidOutCopier(fields, interpret, made), asSeen: NONE_SEEN }, [], true)
}

/**
 * A record's laid-out fields, each with its copy, the function that copies
 * them all in a copy of the record, and, for a whole-object converter, its
 * `seenAsJson`.
 */
interface Holder {
  fields: readonly (readonly [string, Copy])[]
  copyLaidOut: (copy: Record<string, unknown>) => void
  asSeen: (copy: Record<string, unknown>) => Record<string, unknown>
}

const NONE = (): void => {}
const NONE_SEEN = (copy: Record<string, unknown>): Record<string, unknown> => copy

/** `seenAsJson` of `laidOut`: made from strings (json-copy-generated.ts) unless refused or `interpret`, else the loop. */
function seenAsJsonOf(laidOut: readonly string[], interpret: boolean, made: BackEnds): (copy: Record<string, unknown>) => Record<string, unknown> {
  const generated = interpret ? null : generatedSeenAsJson(laidOut, SEEN_HELPERS)
  if (generated !== null) {
    made.generated++
    return generated
  }
  made.interpreted++
  return (copy) => seenAsJson(copy, laidOut)
}

/** `copyFields` of `fields`: made from strings (json-copy-generated.ts) unless refused or `interpret`, else the loop. */
function laidOutCopier(fields: readonly (readonly [string, Copy])[], interpret: boolean, made: BackEnds): (copy: Record<string, unknown>) => void {
  if (fields.length === 0) return NONE
  const generated = interpret ? null : generatedFieldsCopier(fields)
  if (generated !== null) {
    made.generated++
    return generated
  }
  made.interpreted++
  const own = fields.map(([field]) => inherited(field))
  return (copy) => copyFields(copy, fields, own)
}

/**
 * What the down steps below the head, to `version`, hand to user code of a
 * shape: fields by their head names (renames in later steps followed), or
 * every field (`'all'`) for a converter given the whole object.
 */
function readsBelow(steps: ShapeSteps, version: number): readonly string[] | 'all' {
  const fields = new Set<string>()
  for (const { step, reads } of readTable(steps)) {
    if (step <= version) continue
    if (reads === 'all') return 'all'
    for (const name of reads) fields.add(name)
  }
  return [...fields]
}

/** Each shape's steps whose down converters read fields, oldest first, with those fields' head names (made once per shape). */
const readTables = new WeakMap<ShapeSteps, readonly { readonly step: number; readonly reads: readonly string[] | 'all' }[]>()

/**
 * The steps of `byStep` that hand fields to user code going down, oldest
 * first, each with the head names of the fields it reads (`'all'`: a
 * converter given the whole object). Worked out once, newest step first:
 * a name a step reads becomes its head name through the renames of the
 * steps after it (each step's in declaration order), kept as one map from
 * the names of the version below to the head's, so a history's every
 * version costs its steps once, not each version again.
 */
function readTable(steps: ShapeSteps): readonly { readonly step: number; readonly reads: readonly string[] | 'all' }[] {
  const known = readTables.get(steps)
  if (known !== undefined) return known
  const table: { step: number; reads: readonly string[] | 'all' }[] = []
  // A name in the version a step makes → its name in the head (absent: the same).
  const toHead = new Map<string, string>()
  const headOf = (name: string): string => toHead.get(name) ?? name
  for (const [step, list] of [...steps.byStep].sort(([a], [b]) => b - a)) {
    let reads: string[] | 'all' = []
    for (const instruction of list) {
      if (instruction.down === null || instruction.readsDown === undefined) continue
      if (instruction.readsDown === true) {
        reads = 'all'
        break
      }
      reads.push(headOf(instruction.readsDown))
    }
    if (reads === 'all' || reads.length > 0) table.push({ step, reads })
    // The names of the version below: this step's renames, in declaration order, then the later steps' (toHead).
    const renamed = new Map<string, string>()
    for (const instruction of list) {
      if (instruction.entry.type !== 'field.renamed') continue
      const older = instruction.entry.older
      if (renamed.has(older)) continue
      let name = older
      for (const i of list) if (i.entry.type === 'field.renamed' && i.entry.older === name) name = i.entry.newer
      renamed.set(older, headOf(name))
    }
    for (const [older, head] of renamed) toHead.set(older, head)
  }
  table.reverse()
  readTables.set(steps, table)
  return table
}

/**
 * A copy of a record with each of `holder.fields` taken through its copy
 * (`holder.copyLaidOut`, read when called), and the values user code reads (`reads`: those fields, or
 * every other field) made JSON values. Three functions for the three cases,
 * each with its own copy: a spread sees the fewer layouts of its own case.
 */
function recordCopier(holder: Readonly<Holder>, reads: readonly string[] | 'all', nested: boolean): Copy {
  if (reads === 'all') {
    return function copyForConverter(input, at) {
      const value = jsonOf(input, at)
      if (!isObject(value)) return value
      const copy = { ...value }
      holder.copyLaidOut(copy)
      // The converter sees the object as JSON does: fields JSON leaves out (undefined, functions) are not there.
      return holder.asSeen(copy)
    }
  }
  // A name every object has (`constructor`) is read as the copy's own field only: decided here, once.
  const own = reads.map(inherited)
  if (!nested) {
    return function copyFlat(input, at) {
      const value = jsonOf(input, at)
      if (!isObject(value)) return value
      const copy = { ...value }
      readAsJson(copy, reads, own)
      return copy
    }
  }
  return function copyNested(input, at) {
    const value = jsonOf(input, at)
    if (!isObject(value)) return value
    const copy = { ...value }
    holder.copyLaidOut(copy)
    readAsJson(copy, reads, own)
    return copy
  }
}

/**
 * `copy` with each field that is not laid out (those were copied as their
 * layouts say) read as JSON reads it: the common values (strings, booleans,
 * finite numbers, plain objects and lists of them) are tested in one switch
 * and left as they are; a field JSON leaves out (undefined, a function) is
 * left out of a copy made anew rather than deleted, which would slow every
 * later access to the object.
 */
function seenAsJson(copy: Record<string, unknown>, laidOut: readonly string[]): Record<string, unknown> {
  let gone: string[] | undefined
  for (const field in copy) {
    const v = copy[field]
    // Tests of `typeof v ===` a literal (isPlainItem).
    if (typeof v === 'string' || typeof v === 'boolean') continue
    if (typeof v === 'number') {
      // Finite and not zero (0 and -0 are made 0, as JSON reads them).
      if (v - v === 0 && v !== 0) continue
    } else if (typeof v === 'object') {
      if (v === null || laidOut.includes(field) || isPlainObject(v, 0)) continue
    }
    if (laidOut.includes(field)) continue
    const json = asJson(v, field)
    if (json === undefined) (gone ??= []).push(field)
    else if (json !== v) copy[field] = json
  }
  return gone === undefined ? copy : without(copy, gone)
}

/** A copy of `object` without the fields `gone`, in the same order. */
function without(object: Record<string, unknown>, gone: readonly string[]): Record<string, unknown> {
  // Own data fields, "__proto__" too, as the spread that made `object` defined them.
  return Object.fromEntries(Object.entries(object).filter(([field]) => !gone.includes(field)))
}

/** Each laid-out field of a copy taken through its own copy (`own`: read as the copy's own field only, per field). */
function copyFields(copy: Record<string, unknown>, fields: readonly (readonly [string, Copy])[], own: readonly boolean[]): void {
  for (let i = 0; i < fields.length; i++) {
    const [field, inner] = fields[i] as readonly [string, Copy]
    const v = own[i] === true ? ownField(copy, field) : copy[field]
    if (v !== undefined && v !== null) copy[field] = inner(v, field)
  }
}

/** The fields a converter reads made JSON values (`own`: read as the copy's own field only, per field). */
function readAsJson(copy: Record<string, unknown>, reads: readonly string[], own: readonly boolean[]): void {
  for (let i = 0; i < reads.length; i++) {
    const field = reads[i] as string
    const v = own[i] === true ? ownField(copy, field) : copy[field]
    if (v !== undefined) copy[field] = asJson(v, field)
  }
}

/** What the generated `seenAsJson` calls. */
const SEEN_HELPERS: SeenHelpers = { asJson, isPlainObject, without }

const shapeIds = new WeakMap<AnyShape, number>()
let nextShapeId = 0
function shapeKey(shape: AnyShape): number {
  let id = shapeIds.get(shape)
  if (id === undefined) shapeIds.set(shape, (id = nextShapeId++))
  return id
}
