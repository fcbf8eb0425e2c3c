/**
 * The catalogue's views, shared by every scheme: the first generation (v1)
 * and the second (v2) differ visibly (field names and shapes), and every
 * item links to related resources through `reverse`, so links carry the
 * request's version. Sections whose versions are not `v1`/`v2` (dates,
 * semantic versions) say which of their versions are first-generation.
 */
import type { Context } from 'hono'
import { categories, products, type Category, type Product } from './catalog.ts'

/** The route names every section of the example declares. */
export type CatalogRoute = 'product-list' | 'product-detail' | 'category-list' | 'category-detail'

/** The reversal the views use: the catalogue's names, absolute URLs carrying the request's version. */
type CatalogReverse = (name: CatalogRoute, options?: { readonly kwargs?: Readonly<Record<string, string | number>> }) => string

/**
 * These views serve five route tables (one per scheme), so they take Hono's
 * plain `Context`; a handler written inline in `mountRoutes` gets
 * `c.var.reverse` typed against its own table instead.
 */
type CatalogContext = Context

const reverse = (c: CatalogContext): CatalogReverse => c.var['reverse']

const notFound = (c: CatalogContext): Response => c.json({ detail: 'Not found.' }, 404)

/** Whether a version gets the first generation's shapes. */
type FirstGeneration = (version: string | null) => boolean

function productBody(c: CatalogContext, product: Product, first: FirstGeneration): object {
  const self = reverse(c)('product-detail', { kwargs: { id: product.id } })
  const category = reverse(c)('category-detail', { kwargs: { slug: product.category } })
  if (first(c.var.version)) {
    return { id: product.id, name: product.name, price: (product.priceCents / 100).toFixed(2), category, url: self }
  }
  const categoryName = categories.find((cat) => cat.slug === product.category)?.name ?? product.category
  return {
    id: product.id,
    title: product.name,
    price: { amount: product.priceCents, currency: 'EUR' },
    category: { name: categoryName, url: category },
    links: { self },
  }
}

function categoryBody(c: CatalogContext, category: Category, first: FirstGeneration): object {
  const self = reverse(c)('category-detail', { kwargs: { slug: category.slug } })
  const items = products.filter((p) => p.category === category.slug).map((p) => reverse(c)('product-detail', { kwargs: { id: p.id } }))
  if (first(c.var.version)) return { slug: category.slug, name: category.name, url: self, products: items }
  return { slug: category.slug, title: category.name, links: { self, products: items } }
}

function list(c: CatalogContext, key: string, items: object[], first: FirstGeneration): Response {
  return first(c.var.version) ? c.json(items) : c.json({ version: c.var.version, count: items.length, [key]: items })
}

/** The handlers, by route name, for a section whose first-generation versions are those `first` accepts. */
export function catalogViewsFor(first: FirstGeneration) {
  return {
    'product-list': (c: CatalogContext): Response => list(c, 'products', products.map((p) => productBody(c, p, first)), first),
    'product-detail': (c: CatalogContext): Response => {
      const product = products.find((p) => String(p.id) === c.req.param('id'))
      return product === undefined ? notFound(c) : c.json(productBody(c, product, first))
    },
    'category-list': (c: CatalogContext): Response => list(c, 'categories', categories.map((cat) => categoryBody(c, cat, first)), first),
    'category-detail': (c: CatalogContext): Response => {
      const category = categories.find((cat) => cat.slug === c.req.param('slug'))
      return category === undefined ? notFound(c) : c.json(categoryBody(c, category, first))
    },
  }
}

/** The handlers of the v1/v2 sections, by route name. */
export const catalogViews: ReturnType<typeof catalogViewsFor> = catalogViewsFor((version) => version === 'v1')
