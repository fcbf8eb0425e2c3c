/**
 * `fieldAdded(S, f, { keepOlder: true })` with request validation whose head
 * schema of S closes the object: the older version's schema, derived
 * without `f`, refuses an older client's `f` as an unknown field before it
 * could be kept, so `keepOlder` could never keep anything. Refused when the
 * validation is bound to the history, with a sentence naming the shape, the
 * field and the version and saying what to do. Before, the history was made
 * and every older request sending `f` got 422 `extra_forbidden`.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, shape, versionHistory } from '../../src/changes/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Product {
  title: string
  currency?: string
}
const Product = shape<Product>('Product')
const properties = { title: { type: 'string' }, currency: { type: 'string' } }

/** A history adding `currency` in v2 (with `keepOlder` as given), validating Product with `schema`. */
const historyWith = (schema: Readonly<Record<string, unknown>>, keepOlder: boolean) =>
  versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Products have a currency.', [fieldAdded(Product, 'currency', { keepOlder })])] }],
    bodies: { 'POST /products': { request: Product } },
    validation: requestValidation({ schemas: { Product: schema } }),
  })

/** What the handler sees of a v1 request's body, or the refusal's status and body. */
async function sentByV1(history: ReturnType<typeof historyWith>, body: unknown): Promise<unknown> {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), changes: history }))
  app.post('/products', async (c) => c.json(await c.req.json()))
  const res = await app.request('/products', { method: 'POST', headers: { 'Api-Version': 'v1', 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return res.status === 200 ? await res.json() : { status: res.status, body: await res.json() }
}

const refusal = (closes: string) =>
  `requestValidation: fieldAdded(Product, "currency", { keepOlder: true }) in version "v2" keeps what an older request sends for "currency", but the head schema of "Product" closes the object (${closes}), so version "v1"'s schema, derived without "currency", refuses it as an unknown field before it could be kept; open the schema of "Product" to other fields (additionalProperties: true, or without ${closes}), or drop keepOlder.`

describe('keepOlder with a closed head schema', () => {
  it.each([
    ['additionalProperties: false', { type: 'object', properties, additionalProperties: false }, 'additionalProperties: false'],
    ['additionalProperties: a schema', { type: 'object', properties, additionalProperties: { type: 'integer' } }, 'additionalProperties: a schema'],
    ['unevaluatedProperties: false', { type: 'object', properties, unevaluatedProperties: false }, 'unevaluatedProperties: false'],
    ['unevaluatedProperties: false, the field in an allOf member', { type: 'object', allOf: [{ properties }], unevaluatedProperties: false }, 'unevaluatedProperties: false'],
  ])('%s: refused when the validation is bound to the history', (_, schema, closes) => {
    expect(() => historyWith(schema, true)).toThrow(new Error(refusal(closes)))
  })

  it('without keepOlder, the older version refuses the field, as that version did (422 extra_forbidden)', async () => {
    const history = historyWith({ type: 'object', properties, additionalProperties: false }, false)
    expect(await sentByV1(history, { title: 'a', currency: 'USD' })).toMatchObject({ status: 422, body: { detail: [{ type: 'extra_forbidden' }] } })
    expect(await sentByV1(history, { title: 'a' })).toEqual({ title: 'a' })
  })

  it.each([
    ['an open schema', { type: 'object', properties }],
    ['additionalProperties: true', { type: 'object', properties, additionalProperties: true }],
    ['a pattern that takes the field', { type: 'object', properties, patternProperties: { '^cur': { type: 'string' } }, additionalProperties: false }],
    ['unevaluatedProperties: false beside additionalProperties: true', { type: 'object', properties, additionalProperties: true, unevaluatedProperties: false }],
  ])('%s: taken, and an older client\'s value is kept', async (_, schema) => {
    expect(await sentByV1(historyWith(schema, true), { title: 'a', currency: 'USD' })).toEqual({ title: 'a', currency: 'USD' })
  })
})
