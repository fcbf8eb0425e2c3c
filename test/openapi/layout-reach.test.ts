/**
 * An older document shows a changed component wherever the head document
 * refers to it, while the server migrates a shape only where the route's
 * layout (and each shape's `nested`) puts one: a `Price` inside `Product`
 * that `Product` does not declare nested reaches version 1 in the head's
 * shape. Given the app and its history, the documents refuse such a place
 * rather than show version 1 an answer it does not get, naming the place and
 * what to declare; declared, the document and the answer agree. Found by
 * test/node/openapi/schema-fuzz.test.ts's kind of fuzzing (head answers
 * generated from the head document, migrated, validated against version 1's).
 * A portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Layout, Shape } from '../../src/changes/shape.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import type { OpenAPIDocument, SchemaObject } from '../../src/openapi/types.ts'

interface Price {
  cents: number
  currency: string
}
interface Tag {
  label: string
}
interface Product {
  id: number
  title: string
  price: Price
  tags: Tag[]
}
const Price = shape<Price>('Price')
const Tag = shape<Tag>('Tag')
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const schemas = {
  Product: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, price: ref('Price'), tags: { type: 'array', items: ref('Tag') } }, required: ['id', 'title', 'price', 'tags'] },
  Price: { type: 'object', properties: { cents: { type: 'integer' }, currency: { type: 'string' } }, required: ['cents', 'currency'] },
  Tag: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
}
const desk: Product = { id: 1, title: 'Desk', price: { cents: 1250, currency: 'EUR' }, tags: [{ label: 'oak' }] }

/** The API with `Product` laid out by `product` (its `nested` or not), answering `body` at `GET /products/:id` under `schema`. */
function api(product: Shape<Product>, schema: SchemaObject = ref('Product'), body: unknown = desk, layout?: Layout, productSchema: SchemaObject = schemas.Product) {
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Products have a title.', [fieldRenamed(product, { older: 'name', newer: 'title' })]),
          change('Prices are cents.', [fieldChanged(Price, 'cents', { down: (cents) => (cents / 100).toFixed(2), up: (text) => Math.round(Number(text) * 100), olderSchema: { type: 'string' } })]),
          change('Tags have a label.', [fieldRenamed(Tag, { older: 'name', newer: 'label' })]),
        ],
      },
    ],
    bodies: { 'GET /products/:id': { response: layout ?? product } },
  })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  app.get('/products/:id', (c) => c.json(body as object))
  const document: OpenAPIDocument = {
    openapi: '3.1.0',
    info: { title: 'Products', version: '2' },
    paths: { '/products/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'A product.', content: { 'application/json': { schema } } } } } } },
    components: { schemas: { ...schemas, Product: productSchema, Catalog: { type: 'object', properties: { featured: ref('Product') }, additionalProperties: ref('Product') } } },
  }
  return { app, documents: () => versionedOpenAPI({ scheme, app, document, changelog: history }) }
}

describe("an older document shows a changed shape only where the route's layout migrates it", () => {
  it('refuses a nested shape the holding shape does not declare, naming the place and the nested to declare', async () => {
    const { app, documents } = api(shape<Product>('Product'))
    expect(documents).toThrow(
      "versionedOpenAPI: GET /products/{id} answers 200 with Price at $.price, whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's Price while its document shows the older one. Declare where it sits in Product: shape('Product', { nested: { price: Price } }).",
    )
    // What the document would have hidden: version 1 gets the head's price and tags.
    const res = await app.request('/products/1', { headers: { 'Api-Version': '1' } })
    expect(await res.json()).toEqual({ id: 1, name: 'Desk', price: { cents: 1250, currency: 'EUR' }, tags: [{ label: 'oak' }] })
  })

  it('names a list of shapes as a list', () => {
    expect(api(shape<Product>('Product', { nested: { price: Price } })).documents).toThrow(
      "versionedOpenAPI: GET /products/{id} answers 200 with Tag at $.tags[*], whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's Tag while its document shows the older one. Declare where it sits in Product: shape('Product', { nested: { tags: [Tag] } }).",
    )
  })

  it('declared, the older document and the older answer agree', async () => {
    const { app, documents } = api(shape<Product>('Product', { nested: { price: Price, tags: [Tag] } }))
    const older = documents().document('1').components?.schemas as Record<string, { properties: Record<string, { type?: unknown }> }>
    expect(older['Price']?.properties['cents']?.type).toBe('string')
    expect(Object.keys(older['Tag']?.properties ?? {})).toEqual(['name'])
    const res = await app.request('/products/1', { headers: { 'Api-Version': '1' } })
    expect(await res.json()).toEqual({ id: 1, name: 'Desk', price: { cents: '12.50', currency: 'EUR' }, tags: [{ name: 'oak' }] })
  })

  it('names the layout of a body the route lays out otherwise, and refuses a map of shapes (a field no layout can name)', () => {
    const product = shape<Product>('Product', { nested: { price: Price, tags: [Tag] } })
    expect(api(product, { type: 'array', items: ref('Product') }, [desk]).documents).toThrow(
      "versionedOpenAPI: GET /products/{id} answers 200 with Product at $[*], whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's Product while its document shows the older one. Give the route the layout that holds it: versionHistory({ bodies: { 'GET /products/:id': { response: [Product] } } }).",
    )
    expect(api(product, { type: 'array', items: ref('Product') }, [desk], [product]).documents).not.toThrow()
    expect(api(product, ref('Catalog'), { featured: desk, desk }, { featured: product }).documents).toThrow(
      "versionedOpenAPI: GET /products/{id} answers 200 with Product at $.*, whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's Product while its document shows the older one. No layout reaches it there (a map's values, or a field of an object no shape holds): refer to another component there, or make what holds it a shape that declares it nested.",
    )
  })

  it('refuses a shape inside itself, which nested cannot declare', () => {
    const product = shape<Product>('Product', { nested: { price: Price, tags: [Tag] } })
    const recursive = { ...schemas.Product, properties: { ...schemas.Product.properties, parent: { anyOf: [ref('Product'), { type: 'null' }] } } }
    expect(api(product, ref('Product'), desk, undefined, recursive).documents).toThrow(
      "versionedOpenAPI: GET /products/{id} answers 200 with Product at $.parent, whose shape in version 1 differs from the head's, but the route's response layout puts no shape there: version 1 would get the head's Product while its document shows the older one. A shape cannot be nested in itself (its nested shapes are read when it is made), so no version migrates it there: refer to another component at Product.parent (one no version changes, as that field is sent).",
    )
  })
})

describe("an older request body is checked and documented as its version's only where the route's layout migrates it", () => {
  const changes = [change('Prices are cents.', [fieldChanged(Price, 'cents', { down: (cents) => (cents / 100).toFixed(2), up: (text) => Math.round(Number(text) * 100), olderSchema: { type: 'string' } })])]
  const history = (product: Shape<Product>, validated: boolean) =>
    versionHistory({ versions: [{ version: '1' }, { version: '2', changes }], bodies: { 'POST /products': { request: product } }, ...(validated ? { validation: requestValidation({ schemas }) } : {}) })

  it('refuses, at construction, to check a nested shape the migration does not reach: the handler would get an older Price', () => {
    expect(() => history(shape<Product>('Product'), true)).toThrow(
      "requestValidation: a request body's schema refers to Price at $.price, which version 2 changes, but its layout puts no shape there: an older version's body would be checked with its own Price and reach the handler unmigrated; declare where it sits in Product: shape('Product', { nested: { price: Price } }).",
    )
    expect(() => history(shape<Product>('Product', { nested: { price: Price } }), true)).not.toThrow()
  })

  it('refuses to document it, with the app and its history', () => {
    const documents = (product: Shape<Product>) => {
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme, changes: history(product, false) }))
      app.post('/products', async (c) => c.json(await c.req.json(), 201))
      const document: OpenAPIDocument = {
        openapi: '3.1.0',
        info: { title: 'Products', version: '2' },
        paths: { '/products': { post: { requestBody: { required: true, content: { 'application/json': { schema: ref('Product') } } }, responses: { '201': { description: 'Created.' } } } } },
        components: { schemas },
      }
      return () => versionedOpenAPI({ scheme, app, document, changelog: history(product, false) })
    }
    expect(documents(shape<Product>('Product'))).toThrow(
      "versionedOpenAPI: POST /products's request body holds Price at $.price, whose shape in version 1 differs from the head's, but the route's request layout puts no shape there: version 1's body would reach the handler unmigrated while its document shows the older one. Declare where it sits in Product: shape('Product', { nested: { price: Price } }).",
    )
    expect(documents(shape<Product>('Product', { nested: { price: Price } }))).not.toThrow()
  })
})
