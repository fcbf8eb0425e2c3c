/**
 * A client that goes away from an older client's stream stops the handler as
 * it stops the head's: `streamText`'s and `streamSSE`'s `onAbort` runs and an
 * endless loop (an SSE heartbeat) ends; a `c.body(stream)`'s source is
 * cancelled with the client's reason, half an item held or not, and the
 * generator behind it ends (`finally`). A source that fails errors the older
 * client's stream with its own error, after the items whose lines ended.
 * Each case waits for what must happen, with no timer: a stream that did not
 * pass the cancel on would leave the test waiting.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { streamSSE, streamText } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { halfItems, names, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

const encoder = new TextEncoder()
const history = twoVersionHistory([names], { bodies: { 'GET /text': { items: Person }, 'GET /feed': { items: Person }, 'GET /body': { items: Person }, 'GET /failing': { items: Person } } })

/** A promise and its resolve. */
function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((ok) => {
    resolve = ok
  })
  return { promise, resolve }
}

/** Reads two chunks, then goes away with `reason`. */
async function readTwoThenLeave(res: Response, reason: string): Promise<string> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = decoder.decode((await reader.read()).value, { stream: true })
  text += decoder.decode((await reader.read()).value, { stream: true })
  await reader.cancel(reason)
  return text
}

describe('a client that goes away stops the handler, for an older client as for the head', () => {
  it('streamText and an endless streamSSE heartbeat: onAbort runs and the loop ends', async () => {
    for (const headers of [V2, V1]) {
      const aborted = signal()
      const ended = signal<number>()
      const app = migratingApp(history)
      app.get('/text', (c) =>
        streamText(c, async (s) => {
          s.onAbort(() => aborted.resolve())
          let i = 0
          while (!s.aborted) {
            // An item in two writes: the older stream may hold half of one when the client leaves.
            await s.write(`{"id":${i},"fullName":`)
            await s.write(`"P${i++}"}\n`)
          }
          ended.resolve(i)
        }),
      )
      const text = await readTwoThenLeave(await app.request('/text', { headers }), 'gone')
      expect(text.startsWith(headers === V1 ? '{"id":0,"name":"P0"}\n' : '{"id":0,"fullName":')).toBe(true)
      await aborted.promise
      expect(await ended.promise).toBeGreaterThan(0)
    }
    for (const headers of [V2, V1]) {
      const aborted = signal()
      const ended = signal()
      const app = migratingApp(history)
      app.get('/feed', (c) =>
        streamSSE(c, async (s) => {
          s.onAbort(() => aborted.resolve())
          while (!s.aborted) await s.write(': heartbeat\n\n')
          ended.resolve()
        }),
      )
      expect(await readTwoThenLeave(await app.request('/feed', { headers }), 'gone')).toBe(': heartbeat\n\n: heartbeat\n\n')
      await aborted.promise
      await ended.promise
    }
  })

  it('c.body(stream): the source is cancelled with the client\'s reason, half an item held, and its generator ends', async () => {
    for (const [headers, first] of [
      [V2, '{"id":0,"full'],
      [V1, '{"id":0,"name":"P0"}\n'],
    ] as const) {
      const cancelled = signal<unknown>()
      const finished = signal()
      const app = migratingApp(history)
      app.get('/body', (c) => {
        const it = halfItems(() => finished.resolve())
        const body = new ReadableStream<Uint8Array>(
          {
            async pull(controller) {
              controller.enqueue(encoder.encode((await it.next()).value as string))
            },
            async cancel(reason) {
              cancelled.resolve(reason)
              await it.return(undefined)
            },
          },
          { highWaterMark: 0 },
        )
        return c.body(body, 200, { 'Content-Type': 'application/x-ndjson' })
      })
      const text = await readTwoThenLeave(await app.request('/body', { headers }), 'the client left')
      expect(text.startsWith(first)).toBe(true)
      expect(await cancelled.promise).toBe('the client left')
      await finished.promise
    }
  })

  it('a source that fails errors the older client\'s stream with its own error, after the items whose lines ended', async () => {
    const failure = new Error('the database went away')
    const app = migratingApp(history)
    app.get('/failing', (c) => {
      const pieces = ['{"id":1,"fullName":"Ada"}\n{"id":2,', '"fullName":"Grace"}\n{"id":3,"full']
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const piece = pieces.shift()
          if (piece === undefined) controller.error(failure)
          else controller.enqueue(encoder.encode(piece))
        },
      })
      return c.body(body, 200, { 'Content-Type': 'application/x-ndjson' })
    })
    const older = await readAll(await app.request('/failing', { headers: V1 }))
    expect(older.text).toBe('{"id":1,"name":"Ada"}\n{"id":2,"name":"Grace"}\n')
    expect(older.error).toBe(failure)
    const head = await readAll(await app.request('/failing', { headers: V2 }))
    expect(head.text).toBe('{"id":1,"fullName":"Ada"}\n{"id":2,"fullName":"Grace"}\n{"id":3,"full')
    expect(head.error).toBe(failure)
  })
})
