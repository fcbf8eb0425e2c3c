/**
 * Types of version changes: field names are checked against the head type
 * of a shape (given as a type argument or as a Standard Schema), a removed
 * field must be gone from the head, converters and defaults are typed.
 */
import { describe, expectTypeOf, it } from 'vitest'
import {
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  shape,
  shapeConverted,
  versionHistory,
  
  
} from '../../src/changes/index.ts'
import type { Shape } from '../../src/changes/shape.ts'
import type { StandardSchemaV1 } from '../../src/changes/standard-schema.ts'

interface Product {
  id: number
  title: string
  price: { amount: number; currency: string }
  status: 'active' | 'draft'
  tags: string[]
}
const Product = shape<Product>('Product')

/** A Standard Schema as zod and others declare one: only its types matter. */
declare const ProductSchema: StandardSchemaV1<unknown, Product>

describe('field names are checked against the head type', () => {
  it('accepts head fields and rejects misspelled ones', () => {
    fieldRenamed(Product, { older: 'name', newer: 'title' })
    // @ts-expect-error 'titel' is not a field of Product
    fieldRenamed(Product, { older: 'name', newer: 'titel' })
    fieldAdded(Product, 'tags', { default: [] })
    // @ts-expect-error 'tag' is not a field of Product
    fieldAdded(Product, 'tag')
    fieldChanged(Product, 'price', { down: (price) => price.amount, up: (value) => ({ amount: Number(value), currency: 'EUR' }) })
    // @ts-expect-error 'prices' is not a field of Product
    fieldChanged(Product, 'prices', { down: (v) => v, up: (v) => v })
  })

  it('wants a removed field gone from the head', () => {
    fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` })
    // @ts-expect-error 'title' is still a field of Product
    fieldRemoved(Product, 'title')
  })

  it('types defaults, converters and enum values', () => {
    // @ts-expect-error tags is a list of strings
    fieldAdded(Product, 'tags', { default: 3 })
    fieldAdded(Product, 'tags', { default: (older) => (older['labels'] as string[] | undefined) ?? [] })
    enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' })
    // @ts-expect-error 'archived' is not a status
    enumValuesAdded(Product, 'status', ['archived'], { fallback: 'active' })
    // @ts-expect-error the fallback must be a status
    enumValuesAdded(Product, 'status', ['draft'], { fallback: 'gone' })
    // @ts-expect-error down gets the price object, which has no toFixed
    fieldChanged(Product, 'price', { down: (price) => price.toFixed(2), up: () => ({ amount: 0, currency: 'EUR' }) })
    shapeConverted(Product, { down: (product) => ({ name: product.title }) })
    // @ts-expect-error up must give a Product
    shapeConverted(Product, { up: () => ({ title: 1 }) })
  })

  it('takes the head type from a Standard Schema (zod and others)', () => {
    const FromSchema = shape('Product', ProductSchema)
    expectTypeOf(FromSchema).toEqualTypeOf<Shape<Product>>()
    fieldRenamed(FromSchema, { older: 'name', newer: 'title' })
    // @ts-expect-error 'titel' is not a field of the schema's output
    fieldRenamed(FromSchema, { older: 'name', newer: 'titel' })
  })

  it('lets older names be declared for fields renamed more than once', () => {
    const Renamed = shape<Product, 'label'>('Product')
    fieldRenamed(Renamed, { older: 'name', newer: 'label' })
    fieldRenamed(Renamed, { older: 'label', newer: 'title' })
  })

  it('accepts any name on a shape without a head type', () => {
    const Loose = shape('Loose')
    fieldRenamed(Loose, { older: 'a', newer: 'b' })
    fieldRemoved(Loose, 'c')
  })

  it('nested layouts name head fields', () => {
    const Category = shape<{ slug: string }>('Category')
    shape<{ category: { slug: string }; items: { slug: string }[] }>('Page', { nested: { category: Category, items: [Category] } })
    // @ts-expect-error 'categories' is not a field
    shape<{ category: { slug: string } }>('Page', { nested: { categories: Category } })
  })
})

describe('the history', () => {
  const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2' }] })
  it('knows its versions', () => {
    expectTypeOf(history.head).toEqualTypeOf<'v1' | 'v2'>()
    history.migrate({ id: 1, title: 't', price: { amount: 1, currency: 'EUR' }, status: 'active', tags: [] }, { as: Product, to: 'v1' })
    // @ts-expect-error v3 is not a version of the history
    history.migrate({ id: 1, title: 't', price: { amount: 1, currency: 'EUR' }, status: 'active', tags: [] }, { as: Product, to: 'v3' })
    // @ts-expect-error the value must be a Product
    history.migrate({ id: 'x' }, { as: Product, to: 'v1' })
  })
})
