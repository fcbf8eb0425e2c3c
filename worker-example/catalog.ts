/** The catalogue's data: categories and the products in them. */
import { include, route, versioned, versionNeutral } from '../src/index.ts'

export interface Category {
  readonly slug: string
  readonly name: string
}

export interface Product {
  readonly id: number
  readonly name: string
  readonly priceCents: number
  readonly category: string
}

export const categories: readonly Category[] = [
  { slug: 'tea', name: 'Tea' },
  { slug: 'coffee', name: 'Coffee' },
]

export const products: readonly Product[] = [
  { id: 1, name: 'Sencha', priceCents: 1250, category: 'tea' },
  { id: 2, name: 'Assam', priceCents: 990, category: 'tea' },
  { id: 3, name: 'Espresso beans', priceCents: 1800, category: 'coffee' },
]

/** The routes every section of the catalogue serves, under its own prefix. */
export const catalogRoutes = [
  route('product-list', '/products'),
  route('product-detail', '/products/:id{[0-9]+}'),
  route('category-list', '/categories'),
  route('category-detail', '/categories/:slug{[a-z-]+}'),
] as const

/** The dated section's routes: the catalogue, a route served from 2026-06-01 on, and two version-neutral ones. */
export const releasesRoutes = [
  include('/releases', [
    ...catalogRoutes,
    versioned(['2026-06-01'], route('top-categories', '/top-categories')),
    versionNeutral(route('health', '/health')),
    versionNeutral(route('changelog', '/changelog', { formats: ['md'] })),
  ]),
] as const
