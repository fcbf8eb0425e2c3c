/**
 * Streams a handler gives as values (`history.stream(c, items)`): JSON Lines,
 * JSON text sequences and server-sent events (event names, ids and retry
 * kept), each item an older client reads migrated from the value before its
 * one serialisation (no parse), the handler's values unchanged; the client's
 * reads pulling the items (backpressure, one item held), a client that goes
 * away ending the handler's iterator; items that cannot be written failing
 * loudly on both versions; a body some middleware replaced migrated as text.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { describe, expect, it } from 'vitest'
import type { VersionHistory } from '../../src/changes/history.ts'
import { names, older, people, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

function appWith(register: (app: Hono, history: VersionHistory<'1' | '2'>) => void): Hono {
  const history = twoVersionHistory([names], { bodies: { 'GET /people': { items: Person }, 'GET /feed': { items: Person } } })
  const app = new Hono()
  app.onError((error, c) => c.text(error.message, 500))
  migratingApp(history, app)
  register(app, history)
  return app
}

const lines = (text: string): unknown[] => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown)

describe('history.stream: items given as values', () => {
  it('JSON Lines from an array: the head gets the items, an older client migrate(item) for each, the handler\'s values unchanged', async () => {
    const app = appWith((a, history) => a.get('/people', (c) => history.stream(c, people)))
    const head = await app.request('/people', { headers: V2 })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('application/x-ndjson')
    expect(lines(await head.text())).toEqual(people)
    const res = await app.request('/people', { headers: V1 })
    expect(res.headers.get('content-type')).toBe('application/x-ndjson')
    expect(res.headers.get('content-length')).toBeNull()
    expect(await res.text()).toBe(people.map((p) => `${JSON.stringify(older(p))}\n`).join(''))
    expect(people[0]).toEqual({ id: 1, fullName: 'Ada Lovelace' })
  })

  it('an older client\'s items are migrated from the values: nothing parses them again', async () => {
    const app = appWith((a, history) => a.get('/people', (c) => history.stream(c, people)))
    const parse = JSON.parse
    let parsed = 0
    JSON.parse = ((text: string, reviver?: (key: string, value: unknown) => unknown) => {
      parsed++
      return parse(text, reviver)
    }) as typeof JSON.parse
    let text: string
    try {
      text = await (await app.request('/people', { headers: V1 })).text()
    } finally {
      JSON.parse = parse
    }
    expect(parsed).toBe(0)
    expect(lines(text)).toEqual(people.map(older))
  })

  it('JSON text sequences and JSON Lines media types, from an async generator', async () => {
    const app = appWith((a, history) =>
      a.get('/people', (c) =>
        history.stream(
          c,
          (async function* () {
            yield* people
          })(),
          { type: c.req.query('type') as 'application/json-seq' },
        ),
      ),
    )
    const seq = await app.request('/people?type=application/json-seq', { headers: V1 })
    expect(seq.headers.get('content-type')).toBe('application/json-seq')
    expect(await seq.text()).toBe(people.map((p) => `\u001e${JSON.stringify(older(p))}\n`).join(''))
    const jsonl = await app.request('/people?type=application/jsonl', { headers: V1 })
    expect(lines(await jsonl.text())).toEqual(people.map(older))
    const headSeq = await app.request('/people?type=application/json-seq', { headers: V2 })
    expect(await headSeq.text()).toBe(people.map((p) => `\u001e${JSON.stringify(p)}\n`).join(''))
  })

  it('server-sent events: each event\'s data migrated, its name, id and retry kept (as writeSSE orders them)', async () => {
    const app = appWith((a, history) =>
      a.get('/feed', (c) =>
        history.stream(
          c,
          people.map((p, i) => ({ event: 'person', id: String(p.id), data: p, ...(i === 0 ? { retry: 3000 } : {}) })),
          { type: 'text/event-stream' },
        ),
      ),
    )
    const events = (shape: (p: Person) => unknown) =>
      people.map((p, i) => `event: person\ndata: ${JSON.stringify(shape(p))}\nid: ${p.id}\n${i === 0 ? 'retry: 3000\n' : ''}\n`).join('')
    const res = await app.request('/feed', { headers: V1 })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    expect(await res.text()).toBe(events(older))
    expect(await (await app.request('/feed', { headers: V2 })).text()).toBe(events((p) => p))
  })

  it('a slow client slows the handler: an item is asked for only when the client reads (backpressure, one item held)', async () => {
    let asked = 0
    let ended = false
    const app = appWith((a, history) =>
      a.get('/people', (c) =>
        history.stream(
          c,
          (async function* () {
            try {
              for (let id = 0; ; id++) {
                asked++
                yield { id, fullName: 'x' }
              }
            } finally {
              ended = true
            }
          })(),
        ),
      ),
    )
    for (const version of [V1, V2]) {
      asked = 0
      ended = false
      const res = await app.request('/people', { headers: version })
      const reader = (res.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      for (let i = 0; i < 5; i++) {
        const { value } = await reader.read()
        expect(JSON.parse(decoder.decode(value))).toEqual(version === V1 ? { id: i, name: 'x' } : { id: i, fullName: 'x' })
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(asked).toBe(5)
      // A client that goes away ends the handler's iterator (its finally runs).
      await reader.cancel()
      expect(ended).toBe(true)
    }
  })

  it('an item that cannot be migrated or written errors the stream after the items before it, with a sentence; the iterator is ended', async () => {
    let ended = false
    function* items(bad: unknown) {
      try {
        yield people[0]
        yield bad
        yield people[1]
      } finally {
        ended = true
      }
    }
    const app = appWith((a, history) => a.get('/people', (c) => history.stream(c, items(c.req.query('bad') === 'list' ? [1, 2] : undefined))))
    const outside = await readAll(await app.request('/people?bad=list', { headers: V1 }))
    expect(outside.text).toBe(`${JSON.stringify(older(people[0] as Person))}\n`)
    expect((outside.error as Error).message).toBe(
      'versionHistory: item 2 of the application/x-ndjson stream of "GET /people" cannot be migrated to version "1": the value at $ does not fit its layout: expected an object, found a list; the stream stopped before it.',
    )
    expect(ended).toBe(true)
    ended = false
    const missing = await readAll(await app.request('/people?bad=none', { headers: V2 }))
    expect(missing.text).toBe(`${JSON.stringify(people[0])}\n`)
    expect((missing.error as Error).message).toBe('history.stream: item 2 of the application/x-ndjson stream cannot be written: it is not a JSON value; the stream stopped before it.')
    expect(ended).toBe(true)
    const olderMissing = await readAll(await app.request('/people?bad=none', { headers: V1 }))
    expect((olderMissing.error as Error).message).toMatch(/^versionHistory: item 2 of the application\/x-ndjson stream of "GET \/people" cannot be migrated to version "1": /)
  })

  it('an event name or id that would break its line, or a cycle, errors the stream; nothing of the value is echoed', async () => {
    const cyclic: Record<string, unknown> = { id: 9, fullName: 'loop' }
    cyclic['self'] = cyclic
    const bad: Record<string, unknown> = { event: { event: 'a\ndata: {}', data: people[0] }, id: { id: 'x\ry', data: people[0] }, cycle: { data: cyclic }, retry: { data: people[0], retry: -1 } }
    const app = appWith((a, history) => a.get('/feed', (c) => history.stream(c, [{ data: people[0] }, bad[c.req.query('bad') as string] as { data: Person }], { type: 'text/event-stream' })))
    const why: Record<string, string> = {
      event: 'its event name is not a string on one line',
      id: 'its id is not a string on one line without NUL',
      cycle: 'it cannot be serialised as JSON (a cycle or a BigInt)',
      retry: 'its retry is not a whole number of milliseconds',
    }
    for (const [name, reason] of Object.entries(why)) {
      for (const version of [V1, V2]) {
        const { text, error } = await readAll(await app.request(`/feed?bad=${name}`, { headers: version }))
        expect(text).toBe(`data: ${JSON.stringify(version === V1 ? older(people[0] as Person) : people[0])}\n\n`)
        expect((error as Error).message).toContain(`item 2 of the text/event-stream stream`)
        expect((error as Error).message).toContain(`: ${reason}; the stream stopped before it.`)
      }
    }
  })

  it('a handler\'s iterable that throws errors the stream with its own error', async () => {
    const app = appWith((a, history) =>
      a.get('/people', (c) =>
        history.stream(
          c,
          (async function* () {
            yield people[0] as Person
            throw new Error('the database went away')
          })(),
        ),
      ),
    )
    for (const version of [V1, V2]) {
      const { error } = await readAll(await app.request('/people', { headers: version }))
      expect((error as Error).message).toBe('the database went away')
    }
  })

  it('a media type that is not a stream of JSON items, or items that are not iterable, throw when called (the app\'s 500)', async () => {
    const app = appWith((a, history) => {
      a.get('/people', (c) => history.stream(c, people, { type: 'text/csv' as 'application/jsonl' }))
      a.get('/feed', (c) => history.stream(c, 'Ada' as unknown as Person[]))
      a.get('/typed', (c) => history.stream(c, people, { type: 5 as never }))
    })
    // A type that is no string is written as it is, not as a string ("5").
    const typed = await app.request('/typed', { headers: V1 })
    expect(typed.status).toBe(500)
    expect(await typed.text()).toBe('history.stream: type 5 is not a stream of JSON items; give application/x-ndjson (the default), application/jsonl, application/json-seq or text/event-stream.')
    const csv = await app.request('/people', { headers: V1 })
    expect(csv.status).toBe(500)
    expect(await csv.text()).toBe('history.stream: type "text/csv" is not a stream of JSON items; give application/x-ndjson (the default), application/jsonl, application/json-seq or text/event-stream.')
    const text = await app.request('/feed', { headers: V2 })
    expect(text.status).toBe(500)
    expect(await text.text()).toBe('history.stream: pass the items as an array, an iterable or an async iterable (an async generator), not string.')
  })

  it('a type it does not stream is quoted in the sentence escaped and cut (a CR LF, a control character, 1 MiB)', async () => {
    const type = `text/csv\r\nX-Injected: 1\u0000${'x'.repeat(2 ** 20)}`
    const app = appWith((a, history) => a.get('/people', (c) => history.stream(c, people, { type: type as 'application/jsonl' })))
    const res = await app.request('/people', { headers: V1 })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe(`history.stream: type "text/csv\\r\\nX-Injected: 1\\u0000${'x'.repeat(47)}… is not a stream of JSON items; give application/x-ndjson (the default), application/jsonl, application/json-seq or text/event-stream.`)
    expect(res.headers.get('X-Injected')).toBeNull()
  })

  it('keeps the headers and the status set on the context before the call', async () => {
    const app = appWith((a, history) =>
      a.get('/feed', (c) => {
        c.header('Cache-Control', 'no-cache')
        c.status(203)
        return history.stream(c, [{ data: people[0] as Person }], { type: 'text/event-stream' })
      }),
    )
    for (const version of [V1, V2]) {
      const res = await app.request('/feed', { headers: version })
      expect(res.status).toBe(203)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-type')).toBe('text/event-stream')
      expect(await res.text()).toBe(`data: ${JSON.stringify(version === V1 ? older(people[0] as Person) : people[0])}\n\n`)
    }
  })

  it('check() names a handler that calls history.stream on a route without an items layout; an older request to it is a 500', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /people': { items: Person }, 'GET /person': { response: Person } } })
    const app = new Hono()
    app.onError((error, c) => c.text(error.message, 500))
    migratingApp(history, app)
    app.get('/people', (c) => history.stream(c, people))
    app.get('/person', (c) => history.stream(c, people))
    expect(history.check(app)).toEqual(['versionHistory: the handler of "GET /person" can answer a stream, which its layouts cannot migrate (older clients would get a 500); declare its items layout.'])
    const res = await app.request('/person', { headers: V1 })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe('versionHistory: the 200 response of "GET /person" (application/x-ndjson) cannot be migrated to version "1": it is a stream without an items layout; declare one.')
  })

  it('with etag() inside the versioning middleware (it reads a clone): migrated items, and an entity tag per version', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /people': { items: Person } } })
    const app = new Hono()
    migratingApp(history, app)
    app.use('/people', etag())
    app.get('/people', (c) => history.stream(c, people))
    const v1 = await app.request('/people', { headers: V1 })
    const v2 = await app.request('/people', { headers: V2 })
    expect(lines(await v1.text())).toEqual(people.map(older))
    expect(lines(await v2.text())).toEqual(people)
    expect(v1.headers.get('etag')).toBe(`${(v2.headers.get('etag') as string).slice(0, -1)}@1"`)
  })

  it('a body a middleware replaced after the handler is migrated as text, item by item; never the head shape', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /people': { items: Person } } })
    const app = new Hono()
    migratingApp(history, app)
    // Inside the versioning middleware: the response it sees has another body (the head's, read through a pipe).
    app.use('/people', async (c, next) => {
      await next()
      c.res = new Response(c.res.body?.pipeThrough(new TransformStream()), c.res)
    })
    app.get('/people', (c) => history.stream(c, people))
    expect(lines(await (await app.request('/people', { headers: V1 })).text())).toEqual(people.map(older))
    expect(lines(await (await app.request('/people', { headers: V2 })).text())).toEqual(people)
  })
})
