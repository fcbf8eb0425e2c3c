/**
 * What changed between the catalogue's first generation (`v1`, and the
 * older versions of the dated and semantic sections) and its second: the
 * views (views.ts) are written once, for the second, and every older
 * version gets its own shapes from these declarations. Each section has its
 * own version labels, so each has its own history of the same changes.
 *
 * | first generation | second generation |
 * |---|---|
 * | `{ id, name, price: "12.50", category: <url>, url }` | `{ id, title, price: { amount, currency }, category: { name, url }, links: { self } }` |
 * | `{ slug, name, url, products: [<url>] }` | `{ slug, title, links: { self, products: [<url>] } }` |
 * | lists are bare arrays | `{ version, count, products }`, `{ version, count, categories }` |
 */
import { defineRoutes } from '../src/index.ts'
import { change, changelog, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, shapeConverted, versionHistory } from '../src/changes/index.ts'
import { requestValidation } from '../src/validation/index.ts'
import { categories, releasesRoutes } from './catalog.ts'
import type { RouteBodies } from '../src/changes/history-options.ts'

/** A product as the views write it (the newest version). */
export interface ProductBody {
  readonly id: number
  readonly title: string
  readonly price: { readonly amount: number; readonly currency: string }
  readonly category: { readonly name: string; readonly url: string }
  readonly links: { readonly self: string }
}

/** A category as the views write it. */
export interface CategoryBody {
  readonly slug: string
  readonly title: string
  readonly links: { readonly self: string; readonly products: readonly string[] }
}

/** A list of products as the views write it. */
export interface ProductPage {
  readonly version: string | null
  readonly count: number
  readonly products: readonly ProductBody[]
}

/** A list of categories as the views write it. */
export interface CategoryPage {
  readonly version: string | null
  readonly count: number
  readonly categories: readonly CategoryBody[]
}

export const Product = shape<ProductBody>('Product')
export const Category = shape<CategoryBody>('Category')
export const ProductList = shape<ProductPage>('ProductList', { nested: { products: [Product] } })
export const CategoryList = shape<CategoryPage>('CategoryList', { nested: { categories: [Category] } })

/** A link, as the older versions' fields that became `links` have it (no `format`: request validation's compiled checks know every keyword here). */
const link = { type: 'string', description: 'A link.' } as const

/** A link to a category of the catalogue, as requests send it (the handlers refuse a category that does not exist). */
const categoryLink = { type: 'string', pattern: `/categories/(?:${categories.map((c) => c.slug).join('|')})(?:\\?[^#]*)?$`, examples: ['https://catalog.test/releases/categories/tea'] } as const

/** The name of the category a link points to (for older requests, which send the link alone). */
const categoryName = (url: unknown): string => {
  const slug = /\/categories\/([a-z-]+)/.exec(String(url))?.[1] ?? ''
  return categories.find((c) => c.slug === slug)?.name ?? slug
}

// Older responses undo a version's instructions last declared first (`url` comes back from `links` before
// `links` goes); older requests redo them in order (`links` is made from `url` before `url` goes).
const links = change(
  'Links to a resource and its related resources are grouped under `links`.',
  [
    fieldAdded(Product, 'links', { default: (older) => ({ self: String(older['url']) }) }),
    fieldRemoved(Product, 'url', { older: (product) => product.links.self, schema: { ...link, examples: ['https://catalog.test/releases/products/1'] } }),
    fieldAdded(Category, 'links', { default: (older) => ({ self: String(older['url']), products: (older['products'] as string[] | undefined) ?? [] }) }),
    fieldRemoved(Category, 'products', { older: (category) => category.links.products, schema: { type: 'array', items: link } }),
    fieldRemoved(Category, 'url', { older: (category) => category.links.self, schema: link }),
  ],
  { id: 'links' },
)
const categoryObjects = change(
  "A product's category is an object with its name and link instead of a link.",
  [fieldChanged(Product, 'category', { down: (category) => category.url, up: (url) => ({ name: categoryName(url), url: String(url) }), olderSchema: { ...categoryLink, description: 'The category link.' } })],
  { id: 'category-objects' },
)
const prices = change(
  'Prices are an amount in cents and a currency instead of a decimal string.',
  [
    fieldChanged(Product, 'price', {
      down: (price) => (price.amount / 100).toFixed(2),
      up: (text) => ({ amount: Math.round(Number(text) * 100), currency: 'EUR' }),
      olderSchema: { type: 'string', pattern: '^[0-9]{1,7}\\.[0-9]{2}$', description: 'In euros, such as "12.50".', examples: ['12.50'] },
    }),
  ],
  { id: 'prices' },
)
const titles = change(
  'Products and categories have a title instead of a name.',
  [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })],
  { id: 'titles' },
)
const envelopes = change(
  'Lists are objects with the version, a count and the items instead of bare arrays.',
  [
    shapeConverted(ProductList, { down: (page) => page.products, older: [Product] }),
    shapeConverted(CategoryList, { down: (page) => page.categories, older: [Category] }),
  ],
  { id: 'list-envelopes' },
)

/** The changes of the second generation. */
const secondGeneration = [links, categoryObjects, prices, titles, envelopes]

/** Where the shapes sit in each route's responses. */
const bodies = {
  'product-list': { response: ProductList },
  'product-detail': { response: Product },
  'category-list': { response: CategoryList },
  'category-detail': { response: Category },
} satisfies Readonly<Record<string, RouteBodies>>

/** The `v1`/`v2` sections (/accept, /path, /ns, /host, /query). */
export const catalogHistory = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: secondGeneration }], bodies })

/**
 * What a client sends to create or replace a product in the newest version
 * (the dated section's POST and PUT): a JSON Schema, as an OpenAPI 3.1
 * document has it. The handlers check it themselves; older clients' bodies
 * are checked against the schema their version derives from it.
 */
export const ProductInput = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    price: {
      type: 'object',
      properties: { amount: { type: 'integer', minimum: 0 }, currency: { type: 'string', enum: ['EUR'] } },
      required: ['amount', 'currency'],
    },
    category: { type: 'object', properties: { name: { type: 'string' }, url: categoryLink }, required: ['url'] },
  },
  required: ['title', 'price', 'category'],
} as const

/** The head JSON Schema of each shape a request carries: request validation and the documents read it. */
export const requestSchemas = { Product: ProductInput }

/** Where the shapes sit in the dated section's bodies, its writes included. */
export const releasesBodies = { ...bodies, 'POST product-list': { request: Product, response: Product }, 'PUT product-detail': { request: Product, response: Product } } satisfies Readonly<Record<string, RouteBodies>>

/** The dated section (/releases): it also creates (POST) and replaces (PUT) products, older clients in their own shapes. */
export const releasesHistory = versionHistory({
  versions: [{ version: '2024-01-01' }, { version: '2025-01-01' }, { version: '2026-06-01', changes: secondGeneration }],
  bodies: releasesBodies,
  validation: requestValidation({ schemas: requestSchemas }),
})

/** The semantic-version section (/semver). */
export const semverHistory = versionHistory({
  versions: [{ version: '1.0.0' }, { version: '1.1.0' }, { version: '2.0.0', changes: secondGeneration }],
  bodies,
})

/** The dated section's table: its routes served from a version on join the history's changes in one changelog. */
const releasesTable = defineRoutes(releasesRoutes)

/** The dated section's changelog, as /releases/changelog and /releases/changelog.md serve it, and its documents carry. */
export const releasesChangelog = {
  json: changelog(releasesHistory, { routes: releasesTable }),
  markdown: changelog(releasesHistory, { routes: releasesTable, format: 'markdown', title: 'Catalog API changelog' }),
}
