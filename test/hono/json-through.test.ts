/**
 * The JSON fast path (`c.json` migrating the handler's value before its one
 * serialisation) and what answers around it: a cache inside the versioning
 * middleware, `app.onError` answering after a response failed to migrate, a
 * middleware after it that rebuilds the migrated answer, a length the handler
 * set. A portable file: it runs on all four runtimes.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionMiddleware, type VersioningExtension } from '../../src/hono/index.ts'
import { marks } from '../../src/hono/json-through.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { change, fieldChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { catalog, headProduct, v1Product } from '../support/changes-fixture.ts'

const MARK = 'x-api-versioning-json-step'

/** A cache of whole responses inside the versioning middleware, keyed by path and, when `vary`, the version header. */
function memoryCache(vary: boolean): MiddlewareHandler {
  const stored = new Map<string, Response>()
  return async (c, next) => {
    const key = `${c.req.path} ${vary ? c.req.header('api-version') : ''}`
    const hit = stored.get(key)
    if (hit !== undefined) return hit.clone()
    await next()
    stored.set(key, c.res.clone())
    return undefined
  }
}

function appWith(register: (app: Hono) => void): { app: Hono; errors: string[] } {
  const app = new Hono()
  const errors: string[] = []
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' }), changes: catalog }))
  register(app)
  app.onError((error, c) => {
    errors.push(error.message)
    return c.json({ detail: 'failed' }, 500)
  })
  return { app, errors }
}

const ask = (app: Hono, version: string, path = '/products/1'): Promise<Response> => Promise.resolve(app.fetch(new Request(`http://api.test${path}`, { headers: { 'api-version': version } })))

describe('the JSON fast path', () => {
  it('an answer a cache inside the middleware stored for the version is sent again as it is, not migrated twice', async () => {
    const { app, errors } = appWith((app) => {
      app.use('/products/*', memoryCache(true))
      app.get('/products/:id', (c) => c.json(headProduct(1)))
    })
    for (let i = 0; i < 3; i++) {
      const res = await ask(app, 'v1')
      expect(res.headers.get(MARK)).toBeNull()
      expect(await res.json()).toEqual(v1Product(1))
    }
    expect(await (await ask(app, 'v4')).json()).toEqual(headProduct(1))
    expect(errors).toEqual([])
  })

  it.each([
    ['an older request', 'v2'],
    ['a head-version request', 'v4'],
  ])("%s answered with another version's stored answer (a cache that does not vary on the version) fails loudly, and no mark reaches the client", async (_, version) => {
    const { app, errors } = appWith((app) => {
      app.use('/products/*', memoryCache(false))
      app.get('/products/:id', (c) => c.json(headProduct(1)))
    })
    expect(await (await ask(app, 'v1')).json()).toEqual(v1Product(1))
    const res = await ask(app, version)
    expect(res.status).toBe(500)
    expect(res.headers.get(MARK)).toBeNull()
    expect(errors).toEqual([
      `versionMiddleware: a response migrated to version "v1" answers a request of version "${version}"; a cache inside the versioning middleware must vary on the version (Hono's cache(): vary: [the version's header]).`,
    ])
  })

  it("a mark that is no version's (a CR LF once decoded, a malformed escape, 1 MiB) is quoted escaped and cut in the sentence, and no mark reaches the client", async () => {
    const { app, errors } = appWith((app) => {
      app.get('/products/:id', (c) => new Response(JSON.stringify(headProduct(1)), { headers: { 'content-type': 'application/json', [MARK]: c.req.param('id') === '1' ? `v%0D%0A%C2%85${'9'.repeat(2 ** 20)}` : '%E0%A4%A' } }))
    })
    for (const path of ['/products/1', '/products/2']) {
      const res = await ask(app, 'v2', path)
      expect(res.status).toBe(500)
      expect(res.headers.get(MARK)).toBeNull()
    }
    const sentence = (named: string) => `versionMiddleware: a response migrated to version ${named} answers a request of version "v2"; a cache inside the versioning middleware must vary on the version (Hono's cache(): vary: [the version's header]).`
    expect(errors).toEqual([sentence(`"v\\r\\n\\u0085${'9'.repeat(67)}…`), sentence('"%E0%A4%A"')])
  })

  it('a head answer a cache that does not vary on the version hands an older client is migrated as any head answer is', async () => {
    const { app, errors } = appWith((app) => {
      app.use('/products/*', memoryCache(false))
      app.get('/products/:id', (c) => c.json(headProduct(1)))
    })
    expect(await (await ask(app, 'v4')).json()).toEqual(headProduct(1))
    const res = await ask(app, 'v1')
    expect(res.headers.get(MARK)).toBeNull()
    expect(await res.json()).toEqual(v1Product(1))
    expect(errors).toEqual([])
  })

  it("app.onError's c.json after a response failed to migrate is Hono's own: no mark reaches the client", async () => {
    const { app, errors } = appWith((app) => {
      app.get('/products/:id', (c) => c.text(JSON.stringify(headProduct(1))))
    })
    const res = await ask(app, 'v1')
    expect(res.status).toBe(500)
    expect(res.headers.get(MARK)).toBeNull()
    expect(await res.json()).toEqual({ detail: 'failed' })
    expect(errors).toHaveLength(1)
  })

  it("an envelope middleware after the versioning one that reads the migrated answer and answers c.json fails loudly for an older client, where it was migrated twice", async () => {
    const envelope: MiddlewareHandler = async (c, next) => {
      await next()
      const body: unknown = await c.res.json()
      c.res = undefined
      c.res = c.json({ data: body })
    }
    const { app, errors } = appWith((app) => {
      app.use('/products/*', envelope)
      app.get('/products/:id', (c) => c.json(headProduct(1)))
    })
    const res = await ask(app, 'v1')
    expect([res.status, res.headers.get(MARK), await res.json()]).toEqual([500, null, { detail: 'failed' }])
    expect(errors).toEqual([
      'versionMiddleware: c.json built an answer for version "v1" from a body already migrated to it (a middleware after the versioning one wraps the handler\'s answer); register that middleware before the versioning middleware.',
    ])
    // The head's answer is never migrated: the same envelope serves it.
    expect(await (await ask(app, 'v4')).json()).toEqual({ data: headProduct(1) })
    // Registered before the versioning middleware, the envelope wraps the older client's own answer.
    const outside = new Hono()
    outside.use('*', envelope)
    outside.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' }), changes: catalog }))
    outside.get('/products/:id', (c) => c.json(headProduct(1)))
    expect(await (await ask(outside, 'v1')).json()).toEqual({ data: v1Product(1) })
  })

  it("a middleware after the versioning one that reads the migrated answer and builds another without its headers (c.res = undefined, then c.body) fails loudly, where each change was applied twice", async () => {
    /** Version 1 got prices in euros, where version 2 gets cents. */
    const Price = shape<{ cents: number }>('Price')
    const prices = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Prices are in cents.', [fieldChanged(Price, 'cents', { down: (cents) => (cents as number) / 100, up: (euros) => Math.round((euros as number) * 100) })])] }],
      bodies: { 'GET /prices/:id': { response: Price } },
    })
    const errors: string[] = []
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: prices }))
    app.use('/prices/*', async (c, next) => {
      await next()
      const text = await c.res.text()
      c.res = undefined
      c.res = c.body(text.trim(), 200, { 'Content-Type': 'application/json' })
    })
    app.get('/prices/:id', (c) => c.json({ cents: 1250 }))
    app.onError((error, c) => {
      errors.push(error.message)
      return c.text('failed', 500)
    })
    const older = await app.request('/prices/1', { headers: { 'Api-Version': '1' } })
    expect([older.status, older.headers.get(MARK), await older.text()]).toEqual([500, null, 'failed'])
    expect(errors).toEqual([
      'versionMiddleware: an answer for version "1" was built from a body already migrated to it, without that answer\'s headers (a middleware after the versioning one read c.res, set c.res = undefined and built another), so it would be migrated twice; build it over the answer it replaces (c.res = new Response(body, c.res)), or register that middleware before the versioning middleware.',
    ])
    // The head's answer is never migrated: the same middleware serves it.
    expect(await (await app.request('/prices/1', { headers: { 'Api-Version': '2' } })).json()).toEqual({ cents: 1250 })
  })

  it('a middleware after the versioning one that reads the migrated answer and replaces it with one of another media type (an error page, a plain-text 410) sends it to every version as the head gets it, never a 500', async () => {
    const { app, errors } = appWith((app) => {
      app.use('/products/*', async (c, next) => {
        await next()
        const body = (await c.res.json()) as { id?: number }
        c.res = undefined
        c.res = body.id === 1 ? c.html('<h1>Down for maintenance</h1>', 503) : new Response('gone', { status: 410 })
      })
      app.get('/products/:id', (c) => c.json(headProduct(Number(c.req.param('id')))))
    })
    for (const version of ['v1', 'v4']) {
      const page = await ask(app, version)
      expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([503, 'text/html; charset=UTF-8', '<h1>Down for maintenance</h1>'])
      const gone = await ask(app, version, '/products/2')
      expect([gone.status, await gone.text()]).toEqual([410, 'gone'])
    }
    expect(errors).toEqual([])
  })

  it('a middleware after the versioning one that swaps in another head answer with c.json, without reading the first, gets it migrated', async () => {
    const { app, errors } = appWith((app) => {
      app.use('/products/*', async (c, next) => {
        await next()
        c.res = undefined
        c.res = c.json(headProduct(2))
      })
      app.get('/products/:id', (c) => c.json(headProduct(1)))
    })
    expect(await (await ask(app, 'v1')).json()).toEqual(v1Product(2))
    expect(errors).toEqual([])
  })

  it("a Content-Length the handler set (the head body's) is not sent with the older body", async () => {
    const { app } = appWith((app) => {
      app.get('/products/:id', (c) => {
        c.header('Content-Length', String(JSON.stringify(headProduct(1)).length))
        return c.json(headProduct(1))
      })
      app.get('/products', (c) => c.json({ items: [headProduct(1)] }, 200, { 'Content-Length': String(JSON.stringify({ items: [headProduct(1)] }).length) }))
    })
    for (const path of ['/products/1', '/products']) {
      const res = await ask(app, 'v1', path)
      const length = res.headers.get('content-length')
      const bytes = new Uint8Array(await res.arrayBuffer())
      if (length !== null) expect(Number(length)).toBe(bytes.byteLength)
      expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(path === '/products' ? { items: [v1Product(1)] } : v1Product(1))
    }
  })
})

describe('the marks of the versions the JSON step answers', () => {
  // A JSON step of one's own, beside a scheme that allows every version: the version is whatever text a client sends.
  const everyValue: VersioningExtension = { bind: () => ({ json: () => (value, status, respond) => respond(value, true, status) }) }
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ defaultVersion: 'v1' }), extensions: [everyValue] }))
  app.get('/products/1', (c) => c.json({ length: (c.var.version as string).length }))

  it('are kept for a version of up to 1,024 characters, not for a longer one a client sends: the memory they hold is bounded in bytes too', async () => {
    for (const [version, kept] of [['a-version', true], ['v'.repeat(1024), true], ['v'.repeat(1025), false], ['v'.repeat(16_000), false]] as const) {
      const before = marks.size
      for (let i = 0; i < 2; i++) {
        const res = await ask(app, version)
        expect(res.status).toBe(200)
        expect(res.headers.has(MARK)).toBe(false)
        expect(await res.json()).toEqual({ length: version.length })
      }
      // A table of 256 marks is emptied when full (none of this file's versions fill it).
      expect(marks.size, `${version.length} characters`).toBe(kept ? before + 1 : before)
    }
  })
})
