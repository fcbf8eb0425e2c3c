/**
 * An app whose older clients get a migrated response (a rename, a converted
 * field, a removed field made again, an enum's fallback, a nested shape), a
 * request body migrated up, a converter's failure and `history.migrate`;
 * whether the runtime makes a function from a string, and whether a shape's
 * walk made now is a generated one. For test/node/changes/no-code-generation.test.ts,
 * which runs it in a child Node (code-generation-print.ts) and in workerd
 * (code-generation-worker.ts).
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

/**
 * Whether the walk of a shape renaming a field to `name`, made now, is
 * generated (its source names the field) rather than interpreted. A name no
 * walk had before: a walk of the same source reuses the function made then.
 */
export function walkIsGenerated(name: string): boolean {
  const Probe = shape('Probe')
  const instructions = [[], [fieldRenamed(Probe, { older: 'was', newer: name }) as ShapeInstruction]]
  const planner = new MigrationPlanner(new Map([[Probe, shapeSteps(Probe, instructions, 2)]]), 2)
  const generated = String(planner.steps(Probe, 0, 'down')[0]).includes(`c[${JSON.stringify(name)}]`)
  // The planner says which back end it made, too: both must agree.
  if (generated !== (planner.backEnds.generated === 1)) throw new Error(`the walk's source and the planner's count disagree: ${JSON.stringify(planner.backEnds)}`)
  return generated
}

/** `true` where a function can be made from a string now, else what refused it. */
export function evaluates(): true | string {
  try {
    return new Function('return 1')() === 1 || 'a function that did not run'
  } catch (error) {
    return String(error)
  }
}

/** What each exchange gives, and `history.migrate` (a walk first made when it is called). */
export async function exchanges(): Promise<Record<string, string>> {
  return {
    get: await exchange('/products'),
    post: await exchange('/products', { method: 'POST', body: JSON.stringify({ id: 9, name: 'N', price: '12.50', status: 'active', category: { slug: 's', name: 'S' }, sku: 'x' }) }),
    failure: await exchange('/products?bad'),
    migrate: JSON.stringify(history.migrate(product(4, 250), { as: Product, to: 'v2' })),
  }
}
