/**
 * A line that never ends, at the real bound (64 MiB of text, MAX_ITEM): the
 * head's client gets the bytes as they come; an older client's stream holds
 * the item until the bound, then errors with a sentence that names it, and
 * the handler's stream is cancelled: the handler was read no further than the
 * bound and the chunk the transform reads ahead.
 *
 * Node only: 64 MiB of text is more than a Worker's memory holds.
 */
import { describe, expect, it } from 'vitest'
import { MAX_ITEM } from '../../../src/changes/ndjson.ts'
import { names, Person, readAll, V1 } from '../../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'

const MIB = 1024 * 1024
const chunk = new TextEncoder().encode('x'.repeat(MIB))

/** A handler whose stream writes one line, never ended, a MiB a chunk; it counts the chunks read and the cancel. */
function endless(type: string, start: string) {
  const seen = { chunks: 0, cancelled: undefined as unknown }
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(seen.chunks++ === 0 ? new TextEncoder().encode(start) : chunk)
      },
      cancel(reason) {
        seen.cancelled = reason
      },
    },
    { highWaterMark: 0 },
  )
  return { body, seen, type }
}

describe('an item that never ends errors an older client\'s stream at 64 MiB', () => {
  it('JSON Lines, a JSON text sequence and SSE data: the sentence, the handler cancelled, read no further than the bound', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /s': { items: Person } } })
    const app = migratingApp(history)
    let last: ReturnType<typeof endless> | undefined
    const made = { lines: ['application/x-ndjson', '{"id":1,"fullName":"Ada"}\n"'], sequence: ['application/json-seq', '\u001e"'], events: ['text/event-stream', ': ping\n\ndata: "'] } as const
    app.get('/s', (c) => {
      const [type, start] = made[c.req.query('framing') as keyof typeof made]
      last = endless(type, start)
      return c.body(last.body, 200, { 'Content-Type': type })
    })
    for (const framing of Object.keys(made) as (keyof typeof made)[]) {
      const { text, error } = await readAll(await app.request(`/s?framing=${framing}`, { headers: V1 }))
      expect(text).toBe({ lines: '{"id":1,"name":"Ada"}\n', sequence: '', events: ': ping\n\n' }[framing])
      expect(String(error)).toContain(`of the ${made[framing][0]} stream of "GET /s" cannot be migrated to version "1": it is longer than ${MAX_ITEM} characters without its end, the most an item is held to be migrated; the stream stopped before it.`)
      const seen = last?.seen
      expect(seen?.cancelled).toBe(error)
      // The first chunk (the item's start), then 64 chunks of a MiB: the 64th takes the held item past the bound.
      expect(seen?.chunks).toBe(MAX_ITEM / MIB + 1)
    }
  })
})
