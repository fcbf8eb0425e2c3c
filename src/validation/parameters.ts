/**
 * An older request's query parameters, headers and cookies validated in its
 * own version. Each part of a route is a shape whose head JSON Schema (an
 * object, a property per parameter) is given with the others; each older
 * version's schema is derived from it as a body's is (its shape's
 * changelog instructions undone: an enum value added later is refused),
 * then the route's `queryParamRenamed` / `requestHeaderRenamed` undone, so
 * errors name what the client sent, and its `queryParamChanged` /
 * `requestHeaderChanged` (a parameter's `olderSchema`: the older values are
 * checked before `up` makes them the head's). Query values are text: a property typed
 * `integer`, `number` or `boolean` reads a value written as one, and one
 * typed `array` every value of a repeated parameter.
 */
import type { ParameterCheck, ParameterRenames, ValidatedHistory } from '../changes/body-checks.ts'
import { declaresOlder, isRename, type ParameterStep } from '../changes/request-values.ts'
import type { ChangelogInstruction } from '../changes/changelog.ts'
import type { AnyShape } from '../changes/shape.ts'
import { isHeaderName } from '../http/header-name.ts'
import { handlerCookies } from '../http/cookies.ts'
import { handlerQueryPairs } from '../http/query.ts'
import { InvalidRequestParameters } from './invalid-body.ts'
import { withDefs } from './older-schemas.ts'
import { partValidator, type Limits, type PartValidator } from './validate.ts'
import { isObject, type Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { quoted, quotedValue } from '../quote.ts'

/**
 * What a version's check validates, by where the parameters are (OpenAPI's
 * `in`): an object schema with a property per parameter in that version's
 * names (a newer name a rename gave back is `false`: the version may not
 * send it), its component schemas as `$defs`. The documents read it from
 * the check the history holds, so they say what the server checks.
 */
export type CheckedSchemas = Readonly<Partial<Record<'query' | 'header' | 'cookie', Json>>>

/** A version's check of a route's parameters, carrying the schemas it validates and the status it refuses with. */
export type SchemaCheck = ParameterCheck & { readonly schemas: CheckedSchemas; readonly status: number }

/** The shapes of a route's parameters, by part. */
export interface RouteParameters {
  /** The query parameters: a shape whose schema has a property per parameter. */
  readonly query?: AnyShape | undefined
  /** The request headers the route reads: a property per header (names are case-insensitive). */
  readonly headers?: AnyShape | undefined
  /** The cookies the route reads: a property per cookie. */
  readonly cookies?: AnyShape | undefined
}

const PARTS = [
  ['query', 'query'],
  ['headers', 'header'],
  ['cookies', 'cookie'],
] as const
type Part = (typeof PARTS)[number][0]

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** The JSON types a property's schema allows (through `$ref`s and `anyOf` / `oneOf`), or `null`: any. */
function typesOf(schema: unknown, defs: Json, hops = 0): Set<string> | null {
  if (!isObject(schema) || hops > 16) return null
  const ref = schema['$ref']
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const name = refName(ref, ['$defs'])
    return typesOf(name !== null && Object.hasOwn(defs, name) ? defs[name] : undefined, defs, hops + 1)
  }
  const type = schema['type']
  if (typeof type === 'string') return new Set([type])
  if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'))
  const members = schema['anyOf'] ?? schema['oneOf']
  if (!Array.isArray(members)) return null
  const out = new Set<string>()
  for (const member of members) {
    const inner = typesOf(member, defs, hops + 1)
    if (inner === null) return null
    for (const t of inner) out.add(t)
  }
  return out
}

/** A parameter's text as the value its schema reads: a number or boolean written as one, else the text. */
function reader(types: Set<string> | null): (text: string) => unknown {
  if (types === null || types.has('string')) return (text) => text
  const numeric = types.has('integer') || types.has('number')
  const boolean = types.has('boolean')
  return (text) => {
    if (numeric && NUMBER.test(text)) return Number(text)
    if (boolean && (text === 'true' || text === 'false')) return text === 'true'
    return text
  }
}

/** How each declared parameter is read: repeated (an array of items) or one value, and its items' reader. */
interface Reading {
  readonly name: string
  readonly many: boolean
  readonly read: (text: string) => unknown
}

function readings(schema: Json, defs: Json): Reading[] {
  const properties = isObject(schema['properties']) ? schema['properties'] : {}
  return Object.entries(properties).map(([name, property]) => {
    const types = typesOf(property, defs)
    const many = types !== null && types.has('array') && types.size === 1
    const items = many && isObject(property) ? typesOf(property['items'], defs) : types
    return { name, many, read: reader(items) }
  })
}

/** The values of one part of a request, as an object the schema validates (no prototype: a `__proto__` parameter is a name like any). */
function partValue(part: Part, request: Request, declared: readonly Reading[], byName: ReadonlyMap<string, Reading>, versionQuery: string | null): Record<string, unknown> {
  const value = Object.create(null) as Record<string, unknown>
  const put = (reading: Reading | undefined, name: string, text: string, first: boolean) => {
    if (reading === undefined) {
      // An undeclared parameter: only whether it is there matters (`additionalProperties`).
      value[name] = text
      return
    }
    const read = reading.read(text)
    const had = value[reading.name]
    if (reading.many) ((value[reading.name] ??= []) as unknown[]).push(read)
    else if (had === undefined) value[reading.name] = read
    // A query parameter sent twice is a list, as Hono's validator reads it (refused unless its schema takes one); a cookie's first is the one.
    else if (!first) {
      // A list made here (a value read is never one): grown in place, so a parameter sent n times costs n, not n * n.
      if (Array.isArray(had)) had.push(read)
      else value[reading.name] = [had, read]
    }
  }
  if (part === 'query') {
    // Every parameter, declared or not (`additionalProperties` may refuse one), but the version's own where the
    // scheme reads it from the query and the schema does not declare it.
    // Decoded as the handler's c.req.query() decodes them (an escape that is not UTF-8 kept as written, not U+FFFD):
    // what is checked is what the handler reads.
    for (const [name, text] of handlerQueryPairs(request.url)) {
      const reading = byName.get(name)
      if (reading !== undefined || name !== versionQuery) put(reading, name, text, false)
    }
  } else if (part === 'headers') {
    for (const reading of declared) {
      const text = request.headers.get(reading.name)
      if (text === null) continue
      if (reading.many) for (const item of text.split(',')) put(reading, reading.name, item.trim(), false)
      else put(reading, reading.name, text, false)
    }
  } else {
    const header = request.headers.get('cookie')
    // Read as the handler's getCookie(c, name) reads them (a pair Hono leaves out is not checked in its place); the
    // first cookie of a name is the most specific one (RFC 6265).
    if (header !== null) {
      for (const [name, text] of handlerCookies(header)) {
        const reading = byName.get(name)
        if (reading !== undefined) put(reading, reading.name, text, true)
      }
    }
  }
  return value
}

/**
 * `schema` with `steps` undone, newest step first: the names `[older, newer]`
 * renamed back (case-insensitively for headers), and a parameter whose values
 * changed (`queryParamChanged`, `requestHeaderChanged`) given the schema of its
 * older values (`olderSchema`; one the schema lists without it is refused by
 * `unschemed`), and required or not as its `olderRequired` says; one the schema
 * does not list is added where the change declares it (an `olderSchema`, or
 * `olderRequired: true`). The newer name becomes a property of its own that nothing
 * fits: the request path would hand it to the handler as the head's, so an
 * older client may not send it.
 */
function undone(schema: Json, steps: readonly ParameterStep[], caseless: boolean, unschemed: (name: string) => never): Json {
  if (steps.length === 0) return schema
  const same = (a: string, b: string) => (caseless ? a.toLowerCase() === b.toLowerCase() : a === b)
  let properties: Json = isObject(schema['properties']) ? { ...schema['properties'] } : {}
  let required = Array.isArray(schema['required']) ? [...(schema['required'] as string[])] : undefined
  // The parameters a change declares that the head's schema does not list: an older change of one without an olderSchema takes any value.
  const added = new Set<string>()
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as ParameterStep
    if (!isRename(step)) {
      const listed = Object.keys(properties).find((name) => same(name, step.name) && properties[name] !== false)
      if (listed === undefined) {
        // Not listed for the head: the older versions get the parameter as the change declares it (a name a rename gave back stays refused).
        if (declaresOlder(step) && !Object.keys(properties).some((name) => same(name, step.name))) {
          properties = { ...properties, [step.name]: (step.olderSchema ?? {}) as Json }
          added.add(step.name)
          if (step.olderRequired === true) required = [...(required ?? []), step.name]
        }
        continue
      }
      if (step.olderSchema === undefined && !added.has(listed)) unschemed(step.name)
      properties = { ...properties, [listed]: (step.olderSchema ?? {}) as Json }
      // Whether older versions require it, where the change says (else as the newer version does).
      if (step.olderRequired !== undefined) {
        const kept = (required ?? []).filter((name) => !same(name, listed))
        required = step.olderRequired ? [...kept, listed] : kept
      }
      continue
    }
    const [older, newer] = step
    if (!Object.keys(properties).some((name) => same(name, newer))) continue
    for (const name of [...added]) {
      if (!same(name, newer)) continue
      added.delete(name)
      added.add(older)
    }
    properties = Object.fromEntries(Object.entries(properties).map(([name, property]) => [same(name, newer) ? older : name, property]))
    if (required !== undefined) required = required.map((name) => (same(name, newer) ? older : name))
    if (!Object.keys(properties).some((name) => same(name, newer))) properties[newer] = false
  }
  return required === undefined ? { ...schema, properties } : { ...schema, properties, required }
}

/** Refuses, at construction, instructions on a parameter shape that the request's parameters do not go through. */
function checkInstructions(route: string, part: Part, shape: AnyShape, history: ValidatedHistory, head: unknown, where: string): void {
  const properties = isObject(head) && isObject(head['properties']) ? head['properties'] : {}
  // A schema that lists its parameters in properties alone (not through allOf, a $ref ...) says every one it has.
  const listsAll = isObject(head) && (head['type'] === undefined || head['type'] === 'object') && !['allOf', 'anyOf', 'oneOf', '$ref', 'if', 'dependentSchemas'].some((key) => key in head)
  // Header names are caseless.
  const lists = (field: string): boolean => Object.hasOwn(properties, field) || (part === 'headers' && Object.keys(properties).some((name) => name.toLowerCase() === field.toLowerCase()))
  const renamer = part === 'query' ? 'queryParamRenamed' : part === 'headers' ? 'requestHeaderRenamed' : null
  for (const entry of history.changelog.versions) {
    for (const change of entry.changes) {
      for (const instruction of change.instructions as readonly ChangelogInstruction[]) {
        if (!('shape' in instruction) || instruction.shape !== shape.name) continue
        if (instruction.type === 'field.renamed') {
          throw new Error(
            renamer === null
              ? `${where}: ${shape.name} (the cookies of ${quoted(route)}) has a field renamed in version ${quoted(entry.version)}; a cookie keeps its name across versions.`
              : `${where}: ${shape.name} (the ${part} of ${quoted(route)}) has its field ${quoted(instruction.newer)} renamed in version ${quoted(entry.version)}, which renames no request ${part === 'query' ? 'parameter' : 'header'}; declare ${renamer}(${quoted(route)}, { older: ${quoted(instruction.older)}, newer: ${quoted(instruction.newer)} }) instead.`,
          )
        }
        // A parameter shape serves no body: a change naming a field its schema lacks would leave every version's check as the head's.
        if (listsAll && (instruction.type === 'field.added' || instruction.type === 'enum.added') && !lists(instruction.field)) {
          throw new Error(
            `${where}: ${shape.name} (the ${part} of ${quoted(route)}) has no property ${quoted(instruction.field)} in its schema, but version ${quoted(entry.version)} changes it (${instruction.type === 'field.added' ? 'fieldAdded' : 'enumValuesAdded'}); add ${quoted(instruction.field)} to the schema's properties, or name the ${part === 'query' ? 'parameter' : part === 'headers' ? 'header' : 'cookie'} the schema has.`,
          )
        }
        if (instruction.type === 'field.changed' || instruction.type === 'shape.converted') {
          throw new Error(`${where}: ${shape.name} (the ${part} of ${quoted(route)}) is changed by ${instruction.type === 'field.changed' ? 'fieldChanged' : 'shapeConverted'} in version ${quoted(entry.version)}, which converts bodies, never a request's ${part}; ${part === 'cookies' ? 'keep the older values valid in the head, or add a new cookie' : `declare ${part === 'query' ? 'queryParamChanged' : 'requestHeaderChanged'}(${quoted(route)}, name, { up, olderSchema }) for the ${part === 'query' ? 'parameter' : 'header'} instead`}.`)
        }
      }
    }
  }
}

/**
 * Per version index, the check of a route's parameters: for an older
 * version whose schema of some part differs from the head's, every part is
 * read and validated (issues of every part, together at most `maxIssues`).
 */
export function parameterChecks(
  route: string,
  parts: RouteParameters,
  renames: ParameterRenames,
  history: ValidatedHistory,
  versions: readonly Json[],
  limits: Limits,
  status: number,
  where: string,
): readonly (ParameterCheck | null)[] {
  const head = versions.length - 1
  // A part without a shape is checked in the older versions where a value change declares what they send (olderSchema, olderRequired: true).
  const stepsOf = (part: Part) => (part === 'query' ? renames.query : part === 'headers' ? renames.headers : null)
  const declares = (part: Part) => (stepsOf(part)?.[0] ?? []).some(declaresOlder)
  const declared = PARTS.filter(([part]) => parts[part] !== undefined || declares(part))
  for (const [part] of declared) {
    const shape = parts[part]
    if (shape !== undefined) checkInstructions(route, part, shape, history, (versions[head] as Json)[shape.name], where)
  }
  const schemaOf = (part: Part, v: number): Json | null => {
    const defs = versions[v] as Json
    const shape = parts[part]
    const own = shape === undefined ? { type: 'object' } : defs[shape.name]
    if (own === undefined) return null
    const type = isObject(own) ? own['type'] : undefined
    if (!isObject(own) || (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object')))) throw new Error(`${where}: the schema of ${(parts[part] as AnyShape).name} (the ${part} of ${quoted(route)}) must be an object schema with a property per ${part === 'query' ? 'parameter' : part === 'headers' ? 'header' : 'cookie'}.`)
    if (part === 'headers' && isObject(own['properties'])) {
      for (const name of Object.keys(own['properties'])) {
        if (!isHeaderName(name)) throw new Error(`${where}: the schema of ${(parts[part] as AnyShape).name} (the headers of ${quoted(route)}) has the property ${quotedValue(name)}, which is no header name.`)
      }
    }
    const steps = stepsOf(part)?.[v]
    const unschemed = (name: string): never => {
      const instruction = part === 'query' ? 'queryParamChanged' : 'requestHeaderChanged'
      throw new Error(`${where}: ${(parts[part] as AnyShape).name} (the ${part} of ${quoted(route)}) declares ${quoted(name)}, whose values ${instruction} changes; give that change an olderSchema (the schema of the values older clients send), so that they are checked in their own version rather than refused by the head's.`)
    }
    return withDefs(undone(own, steps ?? [], part === 'headers', unschemed), defs)
  }
  const heads = new Map(declared.map(([part]) => [part, JSON.stringify(schemaOf(part, head))]))
  return versions.map((defs, v) => {
    if (v === head) return null
    const checks: { part: Part; root: string; validate: PartValidator; declared: Reading[]; byName: Map<string, Reading> }[] = []
    const schemas: Partial<Record<'query' | 'header' | 'cookie', Json>> = {}
    let differs = false
    for (const [part, root] of declared) {
      const schema = schemaOf(part, v)
      if (schema === null) continue
      if (JSON.stringify(schema) !== heads.get(part)) differs = true
      schemas[root] = schema
      const list = readings(schema, defs)
      checks.push({ part, root, validate: partValidator(schema, limits, where, `version ${quoted(history.versions[v] ?? '')}'s ${part} schema (in that version's names)`), declared: list, byName: new Map(list.map((r) => [r.name, r])) })
    }
    if (!differs) return null
    const check = function checkOlderParameters(request: Request, versionQuery: string | null): void {
      const issues = []
      for (const { part, root, validate, declared: list, byName } of checks) {
        const found = validate(partValue(part, request, list, byName, versionQuery), root, limits.maxIssues - issues.length)
        if (found !== null) issues.push(...found)
        if (issues.length >= limits.maxIssues) break
      }
      if (issues.length > 0) throw new InvalidRequestParameters(issues, status)
    }
    return Object.assign(check, { schemas: Object.freeze(schemas), status }) satisfies SchemaCheck
  })
}
