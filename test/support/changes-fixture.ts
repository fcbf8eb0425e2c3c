/**
 * The catalogue history the version-change tests share: four versions, a
 * product with a nested category, and a change of every field kind.
 *
 * | version | what changed |
 * |---|---|
 * | v2 | Product and Category: `name` renamed `title` |
 * | v3 | Product: `price` from `"12.50"` to `{ amount, currency }`; `sku` removed |
 * | v4 | Product: `status` can be `draft` (older: `active`); `tags` added (older requests: `[]`) |
 */
import {
  change,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  shape,
  versionHistory,
} from '../../src/changes/index.ts'

export interface Category {
  slug: string
  title: string
}

export interface Product {
  id: number
  title: string
  price: { amount: number; currency: string }
  status: 'active' | 'archived' | 'draft'
  category: Category | null
  tags: string[]
}

export const Category = shape<Category>('Category')
export const Product = shape<Product>('Product', { nested: { category: Category } })

export const titles = change('Products and categories have a title instead of a name.', [
  fieldRenamed(Product, { older: 'name', newer: 'title' }),
  fieldRenamed(Category, { older: 'name', newer: 'title' }),
])
export const money = change('Prices are an amount in cents and a currency; the SKU is gone.', [
  fieldChanged(Product, 'price', {
    down: (price) => (price.amount / 100).toFixed(2),
    up: (price) => ({ amount: Math.round(Number(price) * 100), currency: 'EUR' }),
  }),
  fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` }),
], { id: 'money' })
export const drafts = change('Products can be drafts, and have tags.', [
  enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }),
  fieldAdded(Product, 'tags', { default: [] }),
])

export const catalog = versionHistory({
  versions: [{ version: 'v1' }, { version: 'v2', changes: [titles] }, { version: 'v3', changes: [money] }, { version: 'v4', changes: [drafts] }],
  bodies: {
    'GET /products': { response: { items: [Product] } },
    'GET /products/:id': { response: Product },
    'POST /products': { request: Product, response: Product },
  },
})

export const headProduct = (id = 1): Product => ({
  id,
  title: `Lamp ${id}`,
  price: { amount: 1250, currency: 'EUR' },
  status: 'draft',
  category: { slug: 'lights', title: 'Lights' },
  tags: ['new'],
})

/** `headProduct(id)` as v1 clients see it. */
export const v1Product = (id = 1): Record<string, unknown> => ({
  id,
  name: `Lamp ${id}`,
  price: '12.50',
  status: 'active',
  category: { slug: 'lights', name: 'Lights' },
  sku: `SKU-${id}`,
})
