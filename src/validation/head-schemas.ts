/**
 * The head JSON Schemas of the shapes, by name, from the `schemas` given to
 * `requestValidation` (and to `versionedOpenAPI`'s `requests`): JSON Schemas
 * as an OpenAPI 3.1 document's `components.schemas` has them, or Standard
 * JSON Schemas (a zod schema), turned into one once. A library writes a
 * schema with a name of its own (zod's `.meta({ id })`, which hono-openapi
 * reads) as a reference into its `$defs` (`{ $ref: '#/$defs/Order', $defs:
 * { Order, Customer } }`): those definitions are components like the given
 * ones, so they are taken out of the schema and its references pointed at
 * them, each version's changes then undone on them as on any shape's.
 */
import type { Json } from '../json/object.ts'
import { refName } from '../json/pointer.ts'
import { quoted } from '../quote.ts'

/** A Standard JSON Schema (standardschema.dev/json-schema): zod 4.2+, valibot and arktype schemas carry one. */
export interface StandardJSONSchemaV1 {
  readonly '~standard': {
    readonly jsonSchema: { input(options: { readonly target: 'draft-2020-12' }): Record<string, unknown> }
  }
}

/** A head schema: a JSON Schema object (draft 2020-12, as OpenAPI 3.1 has them) or a Standard JSON Schema. */
export type HeadSchema = Readonly<Record<string, unknown>> | StandardJSONSchemaV1

const COMPONENTS = '#/components/schemas/'

/** The JSON Schema of a head schema given as either form. */
function jsonSchemaOf(where: string, name: string, given: unknown): Json {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) throw new Error(`${where}: schemas.${name} must be a JSON Schema object or a Standard JSON Schema (a zod schema).`)
  const standard = (given as { '~standard'?: { jsonSchema?: { input?: unknown } } })['~standard']
  if (standard === undefined) return given as Json
  const input = standard.jsonSchema?.input
  if (typeof input !== 'function') {
    throw new Error(`${where}: schemas.${name} is a Standard Schema without a JSON Schema (~standard.jsonSchema); give its JSON Schema instead, or a library version that has one (zod 4.2 or later).`)
  }
  return (input as StandardJSONSchemaV1['~standard']['jsonSchema']['input']).call(standard.jsonSchema, { target: 'draft-2020-12' }) as Json
}

/** Values that are data, not schemas: a `$ref` in them is no reference. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example'])

/** `schema` with each `$ref` to one of its own `$defs` (`#/$defs/Name`) pointing at the component `names` gives it. */
function pointed(schema: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => pointed(item, names))
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    const def = key === '$ref' && typeof value === 'string' ? refName(value, ['$defs']) : null
    out[key] = def !== null && names.has(def) ? COMPONENTS + (names.get(def) as string) : DATA.has(key) ? value : pointed(value, names)
  }
  return out
}

/**
 * The head schemas by name, `$schema` dropped (one dialect: 2020-12) and
 * each schema's own `$defs` made components. Throws a sentence where a
 * definition differs from the schema given (or defined elsewhere) under its
 * name.
 */
export function headSchemas(schemas: Readonly<Record<string, unknown>>, where: string): Json {
  const head: Json = {}
  const from = new Map<string, string>()
  const put = (name: string, schema: Json, source: string): void => {
    if (Object.hasOwn(head, name) && JSON.stringify(head[name]) !== JSON.stringify(schema)) {
      throw new Error(`${where}: ${source} defines ${quoted(name)} ($defs), which differs from ${from.get(name) as string}; give one schema per name (one zod schema with that id, or the same JSON Schema).`)
    }
    head[name] = schema
    from.set(name, source)
  }
  const given = Object.entries(schemas).map(([name, value]) => [name, jsonSchemaOf(where, name, value)] as const)
  const defined: (readonly [string, Json, string])[] = []
  for (const [name, json] of given) {
    const { $schema: _dialect, $defs, ...root } = json
    const defs = $defs !== null && typeof $defs === 'object' && !Array.isArray($defs) ? ($defs as Json) : null
    if (defs === null) {
      put(name, { ...root, ...($defs === undefined ? {} : { $defs }) }, `schemas.${name}`)
      continue
    }
    // A root that only refers to one of its definitions is that definition, under the name it is given.
    const only = Object.keys(root).length === 1 && typeof root['$ref'] === 'string' ? refName(root['$ref'], ['$defs']) : null
    const self = only !== null && Object.hasOwn(defs, only) ? only : null
    const names = new Map(Object.keys(defs).map((def) => [def, def === self ? name : def]))
    put(name, pointed(self === null ? root : defs[self], names) as Json, `schemas.${name}`)
    for (const [def, schema] of Object.entries(defs)) if (def !== self) defined.push([def, pointed(schema, names) as Json, `schemas.${name}`])
  }
  for (const [def, schema, source] of defined) put(def, schema, source)
  return head
}
