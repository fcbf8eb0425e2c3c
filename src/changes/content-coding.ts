/**
 * A response body compressed before the response step reads it (Hono's
 * `compress()` registered after the versioning middleware, or a handler
 * answering compressed bytes): decoded for the migration, and the migrated
 * body encoded again with the same codings, so the client gets what the app
 * chose. Codings the Web's `DecompressionStream` decodes on every runtime
 * (gzip, deflate) are read; any other is a loud failure, never a body sent
 * to an older client as the head made it.
 */
import { quoted } from '../quote.ts'

/** A `CompressionStream` format. */
type Format = 'gzip' | 'deflate'

/** HTTP content codings (RFC 9110 8.4.1) and the stream format of each. */
const FORMATS: Readonly<Record<string, Format>> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate' }

/** The Web's (de)compression streams, typed as the bytes they take and give. */
type Pair = ReadableWritablePair<Uint8Array, Uint8Array>

/** How a body is encoded: its formats in the order they were applied. */
export type Codings = readonly Format[]

/**
 * The codings of a `Content-Encoding` value (`null`: none, or identity), or
 * the sentence of one that cannot be decoded (`string`): `br`, `zstd`, or
 * anything else.
 */
export function codingsOf(header: string | null): Codings | null | string {
  if (header === null) return null
  const out: Format[] = []
  for (const part of header.split(',')) {
    const name = part.trim().toLowerCase()
    if (name === '' || name === 'identity') continue
    const format = FORMATS[name]
    if (format === undefined) return `its body is ${quoted(name)}-encoded (Content-Encoding), which the response step cannot decode; register compress() before the versioning middleware, so that it compresses the migrated body, or answer gzip or deflate`
    out.push(format)
  }
  return out.length === 0 ? null : out
}

/** `body` decoded from `codings` (applied in order, so undone last first). */
export function decoded(body: ReadableStream<Uint8Array>, codings: Codings): ReadableStream<Uint8Array> {
  let stream = body
  for (let i = codings.length - 1; i >= 0; i--) stream = stream.pipeThrough(new DecompressionStream(codings[i] as Format) as Pair)
  return stream
}

/** `body` encoded with `codings`, in order. */
export function encoded(body: ReadableStream<Uint8Array>, codings: Codings): ReadableStream<Uint8Array> {
  let stream = body
  for (const format of codings) stream = stream.pipeThrough(new CompressionStream(format) as Pair)
  return stream
}

/**
 * Whether a body whose first bytes are `first` starts as data of the coding
 * applied last does: gzip's magic byte (0x1F), or a zlib header's first byte
 * (deflate: its low four bits 8). A body workerd is to encode as it sends it
 * (its Responses' default, `encodeBody: 'automatic'`, and every body its
 * `fetch()` decoded) carries its Content-Encoding without being encoded yet:
 * it starts otherwise (JSON, CSV and text never start with 0x1F).
 */
export function encodedAlready(first: Uint8Array, codings: Codings): boolean {
  const byte = first[0]
  if (byte === undefined) return false
  return codings[codings.length - 1] === 'gzip' ? byte === 0x1f : (byte & 0x0f) === 0x08
}

/** `body`'s first chunk with a byte (empty at its end), and a stream of the whole body: that chunk, then the rest as the reader asks. */
export function peeked(body: ReadableStream<Uint8Array>): Promise<{ first: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  const firstRead = (): Promise<ReadableStreamReadResult<Uint8Array>> => reader.read().then((read) => (read.done || read.value.byteLength > 0 ? read : firstRead()))
  return firstRead().then((read) => {
    let held: Uint8Array | undefined = read.done ? undefined : read.value
    const whole = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (held !== undefined) {
            controller.enqueue(held)
            held = undefined
            return
          }
          return reader.read().then((next) => (next.done ? controller.close() : controller.enqueue(next.value)))
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    )
    return { first: read.done ? new Uint8Array(0) : read.value, body: whole }
  })
}
