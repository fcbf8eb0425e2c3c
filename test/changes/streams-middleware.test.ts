/**
 * Streams beside the other parts of an app: `compress()` outside or inside the
 * versioning middleware, `HEAD`, a status other than 200, a `Content-Length`
 * the handler set, the `Vary` and the policy's lifecycle headers. An older
 * client gets its items migrated in every case, never the head's.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { streamSSE, streamText } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { names, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { twoVersionHistory, twoVersions } from '../support/two-versions.ts'

const history = twoVersionHistory([names], { bodies: { 'GET /text': { items: Person }, 'GET /body': { items: Person }, 'GET /feed': { items: Person }, 'POST /made': { items: Person } } })
const people = Array.from({ length: 100 }, (_, i) => ({ id: i, fullName: `P${i}` }))
const headText = people.map((p) => `${JSON.stringify(p)}\n`).join('')
const olderText = people.map((p) => `${JSON.stringify({ id: p.id, name: p.fullName })}\n`).join('')
const encoder = new TextEncoder()

/** The app: `compress()` where `at` says, a policy with a lifecycle for version 1. */
function app(at: 'outside' | 'inside' | 'none'): Hono {
  const a = new Hono()
  if (at === 'outside') a.use('*', compress())
  a.use('*', versionMiddleware({ scheme: twoVersions(), changes: history, policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01', sunset: '2027-01-01' } } }) }))
  if (at === 'inside') a.use('*', compress())
  a.get('/text', (c) =>
    streamText(c, async (s) => {
      await s.write(headText)
    }),
  )
  // A stream compress() encodes: text/plain, no Transfer-Encoding set.
  a.get('/body', (c) => c.body(new ReadableStream<Uint8Array>({ start: (controller) => { controller.enqueue(encoder.encode(headText)); controller.close() } }), 200, { 'Content-Type': 'text/plain' }))
  a.get('/feed', (c) => streamSSE(c, (s) => s.writeSSE({ event: 'person', data: JSON.stringify(people[0]) })))
  a.post('/made', (c) => c.body(new ReadableStream<Uint8Array>({ start: (controller) => { controller.enqueue(encoder.encode(headText)); controller.close() } }), 201, { 'Content-Type': 'application/x-ndjson', 'Content-Length': String(headText.length) }))
  return a
}

/** The response's text, decoded from gzip when it says so. */
async function text(res: Response): Promise<string> {
  const body = res.headers.get('Content-Encoding') === 'gzip' ? (res.body as ReadableStream<Uint8Array>).pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>) : res.body
  return new Response(body).text()
}

describe('streams beside the other parts of an app', () => {
  it('compress() outside or inside the versioning middleware: a stream it encodes is migrated (decoded and encoded again inside), one it leaves is migrated as it is', async () => {
    for (const at of ['outside', 'inside'] as const) {
      const a = app(at)
      for (const [headers, want] of [
        [V2, headText],
        [V1, olderText],
      ] as const) {
        const body = await a.request('/body', { headers: { ...headers, 'Accept-Encoding': 'gzip' } })
        expect(body.headers.get('Content-Encoding')).toBe('gzip')
        expect(await text(body)).toBe(want)
        // streamText's Transfer-Encoding makes compress() leave it.
        const streamed = await a.request('/text', { headers: { ...headers, 'Accept-Encoding': 'gzip' } })
        expect(await text(streamed)).toBe(want)
      }
    }
  })

  it('HEAD, a 201 with the handler\'s Content-Length, SSE: the status kept, no Content-Length of the head\'s bytes, Vary and the lifecycle headers', async () => {
    const a = app('none')
    const head = await a.request('/text', { method: 'HEAD', headers: V1 })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const made = await a.request('/made', { method: 'POST', headers: V1 })
    expect(made.status).toBe(201)
    expect(made.headers.get('Content-Length')).toBe(null)
    expect(await made.text()).toBe(olderText)
    const headMade = await a.request('/made', { method: 'POST', headers: V2 })
    expect(headMade.headers.get('Content-Length')).toBe(String(headText.length))
    for (const path of ['/text', '/feed']) {
      const res = await a.request(path, { headers: V1 })
      expect(res.headers.get('Vary')).toContain('Api-Version')
      expect(res.headers.get('Deprecation')).toBe('@1767225600')
      expect(res.headers.get('Sunset')).toBe('Fri, 01 Jan 2027 00:00:00 GMT')
      expect((await readAll(res)).text).toBe(path === '/feed' ? 'event: person\ndata: {"id":0,"name":"P0"}\n\n' : olderText)
    }
  })
})
