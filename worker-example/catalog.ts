/** The catalogue's data: categories and the products in them. */

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
