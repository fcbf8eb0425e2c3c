/**
 * Run by test/node/changes/no-code-generation.test.ts in a child Node, with
 * and without `--disallow-code-generation-from-strings`: an app whose older
 * clients get a migrated response (a rename, a converted field, a removed
 * field made again, an enum's fallback, a nested shape), a request body
 * migrated up, and a converter's failure. Prints, as JSON, whether the
 * runtime made a function from a string, whether the shape's walk is a
 * generated one, and what each exchange gave.
 */
import { Hono } from 'hono'
import { change, enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationPlanner, shapeSteps } from '../../src/changes/migration-plan.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Category = shape<{ slug: string; title: string }>('Category')
const Product = shape<{ id: number; title: string; price: { amount: number }; status: string; category: { slug: string; title: string }; tags: string[] }>('Product', {
  nested: { category: Category },
})
const versions = [
  { version: 'v1' },
  { version: 'v2', changes: [change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })])] },
  {
    version: 'v3',
    changes: [
      change('Prices in cents.', [
        fieldChanged(Product, 'price', {
          down: (price) => {
            if (price.amount < 0) throw new Error('a negative price')
            return (price.amount / 100).toFixed(2)
          },
          up: (text) => ({ amount: Math.round(Number(text) * 100) }),
        }),
      ]),
    ],
  },
  { version: 'v4', changes: [change('No SKU.', [fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` })])] },
  { version: 'v5', changes: [change('Drafts and tags.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }), fieldAdded(Product, 'tags', { default: [] })])] },
]
const history = versionHistory({ versions, bodies: { 'GET /products': { response: { items: [Product] } }, 'POST /products': { request: Product, response: Product } } })

const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4', 'v5'], defaultVersion: 'v5' }), changes: history }))
const product = (id: number, cents: number) => ({ id, title: `P${id}`, price: { amount: cents }, status: id % 2 === 0 ? 'draft' : 'active', category: { slug: 'c', title: 'C' }, tags: [] })
app.get('/products', (c) => c.json({ items: c.req.query('bad') === undefined ? [product(1, 1000), product(2, 1999)] : [product(1, 1000), product(3, -1)] }))
app.post('/products', async (c) => c.json(await c.req.json()))
app.onError((error, c) => c.text(`${error.name}: ${error.message}`, 500))

const exchange = async (path: string, init: RequestInit = {}) => {
  const response = await app.request(path, { ...init, headers: { 'Api-Version': 'v1', 'content-type': 'application/json' } })
  return `${response.status} ${await response.text()}`
}

const generated = (() => {
  const instructions = versions.map((v) => (v.changes ?? []).flatMap((c) => c.instructions as readonly ShapeInstruction[]))
  const planner = new MigrationPlanner(new Map([Product, Category].map((s) => [s, shapeSteps(s, instructions, versions.length)] as const)), versions.length)
  return String(planner.steps(Product, 0, 'down')[0]).includes('c["title"]')
})()
const evaluates = (() => {
  try {
    return new Function('return 1')() === 1
  } catch (error) {
    return String(error)
  }
})()

console.log(
  JSON.stringify({
    evaluates,
    generated,
    get: await exchange('/products'),
    post: await exchange('/products', { method: 'POST', body: JSON.stringify({ id: 9, name: 'N', price: '12.50', status: 'active', category: { slug: 's', name: 'S' }, sku: 'x' }) }),
    failure: await exchange('/products?bad'),
    migrate: JSON.stringify(history.migrate(product(4, 250), { as: Product, to: 'v2' })),
  }),
)
