/**
 * A response compressed inside the versioning middleware (Hono's `compress()`
 * registered after it, or a handler answering compressed bytes): an older
 * client's body is decoded, migrated and encoded again the same way; a
 * coding the response step cannot decode is a loud 500 whose answer carries
 * none of the failed body's headers. A body labelled gzip that does not
 * start as gzip data is, on workerd, one the runtime encodes as it sends it:
 * migrated plain under its label; any other such body is a loud 500 (the
 * handler's mistake). A portable file: it runs on all four runtimes.
 */
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { catalog, headProduct, v1Product } from '../support/changes-fixture.ts'

type Answer = (product: object) => Response | Promise<Response>

function appWith(answer: Answer, options: { compressAfter?: 'gzip' | 'deflate' } = {}): { app: Hono; errors: string[] } {
  const app = new Hono()
  const errors: string[] = []
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' }), changes: catalog }))
  if (options.compressAfter !== undefined) app.use('*', compress({ encoding: options.compressAfter, threshold: 0 }))
  app.get('/products/:id', () => answer(headProduct(1)))
  app.get('/products', () => answer({ items: [headProduct(1), headProduct(2)] }))
  app.onError((error, c) => {
    errors.push(error.message)
    return c.text('failed', 500)
  })
  return { app, errors }
}

const ask = (app: Hono, version: string, path = '/products/1', encoding = 'gzip, deflate'): Promise<Response> =>
  Promise.resolve(app.fetch(new Request(`http://api.test${path}`, { headers: { 'api-version': version, 'accept-encoding': encoding } })))

async function bytesOf(text: string, format: 'gzip' | 'deflate'): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(new Response(text).body!.pipeThrough(new CompressionStream(format) as ReadableWritablePair<Uint8Array, Uint8Array>)).arrayBuffer())
}

async function textOf(res: Response): Promise<string> {
  const coding = res.headers.get('content-encoding')
  if (coding === null) return res.text()
  let body = res.body as ReadableStream<Uint8Array>
  for (const format of coding.split(',').map((c) => c.trim()).reverse()) body = body.pipeThrough(new DecompressionStream(format as 'gzip' | 'deflate') as ReadableWritablePair<Uint8Array, Uint8Array>)
  return new Response(body).text()
}

const json = (body: BodyInit, headers: Record<string, string> = {}): Response => new Response(body, { headers: { 'content-type': 'application/json', ...headers } })

describe('a response compressed inside the versioning middleware', () => {
  it.each(['gzip', 'deflate'] as const)("compress() after the middleware (%s), a handler answering c.body's JSON: the older body is migrated and compressed the same way", async (format) => {
    const { app, errors } = appWith((product) => json(JSON.stringify(product)), { compressAfter: format })
    const old = await ask(app, 'v1', '/products/1', format)
    expect(old.status).toBe(200)
    expect(old.headers.get('content-encoding')).toBe(format)
    expect(JSON.parse(await textOf(old))).toEqual(v1Product(1))
    const head = await ask(app, 'v4', '/products/1', format)
    expect(head.headers.get('content-encoding')).toBe(format)
    expect(JSON.parse(await textOf(head))).toEqual(headProduct(1))
    expect(errors).toEqual([])
  })

  it('a body sent to every version as it is, with a Content-Encoding, keeps its bytes, encoded or not (workerd encodes the latter as it sends it)', async () => {
    const gzipped = await bytesOf('No such product', 'gzip')
    const plain = new TextEncoder().encode('No such product')
    for (const bytes of [gzipped, plain]) {
      const { app, errors } = appWith(() => new Response(bytes, { status: 404, headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip', etag: '"e"' } }))
      const old = await ask(app, 'v1')
      expect([old.status, old.headers.get('content-encoding'), old.headers.get('etag'), [...new Uint8Array(await old.arrayBuffer())]]).toEqual([404, 'gzip', '"e@v1"', [...bytes]])
      expect(errors).toEqual([])
    }
  })

  it('a handler answering gzip bytes itself, a list: migrated, gzip again, no stale Content-Length', async () => {
    const { app } = appWith(async (value) => {
      const bytes = await bytesOf(JSON.stringify(value), 'gzip')
      return json(bytes, { 'content-encoding': 'gzip', 'content-length': String(bytes.byteLength) })
    })
    const old = await ask(app, 'v1', '/products')
    expect(old.headers.get('content-encoding')).toBe('gzip')
    const length = old.headers.get('content-length')
    const text = await textOf(old.clone())
    if (length !== null) expect(Number(length)).toBe((await old.arrayBuffer()).byteLength)
    expect(JSON.parse(text)).toEqual({ items: [v1Product(1), v1Product(2)] })
  })

  it('two codings (deflate, then gzip) are undone in reverse and applied again in order', async () => {
    const { app } = appWith(async (value) => {
      const inner = await bytesOf(JSON.stringify(value), 'deflate')
      const outer = new Uint8Array(await new Response(new Response(inner).body!.pipeThrough(new CompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>)).arrayBuffer())
      return json(outer, { 'content-encoding': 'deflate, gzip' })
    })
    const old = await ask(app, 'v1')
    expect(old.headers.get('content-encoding')).toBe('deflate, gzip')
    expect(JSON.parse(await textOf(old))).toEqual(v1Product(1))
  })

  it('a coding it cannot decode is quoted escaped and cut in the sentence (a C1 control, 1 MiB)', async () => {
    const { app, errors } = appWith((product) => json(JSON.stringify(product), { 'content-encoding': `x\u0085${'y'.repeat(2 ** 20)}` }))
    expect((await ask(app, 'v1')).status).toBe(500)
    expect(errors).toEqual([
      `versionHistory: the 200 response of "GET /products/:id" (application/json) cannot be migrated to version "v1": its body is "x\\u0085${'y'.repeat(71)}…-encoded (Content-Encoding), which the response step cannot decode; register compress() before the versioning middleware, so that it compresses the migrated body, or answer gzip or deflate.`,
    ])
  })

  it.each(['br', 'zstd', 'compress'])('a body encoded %s: a 500 for app.onError naming the coding and the fix, answered without the failed body\'s headers', async (coding) => {
    const { app, errors } = appWith((product) => json(JSON.stringify(product), { 'content-encoding': coding, etag: '"head"', 'content-length': '999' }))
    const old = await ask(app, 'v1')
    expect(old.status).toBe(500)
    expect(await old.text()).toBe('failed')
    expect(old.headers.get('content-encoding')).toBeNull()
    expect(old.headers.get('etag')).toBeNull()
    expect(errors).toEqual([
      `versionHistory: the 200 response of "GET /products/:id" (application/json) cannot be migrated to version "v1": its body is "${coding}"-encoded (Content-Encoding), which the response step cannot decode; register compress() before the versioning middleware, so that it compresses the migrated body, or answer gzip or deflate.`,
    ])
    // The head version's body is its own: sent as it is.
    const head = await ask(app, 'v4')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe(coding)
  })

  // workerd encodes a body labelled gzip as it sends it (its Responses' default, encodeBody: 'automatic'): one that is not
  // gzip data yet is one it is to encode (every fetch() passed on from a gzipping origin). It sends deflate as it is.
  const workerd = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'

  it.each(['gzip', 'deflate'] as const)('a JSON body labelled %s that is not encoded: on workerd under gzip, migrated and sent plain under its label, which workerd encodes as it sends it; else a 500 for app.onError, never the bytes', async (coding) => {
    const { app, errors } = appWith((product) => json(JSON.stringify(product), { 'content-encoding': coding, 'content-length': '999' }))
    const old = await ask(app, 'v1')
    if (workerd && coding === 'gzip') {
      expect([old.status, old.headers.get('content-encoding'), old.headers.get('content-length')]).toEqual([200, coding, null])
      expect(JSON.parse(await old.text())).toEqual(v1Product(1))
      expect(errors).toEqual([])
    } else {
      expect([old.status, old.headers.get('content-encoding')]).toEqual([500, null])
      expect(errors).toEqual([
        `versionHistory: the 200 response of "GET /products/:id" (application/json) cannot be migrated to version "v1": its body does not decode as its Content-Encoding says: it is not ${coding} data, and nothing encodes it on its way out (workerd does, for a Content-Encoding of gzip alone); answer it ${coding}-encoded (compress()) or without a Content-Encoding.`,
      ])
    }
  })

  it('a body that starts as gzip data but does not decode: a 500 for app.onError on every runtime, never the bytes', async () => {
    const { app, errors } = appWith(async (product) => json((await bytesOf(JSON.stringify(product), 'gzip')).slice(0, 12), { 'content-encoding': 'gzip' }))
    const old = await ask(app, 'v1')
    expect([old.status, old.headers.get('content-encoding')]).toEqual([500, null])
    expect(errors).toEqual(['versionHistory: the 200 response of "GET /products/:id" (application/json) cannot be migrated to version "v1": its body does not decode as its Content-Encoding says.'])
  })

  it('a JSON Lines stream labelled gzip that is not encoded: on workerd migrated item by item and sent plain under its label; elsewhere a 500 before anything is sent', async () => {
    const app = new Hono()
    const errors: string[] = []
    const Person = shape<{ id: number; fullName: string }>('Person')
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
      bodies: { 'GET /people': { items: Person } },
    })
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
    // Split inside gzip's would-be magic bytes: the look at a body's first bytes reads on to the second.
    const chunks = ['{', '"id":1,"fullName":"Ada"}\n{"id":2,"fullName":"Grace"}\n']
    app.get('/people', () => new Response(new ReadableStream({ pull: (c) => (chunks.length > 0 ? c.enqueue(new TextEncoder().encode(chunks.shift())) : c.close()) }), { headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' } }))
    app.onError((error, c) => {
      errors.push(error.message)
      return c.text('failed', 500)
    })
    const old = await app.request('/people', { headers: { 'api-version': '1' } })
    if (workerd) {
      expect([old.status, old.headers.get('content-encoding')]).toEqual([200, 'gzip'])
      expect(await old.text()).toBe('{"id":1,"name":"Ada"}\n{"id":2,"name":"Grace"}\n')
    } else {
      expect([old.status, await old.text()]).toEqual([500, 'failed'])
      expect(errors).toEqual([
        'versionHistory: the 200 response of "GET /people" (application/x-ndjson) cannot be migrated to version "1": its body does not decode as its Content-Encoding says: it is not gzip data, and nothing encodes it on its way out (workerd does, for a Content-Encoding of gzip alone); answer it gzip-encoded (compress()) or without a Content-Encoding.',
      ])
    }
  })

  it('an empty JSON body labelled gzip holds no shape: sent empty under its label on every runtime', async () => {
    const { app, errors } = appWith(() => json('', { 'content-encoding': 'gzip' }))
    const old = await ask(app, 'v1')
    expect([old.status, old.headers.get('content-encoding'), await old.text()]).toEqual([200, 'gzip', ''])
    expect(errors).toEqual([])
  })

  it("Hono's own error handler answers a failed body without its Content-Encoding", async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' }), changes: catalog }))
    app.get('/products/:id', () => json('{}', { 'content-encoding': 'br' }))
    const quiet = console.error
    console.error = () => {}
    try {
      const old = await ask(app, 'v1')
      expect(old.status).toBe(500)
      expect(old.headers.get('content-encoding')).toBeNull()
      expect(await old.text()).toBe('Internal Server Error')
    } finally {
      console.error = quiet
    }
  })
})
