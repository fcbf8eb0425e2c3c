/**
 * The documents' model of an older answer against the server's, fuzzed: a
 * handler answers values generated from the head document's response schema
 * (test/support/schema-arbitraries.ts, fast-check's fixed seed), the
 * middleware migrates each to version 1 along the route's layout, and the
 * answer must validate against version 1's document (Ajv, JSON Schema
 * 2020-12), whose schemas are the head's with the changes undone. Shapes
 * nested in shapes (a `Price` in `Product`, a list of `Tag`s), in a list
 * envelope, with each kind of field change. This is how the documents were
 * found to show older nested shapes the server did not migrate
 * (test/openapi/layout-reach.test.ts).
 */
import Ajv2020 from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../../src/changes/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { FIXED_SEED } from '../../support/property-runs.ts'
import { arbitraryOf, type Json } from '../../support/schema-arbitraries.ts'

const RUNS = 300
type O = Record<string, unknown>
const Price = shape<O>('Price')
const Tag = shape<O>('Tag')
const Product = shape<O>('Product', { nested: { price: Price, tags: [Tag] } })
const status = { type: 'string', enum: ['active', 'archived', 'draft'] }
const schemas = {
  Product: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      title: { type: 'string' },
      status,
      price: { $ref: '#/components/schemas/Price' },
      tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
      email: { type: ['string', 'null'] },
      statuses: { type: 'array', items: status },
    },
    required: ['id', 'title', 'status', 'price', 'tags', 'email'],
    additionalProperties: false,
  },
  Price: { type: 'object', properties: { cents: { type: 'integer', minimum: 0 }, currency: { type: 'string', enum: ['EUR', 'USD'] } }, required: ['cents', 'currency'], additionalProperties: false },
  Tag: { type: 'object', properties: { label: { type: 'string' }, weight: { type: 'number' } }, required: ['label'], additionalProperties: false },
}
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })]),
        change('Products can be drafts.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' })]),
        change('Products have an email.', [fieldAdded(Product, 'email', { default: null })]),
        change('Products lost their legacy flag.', [fieldRemoved(Product, 'legacy', { older: () => true, schema: { type: 'boolean' }, required: true })]),
        change('Prices are cents.', [fieldChanged(Price, 'cents', { down: (cents) => ((cents as number) / 100).toFixed(2), up: (text) => Math.round(Number(text) * 100), olderSchema: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' } })]),
        change('Tags have a label.', [fieldRenamed(Tag, { older: 'name', newer: 'label' })]),
      ],
    },
  ],
  bodies: { 'GET /products/:id': { response: Product }, 'GET /products': { response: { items: [Product] } } },
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
let answer: unknown = null
const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/products/:id', (c) => c.json(answer as O))
app.get('/products', (c) => c.json(answer as O))
const ok = (schema: unknown) => ({ '200': { description: 'OK.', content: { 'application/json': { schema } } } })
const head = {
  openapi: '3.1.0',
  info: { title: 'Products', version: '2' },
  paths: {
    '/products/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok({ $ref: '#/components/schemas/Product' }) } },
    '/products': { get: { responses: ok({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Product' } } }, required: ['items'] }) } },
  },
  components: { schemas },
}
const documents = versionedOpenAPI({ scheme, document: head, changelog: history, app })

/** The 200 JSON schema of `GET template` in `document`. */
const schemaOf = (document: Json, template: string): unknown => JSON.parse(JSON.stringify((document['paths'] as Json)[template])).get.responses['200'].content['application/json'].schema

describe.each([['/products/{id}', '/products/1'], ['/products', '/products']])("GET %s: a head answer reaches each version as that version's document says", (template, path) => {
  it.each(documents.versions.map((v) => v.version))('version %s', async (version) => {
    const head = JSON.parse(JSON.stringify(documents.document('2'))) as Json
    const own = JSON.parse(JSON.stringify(documents.document(version))) as Json
    const ajv = new Ajv2020({ strict: false })
    ajv.addSchema({ $id: 'doc', components: own['components'] ?? {} })
    const validate = ajv.compile(JSON.parse(JSON.stringify(schemaOf(own, template)).replace(/"#\/components\//g, '"doc#/components/')) as object)
    const problems: string[] = []
    let runs = 0
    await fc.assert(
      fc.asyncProperty(arbitraryOf(head, schemaOf(head, template)), async (value) => {
        runs++
        answer = value
        const res = await app.request(`https://shop.test${path}`, { headers: { 'Api-Version': version } })
        const text = await res.text()
        if (res.status !== 200 || !validate(JSON.parse(text))) problems.push(`${res.status} ${JSON.stringify(validate.errors?.[0] ?? null)}: ${text.slice(0, 300)}`)
      }),
      { seed: FIXED_SEED, numRuns: RUNS },
    )
    expect({ runs, problems: problems.slice(0, 5) }).toEqual({ runs: RUNS, problems: [] })
  })
})
