/**
 * Older request bodies over a real HTTP server (@hono/node-server on
 * loopback), sent chunked (no Content-Length) as clients stream them: read
 * once, migrated and handed to a `bodyLimit` in the route's chain; over the
 * history's `maxBodySize`, answered 413 while the client is still sending,
 * the rest never read. The server hands its handlers a light request of its
 * own rather than a `Request`: `c.req.raw` of an older POST is one of the
 * same kind holding the migrated body, and reads as a `Request` (instanceof,
 * headers, text, json, its body as a stream, clone) and through `bodyLimit`,
 * the client's body sent with a Content-Length or chunked.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { bodyLimit } from 'hono/body-limit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape } from '../../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'

const Person = shape<{ email: string }>('Person')
const history = twoVersionHistory([change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })])], {
  bodies: { 'POST /people': { request: Person }, 'POST /raw': { request: Person }, 'POST /limited': { request: Person } },
  maxBodySize: 64 * 1024,
})
const app = migratingApp(history)
app.post('/people', bodyLimit({ maxSize: 4096 }), async (c) => c.json(await c.req.json()))
app.post('/raw', async (c) => {
  const raw = c.req.raw
  const streamed = await new Response(raw.clone().body).text()
  return c.json({
    instance: raw instanceof Request,
    light: Object.getPrototypeOf(raw) !== Request.prototype,
    type: raw.headers.get('content-type'),
    length: raw.headers.get('content-length'),
    cached: await c.req.json(),
    json: await raw.clone().json(),
    wrapped: await new Request(raw.clone()).text(),
    streamed,
    text: await raw.text(),
    used: raw.bodyUsed,
  })
})
app.post('/limited', bodyLimit({ maxSize: 64 }), async (c) => c.json({ got: await c.req.json(), raw: await c.req.raw.json() }))

let server: ServerType
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      port = info.port
      resolve()
    })
  })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/**
 * POSTs `chunks` to `path` chunked (or with their Content-Length: `sized`), one at a time, until the answer comes or all are
 * sent; gives the status, the body and how many chunks went out first.
 */
function post(version: string, chunks: readonly string[], path = '/people', sized = false): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const framing = sized ? { 'Content-Length': String(Buffer.byteLength(chunks.join(''))) } : { 'Transfer-Encoding': 'chunked' }
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'Api-Version': version, 'Content-Type': 'application/json', ...framing } }, (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }))
    })
    req.on('error', (error) => (answered ? undefined : reject(error)))
    const next = (): void => {
      if (answered || sent === chunks.length) return void req.end()
      req.write(chunks[sent++] as string, () => setTimeout(next, 1))
    }
    next()
  })
}

describe('a chunked older body over HTTP', () => {
  it('is migrated and handed to bodyLimit in the route\'s chain (no 500)', async () => {
    expect(await post('1', ['{"mail":', '"a@b.c"}'])).toEqual({ status: 200, body: '{"email":"a@b.c"}', sent: 2 })
    expect(await post('2', ['{"email":', '"a@b.c"}'])).toEqual({ status: 200, body: '{"email":"a@b.c"}', sent: 2 })
  })

  it('over bodyLimit: 413 from bodyLimit, on both versions', async () => {
    const big = (field: string) => [`{"${field}":"a@b.c","pad":"`, 'x'.repeat(5000), '"}']
    expect(await post('1', big('mail'))).toMatchObject({ status: 413, body: 'Payload Too Large' })
    expect(await post('2', big('email'))).toMatchObject({ status: 413, body: 'Payload Too Large' })
  })

  it('over maxBodySize: 413 BodyTooLarge before the client has sent it all', async () => {
    const chunks = ['{"mail":"', ...Array.from({ length: 4000 }, () => 'x'.repeat(1024)), '"}']
    const answer = await post('1', chunks)
    expect(answer.status).toBe(413)
    expect(answer.body).toBe('{"detail":"The request body is too large."}')
    expect(answer.sent).toBeLessThan(chunks.length / 4)
  })
})

describe('c.req.raw of an older request through @hono/node-server', () => {
  for (const sized of [true, false]) {
    const framing = sized ? 'with a Content-Length' : 'chunked'
    it(`holds the migrated body and reads as a Request (${framing})`, async () => {
      const res = await post('1', ['{"mail":', '"é@b.c"}'], '/raw', sized)
      expect(res.status).toBe(200)
      const migrated = '{"email":"é@b.c"}'
      expect(JSON.parse(res.body)).toEqual({
        instance: true,
        light: true,
        type: 'application/json',
        length: String(Buffer.byteLength(migrated)),
        cached: { email: 'é@b.c' },
        json: { email: 'é@b.c' },
        wrapped: migrated,
        streamed: migrated,
        text: migrated,
        used: true,
      })
    })

    it(`bodyLimit in the route's chain (${framing}): within it passes, over it 413`, async () => {
      expect(await post('1', ['{"mail":"a@b.c"}'], '/limited', sized)).toMatchObject({ status: 200, body: '{"got":{"email":"a@b.c"},"raw":{"email":"a@b.c"}}' })
      expect(await post('1', [`{"mail":"${'x'.repeat(100)}"}`], '/limited', sized)).toMatchObject({ status: 413, body: 'Payload Too Large' })
      expect(await post('2', [`{"email":"${'x'.repeat(100)}"}`], '/limited', sized)).toMatchObject({ status: 413, body: 'Payload Too Large' })
    })
  }
})
