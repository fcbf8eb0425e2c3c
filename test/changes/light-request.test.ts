/**
 * An older client's request, when the server hands its handlers an object
 * of its own that inherits `Request.prototype` rather than a `Request` (as
 * Node's @hono/node-server does; `serverRequest` below is one): `c.req.raw`
 * is one of that kind holding the migrated body, and reads as a `Request`
 * (instanceof, method, URL, headers with the migrated body's length, text,
 * json, bytes, blob, its body as a stream, clone, a body read once) and in
 * `bodyLimit`, the client's body sent with a length or chunked. And a
 * `Request` of a subclass (a framework's own) is no such object: it is
 * rebuilt as a `Request`, which the runtime's `new Request()` takes.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, queryParamRenamed, shape } from '../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

const Person = shape<{ email: string }>('Person')

/** A server's own request around `request`: what it owns read from it, prototype inheriting `Request.prototype`. */
function serverRequest(request: Request): Request {
  class ServerRequest {
    get method(): string {
      return request.method
    }
    get url(): string {
      return request.url
    }
    get headers(): Headers {
      return request.headers
    }
    get body(): ReadableStream<Uint8Array> | null {
      return request.body
    }
    get bodyUsed(): boolean {
      return request.bodyUsed
    }
    get signal(): AbortSignal {
      return request.signal
    }
    text(): Promise<string> {
      return request.text()
    }
    json(): Promise<unknown> {
      return request.json()
    }
    arrayBuffer(): Promise<ArrayBuffer> {
      return request.arrayBuffer()
    }
    clone(): Request {
      return serverRequest(request.clone())
    }
  }
  Object.setPrototypeOf(ServerRequest.prototype, Request.prototype)
  return new ServerRequest() as unknown as Request
}

function app(): Hono {
  const history = twoVersionHistory(
    [change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })]), change('The list is filtered by status.', [queryParamRenamed('GET /people', { older: 'state', newer: 'status' })])],
    { bodies: { 'POST /people': { request: Person }, 'POST /limited': { request: Person }, 'POST /forward': { request: Person }, 'POST /digested': { request: Person } } },
  )
  const target = migratingApp(history)
  target.post('/people', async (c) => c.json(await described(c)))
  target.post('/limited', bodyLimit({ maxSize: 64 }), async (c) => c.json({ got: await c.req.json(), raw: await c.req.raw.json() }))
  target.get('/people', (c) => c.json({ instance: c.req.raw instanceof Request, url: c.req.raw.url, status: c.req.query('status') ?? null, body: c.req.raw.body, method: c.req.raw.method }))
  return target
}

/** What the handler sees of `c.req.raw`, read every way a `Request` is read. */
async function described(c: Context): Promise<Record<string, unknown>> {
  const raw = c.req.raw
  const clone = raw.clone()
  const streamed = await new Response(clone.clone().body).text()
  const out = {
    instance: raw instanceof Request,
    light: Object.getPrototypeOf(raw) !== Request.prototype,
    method: raw.method,
    url: raw.url,
    type: raw.headers.get('content-type'),
    length: raw.headers.get('content-length'),
    version: c.req.header('api-version'),
    cached: await c.req.json(),
    json: await clone.clone().json(),
    bytes: new TextDecoder().decode(await clone.clone().arrayBuffer()),
    blob: await (await clone.clone().blob()).text(),
    streamed,
    redirect: clone.clone().redirect,
    usedBefore: raw.bodyUsed,
    text: await raw.text(),
    usedAfter: raw.bodyUsed,
    again: await raw.text().then(
      () => 'read twice',
      (error: unknown) => (error instanceof TypeError ? 'TypeError' : String(error)),
    ),
    cloneUsed: (() => {
      try {
        raw.clone()
        return 'cloned'
      } catch (error) {
        return error instanceof TypeError ? 'TypeError' : String(error)
      }
    })(),
  }
  return out
}

function post(path: string, version: string, body: string, chunked = false): Request {
  const bytes = new TextEncoder().encode(body)
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' } }
  if (chunked) {
    init.body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes)
        controller.close()
      },
    })
    init.duplex = 'half'
  } else {
    ;(init.headers as Record<string, string>)['Content-Length'] = String(bytes.byteLength)
    init.body = bytes
  }
  return serverRequest(new Request(`http://localhost${path}`, init))
}

describe('an older request served as a server\'s own request object', () => {
  it('c.req.raw holds the migrated body and reads as a Request', async () => {
    const res = await app().fetch(post('/people', '1', '{"mail":"é@b.c"}'))
    expect(res.status).toBe(200)
    const migrated = '{"email":"é@b.c"}'
    expect(await res.json()).toEqual({
      instance: true,
      light: true,
      method: 'POST',
      url: 'http://localhost/people',
      type: 'application/json',
      length: String(new TextEncoder().encode(migrated).byteLength),
      version: '1',
      cached: { email: 'é@b.c' },
      json: { email: 'é@b.c' },
      bytes: migrated,
      blob: migrated,
      streamed: migrated,
      redirect: 'follow',
      usedBefore: false,
      text: migrated,
      usedAfter: true,
      again: 'TypeError',
      cloneUsed: 'TypeError',
    })
  })

  it('the head version\'s request is the server\'s own, untouched', async () => {
    const target = app()
    let seen: Request | null = null
    target.post('/head', (c) => {
      seen = c.req.raw
      return c.text('ok')
    })
    const request = post('/head', '2', '{"email":"a@b.c"}')
    expect((await target.fetch(request)).status).toBe(200)
    expect(seen).toBe(request)
  })

  for (const chunked of [false, true]) {
    it(`bodyLimit in the route's chain, the client's body ${chunked ? 'chunked' : 'with a Content-Length'}: the migrated body within it passes, over it 413`, async () => {
      const ok = await app().fetch(post('/limited', '1', '{"mail":"a@b.c"}', chunked))
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({ got: { email: 'a@b.c' }, raw: { email: 'a@b.c' } })
      const over = await app().fetch(post('/limited', '1', `{"mail":"${'x'.repeat(100)}"}`, chunked))
      expect(over.status).toBe(413)
      expect(await over.text()).toBe('Payload Too Large')
    })
  }

  it("its headers without the client's body digests, which the migrated body does not match", async () => {
    const target = app()
    target.post('/digested', async (c) => c.json({ light: Object.getPrototypeOf(c.req.raw) !== Request.prototype, digest: c.req.header('content-digest') ?? null, md5: c.req.raw.headers.get('content-md5') }))
    const request = new Request('http://localhost/digested', { method: 'POST', headers: { 'Api-Version': '1', 'Content-Type': 'application/json', 'Content-Digest': 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:', 'Content-MD5': 'Q2hlY2sgSW50ZWdyaXR5IQ==' }, body: '{"mail":"a@b.c"}' })
    expect(await (await target.fetch(serverRequest(request))).json()).toEqual({ light: true, digest: null, md5: null })
  })

  it('a GET whose query is renamed: the renamed URL, no body', async () => {
    const request = serverRequest(new Request('http://localhost/people?state=draft', { headers: { 'Api-Version': '1' } }))
    expect(await (await app().fetch(request)).json()).toEqual({ instance: true, url: 'http://localhost/people?status=draft', status: 'draft', body: null, method: 'GET' })
  })
})

describe('an older request of a subclass of Request (as a framework hands its own, such as Next.js\'s NextRequest)', () => {
  class FrameworkRequest extends Request {
    readonly framework = true
  }

  function forwardingApp(): Hono {
    const target = app()
    // The proxy's ways to pass the request on: as the input of a new Request, and as its init.
    target.post('/forward', async (c) => {
      const asInput = new Request(c.req.raw.clone())
      const asInit = new Request('http://upstream.example/people', c.req.raw)
      return c.json({ instance: c.req.raw instanceof Request, asInput: await asInput.text(), asInit: await asInit.text() })
    })
    return target
  }

  function frameworkPost(version: string, body: string): Request {
    return new FrameworkRequest('http://localhost/forward', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body })
  }

  it('is rebuilt as a Request the runtime takes: new Request(c.req.raw) and new Request(url, c.req.raw) carry the migrated body', async () => {
    const res = await forwardingApp().fetch(frameworkPost('1', '{"mail":"a@b.c"}'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ instance: true, asInput: '{"email":"a@b.c"}', asInit: '{"email":"a@b.c"}' })
  })

  it('as the head version\'s own request is taken', async () => {
    const res = await forwardingApp().fetch(frameworkPost('2', '{"email":"a@b.c"}'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ instance: true, asInput: '{"email":"a@b.c"}', asInit: '{"email":"a@b.c"}' })
  })

  it('a server\'s own request object is still served as a light one after a subclass\'s, and the other way round', async () => {
    const target = app()
    for (const request of [frameworkPost('1', '{"mail":"a@b.c"}'), post('/people', '1', '{"mail":"a@b.c"}'), frameworkPost('1', '{"mail":"a@b.c"}')]) {
      const path = new URL(request.url).pathname
      const res = await (path === '/forward' ? forwardingApp() : target).fetch(request)
      expect(res.status).toBe(200)
      const body = (await res.json()) as Record<string, unknown>
      if (path === '/people') expect(body['light']).toBe(true)
      else expect(body['asInput']).toBe('{"email":"a@b.c"}')
    }
  })
})
