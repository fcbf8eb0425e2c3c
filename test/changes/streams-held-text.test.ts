/**
 * What an older client's stream holds back: lines that are not an item's
 * (an SSE comment sent as a heartbeat, white space between JSON text
 * sequence records) go out as they come, as they do to the head's client,
 * and an item is held to a bound (its text without its end), past which
 * the stream errors rather than the memory growing.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { lineFramer, MAX_ITEM, sequenceFramer, type Framer, type Output } from '../../src/changes/ndjson.ts'
import { eventFramer } from '../../src/changes/sse.ts'
import { names, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

const encoder = new TextEncoder()

/**
 * A handler's stream that sends `pieces`, then waits; `starved` resolves a
 * macrotask after it is asked for more than it sent (whoever reads it read
 * everything): a read that the stream can answer settles before it.
 */
function thenWaits(pieces: readonly string[]): { body: ReadableStream<Uint8Array>; starved: Promise<string>; cancelled: () => boolean } {
  let i = 0
  let cancelled = false
  let starve: (value: string) => void = () => undefined
  const starved = new Promise<string>((resolve) => {
    starve = resolve
  })
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieces[i++]
        if (piece !== undefined) {
          controller.enqueue(encoder.encode(piece))
          return undefined
        }
        setTimeout(() => starve('the older stream read everything sent and gave the client nothing'), 20)
        return new Promise<void>(() => undefined)
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { body, starved, cancelled: () => cancelled }
}

function appSending(type: string, pieces: readonly string[]): { app: Hono; cancelled: () => boolean; starved: () => Promise<string> } {
  const history = twoVersionHistory([names], { bodies: { 'GET /s': { items: Person } } })
  const app = migratingApp(history)
  let last: ReturnType<typeof thenWaits> | undefined
  app.get('/s', (c) => {
    last = thenWaits(pieces)
    return c.body(last.body, 200, { 'Content-Type': type })
  })
  return { app, cancelled: () => last?.cancelled() ?? false, starved: () => last?.starved ?? Promise.resolve('no request') }
}

/** The first chunk the client reads, or the sentence of a stream that read all it was sent and gave none of it. */
async function firstChunk(app: Hono, headers: Record<string, string>, starved: () => Promise<string>): Promise<string> {
  const res = await app.request('/s', { headers })
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const first = await Promise.race([reader.read().then(({ value }) => new TextDecoder().decode(value)), starved()])
  await reader.cancel()
  return first
}

describe('lines that are no item reach an older client as they come', () => {
  it('an SSE comment sent as a heartbeat without a blank line after it, on its own or before an event whose data has not come', async () => {
    for (const pieces of [[': ping\n'], [': ping\r'], ['retry: 3000\n: ping\n'], ['event: person\nid: 7\n']]) {
      const { app, starved } = appSending('text/event-stream', pieces)
      expect(await firstChunk(app, V2, starved)).toBe(pieces[0])
      // CR line ends come out as LF for an older client (sse.ts).
      expect(await firstChunk(app, V1, starved)).toBe((pieces[0] as string).replace(/\r/g, '\n'))
    }
  })

  it('the lines of an event before its data, sent in an earlier chunk, then the migrated data; the bytes are those of one chunk', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /s': { items: Person } } })
    const app = migratingApp(history)
    const pieces = [': ping\n', 'event: person\nid: 1\n', 'data: {"id":1,', '"fullName":"Ada"}\n', 'id: 2\n\n']
    app.get('/s', (c) => c.body(new ReadableStream<Uint8Array>({ pull: (controller) => { const piece = pieces.shift(); if (piece === undefined) controller.close(); else controller.enqueue(encoder.encode(piece)) } }), 200, { 'Content-Type': 'text/event-stream' }))
    expect((await readAll(await app.request('/s', { headers: V1 }))).text).toBe(': ping\nevent: person\nid: 1\ndata: {"id":1,"name":"Ada"}\nid: 2\n\n')
  })

  it('white space between JSON text sequence records (line feeds as a heartbeat)', async () => {
    const { app, starved } = appSending('application/json-seq', ['\u001e{"id":1,"fullName":"Ada"}\n', '\n'])
    const res = await app.request('/s', { headers: V1 })
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('\u001e{"id":1,"name":"Ada"}\n')
    expect(await Promise.race([reader.read().then(({ value }) => decoder.decode(value)), starved()])).toBe('\n')
    await reader.cancel()
  })
})

/** Feeds `pieces` to a framer whose items are migrated as they are (their text); the output, and the error if any. */
function frame(framer: Framer, pieces: readonly string[]): { text: string; error: unknown } {
  const out: Output = { text: '' }
  let text = ''
  try {
    for (const piece of pieces) {
      framer.push(piece, out)
      text += out.text
      out.text = ''
    }
    framer.end(out)
    return { text: text + out.text, error: undefined }
  } catch (error) {
    return { text: text + out.text, error }
  }
}
const same = (json: string): string => json

describe('an item is held to a bound: past it without its end, the stream errors', () => {
  it('64 MiB of text by default', () => {
    expect(MAX_ITEM).toBe(64 * 1024 * 1024)
  })

  it('a JSON line, a JSON text sequence record, SSE data and an SSE line without its end; up to the bound they are items', () => {
    const ten = '"' + 'x'.repeat(8) + '"'
    const cases: [string, (limit: number) => Framer, string[], string][] = [
      ['lines', (limit) => lineFramer(same, limit), [`${ten}\n`, ten.slice(0, 5), ten.slice(5), '\n'], `${ten}\n${ten}\n`],
      ['sequence', (limit) => sequenceFramer(same, limit), [`\u001e${ten}\n`, `\u001e${ten.slice(0, 5)}`, `${ten.slice(5)}\n`], `\u001e${ten}\n\u001e${ten}\n`],
      // The held text of an event: its line being read (`data: ` too), its data so far and its lines after the data.
      ['events', (limit) => eventFramer(same, limit + 6), [`data: ${ten}\n\n`, `data: ${ten.slice(0, 5)}`, `${ten.slice(5)}\n\n`], `data: ${ten}\n\ndata: ${ten}\n\n`],
    ]
    for (const [, make, pieces, whole] of cases) {
      expect(frame(make(10), pieces)).toEqual({ text: whole, error: undefined })
    }
    const long = 'x'.repeat(11)
    for (const [framer, pieces] of [
      [lineFramer(same, 10), ['"ok"\n', long]],
      [lineFramer(same, 10), ['"ok"\n', long.slice(0, 6), long.slice(6)]],
      [sequenceFramer(same, 10), ['\u001e"ok"\n', `\u001e${long}`]],
      [sequenceFramer(same, 10), ['\u001e"ok"\n', '\u001e"xxxxxx', '\nxxxx']],
      [eventFramer(same, 10), ['data: "ok"\n\n', `data: ${long}`]],
      [eventFramer(same, 10), ['data: "ok"\n\n', 'data: "xxxx"\n', 'data: "xxxx"\n']],
      [eventFramer(same, 10), ['data: "ok"\n\n', `: ${long}`]],
    ] as const) {
      const { text, error } = frame(framer, pieces)
      expect(text).toContain('"ok"\n')
      expect(text).not.toContain('xxxx')
      expect(String(error)).toContain('it is longer than 10 characters without its end, the most an item is held to be migrated')
    }
  })
})
