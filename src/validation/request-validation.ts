/**
 * Older requests validated in their own version: from the head JSON Schema
 * of each shape, each older version's schema is derived by the history's
 * declared changes, and an older request body is validated against it
 * before it migrates up. Whether a body is valid is answered by closures
 * compiled once from the schema (compile.ts); `@cfworker/json-schema`, which
 * generates no code at run time either (Workers forbid `new Function`),
 * answers for the keywords those do not know, and gives the errors.
 */
import { Validator } from '@cfworker/json-schema'
import type { BodyCheck, RequestValidation, ValidatedHistory } from '../changes/body-checks.ts'
import type { Layout } from '../changes/shape.ts'
import type { Json } from '../openapi/types.ts'
import { compileSchema } from './compile.ts'
import { InvalidRequestBody } from './invalid-body.ts'
import { issuesOf } from './issues.ts'
import { bodySchema, schemasByVersion, withDefs, withoutDialect } from './older-schemas.ts'

/** A Standard JSON Schema (standardschema.dev/json-schema): zod 4.2+, valibot and arktype schemas carry one. */
export interface StandardJSONSchemaV1 {
  readonly '~standard': {
    readonly jsonSchema: { input(options: { readonly target: 'draft-2020-12' }): Record<string, unknown> }
  }
}

/** A head schema: a JSON Schema object (draft 2020-12, as OpenAPI 3.1 has them) or a Standard JSON Schema. */
export type HeadSchema = Readonly<Record<string, unknown>> | StandardJSONSchemaV1

/** Options of `requestValidation`. */
export interface RequestValidationOptions {
  /**
   * The head (newest) JSON Schema of each shape, by shape name, and of any
   * component they reference as `#/components/schemas/Name`: an OpenAPI 3.1
   * document's `components.schemas` fits as it is. A shape without a schema
   * accepts any value.
   */
  readonly schemas: Readonly<Record<string, HeadSchema>>
  /**
   * The status of a refused body.
   * @default 422
   */
  readonly status?: 400 | 422 | undefined
}

const WHERE = 'requestValidation'

/** The JSON Schema of a head schema given as either form. */
function jsonSchemaOf(name: string, given: unknown): Json {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) throw new Error(`${WHERE}: schemas.${name} must be a JSON Schema object or a Standard JSON Schema (a zod schema).`)
  const standard = (given as { '~standard'?: { jsonSchema?: { input?: unknown } } })['~standard']
  if (standard === undefined) return given as Json
  const input = standard.jsonSchema?.input
  if (typeof input !== 'function') {
    throw new Error(`${WHERE}: schemas.${name} is a Standard Schema without a JSON Schema (~standard.jsonSchema); give its JSON Schema instead, or a library version that has one (zod 4.2 or later).`)
  }
  return (input as StandardJSONSchemaV1['~standard']['jsonSchema']['input']).call(standard.jsonSchema, { target: 'draft-2020-12' }) as Json
}

/**
 * Validates older requests in their own version: pass the result to
 * `versionHistory` as `validation`. A route whose `bodies` entry has a
 * `request` layout gets, for each older version whose schema differs from
 * the head's, a check before its body migrates; a body that does not fit is
 * refused with `InvalidRequestBody` (422, the issues in that version's
 * field names). Head requests and routes without a request layout pay
 * nothing: the app's own validator checks the head.
 *
 * @example
 * ```ts
 * const history = versionHistory({
 *   versions,
 *   bodies: { 'POST /products': { request: Product } },
 *   validation: requestValidation({ schemas: { Product: ProductSchema } }),
 * })
 * ```
 */
export function requestValidation(options: RequestValidationOptions): RequestValidation {
  if (options === null || typeof options !== 'object') throw new Error(`${WHERE}: pass options such as { schemas: { Product: ProductSchema } }.`)
  for (const key of Object.keys(options)) {
    if (key !== 'schemas' && key !== 'status') throw new Error(`${WHERE}: unknown option "${key}"; the options are schemas and status.`)
  }
  const { schemas, status = 422 } = options
  if (schemas === null || typeof schemas !== 'object' || Array.isArray(schemas)) throw new Error(`${WHERE}: schemas must map shape names to JSON Schemas, such as { Product: ProductSchema }.`)
  if (status !== 400 && status !== 422) throw new Error(`${WHERE}: status must be 400 or 422.`)
  const head: Json = {}
  for (const [name, given] of Object.entries(schemas)) head[name] = withoutDialect(jsonSchemaOf(name, given))
  const known = new Set(Object.keys(head))
  // Per history (one validation may serve several): the schemas of each version, derived once.
  const byHistory = new WeakMap<ValidatedHistory['changelog'], Json[]>()

  return {
    kind: 'request-validation',
    checks(layout: Layout, history: ValidatedHistory, options?: { readonly partial?: boolean | undefined }): readonly (BodyCheck | null)[] {
      let versions = byHistory.get(history.changelog)
      if (versions === undefined) byHistory.set(history.changelog, (versions = schemasByVersion(head, history.changelog, history.versions)))
      const body = bodySchema(layout, known)
      const headSchema = JSON.stringify(withDefs(body, versions[versions.length - 1] as Json))
      return versions.map((defs, v) => {
        if (v === versions.length - 1) return null
        const full = withDefs(body, defs)
        if (JSON.stringify(full) === headSchema) return null
        // A partial body (PATCH) holds the fields the client changes: none is required.
        const schema = options?.partial === true ? (notRequired(full, false) as Json) : full
        const validator = new Validator(schema as never, '2020-12', false)
        // The common question (valid?) by closures compiled once; the validator has the last word, and gives the errors.
        const valid = compileSchema(schema)
        return function checkOlderBody(value: unknown): void {
          if (valid !== null && valid(value)) return
          const result = validator.validate(value)
          if (!result.valid) throw new InvalidRequestBody(issuesOf(result.errors), status)
        }
      })
    },
  }
}

/** A schema without its `required` keywords (anywhere: a partial body's fields and those of the values in it). */
function notRequired(schema: unknown, names: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => notRequired(item, false))
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    // In properties, $defs and the like, keys are names (a field may be called "required"); const, enum, default: values.
    if (names) out[key] = notRequired(value, false)
    else if (key === 'required' && Array.isArray(value)) continue
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value
    else out[key] = notRequired(value, key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions' || key === 'dependentSchemas')
  }
  return out
}
