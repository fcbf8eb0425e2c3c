/**
 * Streamed responses migrated item by item (JSON Lines, JSON text sequences,
 * server-sent events) through streamText, streamSSE, stream and c.body(stream);
 * bodies the layouts cannot migrate failing loudly (a 500 through app.onError
 * before the stream starts, an errored stream after), the unmigrated opt-out,
 * backpressure, and entity tags that never cross versions, with Hono's etag()
 * inside and outside the versioning middleware.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { etag } from 'hono/etag'
import { stream, streamSSE, streamText } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { versionHistory } from '../../src/changes/index.ts'
import { INEXACT, SOURCE_ACCESS } from '../../src/changes/exact-numbers.ts'
import type { RouteBodies } from '../../src/changes/history-options.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { names, older, people, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory, twoVersions } from '../support/two-versions.ts'

/** An app with the routes' bodies, whose onError answers the error's message (so tests read the sentence). */
function appWith(bodies: Record<string, RouteBodies>, register: (app: Hono) => void, options: { before?: (app: Hono) => void; after?: (app: Hono) => void } = {}): Hono {
  const history = twoVersionHistory([names], { bodies })
  const app = new Hono()
  app.onError((error, c) => c.text(error.message, 500))
  options.before?.(app)
  migratingApp(history, app)
  options.after?.(app)
  register(app)
  return app
}

const encoder = new TextEncoder()

/** A stream of `pieces`, one chunk each. */
function chunks(pieces: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++]
      if (piece === undefined) controller.close()
      else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece)
    },
  })
}

/** Every byte of `text` in a chunk of its own (multi-byte characters split). */
function bytewise(text: string): Uint8Array[] {
  return [...encoder.encode(text)].map((byte) => Uint8Array.of(byte))
}

const lines = (items: readonly unknown[]) => items.map((item) => `${JSON.stringify(item)}\n`).join('')

describe('JSON Lines are migrated one item at a time', () => {
  const bodies = { 'GET /people/export': { items: Person } }

  it('c.body(stream) with application/x-ndjson: an older client reads its own items, the head its own', async () => {
    const app = appWith(bodies, (a) => a.get('/people/export', (c) => c.body(chunks([lines(people)]), 200, { 'Content-Type': 'application/x-ndjson' })))
    const old = await app.request('/people/export', { headers: V1 })
    expect(old.status).toBe(200)
    expect(old.headers.get('content-type')).toBe('application/x-ndjson')
    expect(await old.text()).toBe(lines(people.map(older)))
    expect(await (await app.request('/people/export', { headers: V2 })).text()).toBe(lines(people))
  })

  it('streamText (text/plain) and stream() with application/jsonl, items split across chunks anywhere and several per chunk', async () => {
    const text = lines(people)
    const app = appWith(bodies, (a) => {
      a.get('/people/export', (c) =>
        streamText(c, async (s) => {
          await s.write(text.slice(0, 5))
          await s.write(text.slice(5, 40))
          await s.write(text.slice(40))
        }),
      )
      a.get('/people/bytes', (c) => {
        c.header('Content-Type', 'application/jsonl')
        return stream(c, async (s) => {
          for (const byte of bytewise(text)) await s.write(byte)
        })
      })
    })
    const expected = lines(people.map(older))
    expect(await (await app.request('/people/export', { headers: V1 })).text()).toBe(expected)
    const bytesApp = migratingApp(twoVersionHistory([names], { bodies: { 'GET /people/bytes': { items: Person } } }))
    bytesApp.get('/people/bytes', (c) => c.body(chunks(bytewise(text)), 200, { 'Content-Type': 'application/jsonl; charset=utf-8' }))
    expect(await (await bytesApp.request('/people/bytes', { headers: V1 })).text()).toBe(expected)
  })

  it('blank lines, CRLF line ends and a last item without a line end are kept as they came', async () => {
    const app = appWith(bodies, (a) =>
      a.get('/people/export', (c) => c.body(chunks([`${JSON.stringify(people[0])}\r\n\n`, JSON.stringify(people[1])]), 200, { 'Content-Type': 'application/x-ndjson' })),
    )
    expect(await (await app.request('/people/export', { headers: V1 })).text()).toBe(`${JSON.stringify(older(people[0] as Person))}\r\n\n${JSON.stringify(older(people[1] as Person))}`)
  })

  it('JSON text sequences (application/json-seq): each record migrated, a record spread over lines too', async () => {
    const body = `\u001e${JSON.stringify(people[0])}\n\u001e${JSON.stringify(people[1], null, 2)}\n\u001e${JSON.stringify(people[2])}\n`
    const app = appWith(bodies, (a) => a.get('/people/export', (c) => c.body(chunks(bytewise(body)), 200, { 'Content-Type': 'application/json-seq' })))
    const text = await (await app.request('/people/export', { headers: V1 })).text()
    expect(text).toBe(people.map((p) => `\u001e${JSON.stringify(older(p))}\n`).join(''))
  })

  it('a slow client slows the producer: the transform pulls one chunk ahead at most (backpressure)', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(encoder.encode(`${JSON.stringify({ id: pulled, fullName: 'x' })}\n`))
          pulled++
        },
      },
      { highWaterMark: 0 },
    )
    const app = appWith(bodies, (a) => a.get('/people/export', (c) => c.body(endless, 200, { 'Content-Type': 'application/x-ndjson' })))
    const res = await app.request('/people/export', { headers: V1 })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    for (let i = 0; i < 5; i++) {
      const { value } = await reader.read()
      expect(JSON.parse(decoder.decode(value))).toEqual({ id: i, name: 'x' })
    }
    // Five items read; the source was asked for a few more at most, never for the endless rest.
    expect(pulled).toBeLessThanOrEqual(8)
    await reader.cancel()
  })
})

describe('server-sent events: each event data migrated, the rest kept', () => {
  const bodies = { 'GET /people/feed': { items: Person } }

  it('streamSSE: event, id, retry and comments kept; multi-line data joined and migrated', async () => {
    const app = appWith(bodies, (a) =>
      a.get('/people/feed', (c) =>
        streamSSE(c, async (s) => {
          await s.write(': a comment\nretry: 3000\n\n')
          await s.writeSSE({ event: 'person', id: '1', data: JSON.stringify(people[0]) })
          await s.writeSSE({ event: 'person', id: '2', data: JSON.stringify(people[1], null, 2), retry: 10 })
          await s.writeSSE({ data: '' })
        }),
      ),
    )
    const old = await app.request('/people/feed', { headers: V1 })
    expect(old.headers.get('content-type')).toBe('text/event-stream')
    expect(await old.text()).toBe(
      [
        ': a comment\nretry: 3000\n\n',
        `event: person\ndata: ${JSON.stringify(older(people[0] as Person))}\nid: 1\n\n`,
        `event: person\ndata: ${JSON.stringify(older(people[1] as Person))}\nid: 2\nretry: 10\n\n`,
        'data: \n\n',
      ].join(''),
    )
    const head = await (await app.request('/people/feed', { headers: V2 })).text()
    expect(head).toContain(`data: ${JSON.stringify(people[0])}`)
  })

  it('CR and CRLF line ends, split anywhere, and data: without a space', async () => {
    const body = `event: person\r\ndata:${JSON.stringify(people[0])}\r\n\r\nid: 9\rdata: ${JSON.stringify(people[2])}\r\r`
    const app = appWith(bodies, (a) => a.get('/people/feed', (c) => c.body(chunks(bytewise(body)), 200, { 'Content-Type': 'text/event-stream; charset=utf-8' })))
    expect(await (await app.request('/people/feed', { headers: V1 })).text()).toBe(
      `event: person\ndata: ${JSON.stringify(older(people[0] as Person))}\n\nid: 9\ndata: ${JSON.stringify(older(people[2] as Person))}\n\n`,
    )
  })

  it('a CRLF whose CR and LF an empty chunk separates is one line end', async () => {
    const body = [`data: ${JSON.stringify(people[0])}\r`, new Uint8Array(0), '\n\r', new Uint8Array(0), '\nevent: x\r\n\r\n']
    const app = appWith(bodies, (a) => a.get('/people/feed', (c) => c.body(chunks(body), 200, { 'Content-Type': 'text/event-stream' })))
    expect(await (await app.request('/people/feed', { headers: V1 })).text()).toBe(`data: ${JSON.stringify(older(people[0] as Person))}\n\nevent: x\n\n`)
  })
})

/** The data of each event an EventSource dispatches from `bytes` (WHATWG HTML 9.2.6: one BOM dropped, LF line ends here). */
function dispatched(bytes: ArrayBuffer): string[] {
  const events: string[] = []
  let data: string | null = null
  for (const line of new TextDecoder().decode(bytes).split('\n')) {
    if (line === '') {
      if (data !== null) events.push(data)
      data = null
      continue
    }
    const colon = line.indexOf(':')
    const [field, value] = colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1)]
    if (field === 'data') data = data === null ? value : `${data}\n${value}`
  }
  return events
}

describe('a BOM at the start of a stream', () => {
  it('a second BOM after the first (an SSE field EventSource does not know) still begins the line the older client reads, so that line is never dispatched', async () => {
    const body = `\uFEFF\uFEFFdata: ${JSON.stringify(people[0])}\n\ndata: ${JSON.stringify(people[1])}\n\n`
    const app = appWith({ 'GET /people/feed': { items: Person } }, (a) => a.get('/people/feed', (c) => c.body(chunks([body]), 200, { 'Content-Type': 'text/event-stream' })))
    const head = dispatched(await (await app.request('/people/feed', { headers: V2 })).arrayBuffer())
    expect(head).toEqual([JSON.stringify(people[1])])
    const old = dispatched(await (await app.request('/people/feed', { headers: V1 })).arrayBuffer())
    expect(old).toEqual([JSON.stringify(older(people[1] as Person))])
  })
})

describe('what cannot be migrated is never sent as the head made it', () => {
  it('an item that is not JSON errors the stream there: the items before it arrive migrated, it and the rest never', async () => {
    const app = appWith({ 'GET /people/export': { items: Person } }, (a) =>
      a.get('/people/export', (c) => c.body(chunks([lines([people[0]]), 'not json\n', lines([people[1]])]), 200, { 'Content-Type': 'application/x-ndjson' })),
    )
    const { text, error } = await readAll(await app.request('/people/export', { headers: V1 }))
    expect(text).toBe(lines([older(people[0] as Person)]))
    expect(String(error)).toContain('item 2 of the application/x-ndjson stream of "GET /people/export" cannot be migrated to version "1": it is not JSON')
  })

  it('the items before a failing one in the same chunk are read before the error (JSON Lines, SSE, item 500 outside its layout)', async () => {
    const many = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, fullName: `P${i + 1}` }))
    const app = appWith({ 'GET /lines': { items: Person }, 'GET /feed': { items: Person } }, (a) => {
      a.get('/lines', (c) => c.body(chunks([`${lines(many.slice(0, 499))}${c.req.query('bad') ?? ''}\n${lines(many.slice(499))}`]), 200, { 'Content-Type': 'application/x-ndjson' }))
      a.get('/feed', (c) => c.body(chunks([`data: ${JSON.stringify(people[0])}\n\ndata: ${JSON.stringify(people[1])}\n\ndata: ping\n\n`]), 200, { 'Content-Type': 'text/event-stream' }))
    })
    const { text, error } = await readAll(await app.request(`/lines?bad=${encodeURIComponent('[500]')}`, { headers: V1 }))
    expect(text).toBe(lines(many.slice(0, 499).map(older)))
    expect(String(error)).toContain('item 500 of the application/x-ndjson stream of "GET /lines" cannot be migrated to version "1"')
    const feed = await readAll(await app.request('/feed', { headers: V1 }))
    expect(feed.text).toBe(`data: ${JSON.stringify(older(people[0] as Person))}\n\ndata: ${JSON.stringify(older(people[1] as Person))}\n\n`)
    expect(String(feed.error)).toContain('item 3 of the text/event-stream stream of "GET /feed" cannot be migrated to version "1": it is not JSON')
  })

  it('an item that does not fit its layout, or an SSE event whose data is not JSON, errors the stream too', async () => {
    const app = appWith({ 'GET /a': { items: Person }, 'GET /b': { items: Person } }, (a) => {
      a.get('/a', (c) => c.body(chunks([lines([people[0], [1, 2]])]), 200, { 'Content-Type': 'application/x-ndjson' }))
      a.get('/b', (c) => streamSSE(c, async (s) => s.writeSSE({ event: 'person', data: 'Ada' })))
    })
    const a = await readAll(await app.request('/a', { headers: V1 }))
    expect(a.text).not.toContain('[1,2]')
    expect(String(a.error)).toContain('item 2 of the application/x-ndjson stream of "GET /a" cannot be migrated to version "1": the value at $ does not fit its layout')
    const b = await readAll(await app.request('/b', { headers: V1 }))
    expect(b.text).toBe('')
    expect(String(b.error)).toContain('item 1 of the text/event-stream stream of "GET /b" cannot be migrated to version "1": it is not JSON')
    expect((await readAll(await app.request('/b', { headers: V2 }))).text).toBe('event: person\ndata: Ada\n\n')
  })

  it('an item with an integer JSON.parse would round (an id beyond 2^53) is migrated exactly where the runtime reads source text, else errors the stream before it, never sent changed', async () => {
    const exact = '{"id":12345678901234567891,"fullName":"Ada Lovelace"}\n'
    const app = appWith({ 'GET /people/export': { items: Person } }, (a) =>
      a.get('/people/export', (c) => c.body(chunks([lines([people[0]]), exact, '{"id":9007199254740992,"fullName":"Grace Hopper"}\n']), 200, { 'Content-Type': 'application/x-ndjson' })),
    )
    const { text, error } = await readAll(await app.request('/people/export', { headers: V1 }))
    expect(text).not.toContain('12345678901234567000')
    if (SOURCE_ACCESS) {
      expect(error).toBeUndefined()
      expect(text).toBe(`${lines([older(people[0] as Person)])}{"id":12345678901234567891,"name":"Ada Lovelace"}\n{"id":9007199254740992,"name":"Grace Hopper"}\n`)
    } else {
      expect(text).toBe(lines([older(people[0] as Person)]))
      expect(String(error)).toContain(`item 2 of the application/x-ndjson stream of "GET /people/export" cannot be migrated to version "1": ${INEXACT}`)
    }
    // The head's items are the handler's text.
    expect((await readAll(await app.request('/people/export', { headers: V2 }))).text).toContain(exact)
  })

  it('SSE data of white space only (a no-break space, JSON white space, empty lines) is no JSON: it errors the stream; empty data passes', async () => {
    const app = appWith({ 'GET /feed': { items: Person } }, (a) =>
      a.get('/feed', (c) => c.body(chunks([`data: ${JSON.stringify(people[0])}\n\ndata:\n\n`, c.req.query('data') ?? '']), 200, { 'Content-Type': 'text/event-stream' })),
    )
    const first = `data: ${JSON.stringify(older(people[0] as Person))}\n\ndata: \n\n`
    expect(await (await app.request('/feed', { headers: V1 })).text()).toBe(first)
    for (const data of ['data: \u00a0\n\n', 'data: \ufeff\n\n', 'data:  \t\n\n', 'data:\ndata:\n\n']) {
      const { text, error } = await readAll(await app.request(`/feed?data=${encodeURIComponent(data)}`, { headers: V1 }))
      expect(text, JSON.stringify(data)).toBe(first)
      expect(String(error), JSON.stringify(data)).toContain('item 2 of the text/event-stream stream of "GET /feed" cannot be migrated to version "1": it is not JSON')
    }
  })

  it('a body in another charset than UTF-8 is a 500 naming it, streamed or whole; UTF-8 and ASCII labels are read', async () => {
    const latin1 = Uint8Array.from([...JSON.stringify({ id: 1, fullName: '\u00c9mile' })].map((ch) => ch.charCodeAt(0)))
    const app = appWith({ 'GET /export': { items: Person }, 'GET /one': { response: Person } }, (a) => {
      a.get('/export', (c) => c.body(chunks([latin1, '\n']), 200, { 'Content-Type': `application/x-ndjson; charset=${c.req.query('charset')}` }))
      a.get('/one', (c) => c.body(chunks([latin1]), 200, { 'Content-Type': `application/json;charset="${c.req.query('charset')}"` }))
    })
    for (const [path, type] of [['/export', 'application/x-ndjson'], ['/one', 'application/json']] as const) {
      for (const charset of ['iso-8859-1', 'UTF-16LE', 'windows-1252']) {
        const old = await app.request(`${path}?charset=${charset}`, { headers: V1 })
        expect(old.status, `${path} ${charset}`).toBe(500)
        expect(await old.text()).toBe(`versionHistory: the 200 response of "GET ${path}" (${type}) cannot be migrated to version "1": its charset is "${charset}", and a migrated body is read and written as UTF-8; answer UTF-8 (the charset of JSON), or list the media type in unmigrated.`)
        const head = await app.request(`${path}?charset=${charset}`, { headers: V2 })
        expect(head.status).toBe(200)
        expect(new Uint8Array(await head.arrayBuffer()).slice(0, latin1.length)).toEqual(latin1)
      }
    }
    const utf8 = appWith({ 'GET /export': { items: Person } }, (a) =>
      a.get('/export', (c) => c.body(chunks([lines([people[1]])]), 200, { 'Content-Type': `application/x-ndjson; charset=${c.req.query('charset')}` })),
    )
    for (const charset of ['utf-8', 'UTF8', '"utf-8"', 'us-ascii', '']) {
      const old = await utf8.request(`/export?charset=${encodeURIComponent(charset)}`, { headers: V1 })
      expect(await old.text(), charset).toBe(lines([older(people[1] as Person)]))
    }
  })

  it('a charset or a media type it names is escaped and cut in its sentence (a DEL, a C1 control, 1 MiB)', async () => {
    const app = appWith({ 'GET /one': { response: Person }, 'GET /odd': { response: Person } }, (a) => {
      a.get('/one', (c) => c.body('{}', 200, { 'Content-Type': `application/json; charset=x\u007f\u009b${'x'.repeat(2 ** 20)}` }))
      a.get('/odd', (c) => c.body('{}', 200, { 'Content-Type': `text/\u009b${'y'.repeat(2 ** 20)}` }))
    })
    const charset = await app.request('/one', { headers: V1 })
    expect(charset.status).toBe(500)
    expect(await charset.text()).toBe(`versionHistory: the 200 response of "GET /one" (application/json) cannot be migrated to version "1": its charset is "x\\u007f\\u009b${'x'.repeat(65)}…, and a migrated body is read and written as UTF-8; answer UTF-8 (the charset of JSON), or list the media type in unmigrated.`)
    const type = await app.request('/odd', { headers: V1 })
    expect(type.status).toBe(500)
    expect(await type.text()).toBe(`versionHistory: the 200 response of "GET /odd" (text/\\u009b${'y'.repeat(68)}…) cannot be migrated to version "1": its layouts are of JSON; answer JSON (or a JSON stream), or list the media type in unmigrated.`)
  })

  it('an older Range request gets the whole body, migrated; a 206 answered to an older client all the same is a 500 naming it; a migrated body does not advertise Accept-Ranges', async () => {
    const texts = { 'application/x-ndjson': lines(people), 'application/json': JSON.stringify(people[0]) }
    const ranged = (type: keyof typeof texts) => (c: Context) => {
      const text = texts[type]
      const range = /^bytes=(\d+)-(\d+)$/.exec(c.req.header('Range') ?? '')
      if (range === null) return c.body(text, 200, { 'Content-Type': type, 'Accept-Ranges': 'bytes' })
      return c.body(text.slice(Number(range[1]), Number(range[2]) + 1), 206, { 'Content-Type': type, 'Content-Range': `bytes ${range[1]}-${range[2]}/${text.length}` })
    }
    const app = appWith({ 'GET /export': { items: Person }, 'GET /one': { response: Person } }, (a) => {
      a.get('/export', ranged('application/x-ndjson'))
      a.get('/one', ranged('application/json'))
    })
    const whole = { '/export': lines(people.map(older)), '/one': JSON.stringify(older(people[0] as Person)) }
    for (const path of ['/export', '/one'] as const) {
      for (const range of ['bytes=7-30', 'bytes=0-10']) {
        // Range and If-Range do not reach the handler: the head's offsets are not the older body's.
        const old = await app.request(path, { headers: { ...V1, Range: range, 'If-Range': '"a"' } })
        expect(old.status, `${path} ${range}`).toBe(200)
        expect(old.headers.get('content-range')).toBeNull()
        expect(old.headers.get('accept-ranges')).toBeNull()
        expect(await old.text()).toBe(whole[path])
        expect((await app.request(path, { headers: { ...V2, Range: range } })).status).toBe(206)
      }
    }
    expect((await app.request('/export', { headers: V2 })).headers.get('accept-ranges')).toBe('bytes')
    // A route that sends a media type as it is (unmigrated) keeps the Range: its handler may answer a range of that type.
    const files = appWith({ 'GET /file': { response: Person, unmigrated: ['application/pdf'] } }, (a) => {
      a.get('/file', (c) => (c.req.header('Range') === undefined ? c.body('%PDF-1.7 whole', 200, { 'Content-Type': 'application/pdf' }) : c.body('%PDF', 206, { 'Content-Type': 'application/pdf', 'Content-Range': 'bytes 0-3/14' })))
    })
    const piece = await files.request('/file', { headers: { ...V1, Range: 'bytes=0-3' } })
    expect([piece.status, await piece.text(), piece.headers.get('content-range')]).toEqual([206, '%PDF', 'bytes 0-3/14'])
    const stubborn = await appWith({ 'GET /stubborn': { response: Person } }, (a) => {
      a.get('/stubborn', (c) => c.body(texts['application/json'].slice(0, 11), 206, { 'Content-Type': 'application/json', 'Content-Range': 'bytes 0-10/99' }))
    }).request('/stubborn', { headers: V1 })
    expect(stubborn.status).toBe(500)
    expect(await stubborn.text()).toBe(`versionHistory: the 206 response of "GET /stubborn" (application/json) cannot be migrated to version "1": it is a byte range of the head's body (206 Partial Content), whose offsets an older body does not share; answer the whole body to a Range request on a migrated route, or list the media type in unmigrated.`)
    // The same from c.json(value, 206): its Content-Range counts the head's bytes.
    const viaJson = await appWith({ 'GET /stubborn': { response: Person } }, (a) => {
      a.get('/stubborn', (c) => c.json(people[0], 206, { 'Content-Range': 'bytes 0-10/99' }))
    }).request('/stubborn', { headers: V1 })
    expect([viaJson.status, await viaJson.text()]).toEqual([500, `versionHistory: the 206 response of "GET /stubborn" (application/json) cannot be migrated to version "1": it is a byte range of the head's body (206 Partial Content), whose offsets an older body does not share; answer the whole body to a Range request on a migrated route, or list the media type in unmigrated.`])
  })

  it('a body its layouts cannot migrate is a 500 through app.onError naming the route, the version and the media type', async () => {
    const app = appWith(
      {
        'GET /text': { response: Person },
        'GET /stream': { response: [Person] },
        'GET /json': { items: Person },
        'GET /broken': { response: Person },
        'GET /none': { response: Person },
      },
      (a) => {
        a.get('/text', (c) => c.text(JSON.stringify(people[0])))
        a.get('/stream', (c) => c.body(lines(people), 200, { 'Content-Type': 'application/x-ndjson' }))
        a.get('/json', (c) => c.body(JSON.stringify(people[0]), 200, { 'Content-Type': 'application/json' }))
        a.get('/broken', (c) => c.body('{"id":1,', 200, { 'Content-Type': 'application/json' }))
        a.get('/none', () => new Response(encoder.encode(JSON.stringify(people[0]))))
      },
    )
    const cases: [string, string][] = [
      ['/text', 'the 200 response of "GET /text" (text/plain) cannot be migrated to version "1": its layouts are of JSON; answer JSON (or a JSON stream), or list the media type in unmigrated.'],
      ['/stream', 'the 200 response of "GET /stream" (application/x-ndjson) cannot be migrated to version "1": it is a stream without an items layout; declare one.'],
      ['/json', 'the 200 response of "GET /json" (application/json) cannot be migrated to version "1": its layouts are of stream items only; declare its response layout.'],
      ['/broken', 'the 200 response of "GET /broken" (application/json) cannot be migrated to version "1": its body is not JSON.'],
      ['/none', 'the 200 response of "GET /none" (no Content-Type) cannot be migrated to version "1"'],
    ]
    for (const [path, sentence] of cases) {
      const old = await app.request(path, { headers: V1 })
      expect(old.status, path).toBe(500)
      expect(await old.text(), path).toContain(`versionHistory: ${sentence}`)
      expect((await app.request(path, { headers: V2 })).status, path).toBe(200)
    }
  })

  it('unmigrated: the media types a route sends to every version as they are', async () => {
    const app = appWith({ 'GET /people': { response: [Person], unmigrated: ['text/csv', 'image/*'] } }, (a) =>
      a.get('/people', (c) => (c.req.query('as') === 'png' ? c.body(new Uint8Array([137, 80]), 200, { 'Content-Type': 'image/png' }) : c.body('id,fullName\n1,Ada\n', 200, { 'Content-Type': 'text/csv; charset=utf-8' }))),
    )
    const csv = await app.request('/people', { headers: V1 })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toBe('id,fullName\n1,Ada\n')
    expect((await app.request('/people?as=png', { headers: V1 })).status).toBe(200)
  })

  it('a range in unmigrated (application/*, */*, text/*) never covers what the route\'s layouts migrate; naming such a type fails when the history is made', async () => {
    const text = JSON.stringify(people[0])
    for (const unmigrated of [['application/*'], ['*/*'], ['text/*', 'application/*']]) {
      const app = appWith({ 'GET /people/:id': { response: Person, items: Person, unmigrated } }, (a) =>
        a.get('/people/:id', (c) => {
          const as = c.req.query('as')
          if (as === 'ndjson') return c.body(`${text}\n`, 200, { 'Content-Type': 'application/x-ndjson' })
          if (as === 'sse') return c.body(`data: ${text}\n\n`, 200, { 'Content-Type': 'text/event-stream' })
          if (as === 'pdf') return c.body('%PDF', 200, { 'Content-Type': 'application/pdf' })
          return c.body(text, 200, { 'Content-Type': 'application/problem+json' })
        }),
      )
      const migrated = JSON.stringify(older(people[0] as Person))
      expect(await (await app.request('/people/1', { headers: V1 })).text(), String(unmigrated)).toBe(migrated)
      expect(await (await app.request('/people/1?as=ndjson', { headers: V1 })).text()).toBe(`${migrated}\n`)
      expect(await (await app.request('/people/1?as=sse', { headers: V1 })).text()).toBe(`data: ${migrated}\n\n`)
      expect(await (await app.request('/people/1?as=pdf', { headers: V1 })).text()).toBe('%PDF')
    }
    const make = (entry: RouteBodies) => () => versionHistory({ versions: [{ version: '1' }], bodies: { 'GET /a': entry } })
    expect(make({ response: Person, unmigrated: ['application/json'] })).toThrow(`versionHistory: bodies["GET /a"]: unmigrated lists 'application/json', which its response layout migrates; list only the media types no layout describes (a CSV export, an image).`)
    expect(make({ items: Person, unmigrated: ['text/event-stream'] })).toThrow(`unmigrated lists 'text/event-stream', which its items layout migrates`)
    expect(make({ response: Person, unmigrated: ['application/x-ndjson', 'text/plain'] })).not.toThrow()
    // A route's unmigrated and one method's layouts, merged.
    const merged = () => versionHistory({ versions: [{ version: '1' }], bodies: { products: { unmigrated: ['application/json'] }, 'GET products': { response: Person } } })
    expect(merged).toThrow(`versionHistory: bodies["GET products"]: unmigrated lists 'application/json', which its response layout migrates`)
  })

  it('no body, an error body that is not JSON, and a version with nothing to migrate pass as they are', async () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [names] }, { version: '3' }], bodies: { 'GET /x': { response: Person } } })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' }), changes: history }))
    app.get('/x', (c) => (c.req.query('empty') !== undefined ? c.body(null, 204) : c.req.query('fail') !== undefined ? c.text('Nope', 404) : c.text('plain')))
    expect((await app.request('/x?empty', { headers: V1 })).status).toBe(204)
    expect((await app.request('/x?fail', { headers: V1 })).status).toBe(404)
    expect(await (await app.request('/x', { headers: V2 })).text()).toBe('plain')
  })

  it('a mistaken unmigrated or items option fails when the history is made', () => {
    const make = (bodies: unknown) => () => versionHistory({ versions: [{ version: '1' }], bodies: bodies as Record<string, RouteBodies> })
    expect(make({ 'GET /a': { unmigrated: 'text/csv' } })).toThrow(`versionHistory: bodies["GET /a"]: unmigrated must list media types, such as ['text/csv'].`)
    expect(make({ 'GET /a': { unmigrated: ['text/csv; charset=utf-8'] } })).toThrow(`unmigrated lists media types such as 'text/csv' or 'image/*' (no parameters), not "text/csv; charset=utf-8".`)
    expect(make({ 'GET /a': { items: 'Person' } })).toThrow('versionHistory: bodies["GET /a"].items: a layout is a shape')
    expect(make({ 'GET /a': { stream: Person } })).toThrow('its keys are request, response, error, items, unmigrated, passThrough, partial, forms')
  })
})

describe('entity tags never cross versions', () => {
  const bodies = { 'GET /person': { response: Person } }
  const handler = (a: Hono) => a.get('/person', (c) => c.body(JSON.stringify(people[0]), 200, { 'Content-Type': 'application/json' }))

  it('etag() inside the versioning middleware: each version its own tag, and a 304 only for its own', async () => {
    const app = appWith(bodies, handler, { after: (a) => a.use('*', etag()) })
    const v1 = await app.request('/person', { headers: V1 })
    const v2 = await app.request('/person', { headers: V2 })
    const t1 = v1.headers.get('etag') as string
    const t2 = v2.headers.get('etag') as string
    expect(await v1.json()).toEqual(older(people[0] as Person))
    expect(t1).toBe(`${t2.slice(0, -1)}@1"`)
    expect((await app.request('/person', { headers: { ...V1, 'If-None-Match': t2 } })).status).toBe(200)
    expect((await app.request('/person', { headers: { ...V2, 'If-None-Match': t1 } })).status).toBe(200)
    const again = await app.request('/person', { headers: { ...V1, 'If-None-Match': `"other", ${t1}` } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(t1)
    expect((await app.request('/person', { headers: { ...V2, 'If-None-Match': t2 } })).status).toBe(304)
  })

  it('etag() outside the versioning middleware: it hashes each version own body', async () => {
    const app = appWith(bodies, handler, { before: (a) => a.use('*', etag()) })
    const t1 = (await app.request('/person', { headers: V1 })).headers.get('etag') as string
    const t2 = (await app.request('/person', { headers: V2 })).headers.get('etag') as string
    expect(t1).not.toBe(t2)
    expect((await app.request('/person', { headers: { ...V1, 'If-None-Match': t2 } })).status).toBe(200)
    expect((await app.request('/person', { headers: { ...V1, 'If-None-Match': t1 } })).status).toBe(304)
    expect((await app.request('/person', { headers: { ...V2, 'If-None-Match': t2 } })).status).toBe(304)
  })

  it('a weak tag stays weak; If-Match of another version matches nothing; a c.json answer and a stream carry the version too', async () => {
    let seen: (string | undefined)[] = []
    const app = appWith({ ...bodies, 'PUT /person': { response: Person }, 'GET /feed': { items: Person } }, (a) => {
      a.get('/person', (c) => c.json(people[0], 200, { ETag: 'W/"abc"' }))
      a.put('/person', (c) => {
        seen = [c.req.header('If-Match')]
        return c.json(people[0])
      })
      a.get('/feed', (c) => c.body(lines(people), 200, { 'Content-Type': 'application/x-ndjson', ETag: '"feed"' }))
    })
    expect((await app.request('/person', { headers: V1 })).headers.get('etag')).toBe('W/"abc@1"')
    expect((await app.request('/person', { headers: V2 })).headers.get('etag')).toBe('W/"abc"')
    await app.request('/person', { method: 'PUT', headers: { ...V1, 'If-Match': '"abc@1"' } })
    expect(seen).toEqual(['"abc"'])
    await app.request('/person', { method: 'PUT', headers: { ...V1, 'If-Match': '"abc"' } })
    expect(seen).toEqual(['"@"'])
    await app.request('/person', { method: 'PUT', headers: { ...V2, 'If-Match': '"abc"' } })
    expect(seen).toEqual(['"abc"'])
    expect((await app.request('/feed', { headers: V1 })).headers.get('etag')).toBe('"feed@1"')
  })
})

describe('check() names the handlers that can answer what their layouts cannot migrate', () => {
  it('a stream without an items layout, text not listed as unmigrated; not what the layouts cover', () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [names] }],
      bodies: {
        'GET /feed': { response: [Person] },
        'GET /export': { response: [Person] },
        'GET /text': { response: Person },
        'GET /ok-feed': { items: Person },
        'GET /ok-text': { response: Person, unmigrated: ['text/plain'] },
        'GET /json': { response: Person },
      },
    })
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), changes: history }))
    app.get('/feed', (c) => streamSSE(c, async (s) => s.writeSSE({ data: '{}' })))
    app.get('/export', (c) => c.body(lines(people), 200, { 'Content-Type': 'application/x-ndjson' }))
    app.get('/text', (c) => c.text('Ada'))
    app.get('/ok-feed', (c) => streamSSE(c, async (s) => s.writeSSE({ data: '{}' })))
    app.get('/ok-text', (c) => c.text('Ada'))
    app.get('/json', (c) => c.json(people[0]))
    expect(history.check(app)).toEqual([
      'versionHistory: the handler of "GET /feed" can answer a stream, which its layouts cannot migrate (older clients would get a 500); declare its items layout.',
      'versionHistory: the handler of "GET /export" can answer a stream, which its layouts cannot migrate (older clients would get a 500); declare its items layout.',
      "versionHistory: the handler of \"GET /text\" can answer plain text (c.text), which its layouts cannot migrate (older clients would get a 500); list 'text/plain' in its unmigrated.",
    ])
  })
})

describe('check(app) reads the handlers mountRoutes mounts, as it reads plain routes\' handlers', () => {
  it('a stream without an items layout, text not listed as unmigrated, on a route or one method, and a chain\'s handler; not what the layouts cover', () => {
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [names] }],
      bodies: {
        feed: { response: [Person] },
        text: { response: Person },
        'POST person': { response: Person },
        'ok-feed': { items: Person },
        'ok-text': { response: Person, unmigrated: ['text/plain'] },
        person: { response: Person },
      },
    })
    const routes = defineRoutes([route('feed', '/feed'), route('text', '/text'), route('ok-feed', '/ok-feed'), route('ok-text', '/ok-text'), route('person', '/people/:id'), route('person', '/people/:id.json')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), routes, changes: history, allowedHosts: ['api.test'] })
    const app = new Hono()
    app.use('*', versioning)
    const validated = async (_c: unknown, next: () => Promise<void>) => next()
    mountRoutes(app, versioning, {
      feed: (c) => streamSSE(c, async (s) => s.writeSSE({ data: '{}' })),
      text: [validated, (c) => c.text('Ada')],
      'ok-feed': (c) => streamSSE(c, async (s) => s.writeSSE({ data: '{}' })),
      'ok-text': (c) => c.text('Ada'),
      person: { get: (c) => c.json(people[0]), post: (c) => c.html('<p>Ada</p>') },
    })
    const said = [
      'versionHistory: the handler of route "feed" (GET) can answer a stream, which its layouts cannot migrate (older clients would get a 500); declare its items layout.',
      "versionHistory: the handler of route \"text\" (GET) can answer plain text (c.text), which its layouts cannot migrate (older clients would get a 500); list 'text/plain' in its unmigrated.",
      "versionHistory: the handler of route \"person\" (POST) can answer HTML (c.html), which its layouts cannot migrate (older clients would get a 500); list 'text/html' in its unmigrated.",
    ]
    expect(history.check(app)).toEqual(said)
    expect(versioning.check(app)).toEqual(said)
  })

  it('and @hono/zod-openapi routes\' handlers, by the path Hono registers', () => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [names] }], bodies: { 'GET /feed': { response: [Person] }, 'GET /text/:id': { response: Person } } })
    const app = new OpenAPIHono()
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), changes: history })
    app.use('*', versioning)
    const ok = { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ id: z.number() }) } } } }
    app.openapi(createRoute({ method: 'get', path: '/feed', responses: ok }), (c) => streamSSE(c, async (s) => s.writeSSE({ data: '{}' })) as never)
    app.openapi(createRoute({ method: 'get', path: '/text/{id}', responses: ok }), (c) => c.text('Ada') as never)
    expect(versioning.check(app)).toEqual([
      'versionHistory: the handler of "GET /feed" can answer a stream, which its layouts cannot migrate (older clients would get a 500); declare its items layout.',
      "versionHistory: the handler of \"GET /text/:id\" can answer plain text (c.text), which its layouts cannot migrate (older clients would get a 500); list 'text/plain' in its unmigrated.",
    ])
  })
})

describe('table routes and c.json', () => {
  it('mountRoutes: items on the route or on one method, and c.json on a route whose only layout is items', async () => {
    const history = twoVersionHistory([names], { bodies: { people: { items: Person }, 'POST people': { response: Person } } })
    const routes = defineRoutes([route('people', '/people')])
    const versioning = apiVersioning({ scheme: twoVersions(), routes, changes: history })
    const app = new Hono()
    app.onError((error, c) => c.text(error.message, 500))
    app.use('*', versioning)
    mountRoutes(app, versioning, {
      people: {
        get: (c) => (c.req.query('json') === undefined ? streamSSE(c, async (s) => s.writeSSE({ data: JSON.stringify(people[0]) })) : c.json(people[0])),
        post: (c) => c.json(people[1], 201),
      },
    })
    expect(await (await app.request('/people', { headers: V1 })).text()).toBe(`data: ${JSON.stringify(older(people[0] as Person))}\n\n`)
    expect(await (await app.request('/people', { method: 'POST', headers: V1 })).json()).toEqual(older(people[1] as Person))
    const json = await app.request('/people?json', { headers: V1 })
    expect(json.status).toBe(500)
    expect(await json.text()).toContain('versionHistory: the 200 response of route "people" (GET) (application/json) cannot be migrated to version "1": its layouts are of stream items only; declare its response layout.')
  })
})
