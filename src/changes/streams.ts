/**
 * Streamed responses migrated one item at a time: a transform, pulled by the
 * client, reads the handler's body a chunk at a time, decodes its text,
 * frames it into items (JSON Lines, JSON text sequences, server-sent events),
 * migrates each item down as soon as it is whole and writes it out. Nothing
 * waits for the end of the stream; it holds one incomplete item and one
 * chunk ahead of the client at most, so the handler's writes wait on a slow
 * client (backpressure), and a client that goes away cancels the handler's
 * stream. (A `ReadableStream` whose `pull` reads the body: the same transform
 * as a `TransformStream` in `pipeThrough`, with one stream hop instead of a
 * pipe's two, which `npm run bench:streams` showed to be faster per chunk.)
 * An item that cannot be migrated errors the stream: the client reads the
 * items before it, then its read fails (a turn of the event loop later, so a
 * server writes those items first), and the head's item is never written.
 */
import { hasInexactNumber, INEXACT, parseExact, stringifyMigrated } from './exact-numbers.ts'
import { failureSentence, MigrationFailure } from './migration-failure.ts'
import type { Visit } from './migration-plan.ts'
import { lineFramer, sequenceFramer, type Framer, type ItemMigration, type Output } from './ndjson.ts'
import { eventFramer } from './sse.ts'
import { quoted } from '../quote.ts'

/** How a stream's items are framed. */
export type Framing = 'lines' | 'sequence' | 'events'

const LINES = /^application\/(?:x-)?(?:ndjson|jsonl|jsonlines)$/
/** `text/plain` is what Hono's `streamText` sends: on a route with an items layout it is read as JSON Lines. */
const FRAMINGS: ReadonlyMap<string, Framing> = new Map([
  ['application/json-seq', 'sequence'],
  ['text/event-stream', 'events'],
  ['text/plain', 'lines'],
])

/** The `charset` labels read as UTF-8 (ASCII is a part of it). */
const UTF8 = /^(?:utf-?8|unicode-1-1-utf-8|unicode11utf8|unicode20utf8|x-unicode20utf8|us-ascii|ascii)$/

/**
 * The `charset` parameter of a Content-Type when it names another encoding
 * than UTF-8, quoted for a sentence (`quoted`: escaped, cut), else `null`
 * (an empty one too: a client reads such a body as UTF-8).
 * A body is read and written as UTF-8 (the encoding of JSON): another one would
 * reach an older client's migrated body decoded wrongly, and labelled as before.
 */
export function foreignCharset(contentType: string | null): string | null {
  if (contentType === null || !contentType.includes(';')) return null
  const at = contentType.toLowerCase().search(/;\s*charset\s*=/)
  if (at === -1) return null
  const rest = contentType.slice(contentType.indexOf('=', at) + 1)
  const semi = rest.indexOf(';')
  const label = (semi === -1 ? rest : rest.slice(0, semi)).trim().replace(/^"(.*)"$/, '$1').trim()
  return label === '' || UTF8.test(label.toLowerCase()) ? null : quoted(label)
}

/** The framing of a media type, or `null` when it is not a stream of JSON items. */
export function framingOf(type: string): Framing | null {
  return LINES.test(type) ? 'lines' : (FRAMINGS.get(type) ?? null)
}

/** What an item stream needs to say why it stopped: the route, the version and the media type. */
export interface StreamSubject {
  readonly route: string
  readonly version: string
  readonly type: string
}

/** A stream stopped at an item that cannot be migrated. */
export class StreamItemError extends Error {
  override readonly name = 'StreamItemError'
}

/**
 * Whether `error` is a stack overflow (an item nested deeper than a parse, a
 * walk or a serialisation goes: V8's and JavaScriptCore's words); another
 * `RangeError` (a string beyond the runtime's longest) says its own message.
 */
export function tooDeep(error: unknown): boolean {
  return error instanceof RangeError && /call stack|recursion/i.test(error.message)
}

/** The sentence of an item that cannot be migrated (for the stream's error; never the client's value). */
export function itemError(subject: StreamSubject, index: number, error: unknown): Error {
  const why =
    error instanceof MigrationFailure
      ? failureSentence(error)
      : error instanceof SyntaxError
        ? 'it is not JSON'
        : tooDeep(error)
          ? 'it is nested too deeply'
          : error instanceof Error
            ? error.message
            : String(error)
  return new StreamItemError(`versionHistory: item ${index + 1} of the ${subject.type} stream of ${subject.route} cannot be migrated to version ${quoted(subject.version)}: ${why}; the stream stopped before it.`, { cause: error })
}

function framer(framing: Framing, item: ItemMigration): Framer {
  return framing === 'events' ? eventFramer(item) : framing === 'sequence' ? sequenceFramer(item) : lineFramer(item)
}

const STREAMING: TextDecodeOptions = { stream: true }

/**
 * Runs `then` after a turn of the event loop. A server writes the chunks it
 * read to the connection in a turn of its own (Node's corks them until its
 * next tick), and an error closes the connection at once, dropping what was
 * not written yet: the items before a failing one would be lost with it.
 */
export function afterTurn(then: () => void): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(then)
}

/**
 * `body` with each item migrated by `steps`, framed as `framing`. A failure
 * (an item that is not JSON, or does not fit its layout) errors the returned
 * stream and cancels `body`, so the producer learns the client is gone.
 * Each chunk read gives at most one chunk out: its whole items migrated,
 * written to one string and encoded once. An event's data or a line in
 * `passThrough` (a route's `[DONE]`) is written as it came; a JSON text
 * sequence's records are JSON texts (RFC 7464), and none is.
 */
export function migrateItems(body: ReadableStream<Uint8Array | string>, framing: Framing, steps: readonly Visit[], subject: StreamSubject, passThrough: ReadonlySet<string> | null): ReadableStream<Uint8Array> {
  let count = 0
  const literal = framing === 'sequence' ? null : passThrough
  // A parsed item is the stream's own: the steps change it in place, with no copy.
  const item: ItemMigration = (json, parsed) => {
    if (literal?.has(json) === true) {
      count++
      return json
    }
    try {
      // An integer JSON.parse rounds is read and written exactly where the runtime can (exact-numbers.ts).
      const exact = hasInexactNumber(json)
      let value: unknown = exact ? parseExact(json) : parsed === undefined ? JSON.parse(json) : parsed
      if (value === undefined) throw new Error(INEXACT)
      for (const step of steps) value = step(value)
      const text = stringifyMigrated(value, exact)
      count++
      return text
    } catch (error) {
      throw itemError(subject, count, error)
    }
  }
  const frames = framer(framing, item)
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  const out: Output = { text: '' }
  let started = false
  /** Offers what the framer wrote since the last call, if anything. */
  function write(controller: ReadableStreamDefaultController<Uint8Array>): void {
    if (out.text === '') return
    // The client's decoder drops one BOM at the start, as this one did: a second one the handler wrote (the start of
    // an unknown SSE field, "\uFEFFdata:") would be dropped too and its line read otherwise than the head's; kept by one before it.
    if (!started) {
      started = true
      if (out.text.charCodeAt(0) === 0xfeff) out.text = `\uFEFF${out.text}`
    }
    controller.enqueue(encoder.encode(out.text))
    out.text = ''
  }
  const reader = body.getReader()
  /** The failure of a chunk whose items before the failing one were offered: the stream errors once they are read. */
  let failure: Error | undefined
  return new ReadableStream<Uint8Array>(
    {
      // Reads chunks until one gives output (a chunk inside one item gives none), then waits for the client.
      async pull(controller) {
        if (failure !== undefined) return afterTurn(() => controller.error(failure))
        for (;;) {
          const { done, value } = await reader.read()
          try {
            if (done) {
              frames.push(decoder.decode(), out)
              frames.end(out)
            } else frames.push(typeof value === 'string' ? value : decoder.decode(value, STREAMING), out)
          } catch (thrown) {
            // A framing error outside an item (text outside a JSON text sequence's records) gets the same sentence.
            const error = thrown instanceof StreamItemError ? thrown : itemError(subject, count, thrown)
            // The items before the failing one in its chunk are offered, and the stream errors when the client has
            // read them (an error now would drop them from the queue); the handler's stream is cancelled.
            if (out.text !== '') {
              write(controller)
              failure = error
            }
            await reader.cancel(error).catch(() => undefined)
            if (failure === undefined) await afterTurn(() => controller.error(error))
            return
          }
          write(controller)
          if (done) return controller.close()
          if (controller.desiredSize === null || controller.desiredSize <= 0) return
        }
      },
      cancel(reason) {
        return reader.cancel(reason)
      },
    },
    { highWaterMark: 1 },
  )
}
