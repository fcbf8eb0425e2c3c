/**
 * The stream property, byte for byte: for random server-sent events (comments,
 * `event:`, `id:`, `retry:`, unknown fields, fields without a colon, lines of
 * white space, `data:` with and without its space, data over several lines,
 * events without data, a last event the stream ends inside) and random JSON
 * Lines (blank lines, lines of spaces and tabs, CRLF, a last line without its
 * line end), with any line ends and any chunk boundaries, an older client reads
 * exactly what a model of the documented rules writes: every line kept in its
 * order, each event's data (or each line) `migrate(item)`, nothing held back
 * at the end of a chunk but an item's own text.
 *
 * Portable: Web APIs, hono, fast-check and vitest only.
 */
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { FIXED_SEED } from '../support/property-runs.ts'

interface Thing {
  a?: unknown
  b?: unknown
}
const Thing = shape<Thing>('Thing')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('A is B.', [fieldRenamed(Thing, { older: 'old', newer: 'a' }), fieldRemoved(Thing, 'gone', { older: () => 'was here' })])] }],
  bodies: { 'GET /things': { items: Thing } },
})
const migrate = (value: unknown): string => JSON.stringify(history.migrate(value as Thing, { as: Thing, to: '1' }))

const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.boolean())
const thing = fc.record({ a: leaf, b: fc.array(leaf, { maxLength: 3 }) }, { requiredKeys: [] })
/** A word with no line break and no colon (a field name or a comment's text). */
const word = fc.stringMatching(/^[a-z0-9 \t_-]{0,8}$/)

/** An SSE line that is not data: what EventSource reads as a comment, a field, or nothing. */
const other = fc.oneof(
  word.map((w) => `:${w}`),
  word.map((w) => `event: ${w}`),
  fc.nat(99).map((n) => `id: ${n}`),
  fc.nat(9999).map((n) => `retry: ${n}`),
  word.map((w) => `x-${w.trim() || 'f'}: ${w}`),
  fc.constantFrom('event', 'id', 'retry', 'x', ' ', '\t \t', 'data :1', ' data: 1'),
)
/** One event: its other lines, its item (or none, or empty data), where its data goes among them and how it is spread. */
const event = fc.record({
  lines: fc.array(other, { maxLength: 4 }),
  item: fc.option(thing, { nil: undefined }),
  empty: fc.boolean(),
  at: fc.nat(4),
  spread: fc.boolean(),
  space: fc.boolean(),
})
/** The sizes of the chunks, in bytes, taken in turn. */
const chunkSizes = fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 8 })
type Event = typeof event extends fc.Arbitrary<infer T> ? T : never

/** The event's lines as the head writes them, and as the older client must read them (LF line ends). */
function eventLines(e: Event): { head: string[]; older: string[] } {
  const at = Math.min(e.at, e.lines.length)
  const head = [...e.lines]
  const older = [...e.lines]
  if (e.item !== undefined) {
    const json = JSON.stringify(e.item, null, e.spread ? 1 : undefined)
    head.splice(at, 0, ...json.split('\n').map((line) => `data:${e.space ? ' ' : ''}${line}`))
    older.splice(at, 0, `data: ${migrate(e.item)}`)
  } else if (e.empty) {
    head.splice(at, 0, e.space ? 'data:' : 'data')
    older.splice(at, 0, 'data: ')
  }
  return { head, older }
}

/** `bytes` in chunks of `sizes` bytes (taken in turn, over and over): one byte each splits every character. */
function sized(bytes: Uint8Array, sizes: readonly number[]): ReadableStream<Uint8Array> {
  let offset = 0
  let turn = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      const size = sizes[turn++ % sizes.length] as number
      controller.enqueue(bytes.slice(offset, offset + size))
      offset += size
    },
  })
}

async function read(type: string, bytes: Uint8Array, sizes: readonly number[]): Promise<{ head: string; older: string }> {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.get('/things', (c) => c.body(sized(bytes, sizes), 200, { 'Content-Type': type }))
  const text = async (version: string) => (await app.request('/things', { headers: { 'Api-Version': version } })).text()
  return { head: await text('2'), older: await text('1') }
}

describe('streams byte for byte: every line kept, each item migrate(item)', () => {
  it('server-sent events of every kind of line, any line ends and chunk boundaries', async () => {
    const property = () =>
      fc.asyncProperty(fc.array(event, { maxLength: 5 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), chunkSizes, async (events, end, ended, sizes) => {
        const made = events.map(eventLines)
        // The events, each ended by a blank line, but the last when the stream ends inside it.
        const join = (lines: readonly string[][], eol: string): string => lines.map((event, i) => event.map((line) => line + eol).join('') + (i < lines.length - 1 || ended ? eol : '')).join('')
        const head = join(made.map((m) => m.head), end)
        // A stream ended inside an event whose lines are none (no blank line after the last one) writes nothing more.
        const older = join(made.map((m) => m.older), '\n')
        const got = await read('text/event-stream', new TextEncoder().encode(head), sizes)
        expect(got.head).toBe(head)
        expect(got.older).toBe(older)
      })
    await fc.assert(property(), { numRuns: 60, seed: FIXED_SEED })
    await fc.assert(property(), { numRuns: 60 })
  })

  it('JSON Lines with blank lines and lines of white space, LF or CRLF, a last line with or without its line end', async () => {
    const line = fc.oneof(thing, fc.constantFrom('', ' ', '\t', ' \t  '))
    const property = () =>
      fc.asyncProperty(fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { minLength: 1, maxLength: 8 }), fc.boolean(), chunkSizes, async (lines, ended, sizes) => {
        const text = (older: boolean): string =>
          lines.map(([item, eol], i) => (typeof item === 'string' ? item : older ? migrate(item) : JSON.stringify(item)) + (i < lines.length - 1 || ended ? eol : '')).join('')
        const got = await read('application/x-ndjson', new TextEncoder().encode(text(false)), sizes)
        expect(got.head).toBe(text(false))
        expect(got.older).toBe(text(true))
      })
    await fc.assert(property(), { numRuns: 60, seed: FIXED_SEED })
    await fc.assert(property(), { numRuns: 60 })
  })
})
