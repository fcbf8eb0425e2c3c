/**
 * One products API in the three app styles (a route table with
 * `mountRoutes`, plain Hono routes, @hono/zod-openapi routes), each with its
 * per-version OpenAPI documents, for a differential between the features
 * that read the one model of each version: the server's answers, the
 * documents, the typed client and the contracts. Versions '1', '2', '3' in
 * `Api-Version`, '3' the head. Version 2:
 * - a product's `name` is `title`; its `price` is `{ amount, currency }`
 *   (a string "12.50" before); its `status` can be `archived`;
 * - the reviews route is added, the export route removed;
 * - the list's `?q` is `?search`, its `X-Shop` header `X-Store`;
 * - creating a product answers 201 (200 before); a problem's `message` is
 *   `detail`;
 * Version 3:
 * - a product's `size` ("10x20") is split into `width` and `height` (older
 *   requests must still send `size`);
 * - the catalogue entry moved from `/items/:id` to `/catalogue/:id`.
 */
import { createRoute, OpenAPIHono, z as zo } from '@hono/zod-openapi'
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  change,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  pathChanged,
  queryParamRenamed,
  requestHeaderRenamed,
  routeAdded,
  routeRemoved,
  shape,
  statusChanged,
  versionHistory,
} from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

export type Status = 'draft' | 'live' | 'archived'
export interface Price {
  amount: number
  currency: string
}
export interface Product {
  id: number
  title: string
  price: Price
  status: Status
  width: number
  height: number
}
export interface NewProduct {
  title: string
  price: Price
  status: Status
  width: number
  height: number
}
export interface Review {
  stars: number
  text: string
}
export const ProductShape = shape<Product>('Product')
export const NewProductShape = shape<NewProduct>('NewProduct')
/** The body of a 404 the handlers answer. */
export const ProblemShape = shape<{ detail: string }>('Problem')
/** The list's query parameters. */
export interface ProductFilter {
  search?: string
  status?: Status
}
export const ProductFilterShape = shape<ProductFilter>('ProductFilter')

export const VERSIONS = ['1', '2', '3'] as const
export const ORIGIN = 'https://shop.test'
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })

const PriceSchema = { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } }, required: ['amount', 'currency'], additionalProperties: false }
const NewProductSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    price: PriceSchema,
    status: { type: 'string', enum: ['draft', 'live', 'archived'] },
    width: { type: 'integer', minimum: 0 },
    height: { type: 'integer', minimum: 0 },
  },
  required: ['title', 'price', 'status', 'width', 'height'],
  additionalProperties: false,
}

const sizeOf = (older: Record<string, unknown>): number[] => String(older['size'] ?? '0x0').split('x').map(Number)
const olderPrice = { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' } as const

/** The changes, the routes named as the style names them. */
function versionsFor<const L extends string, const C extends string, const R extends string, const E extends string, const I extends string, const D extends string>(names: { list: L; create: C; reviews: R; exportRoute: E; item: I; remove: D }) {
  return [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Products have a title instead of a name.', [fieldRenamed(ProductShape, { older: 'name', newer: 'title' }), fieldRenamed(NewProductShape, { older: 'name', newer: 'title' })]),
        change('Prices are an amount in cents and a currency.', [
          fieldChanged(ProductShape, 'price', { down: (p) => (p.amount / 100).toFixed(2), up: (p) => ({ amount: Math.round(Number(p) * 100), currency: 'EUR' }), olderSchema: olderPrice }),
          fieldChanged(NewProductShape, 'price', { down: (p) => (p.amount / 100).toFixed(2), up: (p) => ({ amount: Math.round(Number(p) * 100), currency: 'EUR' }), olderSchema: olderPrice }),
        ]),
        change('Products can be archived.', [
          enumValuesAdded(ProductShape, 'status', ['archived'], { fallback: 'draft' }),
          enumValuesAdded(NewProductShape, 'status', ['archived'], { fallback: 'draft' }),
          enumValuesAdded(ProductFilterShape, 'status', ['archived'], { fallback: 'draft' }),
        ]),
        change('Products have reviews and can be deleted; the export is gone.', [routeAdded(names.reviews), routeAdded(names.remove), routeRemoved(names.exportRoute)]),
        change('The list is searched with ?search, in the store X-Store.', [queryParamRenamed(names.list, { older: 'q', newer: 'search' }), requestHeaderRenamed(names.list, { older: 'X-Shop', newer: 'X-Store' })]),
        change('Creating a product answers 201.', [statusChanged(names.create, { older: 200, newer: 201 })]),
        change('A problem has a detail instead of a message.', [fieldRenamed(ProblemShape, { older: 'message', newer: 'detail' })]),
      ],
    },
    {
      version: '3',
      changes: [
        change('A size is a width and a height.', [
          fieldAdded(ProductShape, 'width'),
          fieldAdded(ProductShape, 'height'),
          fieldRemoved(ProductShape, 'size', { older: (p) => `${p.width}x${p.height}`, required: true, schema: { type: 'string' } }),
          fieldAdded(NewProductShape, 'width', { default: (older) => sizeOf(older)[0] ?? 0 }),
          fieldAdded(NewProductShape, 'height', { default: (older) => sizeOf(older)[1] ?? 0 }),
          fieldRemoved(NewProductShape, 'size', { required: true, schema: { type: 'string', pattern: '^[0-9]+x[0-9]+$' } }),
        ]),
        change('The catalogue entry moved.', [pathChanged(names.item, { older: '/items/:id', newer: '/catalogue/:id' })]),
      ],
    },
  ] as const
}

const ProductFilterSchema = { type: 'object', properties: { search: { type: 'string' }, status: { type: 'string', enum: ['draft', 'live', 'archived'] } } }
const validationOf = (list: string) => requestValidation({ schemas: { NewProduct: NewProductSchema, ProductFilter: ProductFilterSchema }, parameters: { [list]: { query: ProductFilterShape } } })
export const requestSchemas = { NewProduct: NewProductSchema }

const lamp: Product = { id: 1, title: 'Lamp', price: { amount: 1250, currency: 'EUR' }, status: 'live', width: 10, height: 20 }
const find = (id: string): Product | undefined => (Number(id) === 1 ? lamp : undefined)
const reviews: Review[] = [{ stars: 5, text: 'Bright.' }]

const NewProductZ = z.object({
  title: z.string().min(1),
  price: z.object({ amount: z.number().int(), currency: z.string() }),
  status: z.enum(['draft', 'live', 'archived']),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
})
const listQuery = z.object({ search: z.string().optional(), status: z.enum(['draft', 'live', 'archived']).optional() })
const listHeaders = z.object({ 'x-store': z.string().optional() })
const listOf = (search: string | undefined, store: string | undefined) => ({ items: [lamp].filter((p) => search === undefined || p.title.includes(search)), store: store ?? null })

/** What a zod validator (`zValidator`, @hono/zod-openapi's default hook) answers a body it refuses with: 400. */
const InvalidSchema = { type: 'object', properties: { success: { const: false }, error: { type: 'object' } }, required: ['success', 'error'] }

/** The head document of the table and plain styles, written by hand. */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const jsonOf = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } })
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }
const notFound = jsonOf('Not found.', ref('Problem'))
export const headDocument = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '3' },
  paths: {
    '/products': {
      get: {
        operationId: 'listProducts',
        parameters: [
          { name: 'search', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['draft', 'live', 'archived'] } },
          { name: 'x-store', in: 'header', required: false, schema: { type: 'string' } },
        ],
        responses: { '200': jsonOf('Products.', ref('ProductList')), '400': jsonOf('Not a filter (the validator).', ref('Invalid')) },
      },
      post: {
        operationId: 'createProduct',
        requestBody: { required: true, content: { 'application/json': { schema: ref('NewProduct') } } },
        responses: { '201': jsonOf('Created.', ref('Product')), '400': jsonOf('Not a new product (the validator).', ref('Invalid')) },
      },
    },
    '/products/{id}': {
      get: { operationId: 'getProduct', parameters: [idParam], responses: { '200': jsonOf('A product.', ref('Product')), '404': notFound } },
      patch: { operationId: 'patchProduct', parameters: [idParam], requestBody: { required: true, content: { 'application/json': { schema: ref('ProductPatch') } } }, responses: { '200': jsonOf('Patched.', ref('Product')), '404': notFound } },
      delete: { operationId: 'deleteProduct', parameters: [idParam], responses: { '204': { description: 'Deleted.' } } },
    },
    '/products/{id}/reviews': { get: { operationId: 'listReviews', parameters: [idParam], responses: { '200': jsonOf('Reviews.', { type: 'array', items: ref('Review') }) } } },
    '/export': { get: { operationId: 'exportProducts', responses: { '200': jsonOf('The export.', ref('Export')) } } },
    '/catalogue/{id}': { get: { operationId: 'getCatalogueItem', parameters: [idParam], responses: { '200': jsonOf('A catalogue item.', ref('Product')) } } },
  },
  components: {
    schemas: {
      Price: PriceSchema,
      Product: {
        type: 'object',
        properties: { id: { type: 'integer' }, title: { type: 'string' }, price: ref('Price'), status: { type: 'string', enum: ['draft', 'live', 'archived'] }, width: { type: 'integer' }, height: { type: 'integer' } },
        required: ['id', 'title', 'price', 'status', 'width', 'height'],
        additionalProperties: false,
      },
      NewProduct: NewProductSchema,
      ProductPatch: { type: 'object', properties: NewProductSchema.properties, additionalProperties: false },
      ProductList: { type: 'object', properties: { items: { type: 'array', items: ref('Product') }, store: { type: ['string', 'null'] } }, required: ['items', 'store'], additionalProperties: false },
      Review: { type: 'object', properties: { stars: { type: 'integer' }, text: { type: 'string' } }, required: ['stars', 'text'], additionalProperties: false },
      Export: { type: 'object', properties: { rows: { type: 'array', items: { type: 'string' } } }, required: ['rows'], additionalProperties: false },
      Problem: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
      Invalid: InvalidSchema,
    },
  },
}

/** The route table style: changes and bodies by table route name. */
const tableBodies = {
    'GET product-list': { response: { items: [ProductShape] } },
    'POST product-list': { request: NewProductShape, response: ProductShape },
    'product-detail': { request: NewProductShape, response: ProductShape, error: ProblemShape },
    'catalogue-item': { response: ProductShape },
} as const
export const tableHistory = versionHistory({
  versions: versionsFor({ list: 'GET product-list', create: 'POST product-list', reviews: 'product-reviews', exportRoute: 'product-export', item: 'catalogue-item', remove: 'DELETE product-detail' }),
  bodies: tableBodies,
  validation: validationOf('GET product-list'),
})
export function tableApp() {
  const routes = defineRoutes(
    tableHistory.routes([
      route('product-list', '/products'),
      route('product-detail', '/products/:id'),
      route('product-reviews', '/products/:id/reviews'),
      route('product-export', '/export'),
      route('catalogue-item', '/catalogue/:id'),
    ]),
  )
  const s = scheme()
  const versioning = apiVersioning({ scheme: s, routes, changes: tableHistory })
  const newProduct = zValidator('json', NewProductZ)
  const patchProduct = zValidator('json', NewProductZ.partial())
  const app = mountRoutes(new Hono(), versioning, {
    'product-list': {
      get: [zValidator('query', listQuery), zValidator('header', listHeaders), (c) => c.json(listOf(c.req.valid('query').search, (c.req.valid('header') as { 'x-store'?: string })['x-store']))],
      // The validator held in a variable, so that the handler's c.req.valid('json') is typed (docs/app-styles.md, Limits).
      post: [newProduct, (c) => c.json({ id: 2, ...c.req.valid('json') }, 201)],
    },
    'product-detail': {
      get: (c) => {
        const product = find(c.req.param('id'))
        return product === undefined ? c.json({ detail: 'no such product' }, 404) : c.json(product, 200)
      },
      patch: [patchProduct, (c) => c.json({ ...lamp, ...c.req.valid('json') } as Product, 200)],
      delete: (c) => c.body(null, 204),
    },
    'product-reviews': (c) => c.json(reviews),
    'product-export': (c) => c.json({ rows: ['1,Lamp'] }),
    'catalogue-item': (c) => c.json({ ...lamp, id: Number(c.req.param('id')) }),
  })
  const documents = versionedOpenAPI({ scheme: s, routes, app, document: headDocument, changelog: tableHistory, requests: { schemas: requestSchemas, bodies: tableBodies } })
  return { app, documents, check: () => versioning.check(app) }
}

/** Plain Hono and @hono/zod-openapi: changes and bodies by `METHOD /path`, as Hono registers them. */
export const plainBodies = {
    'GET /products': { response: { items: [ProductShape] } },
    'POST /products': { request: NewProductShape, response: ProductShape },
    'GET /products/:id': { response: ProductShape, error: ProblemShape },
    'PATCH /products/:id': { request: NewProductShape, response: ProductShape, error: ProblemShape },
    'GET /catalogue/:id': { response: ProductShape },
} as const
export const plainHistory = versionHistory({
  versions: versionsFor({ list: 'GET /products', create: 'POST /products', reviews: 'GET /products/:id/reviews', exportRoute: 'GET /export', item: 'GET /catalogue/:id', remove: 'DELETE /products/:id' }),
  bodies: plainBodies,
  validation: validationOf('GET /products'),
})
export function plainApp() {
  const s = scheme()
  const base = new Hono()
  const versioning = versionMiddleware({ scheme: s, changes: plainHistory })
  base.use('*', versioning)
  const app = base
    .get('/products', zValidator('query', listQuery), zValidator('header', listHeaders), (c) => c.json(listOf(c.req.valid('query').search, c.req.valid('header')['x-store'])))
    .post('/products', zValidator('json', NewProductZ), (c) => c.json({ id: 2, ...c.req.valid('json') }, 201))
    .get('/products/:id', (c) => {
      const product = find(c.req.param('id'))
      return product === undefined ? c.json({ detail: 'no such product' }, 404) : c.json(product, 200)
    })
    .patch('/products/:id', zValidator('json', NewProductZ.partial()), (c) => c.json({ ...lamp, ...c.req.valid('json') } as Product, 200))
    .delete('/products/:id', (c) => c.body(null, 204))
    .get('/products/:id/reviews', (c) => c.json(reviews))
    .get('/export', (c) => c.json({ rows: ['1,Lamp'] }))
    .get('/items/:id', (c) => c.json({ ...lamp, id: Number(c.req.param('id')) }))
    .get('/catalogue/:id', (c) => c.json({ ...lamp, id: Number(c.req.param('id')) }))
  const documents = versionedOpenAPI({ scheme: s, app: base, document: headDocument, changelog: plainHistory, requests: { schemas: requestSchemas, bodies: plainBodies } })
  return { app, documents, check: () => versioning.check(base) }
}

const PriceZo = zo.object({ amount: zo.number().int(), currency: zo.string() }).openapi('Price')
const StatusZo = zo.enum(['draft', 'live', 'archived'])
const ProductZo = zo.object({ id: zo.number().int(), title: zo.string(), price: PriceZo, status: StatusZo, width: zo.number().int(), height: zo.number().int() }).openapi('Product')
const NewProductZo = zo.object({ title: zo.string().min(1), price: PriceZo, status: StatusZo, width: zo.number().int().min(0), height: zo.number().int().min(0) }).openapi('NewProduct')
const ProductListZo = zo.object({ items: zo.array(ProductZo), store: zo.string().nullable() }).openapi('ProductList')
const ReviewZo = zo.object({ stars: zo.number().int(), text: zo.string() }).openapi('Review')
const ExportZo = zo.object({ rows: zo.array(zo.string()) }).openapi('Export')
const ProblemZo = zo.object({ detail: zo.string() }).openapi('Problem')
const InvalidZo = zo.object({ success: zo.literal(false), error: zo.object({}).passthrough() }).openapi('Invalid')
const json = <S extends zo.ZodType>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } })
const IdZo = zo.object({ id: zo.string() })
const listProducts = createRoute({
  operationId: 'listProducts',
  method: 'get',
  path: '/products',
  request: { query: zo.object({ search: zo.string().optional(), status: StatusZo.optional() }), headers: zo.object({ 'x-store': zo.string().optional() }) },
  responses: { 200: json('Products.', ProductListZo), 400: json('Not a filter (the validator).', InvalidZo) },
})
const createProduct = createRoute({ operationId: 'createProduct', method: 'post', path: '/products', request: { body: { content: { 'application/json': { schema: NewProductZo } }, required: true } }, responses: { 201: json('Created.', ProductZo), 400: json('Not a new product (the validator).', InvalidZo) } })
const getProduct = createRoute({ operationId: 'getProduct', method: 'get', path: '/products/{id}', request: { params: IdZo }, responses: { 200: json('A product.', ProductZo), 404: json('Not found.', ProblemZo) } })
const patchProductRoute = createRoute({ operationId: 'patchProduct', method: 'patch', path: '/products/{id}', request: { params: IdZo, body: { content: { 'application/json': { schema: NewProductZo.partial().openapi('ProductPatch') } }, required: true } }, responses: { 200: json('Patched.', ProductZo), 404: json('Not found.', ProblemZo) } })
const deleteProduct = createRoute({ operationId: 'deleteProduct', method: 'delete', path: '/products/{id}', request: { params: IdZo }, responses: { 204: { description: 'Deleted.' } } })
const listReviews = createRoute({ operationId: 'listReviews', method: 'get', path: '/products/{id}/reviews', request: { params: IdZo }, responses: { 200: json('Reviews.', zo.array(ReviewZo)) } })
const exportProducts = createRoute({ operationId: 'exportProducts', method: 'get', path: '/export', responses: { 200: json('The export.', ExportZo) } })
const getItem = createRoute({ operationId: 'getItem', method: 'get', path: '/items/{id}', request: { params: IdZo }, responses: { 200: json('A catalogue item.', ProductZo) } })
const getCatalogueItem = createRoute({ operationId: 'getCatalogueItem', method: 'get', path: '/catalogue/{id}', request: { params: IdZo }, responses: { 200: json('A catalogue item.', ProductZo) } })
export function zodOpenAPIApp() {
  const s = scheme()
  const base = new OpenAPIHono()
  const versioning = versionMiddleware({ scheme: s, changes: plainHistory })
  base.use('*', versioning)
  const app = base
    .openapi(listProducts, (c) => c.json(listOf(c.req.valid('query').search, c.req.valid('header')['x-store']), 200))
    .openapi(createProduct, (c) => c.json({ id: 2, ...c.req.valid('json') }, 201))
    .openapi(getProduct, (c) => {
      const product = find(c.req.valid('param').id)
      return product === undefined ? c.json({ detail: 'no such product' }, 404) : c.json(product, 200)
    })
    .openapi(patchProductRoute, (c) => c.json({ ...lamp, ...c.req.valid('json') } as Product, 200))
    .openapi(deleteProduct, (c) => c.body(null, 204))
    .openapi(listReviews, (c) => c.json(reviews, 200))
    .openapi(exportProducts, (c) => c.json({ rows: ['1,Lamp'] }, 200))
    .openapi(getItem, (c) => c.json({ ...lamp, id: Number(c.req.valid('param').id) }, 200))
    .openapi(getCatalogueItem, (c) => c.json({ ...lamp, id: Number(c.req.valid('param').id) }, 200))
  const document = base.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Shop', version: '3' } })
  const documents = versionedOpenAPI({ scheme: s, app: base, document, changelog: plainHistory, requests: { schemas: requestSchemas, bodies: plainBodies } })
  return { app, documents, check: () => versioning.check(base) }
}

export type TableApp = ReturnType<typeof tableApp>['app']
export type PlainApp = ReturnType<typeof plainApp>['app']
export type ZodOpenAPIApp = ReturnType<typeof zodOpenAPIApp>['app']
export const STYLES = { table: tableApp, plain: plainApp, zod: zodOpenAPIApp } as const
