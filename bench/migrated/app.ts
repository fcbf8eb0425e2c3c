/**
 * The app of the older-client benchmarks, as a Cadwyn app is written: one
 * product API for the head version (2025-01-01), four dated versions in the
 * `x-api-version` header, eleven changes between them (renamed, added,
 * removed and retyped fields, an enum value, a query parameter, a status), and the request body
 * of an older client validated in its own version (requestValidation) before
 * it is migrated up. GET /products answers a list of 20; POST /products
 * creates a product from the body and answers it (201).
 * The requests each side sends are here too, so every driver sends the same.
 */
import { Hono } from 'hono'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, queryParamRenamed, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Category {
  slug: string
  title: string
}
interface Product {
  id: number
  title: string
  description: string
  price: { amount: number; currency: string }
  status: 'active' | 'draft'
  category: Category
  tags: string[]
  stock: number
}
type NewProduct = Omit<Product, 'id'>

const Category = shape<Category>('Category')
const Product = shape<Product>('Product', { nested: { category: Category } })
const NewProduct = shape<NewProduct>('NewProduct', { nested: { category: Category } })

export const VERSIONS = ['2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01'] as const
export const OLDEST = VERSIONS[0]
export const HEAD = VERSIONS[3]

const history = versionHistory({
  versions: [
    { version: OLDEST },
    {
      version: '2023-01-01',
      changes: [
        change('Products and categories have a title.', [
          fieldRenamed(Product, { older: 'name', newer: 'title' }),
          fieldRenamed(NewProduct, { older: 'name', newer: 'title' }),
          fieldRenamed(Category, { older: 'name', newer: 'title' }),
        ]),
        change('Products have tags.', [fieldAdded(Product, 'tags', { default: [] }), fieldAdded(NewProduct, 'tags', { default: [] })]),
        change('Categories have a slug.', [fieldAdded(Category, 'slug', { default: 'general' })]),
      ],
    },
    {
      version: '2024-01-01',
      changes: [
        change('Prices are cents with a currency.', [
          fieldChanged(Product, 'price', { down: (price) => (price.amount / 100).toFixed(2), up: (text) => ({ amount: Math.round(Number(text) * 100), currency: 'EUR' }) }),
          fieldChanged(NewProduct, 'price', { down: (price) => (price.amount / 100).toFixed(2), up: (text) => ({ amount: Math.round(Number(text) * 100), currency: 'EUR' }) }),
        ]),
        change('Products may be drafts.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' })]),
        change('Availability is the stock.', [fieldRemoved(Product, 'available', { older: (product) => product.stock > 0 })]),
      ],
    },
    {
      version: HEAD,
      changes: [
        change('No more SKUs.', [fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` })]),
        change('Stock is counted.', [fieldAdded(Product, 'stock', { default: 0 }), fieldAdded(NewProduct, 'stock', { default: 0 })]),
        change('Descriptions are described.', [fieldRenamed(Product, { older: 'summary', newer: 'description' }), fieldRenamed(NewProduct, { older: 'summary', newer: 'description' })]),
        change('The list is filtered by status.', [queryParamRenamed('GET products', { older: 'state', newer: 'status' })]),
        change('Creating answers 201.', [statusChanged('POST products', { older: 200, newer: 201 })]),
      ],
    },
  ],
  bodies: { 'GET products': { response: { items: [Product] } }, 'POST products': { request: NewProduct, response: Product } },
  validation: requestValidation({
    schemas: {
      NewProduct: {
        type: 'object',
        required: ['title', 'description', 'price', 'status', 'category', 'tags', 'stock'],
        additionalProperties: false,
        properties: {
          title: { type: 'string', maxLength: 200 },
          description: { type: 'string', maxLength: 2000 },
          price: { type: 'object', required: ['amount', 'currency'], additionalProperties: false, properties: { amount: { type: 'integer', minimum: 0 }, currency: { type: 'string', minLength: 3, maxLength: 3 } } },
          status: { enum: ['active', 'draft'] },
          category: { $ref: '#/components/schemas/Category' },
          tags: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
          stock: { type: 'integer', minimum: 0 },
        },
      },
      Category: { type: 'object', required: ['slug', 'title'], additionalProperties: false, properties: { slug: { type: 'string', maxLength: 40 }, title: { type: 'string', maxLength: 200 } } },
    },
  }),
})

const catalog: Product[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  title: `Product ${i + 1}`,
  description: `The product number ${i + 1}.`,
  price: { amount: 1000 + i, currency: 'EUR' },
  status: i % 3 === 0 ? 'draft' : 'active',
  category: { slug: `c${i % 4}`, title: `Category ${i % 4}` },
  tags: ['a', 'b'],
  stock: i,
}))

export function migratedApp(): Hono {
  const routes = defineRoutes([route('products', '/products')])
  const scheme = new HeaderVersioning({ header: 'x-api-version', allowedVersions: [...VERSIONS], defaultVersion: HEAD })
  const versioning = apiVersioning({ scheme, routes, changes: history, origin: 'http://127.0.0.1' })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    products: {
      get: (c) => c.json({ items: c.req.query('status') === 'draft' ? catalog.filter((p) => p.status === 'draft') : catalog }),
      post: async (c) => c.json({ ...(await c.req.json<NewProduct>()), id: 21 }, 201),
    },
  })
  return app
}

const headProduct = { title: 'Desk', description: 'A desk.', price: { amount: 1250, currency: 'EUR' }, status: 'active', category: { slug: 'c1', title: 'Furniture' }, tags: ['x'], stock: 3 }
const oldProduct = { name: 'Desk', summary: 'A desk.', price: '12.50', status: 'active', category: { name: 'Furniture' } }

/** The requests: a POST and a GET, for an old (oldest version) and a head client. */
export const REQUESTS = {
  post: {
    old: { method: 'POST', path: '/products', headers: { 'x-api-version': OLDEST, 'content-type': 'application/json' }, body: JSON.stringify(oldProduct) },
    head: { method: 'POST', path: '/products', headers: { 'x-api-version': HEAD, 'content-type': 'application/json' }, body: JSON.stringify(headProduct) },
  },
  get: {
    old: { method: 'GET', path: '/products', headers: { 'x-api-version': OLDEST } },
    head: { method: 'GET', path: '/products', headers: { 'x-api-version': HEAD } },
  },
} as const

/** Whether the answers are each version's own shape: throws with what differs otherwise. */
export function checkAnswers(answers: { readonly oldPost: any; readonly headPost: any; readonly oldGet: any; readonly headGet: any }): void {
  const { oldPost, headPost, oldGet, headGet } = answers
  const ok =
    oldPost.name === 'Desk' && oldPost.price === '12.50' && oldPost.summary === 'A desk.' && oldPost.sku === 'SKU-21' && oldPost.category?.name === 'Furniture' && !('tags' in oldPost) && !('stock' in oldPost) &&
    headPost.title === 'Desk' && headPost.price?.amount === 1250 && headPost.stock === 3 && !('sku' in headPost) &&
    oldGet.items?.[0]?.name === 'Product 1' && oldGet.items[0].status === 'active' && oldGet.items[0].price === '10.00' && oldGet.items.length === 20 &&
    headGet.items?.[0]?.title === 'Product 1' && headGet.items[0].status === 'draft'
  if (!ok) throw new Error(`bench:migrated: unexpected answers: ${JSON.stringify({ oldPost, headPost, oldFirst: oldGet.items?.[0], headFirst: headGet.items?.[0] })}`)
}

export type Kind = keyof typeof REQUESTS
export type Side = 'old' | 'head'
