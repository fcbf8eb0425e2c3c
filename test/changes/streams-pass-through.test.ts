/**
 * A route's `passThrough`: item data sent to every version as it is, such as
 * the `data: [DONE]` that ends an OpenAI-style server-sent events stream
 * (and a JSON Lines line the same), while every other item is migrated and
 * any other data that is not JSON still stops an older client's stream; the
 * option checked when the history is made.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { versionHistory } from '../../src/changes/index.ts'
import type { RouteBodies } from '../../src/changes/history-options.ts'
import { names, older, people, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

/** An app with the routes' bodies, whose onError answers the error's message. */
function appWith(bodies: Record<string, RouteBodies>, register: (app: Hono) => void): Hono {
  const app = new Hono()
  app.onError((error, c) => c.text(error.message, 500))
  migratingApp(twoVersionHistory([names], { bodies }), app)
  register(app)
  return app
}

const [ada, emile] = people as [Person, Person]

describe('item data listed in passThrough reaches every version as it is', () => {
  const sse = (last: string) => (app: Hono) =>
    app.get('/chat', (c) =>
      streamSSE(c, async (s) => {
        await s.writeSSE({ event: 'person', data: JSON.stringify(ada) })
        await s.writeSSE({ data: JSON.stringify(emile) })
        await s.writeSSE({ data: last })
      }),
    )

  it("server-sent events ending with OpenAI's data: [DONE]: an older client gets the events migrated and [DONE] as it came, the head its own", async () => {
    const app = appWith({ 'GET /chat': { items: Person, passThrough: ['[DONE]'] } }, sse('[DONE]'))
    const old = await readAll(await app.request('/chat', { headers: V1 }))
    expect(old).toEqual({ text: `event: person\ndata: ${JSON.stringify(older(ada))}\n\ndata: ${JSON.stringify(older(emile))}\n\ndata: [DONE]\n\n`, error: undefined })
    const head = await readAll(await app.request('/chat', { headers: V2 }))
    expect(head).toEqual({ text: `event: person\ndata: ${JSON.stringify(ada)}\n\ndata: ${JSON.stringify(emile)}\n\ndata: [DONE]\n\n`, error: undefined })
  })

  it('data written without the space after data:, in an event with an id, split across chunks: passed on as one data: line, its other lines kept', async () => {
    const app = appWith({ 'GET /chat': { items: Person, passThrough: ['[DONE]', '[STOP]'] } }, (a) =>
      a.get('/chat', () => {
        const pieces = [`data:${JSON.stringify(ada)}\n\nid: 9\ndata:[ST`, 'OP]\n\n']
        return new Response(new ReadableStream({ pull: (c) => (pieces.length > 0 ? c.enqueue(new TextEncoder().encode(pieces.shift())) : c.close()) }), { headers: { 'Content-Type': 'text/event-stream' } })
      }),
    )
    expect(await readAll(await app.request('/chat', { headers: V1 }))).toEqual({ text: `data: ${JSON.stringify(older(ada))}\n\nid: 9\ndata: [STOP]\n\n`, error: undefined })
  })

  it('data that is not JSON and not listed still stops an older stream, after the items before it', async () => {
    const app = appWith({ 'GET /chat': { items: Person, passThrough: ['[DONE]'] } }, sse('[done]'))
    const old = await readAll(await app.request('/chat', { headers: V1 }))
    expect(old.text).toBe(`event: person\ndata: ${JSON.stringify(older(ada))}\n\ndata: ${JSON.stringify(older(emile))}\n\n`)
    expect(String(old.error)).toContain('versionHistory: item 3 of the text/event-stream stream of "GET /chat" cannot be migrated to version "1": it is not JSON; the stream stopped before it.')
  })

  it('a JSON Lines line (NDJSON, and the text/plain of streamText) equal to a listed value passes as it is; its CRLF line end is kept', async () => {
    for (const type of ['application/x-ndjson', 'text/plain']) {
      const app = appWith({ 'GET /people': { items: Person, passThrough: ['[DONE]'] } }, (a) => a.get('/people', (c) => c.body(`${JSON.stringify(ada)}\n[DONE]\r\n`, 200, { 'Content-Type': type })))
      expect(await readAll(await app.request('/people', { headers: V1 }))).toEqual({ text: `${JSON.stringify(older(ada))}\n[DONE]\r\n`, error: undefined })
    }
  })

  it('a JSON text sequence record is a JSON text (RFC 7464): a listed value there stops an older stream as any record that is not JSON', async () => {
    const app = appWith({ 'GET /people': { items: Person, passThrough: ['[DONE]'] } }, (a) => a.get('/people', (c) => c.body(`\u001e${JSON.stringify(ada)}\n\u001e[DONE]\n`, 200, { 'Content-Type': 'application/json-seq' })))
    const old = await readAll(await app.request('/people', { headers: V1 }))
    expect(old.text).toBe(`\u001e${JSON.stringify(older(ada))}\n`)
    expect(String(old.error)).toContain('item 2 of the application/json-seq stream of "GET /people" cannot be migrated to version "1": it is not JSON')
  })
})

describe('a mistaken passThrough fails when the history is made', () => {
  const make = (entry: unknown) => () => versionHistory({ versions: [{ version: '1' }], bodies: { 'GET /chat': entry as RouteBodies } })
  const where = 'versionHistory: bodies["GET /chat"]: passThrough'

  it.each([
    ['a string', '[DONE]', `${where} must list the item data sent to every version as it is, such as ['[DONE]'].`],
    ['an empty list', [], `${where} must list the item data sent to every version as it is, such as ['[DONE]'].`],
    ['an empty string', [''], `${where} lists item data as text on one line, such as '[DONE]', not "".`],
    ['a number', [1], `${where} lists item data as text on one line, such as '[DONE]', not 1.`],
    ['a line feed', ['[DONE]\n'], `${where} lists item data as text on one line, such as '[DONE]', not "[DONE]\\n".`],
    ['a carriage return', ['a\rb'], `${where} lists item data as text on one line, such as '[DONE]', not "a\\rb".`],
    ['JSON', ['{"id":1,"fullName":"Ada"}'], `${where} lists "{\\"id\\":1,\\"fullName\\":\\"Ada\\"}", which is JSON: a JSON item is migrated by the items layout, never sent to older clients as the head's; list only data that is not JSON, such as '[DONE]'.`],
    ['a JSON number', [' 42 '], `${where} lists " 42 ", which is JSON`],
  ])('%s', (_, value, sentence) => {
    expect(make({ items: Person, passThrough: value })).toThrow(sentence)
  })

  it('without an items layout (a response layout alone too)', () => {
    for (const entry of [{ passThrough: ['[DONE]'] }, { response: Person, passThrough: ['[DONE]'] }]) {
      expect(make(entry)).toThrow(`${where} lists item data of a stream, and the route has no items layout; declare its items, or leave passThrough out.`)
    }
  })

  it('an unknown key names passThrough among the keys', () => {
    expect(make({ items: Person, sentinels: ['[DONE]'] })).toThrow('its keys are request, response, error, items, unmigrated, passThrough, partial, forms.')
  })
})
