/**
 * Older documents from a user's own head document: a removed field declared
 * required in older versions is required there, and an enum value added to
 * a shared enum component (used by a body field and by a query parameter)
 * is gone from the component in older documents, wherever it is used; a
 * route whose path changed is in every version's document at its own path.
 */
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldRemoved, pathChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIInput } from '../../src/openapi/types.ts'

const Product = shape<{ title: string; status: string }>('Product')
const history = versionHistory({
  versions: [
    { version: 'v1' },
    {
      version: 'v2',
      changes: [
        change('Products no longer have a SKU; they can be drafts.', [
          fieldRemoved(Product, 'sku', { schema: { type: 'string' }, required: true }),
          enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }),
        ]),
      ],
    },
  ],
})

const head = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: 'v2' },
  paths: {
    '/products': {
      get: {
        parameters: [{ name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } }],
        responses: { 200: { description: 'The products', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Product' } } } } } },
      },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Product' } } } },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
  components: {
    schemas: {
      Product: { type: 'object', properties: { title: { type: 'string' }, status: { $ref: '#/components/schemas/Status' } }, required: ['title'] },
      Status: { type: 'string', enum: ['active', 'archived', 'draft'] },
    },
  },
} as unknown as OpenAPIInput

describe('older documents from the head document', () => {
  const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), document: head, changelog: history })
  const schemas = (version: string) => docs.document(version).components?.schemas as Record<string, { enum?: unknown[]; required?: string[]; properties?: Record<string, unknown> }>

  it('a removed field declared required is required in older versions', () => {
    expect(schemas('v1')['Product']?.required).toEqual(['title', 'sku'])
    expect(schemas('v1')['Product']?.properties?.['sku']).toEqual({ type: 'string' })
    expect(schemas('v2')['Product']?.required).toEqual(['title'])
  })

  it('a shared enum component loses the added value in older versions, for the query parameter too', () => {
    expect(schemas('v2')['Status']?.enum).toEqual(['active', 'archived', 'draft'])
    expect(schemas('v1')['Status']?.enum).toEqual(['active', 'archived'])
    const parameter = (docs.document('v1').paths?.['/products']?.get?.parameters?.[0] ?? {}) as { schema?: unknown }
    expect(parameter.schema).toEqual({ $ref: '#/components/schemas/Status' })
    expect(schemas('v1')['Product']?.properties?.['status']).toEqual({ $ref: '#/components/schemas/Status' })
  })
})

describe('a table route whose path changed, documented from the head document', () => {
  const moved = versionHistory({
    versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Search moved under the catalogue.', [pathChanged('search', { older: '/search', newer: '/catalog/search' })])] }],
  })
  const routes = defineRoutes(moved.routes([route('search', '/catalog/search'), route('product-list', '/products')]))
  const document = {
    openapi: '3.1.0',
    info: { title: 'Shop', version: 'v2' },
    paths: {
      '/catalog/search': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'Found' } } } },
      '/products': { get: { responses: { 200: { description: 'The products' } } } },
    },
  } as unknown as OpenAPIInput

  it.each([
    ['from the table alone', undefined],
    ['from the head document', document],
  ])('%s: each version has it at its own path', (_source, head) => {
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes, changelog: moved, ...(head === undefined ? {} : { document: head }) })
    expect(Object.keys(docs.document('v2').paths ?? {}).sort()).toEqual(['/catalog/search', '/products'])
    expect(Object.keys(docs.document('v1').paths ?? {}).sort()).toEqual(['/products', '/search'])
  })
})

describe('many versions', () => {
  // Each version's schemas were made from the next newer one's by a call per version: the document of the oldest of
  // 10,000 versions overflowed the stack (RangeError) on its first request.
  it('the document of the oldest of 10,000 versions is made', () => {
    const versions = Array.from({ length: 10_000 }, (_, i) => `v${i}`)
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: versions }), routes: defineRoutes([route('items', '/items')]) })
    expect(Object.keys(docs.document('v0').paths)).toEqual(['/items'])
    expect(docs.document('v0').components?.schemas).toEqual(docs.document('v9999').components?.schemas)
  })
})
