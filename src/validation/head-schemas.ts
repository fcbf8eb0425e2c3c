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
import { isObject, type Json } from '../json/object.ts'

/** A Standard JSON Schema (standardschema.dev/json-schema): zod 4.2+, valibot and arktype schemas carry one. */
export interface StandardJSONSchemaV1 {
  readonly '~standard': {
    readonly jsonSchema: { input(options: { readonly target: 'draft-2020-12' }): Record<string, unknown> }
  }
}

/** A head schema: a JSON Schema object (draft 2020-12, as OpenAPI 3.1 has them) or a Standard JSON Schema. */
export type HeadSchema = Readonly<Record<string, unknown>> | StandardJSONSchemaV1

const COMPONENTS = '#/components/schemas/'
const DEFS = '#/$defs/'

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

/**
 * The head schemas by name, `$schema` dropped (one dialect: 2020-12) and
 * each schema's own `$defs` made components (where no schema is given
 * under a definition's name: the given one stands).
 */
export function headSchemas(schemas: Readonly<Record<string, unknown>>, where: string): Json {
  const head: Json = {}
  const defined: [string, Json][] = []
  for (const [name, value] of Object.entries(schemas)) {
    const { $schema: _dialect, $defs, ...root } = jsonSchemaOf(where, name, value)
    const defs = isObject($defs) ? $defs : {}
    // A root that only refers to one of its definitions (`#/$defs/Order`) is that definition, under the name it is given.
    const ref = Object.keys(root).length === 1 ? String(root['$ref']).split(DEFS)[1] : undefined
    const own = ref !== undefined && Object.hasOwn(defs, ref) ? ref : null
    const point = (schema: unknown): Json => JSON.parse(JSON.stringify(schema).replace(/"#\/\$defs\/([^"]*)"/g, (_, def: string) => `"${COMPONENTS}${def === own ? name : def}"`)) as Json
    head[name] = point(own === null ? root : defs[own])
    for (const def of Object.keys(defs)) if (def !== own) defined.push([def, point(defs[def])])
  }
  // A definition no schema is given under (zod's of the shapes inside): the one given under its name stands.
  for (const [def, schema] of defined) if (!Object.hasOwn(head, def)) head[def] = schema
  return head
}
