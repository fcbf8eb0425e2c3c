/**
 * An older client's request over @hono/node-server on loopback, whose
 * handlers get its own light request rather than a `Request`: `c.req.raw`
 * of an older POST is one of the same kind holding the migrated body, and
 * reads as a `Request` (instanceof, headers, text, json, its body as a
 * stream, clone) and through `bodyLimit`, the client's body sent with a
 * Content-Length or chunked.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { bodyLimit } from 'hono/body-limit'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape } from '../../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'

const Person = shape<{ email: string }>('Person')
const history = twoVersionHistory([change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })])], { bodies: { 'POST /people': { request: Person }, 'POST /limited': { request: Person } } })
const app = migratingApp(history, new Hono())
app.post('/people', async (c) => {
  const raw = c.req.raw
  const streamed = await new Response(raw.clone().body).text()
  return c.json({
    instance: raw instanceof Request,
    light: Object.getPrototypeOf(raw) !== Request.prototype,
    type: raw.headers.get('content-type'),
    length: raw.headers.get('content-length'),
    cached: await c.req.json(),
    json: await raw.clone().json(),
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

/** POSTs `body` with a Content-Length, or chunked; gives the status and the body. */
function post(path: string, version: string, body: string, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Api-Version': version, 'Content-Type': 'application/json' }
    if (chunked) headers['Transfer-Encoding'] = 'chunked'
    else headers['Content-Length'] = String(Buffer.byteLength(body))
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('an older request through @hono/node-server', () => {
  for (const chunked of [false, true]) {
    it(`c.req.raw holds the migrated body and reads as a Request (${chunked ? 'chunked' : 'with a Content-Length'})`, async () => {
      const res = await post('/people', '1', '{"mail":"é@b.c"}', chunked)
      expect(res.status).toBe(200)
      const migrated = '{"email":"é@b.c"}'
      expect(JSON.parse(res.body)).toEqual({
        instance: true,
        light: true,
        type: 'application/json',
        length: String(Buffer.byteLength(migrated)),
        cached: { email: 'é@b.c' },
        json: { email: 'é@b.c' },
        streamed: migrated,
        text: migrated,
        used: true,
      })
    })

    it(`bodyLimit in the route's chain (${chunked ? 'chunked' : 'with a Content-Length'}): within it passes, over it 413`, async () => {
      expect(await post('/limited', '1', '{"mail":"a@b.c"}', chunked)).toEqual({ status: 200, body: '{"got":{"email":"a@b.c"},"raw":{"email":"a@b.c"}}' })
      expect(await post('/limited', '1', `{"mail":"${'x'.repeat(100)}"}`, chunked)).toEqual({ status: 413, body: 'Payload Too Large' })
      expect(await post('/limited', '2', `{"email":"${'x'.repeat(100)}"}`, chunked)).toEqual({ status: 413, body: 'Payload Too Large' })
    })
  }
})
