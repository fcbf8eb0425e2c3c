/**
 * Streams over a real HTTP server (@hono/node-server on loopback): a client
 * that closes its connection mid-stream stops the handler for an older client
 * as for the head (`streamText`'s and an endless `streamSSE` heartbeat's
 * `onAbort` runs and its loop ends; a `c.body(stream)`'s source is cancelled
 * and the generator behind it ends, half an item held); an item that cannot
 * be migrated mid-stream reaches the client as the status, the headers and
 * the items before it, then a connection closed without the chunked body's
 * end, never the head's item.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { streamSSE, streamText } from 'hono/streaming'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { halfItems, names, Person } from '../../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'

const history = twoVersionHistory([names], { bodies: { 'GET /text': { items: Person }, 'GET /feed': { items: Person }, 'GET /body': { items: Person }, 'GET /bad': { items: Person }, 'GET /bad-later': { items: Person }, 'GET /bad-values': { items: Person } } })
const app = migratingApp(history)
const encoder = new TextEncoder()

/** What each handler reports when it stops, by the request's `n`. */
const stopped = new Map<string, (what: string) => void>()
const stop = (n: string | undefined, what: string): void => stopped.get(n ?? '')?.(what)

app.get('/text', (c) =>
  streamText(c, async (s) => {
    s.onAbort(() => stop(c.req.query('n'), 'onAbort'))
    let i = 0
    while (!s.aborted) {
      await s.write(`{"id":${i},"fullName":`)
      await s.write(`"P${i++}"}\n`)
    }
  }),
)
app.get('/feed', (c) =>
  streamSSE(c, async (s) => {
    s.onAbort(() => stop(c.req.query('n'), 'onAbort'))
    while (!s.aborted) await s.write(': heartbeat\n\n')
  }),
)
app.get('/body', (c) => {
  const n = c.req.query('n')
  const it = halfItems(() => stop(n, 'finally'))
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      controller.enqueue(encoder.encode((await it.next()).value as string))
    },
    async cancel() {
      await it.return(undefined)
    },
  })
  return c.body(body, 200, { 'Content-Type': 'application/x-ndjson' })
})
app.get('/bad', (c) => c.body(`${'{"id":1,"fullName":"Ada"}\n'.repeat(3)}not json\n{"id":5,"fullName":"Eve"}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
// 400 items given as values, then one JSON cannot say (for the head too), from an array (one chunk) or an async generator.
app.get('/bad-values', (c) => {
  const items = [...Array.from({ length: 400 }, () => ({ id: 1, fullName: 'Ada' })), undefined]
  return history.stream(
    c,
    c.req.query('async') === '1'
      ? (async function* () {
          yield* items
        })()
      : items,
  )
})
// 400 items a chunk each, then one that is not JSON in a chunk of its own.
app.get('/bad-later', (c) => {
  const pieces = [...Array.from({ length: 400 }, () => '{"id":1,"fullName":"Ada"}\n'), 'not json\n']
  return c.body(new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(encoder.encode(pieces.shift() as string)) }), 200, { 'Content-Type': 'application/x-ndjson' })
})

// The server on loopback, on a port the system picks; closed after the suite.
const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
let port = 0
beforeAll(async () => {
  if (!server.listening) await new Promise((listening) => server.once('listening', listening))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((closed) => server.close(() => closed())))

/** GETs `path`, reads until `enough` of the body came, then closes the connection; the text read. */
function readThenClose(path: string, version: string, enough: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { 'Api-Version': version } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
        if (body.length >= enough) {
          req.destroy()
          resolve(body)
        }
      })
    })
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)))
    req.end()
  })
}

describe('a client that closes its connection mid-stream stops the handler (Node, @hono/node-server)', () => {
  it('streamText, an SSE heartbeat, c.body(stream) half an item held: for an older client as for the head', async () => {
    let n = 0
    for (const [path, what] of [
      ['/text', 'onAbort'],
      ['/feed', 'onAbort'],
      ['/body', 'finally'],
    ] as const) {
      for (const version of ['2', '1']) {
        const key = String(n++)
        const done = new Promise<string>((resolve) => stopped.set(key, resolve))
        const text = await readThenClose(`${path}?n=${key}`, version, 64)
        expect(text).toMatch(path === '/feed' ? /^: heartbeat\n\n/ : version === '1' ? /^\{"id":0,"name":"P0"\}\n/ : /^\{"id":0,"full/)
        expect(await done).toBe(what)
      }
    }
  })

  it('an item that cannot be migrated: the items before it, then the connection closes without the chunked body\'s end', async () => {
    for (const [path, items, version] of [
      ['/bad', 3, '1'],
      ['/bad-later', 400, '1'],
      ['/bad-values', 400, '1'],
      ['/bad-values', 400, '2'],
      ['/bad-values?async=1', 400, '1'],
      ['/bad-values?async=1', 400, '2'],
    ] as const) {
      const got = await new Promise<{ status: number; body: string; error: string }>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: { 'Api-Version': version } }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, error: '' }))
          res.on('error', (error) => resolve({ status: res.statusCode ?? 0, body, error: error.message }))
        })
        req.end()
      })
      expect(got.status).toBe(200)
      // Every item before the bad one: the stream errors a turn of the event loop after them, once the server wrote them.
      expect(got.body).toBe((version === '1' ? '{"id":1,"name":"Ada"}\n' : '{"id":1,"fullName":"Ada"}\n').repeat(items))
      expect(got.error).toBe('aborted')
    }
  })
})
