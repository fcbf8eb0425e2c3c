/**
 * Older request bodies over a real HTTP server (@hono/node-server on
 * loopback), sent chunked (no Content-Length) as clients stream them: read
 * once, migrated and handed to a `bodyLimit` in the route's chain; over the
 * history's `maxBodySize`, answered 413 while the client is still sending,
 * the rest never read.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { bodyLimit } from 'hono/body-limit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape } from '../../../src/changes/index.ts'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'

const Person = shape<{ email: string }>('Person')
const history = twoVersionHistory([change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })])], { bodies: { 'POST /people': { request: Person } }, maxBodySize: 64 * 1024 })
const app = migratingApp(history)
app.post('/people', bodyLimit({ maxSize: 4096 }), async (c) => c.json(await c.req.json()))

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
 * POSTs `chunks` chunked, one at a time, until the answer comes or all are
 * sent; gives the status, the body and how many chunks went out first.
 */
function post(version: string, chunks: readonly string[]): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/people', headers: { 'Api-Version': version, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
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
