/**
 * Streams a handler gives as values (`history.stream(c, items)`), answered
 * in a stream media type: JSON Lines, JSON text sequences or server-sent
 * events. The head's items are serialised once as they are pulled; for an
 * older client the response step takes the same items before anything is
 * pulled and serialises each one once, migrated (copied along its layout
 * first: the handler's values are not changed), so an older client pays the
 * migration and no parse. A response whose body some middleware replaced
 * (or started reading) is migrated as text instead, item by item, as any
 * other stream.
 *
 * The body is a `ReadableStream` pulled by the client: an item is asked of
 * the handler's iterable only when the client reads, so a slow client slows
 * the handler and one that goes away ends its iterator (`return()`, a
 * generator's `finally`). A synchronous iterable (an array, a generator)
 * gives its items in chunks of less than 16 KiB of text and the item that
 * reaches it; an
 * asynchronous one gives one item per chunk, as soon as it comes.
 */
import type { Copy } from './json-copy.ts'
import { runSteps, type Visit } from './migration-plan.ts'
import { afterTurn, framingOf, itemError, StreamItemError, tooDeep, type Framing, type StreamSubject } from './streams.ts'
import { quotedValue } from '../quote.ts'

/** A server-sent event whose data is one item (written as `event:`, `data:`, `id:`, `retry:` lines, as Hono's `writeSSE`). */
export interface ItemEvent<T = unknown> {
  readonly data: T
  readonly event?: string | undefined
  readonly id?: string | undefined
  readonly retry?: number | undefined
}

/** The JSON Lines and JSON text sequence media types `history.stream` answers in. */
export type ItemStreamType = 'application/x-ndjson' | 'application/ndjson' | 'application/jsonl' | 'application/x-jsonl' | 'application/jsonlines' | 'application/x-jsonlines' | 'application/json-seq'

/** What `history.stream` needs of a context: Hono's `c.body` (headers set with `c.header` are kept). */
export interface StreamContext {
  body(data: ReadableStream<Uint8Array>, init: { headers: Record<string, string> }): Response
}

/**
 * Answers a stream of items given as values: JSON Lines (`application/x-ndjson`,
 * the default) or JSON text sequences, one item per value; or server-sent
 * events, one `{ data, event?, id?, retry? }` per event, `data` the item.
 * An older client gets each item migrated before its one serialisation.
 */
export interface StreamItems {
  <T>(c: StreamContext, items: Iterable<T> | AsyncIterable<T>, options?: { readonly type?: ItemStreamType }): Response
  <T>(c: StreamContext, events: Iterable<ItemEvent<T>> | AsyncIterable<ItemEvent<T>>, options: { readonly type: 'text/event-stream' }): Response
}

/** The items of one `history.stream` call, until a stream takes them. */
interface ValueSource {
  readonly framing: Framing
  readonly iterator: Iterator<unknown> | AsyncIterator<unknown>
  readonly sync: boolean
  /** Whether a stream (the head's, or an older client's) reads them. */
  taken: boolean
}

/** An item's steps down to the client's version, and the copy of a handler's value they change in place. */
interface ItemChain {
  readonly steps: readonly Visit[]
  readonly copy: Copy
}

/** Builds an older client's stream of a value source: its items migrated by `chain`. */
export type MigratedValues = (chain: ItemChain, subject: StreamSubject) => ReadableStream<Uint8Array>

/** The value streams of one history: its `stream` method, and the response step's way to take a stream's items. */
export interface ValueStreams {
  readonly stream: StreamItems
  /** The items behind `body`, when it is a value stream of `framing` nobody has read: an older client's stream of them. */
  take(body: ReadableStream<Uint8Array> | null, framing: Framing): MigratedValues | undefined
}

const CHUNK = 16_384
const WHERE = 'history.stream'

/** A history's value streams (the bodies it made are known to it alone). */
export function valueStreams(): ValueStreams {
  const sources = new WeakMap<ReadableStream<Uint8Array>, ValueSource>()

  function stream(c: StreamContext, items: Iterable<unknown> | AsyncIterable<unknown>, options?: { readonly type?: string }): Response {
    const type = options?.type ?? 'application/x-ndjson'
    const framing = typeof type === 'string' && type !== 'text/plain' ? framingOf(type) : null
    if (framing === null) throw new Error(`${WHERE}: type ${quotedValue(type)} is not a stream of JSON items; give application/x-ndjson (the default), application/jsonl, application/json-seq or text/event-stream.`)
    const source = sourceOf(items, framing)
    const body = itemBody(source, writer(framing, serialise, (index, error) => headError(type, index, error)))
    sources.set(body, source)
    return c.body(body, { headers: { 'Content-Type': type } })
  }

  return {
    stream: stream as StreamItems,
    take(body, framing) {
      const source = body === null ? undefined : sources.get(body)
      if (source === undefined || source.taken || source.framing !== framing) return undefined
      source.taken = true
      return (chain, subject) => {
        const migrate = (value: unknown): string => serialise(runSteps(chain.copy(value, ''), chain.steps))
        return itemBody(source, writer(framing, migrate, (index, error) => itemError(subject, index, error)), false)
      }
    },
  }
}

function sourceOf(items: Iterable<unknown> | AsyncIterable<unknown>, framing: Framing): ValueSource {
  if (typeof items === 'object' && items !== null) {
    const asyncIterate = (items as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator]
    if (typeof asyncIterate === 'function') return { framing, iterator: asyncIterate.call(items), sync: false, taken: false }
    const iterate = (items as Partial<Iterable<unknown>>)[Symbol.iterator]
    if (typeof iterate === 'function') return { framing, iterator: iterate.call(items), sync: true, taken: false }
  }
  throw new Error(`${WHERE}: pass the items as an array, an iterable or an async iterable (an async generator), not ${items === null ? 'null' : typeof items}.`)
}

/** An item's JSON text; a value JSON cannot say (`undefined`, a function, a cycle, a BigInt) throws. */
function serialise(value: unknown): string {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (error) {
    if (error instanceof RangeError) throw error
    throw new Error('it cannot be serialised as JSON (a cycle or a BigInt)', { cause: error })
  }
  if (text === undefined) throw new Error('it is not a JSON value')
  return text
}

function headError(type: string, index: number, error: unknown): Error {
  const why = tooDeep(error) ? 'it is nested too deeply' : error instanceof Error ? error.message : String(error)
  return new StreamItemError(`${WHERE}: item ${index + 1} of the ${type} stream cannot be written: ${why}; the stream stopped before it.`, { cause: error })
}

/** Frames one item (its index counted from 0) as `framing`, its JSON made by `json`; a failure is thrown as `fail` makes it. */
function writer(framing: Framing, json: (value: unknown) => string, fail: (index: number, error: unknown) => Error): (item: unknown, index: number) => string {
  const guarded = <A>(frame: (item: A) => string) => (item: A, index: number): string => {
    try {
      return frame(item)
    } catch (error) {
      throw fail(index, error)
    }
  }
  if (framing === 'lines') return guarded((item) => `${json(item)}\n`)
  if (framing === 'sequence') return guarded((item) => `\u001e${json(item)}\n`)
  return guarded((item) => eventText(item, json))
}

const BREAK = /[\r\n]/
const ID_BREAK = /[\r\n\0]/

/** An event's lines, as Hono's `writeSSE` orders them. Its name and id may not break a line (nor hold NUL, for an id). */
function eventText(message: unknown, json: (value: unknown) => string): string {
  if (typeof message !== 'object' || message === null) throw new Error('an event is { data, event?, id?, retry? }')
  const { data, event, id, retry } = message as ItemEvent
  if (data === undefined) throw new Error('the event has no data')
  let text = ''
  if (event !== undefined) {
    if (typeof event !== 'string' || BREAK.test(event)) throw new Error('its event name is not a string on one line')
    text += `event: ${event}\n`
  }
  text += `data: ${json(data)}\n`
  if (id !== undefined) {
    if (typeof id !== 'string' || ID_BREAK.test(id)) throw new Error('its id is not a string on one line without NUL')
    text += `id: ${id}\n`
  }
  if (retry !== undefined) {
    if (!Number.isSafeInteger(retry) || retry < 0) throw new Error('its retry is not a whole number of milliseconds')
    text += `retry: ${retry}\n`
  }
  return `${text}\n`
}

/**
 * The bytes of a source's items, each framed by `write`, pulled by the
 * client. A failure (the iterable's, or an item `write` refuses) errors the
 * stream after the items before it and ends the iterator.
 */
function itemBody(source: ValueSource, write: (item: unknown, index: number) => string, claim = true): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let count = 0
  const iterator = source.iterator
  let started = !claim
  /** Offers `text`, ends the iterator, and errors the stream a turn later, once a server wrote what was offered (streams.ts). */
  function fail(controller: ReadableStreamDefaultController<Uint8Array>, text: string, error: unknown, end = true): Promise<void> {
    if (text !== '') controller.enqueue(encoder.encode(text))
    const ended = end ? finish(error) : undefined
    return afterTurn(() => controller.error(error)).then(() => ended)
  }
  function finish(reason: unknown): Promise<void> | void {
    try {
      const ended = iterator.return?.(reason)
      if (ended instanceof Promise) return ended.then(() => undefined, () => undefined)
    } catch {
      // The iterator's own failure while ending: the stream has its error already.
    }
  }
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          if (source.taken) return controller.error(new Error(`${WHERE}: these items were streamed to an older client, migrated; this body of them is not read.`))
          source.taken = started = true
        }
        if (!source.sync) {
          return Promise.resolve(iterator.next()).then(
            (next) => {
              if (next.done === true) return controller.close()
              let text: string
              try {
                text = write(next.value, count++)
              } catch (error) {
                return fail(controller, '', error)
              }
              controller.enqueue(encoder.encode(text))
            },
            (error: unknown) => fail(controller, '', error, false),
          )
        }
        let text = ''
        let next: IteratorResult<unknown>
        try {
          do {
            next = (iterator as Iterator<unknown>).next()
            if (next.done === true) break
            text += write(next.value, count++)
          } while (text.length < CHUNK)
        } catch (error) {
          // An item refused ends the iterator; the iterator's own failure ended it already.
          return fail(controller, text, error, error instanceof StreamItemError)
        }
        if (text !== '') controller.enqueue(encoder.encode(text))
        if (next.done === true) controller.close()
      },
      cancel(reason) {
        // A head body whose items an older client's stream took: the iterator is that stream's to end.
        if (!started && source.taken) return
        return finish(reason)
      },
    },
    { highWaterMark: 0 },
  )
}
