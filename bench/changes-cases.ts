/**
 * What the version-changes benchmark runs: an old-version (v1) response of
 * 100 products, each with a nested category, migrated across 5 versions
 * (4 steps of changes) from one handler written for the head, against a
 * hand-written handler that builds the v1 shape directly. Every app
 * determines the version with `versionMiddleware`; every body is read to the end.
 */
import { Hono } from 'hono'
import {
  change,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  shape,
  versionHistory,
} from '../src/changes/index.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import type { ShapeInstruction } from '../src/changes/instruction.ts'
import { copier } from '../src/changes/json-copy.ts'
import { MigrationPlanner, runSteps, shapeSteps } from '../src/changes/migration-plan.ts'
import { HeaderVersioning } from '../src/index.ts'

interface Category {
  slug: string
  title: string
}
interface Product {
  id: number
  title: string
  price: { amount: number; currency: string }
  status: 'active' | 'draft'
  category: Category
  tags: string[]
}

const Category = shape<Category>('Category')
const Product = shape<Product>('Product', { nested: { category: Category } })

const versions = [
    { version: 'v1' },
    { version: 'v2', changes: [change('Titles.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(Category, { older: 'name', newer: 'title' })])] },
    {
      version: 'v3',
      changes: [
        change('Prices in cents.', [
          fieldChanged(Product, 'price', { down: (price) => (price.amount / 100).toFixed(2), up: (text) => ({ amount: Math.round(Number(text) * 100), currency: 'EUR' }) }),
        ]),
      ],
    },
    { version: 'v4', changes: [change('No SKU.', [fieldRemoved(Product, 'sku', { older: (product) => `SKU-${product.id}` })])] },
    { version: 'v5', changes: [change('Drafts and tags.', [enumValuesAdded(Product, 'status', ['draft'], { fallback: 'active' }), fieldAdded(Product, 'tags', { default: [] })])] },
]

const history = versionHistory({ versions, bodies: { 'GET /products': { response: { items: [Product] } } } })

const COUNT = 100
const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4', 'v5'], defaultVersion: 'v5' })

/** What the handlers read: plain records, as from a database. */
const rows = Array.from({ length: COUNT }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, cents: 1000 + i, draft: i % 3 === 0, category: { slug: `c${i % 7}`, name: `Category ${i % 7}` } }))

/** The head shape: what a handler written once, for the newest version, builds. */
function headBody(): { items: Product[] } {
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.name,
      price: { amount: r.cents, currency: 'EUR' },
      status: r.draft ? 'draft' : 'active',
      category: { slug: r.category.slug, title: r.category.name },
      tags: [],
    })),
  }
}

/** The v1 shape, built directly by hand. */
function v1Body(): { items: object[] } {
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: (r.cents / 100).toFixed(2),
      status: 'active',
      category: { slug: r.category.slug, name: r.category.name },
      sku: `SKU-${r.id}`,
    })),
  }
}

/** The request every iteration sends (reused). */
export const changesRequest: Request = new Request('http://api.example/products', { headers: { 'Api-Version': 'v1' } })

/**
 * The apps: `changes` (the handler answers with `c.json`: the JSON step migrates the value before its one
 * serialisation), `changesParsed` (the handler builds its Response itself: the response step parses it and
 * serialises it again), `handWritten`.
 */
export function changesApps(): { changes: Hono; changesParsed: Hono; handWritten: Hono } {
  const make = (fastJson: boolean): Hono => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
    app.get('/products', (c) => (fastJson ? c.json(headBody()) : new Response(JSON.stringify(headBody()), { headers: { 'content-type': 'application/json' } })))
    return app
  }
  const handWritten = new Hono()
  handWritten.use('*', versionMiddleware({ scheme: scheme() }))
  handWritten.get('/products', (c) => c.json(c.var.version === 'v1' ? v1Body() : headBody()))
  return { changes: make(true), changesParsed: make(false), handWritten }
}

/** What v1 clients must get: the hand-written body, for checking that the apps agree. */
export const expectedV1: string = JSON.stringify(v1Body())

const LIST = { items: [Product] } as const

/**
 * What the JSON step runs on a handler's value for v1 (json-copy.ts's copy along the layout, then the fused walk of
 * migration-plan.ts), compiled here from the same changes as the history compiles them.
 */
function jsonStep(): { step: (value: { items: Product[] }) => unknown; copy: (value: { items: Product[] }) => unknown } {
  const instructions = versions.map((v) => (v.changes ?? []).flatMap((c) => c.instructions as readonly ShapeInstruction[]))
  const steps = new Map([Product, Category].map((s) => [s, shapeSteps(s, instructions, versions.length)] as const))
  const walk = new MigrationPlanner(steps, versions.length).steps(LIST, 0, 'down')
  const copy = copier(LIST, 0, steps)
  return { step: (value) => runSteps(copy(value, ''), walk), copy: (value) => copy(value, '') }
}

/**
 * The floor of any migration that copies a value along its layout and changes the copy in place, as the JSON step
 * does: a spread copy of each object, the same field operations with the field names read from data (as a walk
 * compiled from declarations reads them), the same converters, and no test that the values converters read are
 * JSON values.
 */
function floorStep(): (value: { items: Product[] }) => unknown {
  const f = { title: 'title', name: 'name', tags: 'tags', status: 'status', sku: 'sku', price: 'price', category: 'category' }
  const price = (p: { amount: number }) => (p.amount / 100).toFixed(2)
  const sku = (p: { id: number }) => `SKU-${p.id}`
  const added = new Set<unknown>(['draft'])
  return (value) => {
    const items = new Array<unknown>(value.items.length)
    for (let i = 0; i < items.length; i++) {
      const p: Record<string, unknown> = { ...value.items[i] }
      const c: Record<string, unknown> = { ...(p[f.category] as object) }
      if (c[f.title] !== undefined) {
        c[f.name] = c[f.title]
        c[f.title] = undefined
      }
      p[f.category] = c
      if (p[f.tags] !== undefined) p[f.tags] = undefined
      if (added.has(p[f.status])) p[f.status] = 'active'
      p[f.sku] = sku(p as { id: number })
      p[f.price] = price(p[f.price] as { amount: number })
      if (p[f.title] !== undefined) {
        p[f.name] = p[f.title]
        p[f.title] = undefined
      }
      items[i] = p
    }
    return { items }
  }
}

/**
 * The parts, for profiling the migration alone: the two bodies, the history's migration to v1 (`history.migrate`:
 * JSON in and out; the value is not changed), the JSON step's copy and walk, its copy alone, and the floor of a copy
 * changed in place.
 */
export function benchParts(): {
  headBody: () => { items: Product[] }
  v1Body: () => { items: object[] }
  migrate: (value: { items: Product[] }) => unknown
  step: (value: { items: Product[] }) => unknown
  copy: (value: { items: Product[] }) => unknown
  floor: (value: { items: Product[] }) => unknown
} {
  const { step, copy } = jsonStep()
  return { headBody, v1Body, migrate: (value) => history.migrate(value, { as: LIST, to: 'v1' }), step, copy, floor: floorStep() }
}
