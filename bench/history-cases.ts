/**
 * The histories bench/history-scale.ts grows (and bench/ab.ts's `long`
 * case serves): built with the toolkit of the tree under measure, given as
 * its entry points (`toolkit`), so the same history is made by this tree
 * and by another checkout's.
 */
import { Hono } from 'hono'

// The toolkit's functions as the two trees export them (loaded at run time, each from its own tree).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any
export interface Api {
  readonly [name: string]: unknown
  shape: Fn
  change: Fn
  fieldRenamed: Fn
  fieldAdded: Fn
  fieldChanged: Fn
  versionHistory: Fn
  versionMiddleware: Fn
  versionedOpenAPI: Fn
  openAPIDocs: Fn
  defineRoutes: Fn
  route: Fn
  HeaderVersioning: new (options: object) => unknown
}

/** The toolkit's entry points in the checkout at `root` (its `src/`). */
export async function toolkit(root: URL): Promise<Api> {
  const load = (path: string): Promise<object> => import(new URL(path, root).href) as Promise<object>
  const [index, changes, hono, openapi, scalar] = await Promise.all(['src/index.ts', 'src/changes/index.ts', 'src/hono/index.ts', 'src/openapi/index.ts', 'src/openapi/scalar.ts'].map(load))
  return { ...index, ...changes, ...hono, ...openapi, ...scalar } as Api
}

/** A history of `n` versions for `which` and the body the head answers (`renames`, `realistic`). */
export function history(t: Api, which: 'renames' | 'realistic', n: number): { versions: object[]; bodies: object; body: object; path: string } {
  const versions: { version: string; changes?: object[] }[] = [{ version: 'v0' }]
  if (which === 'renames') {
    const Item = t.shape('Item')
    const item: Record<string, unknown> = { id: 1 }
    for (let k = 1; k < n; k++) {
      versions.push({ version: `v${k}`, changes: [t.change(`Item's o${k} is n${k}.`, [t.fieldRenamed(Item, { older: `o${k}`, newer: `n${k}` })])] })
      item[`n${k}`] = k
    }
    return { versions, bodies: { 'GET /items': { response: { items: [Item] } } }, body: { items: [item, { ...item }] }, path: '/items' }
  }
  const Category = t.shape('Category')
  const Product = t.shape('Product', { nested: { category: Category } })
  const Line = t.shape('Line', { nested: { product: Product } })
  const Address = t.shape('Address')
  const Customer = t.shape('Customer', { nested: { address: Address } })
  const Order = t.shape('Order', { nested: { customer: Customer, lines: [Line] } })
  const shapes = [Category, Product, Line, Address, Customer, Order]
  const heads: Record<string, unknown>[] = shapes.map(() => ({ id: 1 }))
  for (let k = 1; k < n; k++) {
    const i = k % shapes.length
    const instruction =
      k % 3 === 0
        ? t.fieldChanged(shapes[i], `f${k}`, { down: (v: unknown) => String(v), up: (v: unknown) => Number(v) })
        : k % 3 === 1
          ? t.fieldRenamed(shapes[i], { older: `o${k}`, newer: `f${k}` })
          : t.fieldAdded(shapes[i], `f${k}`, { default: 0 })
    ;(heads[i] as Record<string, unknown>)[`f${k}`] = k
    versions.push({ version: `v${k}`, changes: [t.change(`Change ${k}.`, [instruction])] })
  }
  const [category, product, line, address, customer, order] = heads
  const lines = [1, 2].map(() => ({ ...line, product: { ...product, category: { ...category } } }))
  return {
    versions,
    bodies: { 'GET /orders': { response: Order }, 'GET /products': { response: { items: [Product] } }, 'GET /customers': { response: Customer } },
    body: { ...order, customer: { ...customer, address: { ...address } }, lines },
    path: '/orders',
  }
}

/** An app serving `which`'s history of `n` versions (`versionMiddleware`, `HeaderVersioning`) and a request of its oldest version. */
export function olderApp(t: Api, which: 'renames' | 'realistic', n: number): { app: Hono; request: Request } {
  const { versions, bodies, body, path } = history(t, which, n)
  const names = versions.map((v) => (v as { version: string }).version)
  const app = new Hono()
  app.use('*', t.versionMiddleware({ scheme: new t.HeaderVersioning({ allowedVersions: names, defaultVersion: names[names.length - 1] }), changes: t.versionHistory({ versions, bodies }) }))
  app.get(path, (c) => c.json(body))
  return { app, request: new Request(`http://api.example${path}`, { headers: { 'Api-Version': 'v0' } }) }
}
