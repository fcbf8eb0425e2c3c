/**
 * The catalogue's views, shared by every section and written once, for the
 * newest version: older versions get their shapes from the declared changes
 * (changes.ts), which each section's middleware applies. Every item links to
 * related resources through `reverse`, so links carry the request's version.
 */
import type { Context } from 'hono'
import { categories, products, type Category, type Product } from './catalog.ts'
import type { CategoryBody, CategoryPage, ProductBody, ProductPage } from './changes.ts'
import { ProductInput } from './changes.ts'

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

/**
 * The newest version's product input, checked as the handler's own
 * validation would (ProductInput): the product it describes, or `null`.
 * Older clients' bodies were checked in their own version and migrated
 * before they get here.
 */
function productFrom(body: unknown, id: number): Product | null {
  if (body === null || typeof body !== 'object') return null
  const { title, price, category } = body as { title?: unknown; price?: { amount?: unknown; currency?: unknown }; category?: { url?: unknown } }
  if (typeof title !== 'string' || title === '' || typeof price?.amount !== 'number' || !Number.isInteger(price.amount) || price.amount < 0) return null
  if (!(ProductInput.properties.price.properties.currency.enum as readonly unknown[]).includes(price.currency) || typeof category?.url !== 'string') return null
  const slug = /\/categories\/([a-z-]+)(?:\?[^#]*)?$/.exec(category.url)?.[1]
  if (slug === undefined || !categories.some((cat) => cat.slug === slug)) return null
  return { id, name: title, priceCents: price.amount, category: slug }
}

const invalid = (c: CatalogContext): Response => c.json({ detail: 'The product is not valid.' }, 422)

/**
 * The request's JSON body, or the 4xx a body that is not one gets: 415 when
 * it is not declared JSON, 400 when it is empty or does not parse.
 */
async function jsonBody(c: CatalogContext): Promise<{ readonly value: unknown } | Response> {
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(c.req.header('content-type') ?? '')) {
    return c.json({ detail: 'Send the product as application/json.' }, 415)
  }
  const text = await c.req.text()
  if (!/\S/.test(text)) return c.json({ detail: 'Send the product as a JSON body.' }, 400)
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return c.json({ detail: 'The body is not valid JSON.' }, 400)
  }
}

/** The dated section's writes: a product created (POST) or replaced (PUT), answered as it would be stored (the example stores nothing). */
export const productWrites = {
  create: async (c: CatalogContext): Promise<Response> => {
    const body = await jsonBody(c)
    if (body instanceof Response) return body
    const product = productFrom(body.value, products.length + 1)
    if (product === null) return invalid(c)
    const created = productBody(c, product)
    return c.json(created, 201, { Location: created.links.self })
  },
  replace: async (c: CatalogContext): Promise<Response> => {
    const existing = products.find((p) => String(p.id) === c.req.param('id'))
    if (existing === undefined) return notFound(c)
    const body = await jsonBody(c)
    if (body instanceof Response) return body
    const product = productFrom(body.value, existing.id)
    return product === null ? invalid(c) : c.json(productBody(c, product))
  },
}
