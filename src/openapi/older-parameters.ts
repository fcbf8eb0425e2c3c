/**
 * An older version's query parameters, headers and cookies as the server
 * checks them there. The check a version's history plan holds carries the
 * schemas it validates (validation/parameters.ts), read through the model's
 * migration (`MigrationAt.up.parameters`): each parameter it declares gets
 * that schema (its components written in: a `$ref` of a parameter's schema
 * resolves against the document, not the check's `$defs`) and that
 * `required`; one the version may not send (a newer name a rename gave
 * back: `false`), or an undeclared query parameter where the query schema
 * refuses others, is left out; one it declares that the head document does
 * not list is added. A recursive schema cannot be written in: its
 * self-reference names a component schema (`#/components/schemas/<Name>`),
 * given with the parameters for the documents that lack one of that name.
 */
import type { ContractSchema } from '../model/api-model.ts'
import { isObject, type Json } from '../json/object.ts'
import { pointerToken, pointerTokens, refName } from '../json/pointer.ts'

const COMPONENTS = '#/components/schemas/'
const NAMED: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'dependentSchemas'])

/** The value `ref` points at inside `root` (a local pointer), or `undefined`. */
function at(root: Json, ref: string): unknown {
  let node: unknown = root
  for (const token of pointerTokens(ref) ?? []) {
    if (!isObject(node) && !Array.isArray(node)) return undefined
    node = Array.isArray(node) ? node[Number(token)] : Object.hasOwn(node, token) ? node[token] : undefined
  }
  return pointerTokens(ref) === null ? undefined : node
}

/** The component name of a recursive schema at `ref` in a check (`#/$defs/Name`: `Name`; another place: its pointer's tokens, as a component name may spell them). */
function componentName(ref: string): string {
  return refName(ref, ['$defs']) ?? `Parameters${(pointerTokens(ref) ?? []).map((t) => `-${t.replace(/[^A-Za-z0-9._-]/g, '_')}`).join('')}`
}

/**
 * `schema` (a part of `root`) with each local `$ref` replaced by what it
 * points at, written in; one inside its own expansion (a recursive schema)
 * points at a component of that name instead, recorded in `recursive`.
 */
function inlined(schema: unknown, root: Json, recursive: Map<string, string>, open: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, root, recursive, open))
  if (!isObject(schema)) return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' || key === '$defs') continue
    // Values, not schemas; and maps whose keys are names (a field may be called "$ref"), each value a schema.
    if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value
    else if (NAMED.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, inlined(inner, root, recursive, open)]))
    else out[key] = inlined(value, root, recursive, open)
  }
  const ref = schema['$ref']
  if (typeof ref !== 'string') return out
  if (!ref.startsWith('#')) return { ...out, $ref: ref }
  if (open.has(ref)) {
    const name = componentName(ref)
    recursive.set(name, ref)
    return { ...out, $ref: COMPONENTS + pointerToken(name) }
  }
  const target = inlined(at(root, ref), root, recursive, new Set([...open, ref]))
  if (Object.keys(out).length === 0) return target ?? {}
  // Beside other keywords, the reference is one more schema the value must fit.
  return { ...out, allOf: [...(Array.isArray(out['allOf']) ? out['allOf'] : []), target ?? {}] }
}

/** A parameter's name as its place compares names: a header's in lower case. */
function keyOf(where: string, name: string): string {
  return where === 'header' ? name.toLowerCase() : name
}

/** Parameters as a version's check reads them, and the component schemas their recursive schemas name, by name. */
export interface CheckedParameters {
  readonly parameters: Json[]
  readonly components: Record<string, Json>
}

/**
 * `parameters` (the head document's, renamed to this version's names) as
 * `checked` says this version's are checked. `resolve` reads a
 * `$ref` parameter (`#/components/parameters/...`), or `undefined`.
 */
export function checkedParameters(parameters: readonly Json[], checked: Readonly<Record<string, ContractSchema>>, resolve: (ref: string) => Json | undefined): CheckedParameters {
  const out: Json[] = []
  const components: Record<string, Json> = {}
  /** `schema` written in; each recursive schema it names given as a component (itself written in but for its recursion). */
  const writtenIn = (schema: unknown, root: Json): Json => {
    const recursive = new Map<string, string>()
    const made = inlined(schema, root, recursive) as Json
    for (const [name, ref] of recursive) {
      if (Object.hasOwn(components, name)) continue
      components[name] = {}
      components[name] = (inlined(at(root, ref), root, recursive, new Set([ref])) ?? {}) as Json
    }
    return made
  }
  const listed = new Set<string>()
  const declared = new Map<string, Map<string, string>>()
  for (const [where, schema] of Object.entries(checked)) {
    const properties = isObject(schema['properties']) ? schema['properties'] : {}
    declared.set(where, new Map(Object.keys(properties).map((name) => [keyOf(where, name), name])))
  }
  const checkedOne = (where: string, name: string, parameter: Json): Json | null => {
    const schema = checked[where] as Json
    const properties = (isObject(schema['properties']) ? schema['properties'] : {}) as Json
    const own = declared.get(where)?.get(keyOf(where, name))
    if (own === undefined) {
      // Not declared: headers and cookies are not read; a query parameter is, against `additionalProperties`.
      return where === 'query' && schema['additionalProperties'] === false ? null : parameter
    }
    const property = properties[own]
    if (property === false) return null
    const required = Array.isArray(schema['required']) && (schema['required'] as unknown[]).includes(own)
    const { content: _content, schema: _schema, required: _required, example: _example, examples: _examples, ...rest } = parameter
    return { ...rest, name: parameter['name'] ?? own, in: where, ...(required ? { required: true } : {}), schema: writtenIn(property, schema) }
  }
  for (const parameter of parameters) {
    const ref = parameter['$ref']
    const given = typeof ref === 'string' ? resolve(ref) : parameter
    const where = given?.['in']
    const name = given?.['name']
    if (given === undefined || typeof where !== 'string' || typeof name !== 'string' || !declared.has(where)) {
      out.push(parameter)
      continue
    }
    listed.add(`${where} ${keyOf(where, name)}`)
    const made = checkedOne(where, name, given)
    // A `$ref` parameter the check leaves as it is stays a reference.
    if (made !== null) out.push(made === given ? parameter : made)
  }
  for (const [where, names] of declared) {
    for (const [key, name] of names) {
      if (listed.has(`${where} ${key}`)) continue
      const made = checkedOne(where, name, { name, in: where })
      if (made !== null) out.push(made)
    }
  }
  return { parameters: out, components }
}
