/**
 * A small API for the contracts tests, built in variants: three versions
 * (`v1`, `v2` released, `v3` the head), a product whose `name` became
 * `title` in v2, its OpenAPI documents, and the recorded requests. A
 * variant changes the head (its view, its document) and may declare the
 * change in v3, as a developer would.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { contracts, validateResponses } from '../../src/contracts/index.ts'
import type { ValidateResponsesOptions } from '../../src/contracts/validate-responses.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { Instruction } from '../../src/changes/instruction.ts'

export interface ProductBody {
  readonly id: number
  readonly title: string
  readonly sku: string
}

export const Product = shape<ProductBody>('Product')

/** How a variant differs from the API as recorded. */
export interface Variant {
  /** The head view of a product. */
  readonly product?: (id: number) => Record<string, unknown>
  /** The head document's Product schema. */
  readonly schema?: Record<string, unknown>
  /** The status of POST /products. @default 200 */
  readonly created?: number
  /** Whether the head view of a product sets X-Stock. @default true */
  readonly stock?: boolean
  /** Whether GET /products/{id} still has its handler and its operation in the head document. @default true */
  readonly detail?: boolean
  /** The changes the head version v3 declares. @default none */
  readonly declared?: readonly Instruction[]
  /** A version newer than v3 (v3 is then released). */
  readonly newer?: string
  /** Options of validateResponses, put before the versioning middleware. @default no validation */
  readonly validate?: ValidateResponsesOptions
}

export const productSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, title: { type: 'string' }, sku: { type: 'string' } },
  // Optional: a removed field comes back to older documents (its `schema`), not to their `required` list.
  required: ['id', 'title'],
}


/** The API in a variant: its app, its documents, its contracts. */
export function catalogApi(variant: Variant = {}) {
  const { product = (id: number) => ({ id, title: `Lamp ${id}`, sku: `L-${id}` }), schema = productSchema, created = 200, stock = true, detail = true, declared = [], newer, validate } = variant
  const history = versionHistory({
    versions: [
      { version: 'v1' },
      { version: 'v2', changes: [change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' })], { id: 'titles' })] },
      { version: 'v3', changes: declared.length === 0 ? [] : [change('The head change.', [...declared], { id: 'head-change' })] },
      ...(newer === undefined ? [] : [{ version: newer }]),
    ],
    bodies: { 'product-list': { response: { items: [Product] } }, 'product-detail': { response: Product } },
  })
  const routes = defineRoutes(history.routes([route('product-list', '/products'), route('product-detail', '/products/:id{[0-9]+}')]))
  const scheme = new HeaderVersioning({ header: 'Api-Version', allowedVersions: [...history.versions], defaultVersion: history.head })
  const versioning = apiVersioning({ scheme, routes, changes: history })
  const json = (status: string, schema: object) => ({ [status]: { description: 'Products.', content: { 'application/json': { schema } } } })
  const list = { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Product' } } }, required: ['items'] }
  const document = {
    openapi: '3.1.0',
    info: { title: 'Lamps', version: history.head },
    paths: {
      '/products': {
        get: { responses: json('200', list) },
        post: { responses: json(String(created), list) },
      },
      ...(detail ? { '/products/{id}': { get: { responses: json('200', { $ref: '#/components/schemas/Product' }) } } } : {}),
    },
    components: { schemas: { Product: schema } },
  }
  const documents = versionedOpenAPI({ scheme, routes, document, changelog: history })
  const app = new Hono()
  // Quiet: Hono's own onError logs each error.
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(error.message, 500)))
  if (validate !== undefined) app.use('*', validateResponses(documents, validate))
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'product-list': {
      get: (c) => c.json({ items: [product(1), product(2)] }),
      post: (c) => c.json({ items: [product(3)] }, created as 200),
    },
    ...(detail ? { 'product-detail': (c) => c.json(product(Number(c.req.param('id'))), 200, stock ? { 'X-Stock': '5' } : {}) } : {}),
  })
  const send = (path: string, method = 'GET') => (version: string) => new Request(`https://lamps.test${path}`, { method, headers: { 'Api-Version': version } })
  const frozen = contracts({
    app,
    versions: history.versions,
    documents,
    requests: { 'list products': send('/products'), 'product 1': send('/products/1'), 'create a product': send('/products', 'POST') },
  })
  return { app, history, documents, contracts: frozen }
}
