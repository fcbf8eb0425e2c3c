/**
 * The catalogue's views, shared by every section and written once, for the
 * newest version: older versions get their shapes from the declared changes
 * (changes.ts), which each section's middleware applies. Every item links to
 * related resources through `reverse`, so links carry the request's version.
 */
import type { Context } from 'hono'
import { categories, products, type Category, type Product } from './catalog.ts'
import type { CategoryBody, CategoryPage, ProductBody, ProductPage } from './changes.ts'

/** The route names every section of the example declares. */
export type CatalogRoute = 'product-list' | 'product-detail' | 'category-list' | 'category-detail'

/** The reversal the views use: the catalogue's names, absolute URLs carrying the request's version. */
type CatalogReverse = (name: CatalogRoute, options?: { readonly kwargs?: Readonly<Record<string, string | number>> }) => string

/**
 * These views serve seven route tables (one per section), so they take
 * Hono's plain `Context`; a handler written inline in `mountRoutes` gets
 * `c.var.reverse` typed against its own table instead.
 */
type CatalogContext = Context

const reverse = (c: CatalogContext): CatalogReverse => c.var['reverse']

const notFound = (c: CatalogContext): Response => c.json({ detail: 'Not found.' }, 404)

function productBody(c: CatalogContext, product: Product): ProductBody {
  return {
    id: product.id,
    title: product.name,
    price: { amount: product.priceCents, currency: 'EUR' },
    category: {
      name: categories.find((cat) => cat.slug === product.category)?.name ?? product.category,
      url: reverse(c)('category-detail', { kwargs: { slug: product.category } }),
    },
    links: { self: reverse(c)('product-detail', { kwargs: { id: product.id } }) },
  }
}

function categoryBody(c: CatalogContext, category: Category): CategoryBody {
  return {
    slug: category.slug,
    title: category.name,
    links: {
      self: reverse(c)('category-detail', { kwargs: { slug: category.slug } }),
      products: products.filter((p) => p.category === category.slug).map((p) => reverse(c)('product-detail', { kwargs: { id: p.id } })),
    },
  }
}

/** The handlers, by route name. */
export const catalogViews = {
  'product-list': (c: CatalogContext): Response => {
    const page: ProductPage = { version: c.var.version, count: products.length, products: products.map((p) => productBody(c, p)) }
    return c.json(page)
  },
  'product-detail': (c: CatalogContext): Response => {
    const product = products.find((p) => String(p.id) === c.req.param('id'))
    return product === undefined ? notFound(c) : c.json(productBody(c, product))
  },
  'category-list': (c: CatalogContext): Response => {
    const page: CategoryPage = { version: c.var.version, count: categories.length, categories: categories.map((cat) => categoryBody(c, cat)) }
    return c.json(page)
  },
  'category-detail': (c: CatalogContext): Response => {
    const category = categories.find((cat) => cat.slug === c.req.param('slug'))
    return category === undefined ? notFound(c) : c.json(categoryBody(c, category))
  },
}
