/**
 * OpenAPI documents from the user's own head-version document, made by two
 * of Hono's OpenAPI tools (hono-openapi and @hono/zod-openapi, 3.1 and 3.0
 * output): each version keeps the tool's descriptions, schemas and
 * examples, lacks the routes and components it does not have, and has its
 * component schemas rewritten by the changelog (a renamed field renamed
 * back, a removed one back, an added one gone, an enum without its newer
 * value, a changed field with its older schema). Every document validates
 * against the official OpenAPI 3.1 schema.
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { describeRoute, generateSpecs, resolver, validator } from 'hono-openapi'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning, versioned } from '../../../src/index.ts'
import { versionPolicy } from '../../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { operation, operationsOf } from '../../support/document-readers.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'
import type { Changelog } from '../../../src/changes/changelog.ts'
import type { OpenAPIDocument, SchemaObject } from '../../../src/openapi/types.ts'
import type { VersionedOpenAPI } from '../../../src/openapi/documents.ts'

/** The changes of the shop API, by route name (table routes) or `METHOD /path` (plain Hono routes). */
function shopChangelog(reviews: string, exports: string): Changelog {
  return {
    head: 'v3',
    versions: [
      {
        version: 'v3',
        changes: [
          { id: 'product-title', description: 'Products have a `title` instead of a `name`.', instructions: [{ type: 'field.renamed', shape: 'Product', older: 'name', newer: 'title' }] },
          { id: 'archived', description: 'Products can be `archived`.', instructions: [{ type: 'enum.added', shape: 'Product', field: 'status', values: ['archived'] }] },
          { id: 'tags', description: 'Products have tags.', instructions: [{ type: 'field.added', shape: 'Product', field: 'tags' }] },
          { id: 'reviews', description: 'Adds the reviews of a product.', instructions: [{ type: 'route.added', route: reviews }] },
        ],
      },
      {
        version: 'v2',
        changes: [
          {
            id: 'price-object',
            description: 'A price is an amount in cents and a currency.',
            instructions: [{ type: 'field.changed', shape: 'Product', field: 'price', olderSchema: { type: 'string', description: 'The price in euros, such as "12.50".' } }],
          },
          { id: 'no-sku', description: 'Products no longer have a SKU.', instructions: [{ type: 'field.removed', shape: 'Product', field: 'sku', schema: { type: 'string', description: 'The stock keeping unit.', examples: ['SKU-1'] } }] },
          { id: 'no-exports', description: 'Removes the CSV exports.', instructions: [{ type: 'route.removed', route: exports }] },
        ],
      },
    ],
  }
}

const headExample = { id: 1, title: 'Sencha', status: 'live', price: { amount: 1250, currency: 'EUR' }, tags: ['green'] }

/** The component schema of a document, resolved by name. */
function schemaOf(document: OpenAPIDocument, name: string): SchemaObject {
  const schema = document.components?.schemas?.[name]
  expect(schema, `components.schemas.${name}`).toBeDefined()
  return schema as SchemaObject
}

/** What every source must give for the Product shape in each version. */
function expectProductShapes(docs: VersionedOpenAPI): void {
  const v3 = schemaOf(docs.document('v3'), 'Product')
  expect(Object.keys(v3.properties ?? {})).toEqual(['id', 'title', 'status', 'price', 'tags'])
  expect(v3.properties?.['title']?.description).toBe('The product name')
  expect(v3.properties?.['status']?.enum).toEqual(['draft', 'live', 'archived'])
  expect(v3['example']).toEqual(headExample)

  const v2 = schemaOf(docs.document('v2'), 'Product')
  expect(Object.keys(v2.properties ?? {})).toEqual(['id', 'name', 'status', 'price'])
  // The renamed field keeps the tool's description; required follows the rename.
  expect(v2.properties?.['name']?.description).toBe('The product name')
  expect(v2.required).toEqual(['id', 'name', 'status', 'price'])
  expect(v2.properties?.['status']?.enum).toEqual(['draft', 'live'])
  expect(v2.properties?.['price']?.type).toBe('object')
  expect(v2['example']).toEqual({ id: 1, name: 'Sencha', status: 'live', price: { amount: 1250, currency: 'EUR' } })

  const v1 = schemaOf(docs.document('v1'), 'Product')
  expect(Object.keys(v1.properties ?? {})).toEqual(['id', 'name', 'status', 'price', 'sku'])
  expect(v1.properties?.['price']).toEqual({ type: 'string', description: 'The price in euros, such as "12.50".' })
  expect(v1.properties?.['sku']).toEqual({ type: 'string', description: 'The stock keeping unit.', examples: ['SKU-1'] })
  expect(v1.properties?.['status']?.enum).toEqual(['draft', 'live'])
  // The example's price was the newer shape: it is left out rather than shown wrong (the older schema has no example);
  // the field that came back has its schema's example.
  expect(v1['example']).toEqual({ id: 1, name: 'Sencha', status: 'live', sku: 'SKU-1' })
}

describe('hono-openapi (generateSpecs) with a route table and URLPathVersioning', () => {
  const Price = z.object({ amount: z.number().int(), currency: z.string() })
  const Product = z
    .object({ id: z.number().int(), title: z.string().describe('The product name'), status: z.enum(['draft', 'live', 'archived']), price: Price, tags: z.array(z.string()) })
    .meta({ id: 'Product', example: headExample })
  const Review = z.object({ stars: z.number().int().min(1).max(5), text: z.string() }).meta({ id: 'Review' })
  const json = (schema: Parameters<typeof resolver>[0], description: string) => ({ description, content: { 'application/json': { schema: resolver(schema) } } })

  const app = new Hono()
  const base = '/api/:version{v[0-9]+}'
  app.get(`${base}/products`, describeRoute({ summary: 'List the products', tags: ['products'], responses: { 200: json(z.array(Product), 'The products') } }), (c) => c.json([]))
  app.post(`${base}/products`, describeRoute({ summary: 'Add a product', tags: ['products'], responses: { 201: json(Product, 'The new product') } }), validator('json', Product), (c) => c.json({}, 201))
  app.get(`${base}/products/:id{[0-9]+}`, describeRoute({ summary: 'One product', tags: ['products'], responses: { 200: json(Product, 'The product') } }), (c) => c.json({}))
  app.get(`${base}/products/:id{[0-9]+}/reviews`, describeRoute({ summary: 'Its reviews', tags: ['reviews'], responses: { 200: json(z.array(Review), 'The reviews') } }), (c) => c.json([]))
  app.get(`${base}/exports`, describeRoute({ summary: 'CSV exports', tags: ['exports'], responses: { 200: { description: 'The export', content: { 'text/csv': { schema: { type: 'string' } } } } } }), (c) => c.text(''))

  const routes = defineRoutes([
    include(base, [
      route('product-list', '/products'),
      route('product-detail', '/products/:id{[0-9]+}'),
      versioned(['v3'], route('review-list', '/products/:id{[0-9]+}/reviews')),
      versioned(['v1'], route('export-list', '/exports')),
    ]),
  ])
  let docs: VersionedOpenAPI
  let head: Awaited<ReturnType<typeof generateSpecs>>
  const changelog = shopChangelog('review-list', 'export-list')

  beforeAll(async () => {
    head = await generateSpecs(app, { documentation: { info: { title: 'Shop', version: 'v3', description: 'The shop.' } } })
    docs = versionedOpenAPI({
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
      routes,
      document: head,
      changelog,
      policy: versionPolicy({ versions: { v1: { deprecation: '2026-01-01', sunset: '2099-01-01' } } }),
    })
  })

  it.each(['v3', 'v2', 'v1'])('%s: validates against the OpenAPI 3.1 schema', async (version) => {
    await expectValidOpenAPI31(docs.document(version))
  })

  it('each version has exactly its routes, at concrete paths', () => {
    expect(operationsOf(docs.document('v3'))).toEqual(['GET /api/v3/products', 'POST /api/v3/products', 'GET /api/v3/products/{id}', 'GET /api/v3/products/{id}/reviews'])
    expect(operationsOf(docs.document('v2'))).toEqual(['GET /api/v2/products', 'POST /api/v2/products', 'GET /api/v2/products/{id}'])
    expect(operationsOf(docs.document('v1'))).toEqual(['GET /api/v1/products', 'POST /api/v1/products', 'GET /api/v1/products/{id}', 'GET /api/v1/exports'])
  })

  it("keeps the tool's summaries, operationIds and responses; the version path param is filled in, the table gives id its pattern", () => {
    const detail = operation(docs.document('v2'), '/api/v2/products/{id}')
    expect(detail.summary).toBe('One product')
    expect(detail.operationId).toBe('getApiByVersionProductsById')
    expect(detail.parameters).toEqual([{ schema: { type: 'string', pattern: '^(?:[0-9]+)$' }, in: 'path', name: 'id', required: true }])
    expect(detail.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Product' })
    // hono-openapi documents the validator's 400.
    expect(Object.keys(operation(docs.document('v2'), '/api/v2/products', 'post').responses)).toEqual(['201', '400', '404'])
  })

  it('the components and tags only missing routes used are gone', () => {
    expect(Object.keys(docs.document('v3').components?.schemas ?? {})).toEqual(['Product', 'Review', 'VersioningError'])
    expect(Object.keys(docs.document('v2').components?.schemas ?? {})).toEqual(['Product', 'VersioningError'])
    expect(Object.keys(docs.document('v1').components?.schemas ?? {})).toEqual(['Product', 'VersioningError'])
  })

  it('rewrites the Product schema of each older version by the changelog', () => {
    expectProductShapes(docs)
  })

  it("leaves the caller's document and changelog as they were (documents are frozen copies)", () => {
    const before = JSON.stringify([head, changelog])
    for (const version of ['v3', 'v2', 'v1']) docs.document(version)
    expect(JSON.stringify([head, changelog])).toBe(before)
    expect(Object.isFrozen(head.components.schemas?.['Product'])).toBe(false)
    expect(Object.isFrozen((changelog.versions[1]?.changes[1]?.instructions[0] as { schema?: object }).schema)).toBe(false)
    expect(Object.isFrozen(schemaOf(docs.document('v1'), 'Product').properties?.['sku'])).toBe(true)
  })

  it("a deprecated version's operations are deprecated; descriptions keep the tool's text and add the changelog", () => {
    expect(operation(docs.document('v1'), '/api/v1/products').deprecated).toBe(true)
    expect(operation(docs.document('v2'), '/api/v2/products').deprecated).toBeUndefined()
    const description = docs.document('v2').info.description ?? ''
    expect(description.startsWith('The shop.\n\n')).toBe(true)
    expect(description).toContain('### v2 (this version)\n\n- A price is an amount in cents and a currency.\n- Products no longer have a SKU.\n- Removes the CSV exports.')
  })
})

describe('@hono/zod-openapi with HeaderVersioning and no route table', () => {
  const Price = zo.object({ amount: zo.number().int(), currency: zo.string() })
  const Product = zo
    .object({
      id: zo.number().int(),
      title: zo.string().openapi({ description: 'The product name' }),
      status: zo.enum(['draft', 'live', 'archived']),
      price: Price,
      tags: zo.array(zo.string()),
      note: zo.string().nullable(),
    })
    .openapi('Product', { example: headExample })
  const Review = zo.object({ stars: zo.number().int() }).openapi('Review')
  const ok = (schema: typeof Product | typeof Review, description: string) => ({ 200: { description, content: { 'application/json': { schema } } } })

  const app = new OpenAPIHono()
  const id = zo.object({ id: zo.string().regex(/^[0-9]+$/) })
  app.openapi(createRoute({ method: 'get', path: '/products/{id}', summary: 'One product', request: { params: id }, responses: ok(Product, 'The product') }), (c) => c.json(c.req.valid('param') as never))
  app.openapi(createRoute({ method: 'get', path: '/products/{id}/reviews', request: { params: id }, responses: ok(Review, 'A review') }), (c) => c.json({ stars: 5 }))
  app.openapi(createRoute({ method: 'get', path: '/exports', responses: { 200: { description: 'The export' } } }), (c) => c.text(''))

  const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' })
  const changelog = shopChangelog('GET /products/:id/reviews', 'GET /exports')

  describe.each([
    ['3.1 (getOpenAPI31Document)', () => app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Shop', version: 'v3' } })],
    ['3.0 (getOpenAPIDocument)', () => app.getOpenAPIDocument({ openapi: '3.0.0', info: { title: 'Shop', version: 'v3' } })],
  ])('from OpenAPI %s', (_name, make) => {
    const docs = versionedOpenAPI({ scheme, document: make(), changelog })

    it.each(['v3', 'v2', 'v1'])('%s: validates against the OpenAPI 3.1 schema', async (version) => {
      await expectValidOpenAPI31(docs.document(version))
    })

    it('each version has exactly its routes; the header carries the version', () => {
      expect(operationsOf(docs.document('v3'))).toEqual(['GET /products/{id}', 'GET /products/{id}/reviews'])
      expect(operationsOf(docs.document('v2'))).toEqual(['GET /products/{id}'])
      expect(operationsOf(docs.document('v1'))).toEqual(['GET /products/{id}', 'GET /exports'])
      const detail = operation(docs.document('v1'), '/products/{id}')
      expect(detail.summary).toBe('One product')
      expect(detail.parameters?.map((p) => [p.in, p.name, p.required, p.schema])).toEqual([
        ['path', 'id', true, { type: 'string', pattern: '^[0-9]+$' }],
        ['header', 'Api-Version', true, { type: 'string', enum: ['v1'] }],
      ])
      expect(operation(docs.document('v3'), '/products/{id}').parameters?.[1]?.required).toBe(false)
    })

    it('rewrites the Product schema of each older version by the changelog, and 3.0 forms become 3.1', () => {
      expectProductShapes({
        versions: docs.versions,
        // The zod-openapi Product has one more field (note), checked below; compare the rest.
        document: (v) => {
          const document = docs.document(v)
          const product = schemaOf(document, 'Product')
          const { note: _note, ...properties } = product.properties ?? {}
          return { ...document, components: { schemas: { Product: { ...product, properties, required: (product.required ?? []).filter((f) => f !== 'note') } } } }
        },
      })
      expect(schemaOf(docs.document('v1'), 'Product').properties?.['note']).toEqual({ type: ['string', 'null'] })
      expect(Object.keys(docs.document('v2').components?.schemas ?? {})).toEqual(['Product', 'VersioningError'])
    })
  })

  it('without a changelog, a tool document gives every version the head shapes and routes (nothing is invented)', async () => {
    const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Shop', version: 'v3' } }) })
    await expectValidOpenAPI31(docs.document('v1'))
    expect(operationsOf(docs.document('v1'))).toEqual(['GET /products/{id}', 'GET /products/{id}/reviews', 'GET /exports'])
    expect(Object.keys(schemaOf(docs.document('v1'), 'Product').properties ?? {})).toEqual(['id', 'title', 'status', 'price', 'tags', 'note'])
  })
})
