/**
 * The stream property: for random head items and random histories, the items
 * an older client reads from a stream are `migrate(item)` for each item sent,
 * whatever the chunk boundaries (an item split across chunks, a character
 * split between its bytes, several items in one chunk), in JSON Lines, JSON
 * text sequences and server-sent events (data on one line or several), with
 * any line ends those allow and a BOM before the first item; and
 * the same for items a handler gives as values (`history.stream`).
 *
 * Portable: Web APIs, hono, fast-check and vitest only.
 */
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Instruction } from '../../src/changes/instruction.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { FIXED_SEED } from '../support/property-runs.ts'

const Thing = shape('Thing')
const NAMES = ['a', 'b', 'c', 'd']
const leaf = fc.oneof(fc.string({ maxLength: 6, unit: 'binary' }), fc.integer(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean())
const items = fc.record({ a: leaf, b: fc.array(leaf, { maxLength: 3 }), c: leaf, d: fc.dictionary(fc.string({ maxLength: 3, unit: 'binary' }), leaf, { maxKeys: 2 }) }, { requiredKeys: [] })
const instructions = fc.array(
  fc.constantFrom<(field: string, next: string) => Instruction>(
    (field, next) => fieldRenamed(Thing, { older: next, newer: field }),
    (field) => fieldAdded(Thing, field),
    (field) => fieldChanged(Thing, field, { down: (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : `~${String(v)}`), up: (v: unknown) => v as {} }),
    (field) => fieldRemoved(Thing, `${field}-gone`, { older: (o: Record<string, unknown>) => Object.keys(o).sort().join(',') }),
  ),
  { minLength: 1, maxLength: 3 },
)

type Framing = 'lines' | 'sequence' | 'events'
const TYPES: Record<Framing, string> = { lines: 'application/x-ndjson', sequence: 'application/json-seq', events: 'text/event-stream' }

/** The stream's text as the head writes it (SSE data spread over lines when `spread`). */
function write(framing: Framing, values: readonly unknown[], spread: boolean): string {
  return values
    .map((value, i) => {
      const json = JSON.stringify(value, null, spread ? 1 : undefined)
      if (framing === 'lines') return `${JSON.stringify(value)}\n`
      if (framing === 'sequence') return `\u001e${json}\n`
      return `event: thing\nid: ${i}\n${json.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`
    })
    .join('')
}

/** The items a client reads from the text. */
function read(framing: Framing, text: string): unknown[] {
  if (framing === 'lines') return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown)
  if (framing === 'sequence') return text.split('\u001e').filter((record) => record.trim() !== '').map((record) => JSON.parse(record) as unknown)
  return text
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => {
      // As EventSource reads it: the data lines joined with line feeds.
      const data = event.split('\n').filter((line) => line.startsWith('data: '))
      expect(event.startsWith('event: thing\n')).toBe(true)
      return JSON.parse(data.map((line) => line.slice(6)).join('\n')) as unknown
    })
}

/** `bytes` cut at `cuts` (positions, any order), one chunk per piece. */
function pieces(bytes: Uint8Array, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((x, y) => x - y)
  const parts: Uint8Array[] = []
  let last = 0
  for (const cut of [...at, bytes.length]) {
    if (cut > last) parts.push(bytes.slice(last, cut))
    last = cut
  }
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++]
      if (part === undefined) controller.close()
      else controller.enqueue(part)
    },
  })
}

describe('streams: an older client reads migrate(item) for each item sent', () => {
  it('whatever the history, the items and the chunk boundaries', async () => {
    const property = () =>
      fc.asyncProperty(
        fc.array(items, { minLength: 1, maxLength: 5 }),
        instructions,
        fc.nat(NAMES.length - 1),
        fc.constantFrom<Framing>('lines', 'sequence', 'events'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (values, made, pick, framing, spread, cuts) => {
          const history = versionHistory({
            versions: [{ version: '1' }, ...made.map((make, i) => ({ version: String(i + 2), changes: [change(`Step ${i}.`, [make(NAMES[(pick + i) % NAMES.length] as string, `old-${i}`)])] }))],
            bodies: { 'GET /things': { items: Thing } },
          })
          const bytes = new TextEncoder().encode(write(framing, values, spread))
          const app = new Hono()
          app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: history.versions.slice(), defaultVersion: history.head }), changes: history }))
          app.get('/things', (c) => c.body(pieces(bytes, cuts), 200, { 'Content-Type': TYPES[framing] }))
          for (const version of history.versions) {
            const res = await app.request('/things', { headers: { 'Api-Version': version } })
            const got = read(framing, await res.text())
            expect(got).toEqual(values.map((value) => history.migrate(value, { as: Thing, to: version })))
          }
        },
      )
    await fc.assert(property(), { numRuns: 60, seed: FIXED_SEED })
    await fc.assert(property(), { numRuns: 60 })
  })

  it('whatever the line ends (LF or CRLF; CR too for events) and a BOM before the first item', async () => {
    const property = () =>
      fc.asyncProperty(
        fc.array(items, { minLength: 1, maxLength: 5 }),
        instructions,
        fc.constantFrom<Framing>('lines', 'events'),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (values, made, framing, end, bom, spread, cuts) => {
          const eol = framing === 'lines' && end === '\r' ? '\n' : end
          const history = versionHistory({
            versions: [{ version: '1' }, ...made.map((make, i) => ({ version: String(i + 2), changes: [change(`Step ${i}.`, [make(NAMES[i % NAMES.length] as string, `old-${i}`)])] }))],
            bodies: { 'GET /things': { items: Thing } },
          })
          // JSON text holds no raw CR or LF inside a string: every line feed of the text is a line end.
          const text = `${bom ? '\uFEFF' : ''}${write(framing, values, spread).replace(/\n/g, eol)}`
          const bytes = new TextEncoder().encode(text)
          const app = new Hono()
          app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: history.versions.slice(), defaultVersion: history.head }), changes: history }))
          app.get('/things', (c) => c.body(pieces(bytes, cuts), 200, { 'Content-Type': TYPES[framing] }))
          for (const version of history.versions) {
            const res = await app.request('/things', { headers: { 'Api-Version': version } })
            // As a client reads it: without the BOM (workerd's text() keeps one split across chunks); any line end is one.
            const got = read(framing, (await res.text()).replace(/^\uFEFF/, '').replace(/\r\n|\r/g, '\n'))
            expect(got).toEqual(values.map((value) => history.migrate(value, { as: Thing, to: version })))
          }
        },
      )
    await fc.assert(property(), { numRuns: 60, seed: FIXED_SEED })
    await fc.assert(property(), { numRuns: 60 })
  })

  it('whatever the history and the items, given as values (history.stream), from an array or an async generator', async () => {
    const property = () =>
      fc.asyncProperty(fc.array(items, { maxLength: 5 }), instructions, fc.nat(NAMES.length - 1), fc.constantFrom<Framing>('lines', 'sequence', 'events'), fc.boolean(), async (values, made, pick, framing, async) => {
        const history = versionHistory({
          versions: [{ version: '1' }, ...made.map((make, i) => ({ version: String(i + 2), changes: [change(`Step ${i}.`, [make(NAMES[(pick + i) % NAMES.length] as string, `old-${i}`)])] }))],
          bodies: { 'GET /things': { items: Thing } },
        })
        const given = framing === 'events' ? values.map((data, i) => ({ event: 'thing', id: String(i), data })) : values
        const app = new Hono()
        app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: history.versions.slice(), defaultVersion: history.head }), changes: history }))
        app.get('/things', (c) =>
          history.stream(
            c,
            async
              ? (async function* () {
                  yield* given
                })()
              : given,
            { type: TYPES[framing] as 'application/json-seq' },
          ),
        )
        const before = JSON.stringify(values)
        for (const version of history.versions) {
          const res = await app.request('/things', { headers: { 'Api-Version': version } })
          expect(read(framing, await res.text())).toEqual(values.map((value) => history.migrate(value, { as: Thing, to: version })))
        }
        // The handler's values are its own: unchanged.
        expect(JSON.stringify(values)).toBe(before)
      })
    await fc.assert(property(), { numRuns: 60, seed: FIXED_SEED })
    await fc.assert(property(), { numRuns: 60 })
  })
})
