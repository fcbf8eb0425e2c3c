/**
 * An older version's derived request schema, checked end to end against an
 * independent oracle: generated head schemas that name a renamed field
 * (`title`, `name` in version 1) in `properties`, `required`,
 * `dependentRequired` and `dependentSchemas`, at the body's own level or in
 * any subschema that applies to the body itself (`allOf`, `anyOf`, `oneOf`,
 * `not`, `if` / `then` / `else`, `dependentSchemas`), with `additionalProperties:
 * false` at times, members being another component's schema by `$ref` at times; and bodies of the fields `name`, `title`, `a` and `b`. A
 * version-1 request is answered 201 exactly when Ajv 2020-12 accepts the body
 * under the head schema with `title` written `name` in every such place (the
 * older schema as the version's document describes it), and 422 otherwise.
 * Before the derivation undid changes in every such subschema, a union's
 * rename was left as the head had it (test/validation/in-place-subschemas.test.ts).
 */
import Ajv2020 from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../../src/changes/index.ts'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { requestValidation } from '../../../src/validation/index.ts'
import { assertAsyncProperty } from '../../support/property-runs.ts'

type Schema = Record<string, unknown>
const NAMES = ['title', 'a'] as const
const name = fc.constantFrom(...NAMES)
const valueSchema = fc.constantFrom<Schema>({ type: 'string' }, { type: 'integer' }, {}, { const: 'x' }, { not: {} })

const BASE = '#/components/schemas/Base'

/** One keyword that names fields of the body. */
const fieldKeyword = fc.oneof(
  fc.dictionary(name, valueSchema, { minKeys: 1, maxKeys: 2 }).map((properties) => ({ properties })),
  fc.subarray([...NAMES], { minLength: 1 }).map((required) => ({ required })),
  fc.tuple(name, name).filter(([k, v]) => k !== v).map(([k, v]) => ({ dependentRequired: { [k]: [v] } })),
)

/** A schema of the body itself: one or two keywords naming fields, or one subschema of the same value, to `depth` levels. */
function level(depth: number): fc.Arbitrary<Schema> {
  const own = fc.array(fieldKeyword, { minLength: 1, maxLength: 2 }).map((parts) => Object.assign({}, ...parts) as Schema)
  if (depth === 0) return own
  const inner = level(depth - 1)
  // A member may be another component's schema, by $ref (a union of components, an extended one).
  const members = fc.array(fc.oneof(inner, fc.constant({ $ref: BASE })), { minLength: 1, maxLength: 3 })
  const applied = fc.oneof(
    members.map((allOf) => ({ allOf })),
    members.map((anyOf) => ({ anyOf })),
    members.map((oneOf) => ({ oneOf })),
    inner.map((not) => ({ not })),
    fc.tuple(inner, inner, fc.option(inner, { nil: undefined })).map(([i, t, e]) => ({ if: i, then: t, ...(e === undefined ? {} : { else: e }) })),
    fc.tuple(name, inner).map(([k, dependent]) => ({ dependentSchemas: { [k]: dependent } })),
  )
  return fc.oneof(own, applied, fc.tuple(own, applied).map(([a, b]) => ({ ...a, ...b })))
}

/** The oracle's older schema: `title` written `name` wherever it names a field of the body itself (not behind properties' values), in `base` too where a member refers to it. */
function older(schema: unknown, base: Schema): unknown {
  if (Array.isArray(schema)) return schema.map((member) => older(member, base))
  if (schema === null || typeof schema !== 'object') return schema
  if ((schema as Schema)['$ref'] === BASE) return older(base, base)
  const rename = (field: unknown) => (field === 'title' ? 'name' : field)
  const out: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [rename(k), v]))
    else if (key === 'required') out[key] = (value as unknown[]).map(rename)
    else if (key === 'dependentRequired') out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [rename(k), (v as unknown[]).map(rename)]))
    else if (key === 'dependentSchemas') out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [rename(k), older(v, base)]))
    else if (['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'].includes(key)) out[key] = older(value, base)
    else out[key] = value
  }
  return out
}

const body = fc.dictionary(fc.constantFrom('name', 'title', 'a', 'b'), fc.constantFrom<unknown>('x', 'y', 1, null), { maxKeys: 4 })
const ajv = new Ajv2020({ strict: false })

describe('older request schemas derived from generated head schemas', () => {
  it('accept a version-1 body exactly when Ajv accepts it under the head schema with the field renamed throughout', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(level(2), level(1), fc.boolean(), fc.array(body, { minLength: 1, maxLength: 6 }), async (generated, generatedBase, closed, bodies) => {
        // The head always lists the field at its own level, so version 1's schema differs from the head's and is checked.
        const head = { ...generated, type: 'object', properties: { title: { type: 'string' }, ...(generated['properties'] as Schema | undefined) }, ...(closed ? { additionalProperties: false } : {}) }
        // Base's own members are inline: the oracle inlines a reference, and a component referring to itself is no union.
        const base = JSON.parse(JSON.stringify(generatedBase).replaceAll(`{"$ref":"${BASE}"}`, '{}')) as Schema
        const Item = shape('Item')
        const history = versionHistory({
          versions: [{ version: '1' }, { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })])] }],
          bodies: { 'POST /items': { request: Item } },
          validation: requestValidation({ schemas: { Item: head, Base: base } }),
        })
        const app = new Hono()
        app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ header: 'Api-Version', allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
        app.post('/items', (c) => c.body(null, 201))
        const oracle = ajv.compile(older(head, base) as Schema)
        for (const sent of bodies) {
          const res = await app.request('/items', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(sent) })
          expect({ sent, status: res.status }).toEqual({ sent, status: oracle(sent) ? 201 : 422 })
        }
      }),
      { numRuns: 400 },
    )
  }, 120_000)
})
