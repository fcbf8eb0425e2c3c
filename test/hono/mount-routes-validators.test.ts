/**
 * Validators on mounted routes: a method's handlers given as a chain
 * (`createFactory().createHandlers(validator, handler)`, or a plain array)
 * run as Hono runs `app.post(path, validator, handler)`, in both mount
 * styles. With version changes the validator sees the request migrated up
 * to the head version, and what it answers (a 400) goes to an older client
 * in that client's version, with the version's headers.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
import { createFactory } from 'hono/factory'
import { validator } from 'hono/validator'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'
import { appInStyle, MOUNT_STYLES, type MountStyle } from '../support/mount-styles.ts'

interface Product {
  id: number
  title: string
}
const Product = shape<Product>('Product')
const titles = change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])
const NewProduct = z.object({ title: z.string().min(1) })

const v1 = { 'Api-Version': '1', 'Content-Type': 'application/json' }
const v2 = { 'Api-Version': '2', 'Content-Type': 'application/json' }


function shop(mode: MountStyle) {
  const history = twoVersionHistory([titles], {
    bodies: { 'product-list': { request: Product, response: Product } },
  })
  const routes = defineRoutes([route('product-list', '/products'), route('product-detail', '/products/:id')])
  const versioning = apiVersioning({
    scheme: twoVersions(),
    routes,
    changes: history,
    origin: 'https://api.example.com',
  })
  const factory = createFactory()
  const seen: unknown[] = []
  const app = appInStyle(mode, versioning)
  const typed = mountRoutes(app, versioning, {
    'product-list': {
      get: (c) => c.json({ id: 1, title: 'Lamp' }),
      post: factory.createHandlers(zValidator('json', NewProduct), (c) => {
        const body = c.req.valid('json')
        seen.push(body)
        return c.json({ id: 7, title: body.title }, 201)
      }),
    },
    // A plain array: its handlers are typed on their own (createHandlers links the validator's type to the handler).
    'product-detail': [
      validator('param', (value, c) => (/^[0-9]+$/.test(value['id'] ?? '') ? { id: Number(value['id']) } : c.json({ detail: 'Not a product id.' }, 404))),
      (c: Context) => c.json({ id: Number(c.req.param('id')), title: 'Lamp', version: c.get('version') }),
    ],
  })
  return { app: typed, seen }
}

describe.each(MOUNT_STYLES)('validators on mounted routes (%s)', (mode) => {
  it('the head client: the validator reads its body, the handler its valid value', async () => {
    const { app, seen } = shop(mode)
    const res = await app.request('/products', { method: 'POST', headers: v2, body: JSON.stringify({ title: 'Desk' }) })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, title: 'Desk' })
    expect(seen).toEqual([{ title: 'Desk' }])
    expect(res.headers.get('Vary')).toBe('Api-Version')
  })

  it('an older client: the validator sees its body migrated up, and the answer goes back in its version', async () => {
    const { app, seen } = shop(mode)
    const res = await app.request('/products', { method: 'POST', headers: v1, body: JSON.stringify({ name: 'Desk' }) })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, name: 'Desk' })
    expect(seen).toEqual([{ title: 'Desk' }])
  })

  it("the validator's refusal answers with 400, the version's Vary, and the handler never runs", async () => {
    const { app, seen } = shop(mode)
    for (const [headers, body] of [[v1, { name: '' }], [v2, { title: '' }], [v1, {}]] as const) {
      const res = await app.request('/products', { method: 'POST', headers, body: JSON.stringify(body) })
      expect(res.status).toBe(400)
      expect(res.headers.get('Vary')).toBe('Api-Version')
      expect((await res.json()) as object).toHaveProperty('success', false)
    }
    expect(seen).toEqual([])
  })

  it('a plain array chain on a GET route: the param validator answers, or passes its value on', async () => {
    const { app } = shop(mode)
    const ok = await app.request('/products/12', { headers: v1 })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ id: 12, title: 'Lamp', version: '1' })
    const refused = await app.request('/products/lamp', { headers: v1 })
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual({ detail: 'Not a product id.' })
    expect(refused.headers.get('Vary')).toBe('Api-Version')
  })

  it('the GET handler of the same route is untouched by the POST chain', async () => {
    const { app } = shop(mode)
    const res = await app.request('/products', { headers: v1 })
    expect(await res.json()).toEqual({ id: 1, name: 'Lamp' })
  })
})

/**
 * A chain written inline in `mountRoutes` (the validator held in a variable, its handler typed by it; and the
 * validator called inline), served to the typed clients of an older and the head version: each sends its own body,
 * the handler reads the body migrated up to the head, each gets its own shape back.
 */
interface NewProductBody {
  title: string
}
const NewProductShape = shape<NewProductBody>('NewProduct')

function inlineShop(mode: MountStyle) {
  // The history's own type (versionHistory's options) gives the typed client each version's shapes.
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' }), fieldRenamed(NewProductShape, { older: 'name', newer: 'title' })])] }],
    bodies: { 'product-list': { request: NewProductShape, response: Product }, 'product-detail': { request: NewProductShape, response: Product } },
  })
  const versioning = apiVersioning({
    scheme: twoVersions(),
    routes: defineRoutes([route('product-list', '/products'), route('product-detail', '/products/:id')]),
    changes: history,
    origin: 'https://api.example.com',
  })
  const newProduct = zValidator('json', NewProduct)
  const seen: unknown[] = []
  const app = mountRoutes(appInStyle(mode, versioning), versioning, {
    'product-list': {
      post: [
        newProduct,
        (c) => {
          seen.push(c.req.valid('json'))
          return c.json({ id: 7, title: c.req.valid('json').title }, 201)
        },
      ],
    },
    'product-detail': {
      put: [zValidator('json', NewProduct), (c) => c.json({ id: Number(c.req.param('id')), title: c.req.valid('json').title }, 200)],
    },
  })
  const clients = versionedClient<typeof app, typeof history>('https://api.example.com', { scheme: { in: 'header', name: 'Api-Version' }, fetch: (input, init) => app.request(input, init) })
  return { clients, seen }
}

describe.each(MOUNT_STYLES)('a chain written inline, served to typed clients of two versions (%s)', (mode) => {
  it('the older client sends its own body and gets its own shape; the head client the head ones', async () => {
    const { clients, seen } = inlineShop(mode)
    const older = await clients('1').products.$post({ json: { name: 'Desk' } })
    expect([older.status, await older.json()]).toEqual([201, { id: 7, name: 'Desk' }])
    const head = await clients('2').products.$post({ json: { title: 'Lamp' } })
    expect([head.status, await head.json()]).toEqual([201, { id: 7, title: 'Lamp' }])
    expect(seen).toEqual([{ title: 'Desk' }, { title: 'Lamp' }])
  })

  it('with the validator called inline and a path param: the same', async () => {
    const { clients } = inlineShop(mode)
    const older = await clients('1').products[':id'].$put({ param: { id: '3' }, json: { name: 'Desk' } })
    expect([older.status, older.headers.get('Vary'), await older.json()]).toEqual([200, 'Api-Version', { id: 3, name: 'Desk' }])
    const head = await clients('2').products[':id'].$put({ param: { id: '3' }, json: { title: 'Lamp' } })
    expect([head.status, await head.json()]).toEqual([200, { id: 3, title: 'Lamp' }])
  })

  it("the validator's refusal reaches the older client as a 400, and the handler never runs", async () => {
    const { clients, seen } = inlineShop(mode)
    const refused = await clients('1').products.$post({ json: { name: '' } })
    expect(refused.status).toBe(400)
    expect(seen).toEqual([])
  })
})

describe('mountRoutes refuses a chain it cannot run', () => {
  const routes = defineRoutes([route('product-list', '/products')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning(), routes, origin: 'https://api.example.com' })
  it.each([
    ['an empty chain', { 'product-list': [] }, 'mountRoutes: the GET chain of "product-list" must list one or more functions: its middlewares (validators), then its handler.'],
    ['a chain with a non-function', { 'product-list': { post: [() => undefined, 'handler'] } }, 'mountRoutes: the post chain of "product-list" must list one or more functions'],
  ])('%s', (_name, handlers, message) => {
    expect(() => mountRoutes(new Hono(), versioning, handlers as never)).toThrow(message)
  })
})
