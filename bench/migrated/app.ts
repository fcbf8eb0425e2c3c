/**
 * The app of the migrated-request benchmarks: a product API written once for
 * the head version ("2"), whose version "1" clients send and get
 * `{ name, price: "12.50" }` where the head has `{ title, price: 1250 }`.
 * GET /products answers a list of 20; POST /products echoes the created product.
 * The requests each side sends are here too, so every driver sends the same.
 */
import { Hono } from 'hono'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'

interface Product {
  id: number
  title: string
  price: number
  tags: string[]
}
const Product = shape<Product>('Product')
const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Products have a title.', [fieldRenamed(Product, { older: 'name', newer: 'title' })]),
        change('Prices are cents.', [fieldChanged(Product, 'price', { down: (cents) => (cents / 100).toFixed(2), up: (price) => Math.round(Number(price) * 100) })]),
      ],
    },
  ],
  bodies: { 'GET products': { response: { items: [Product] } }, 'POST products': { request: Product, response: Product } },
})

const catalog: Product[] = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Product ${i + 1}`, price: 1000 + i, tags: ['a', 'b'] }))

export function migratedApp(): Hono {
  const routes = defineRoutes([route('products', '/products')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), routes, changes: history, origin: 'http://127.0.0.1' })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    products: {
      get: (c) => c.json({ items: catalog }),
      post: async (c) => c.json({ ...(await c.req.json<Omit<Product, 'id'>>()), id: 21 }, 201),
    },
  })
  return app
}

/** The requests: a POST and a GET, for an old (version 1) and a head (version 2) client. */
export const REQUESTS = {
  post: {
    old: { method: 'POST', path: '/products', headers: { 'api-version': '1', 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Desk', price: '12.50', tags: ['x'] }) },
    head: { method: 'POST', path: '/products', headers: { 'api-version': '2', 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Desk', price: 1250, tags: ['x'] }) },
  },
  get: {
    old: { method: 'GET', path: '/products', headers: { 'api-version': '1' } },
    head: { method: 'GET', path: '/products', headers: { 'api-version': '2' } },
  },
} as const

export type Kind = keyof typeof REQUESTS
export type Side = 'old' | 'head'
