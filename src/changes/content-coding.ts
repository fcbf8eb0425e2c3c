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
function decoded(body: ReadableStream<Uint8Array>, codings: Codings): ReadableStream<Uint8Array> {
  let stream = body
  for (let i = codings.length - 1; i >= 0; i--) stream = stream.pipeThrough(new DecompressionStream(codings[i] as Format) as Pair)
  return stream
}

/** `body` encoded with `codings`, in order. */
function encoded(body: ReadableStream<Uint8Array>, codings: Codings): ReadableStream<Uint8Array> {
  let stream = body
  for (const format of codings) stream = stream.pipeThrough(new CompressionStream(format) as Pair)
  return stream
}

/**
 * Whether a body whose first bytes are `first` starts as data of the coding
 * applied last does: gzip's magic bytes (0x1F 0x8B), or a zlib header
 * (deflate: compression method 8, a window of at most 32 KiB, no preset
 * dictionary, its two bytes a multiple of 31). A body workerd is to encode as
 * it sends it (its Responses' default, `encodeBody: 'automatic'`, and every
 * body its `fetch()` decoded) carries its Content-Encoding without being
 * encoded yet: it starts otherwise (JSON, CSV, server-sent events and text
 * never start so).
 */
export function encodedAlready(first: Uint8Array, codings: Codings): boolean {
  const [a, b] = first
  if (a === undefined || b === undefined) return false
  if (codings[codings.length - 1] === 'gzip') return a === 0x1f && b === 0x8b
  return (a & 0x0f) === 0x08 && a >> 4 <= 7 && (b & 0x20) === 0 && ((a << 8) | b) % 31 === 0
}

/**
 * Whether the runtime encodes a body labelled `header` (its Content-Encoding)
 * as it sends it: workerd does for `gzip` (exactly that value; not `x-gzip`,
 * `deflate` or a list, which it sends as they are), unless a Response says
 * `encodeBody: 'manual'` (its navigator's user agent is "Cloudflare-Workers",
 * as Cloudflare documents); Node, Bun and Deno send a body's bytes as they are.
 */
function encodesOnTheWay(header: string): boolean {
  return header === 'gzip' && typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
}

/** A migrated body as the response step makes it: a stream, bytes, or text. */
type Migrated = ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string

/** A body labelled with codings, ready to migrate: the plain bytes to read, the migrated body as it is sent, and whether that is encoded already (workerd's `encodeBody: 'manual'`). */
export interface CodedBody {
  readonly source: ReadableStream<Uint8Array>
  readonly out: (migrated: Migrated) => BodyInit
  readonly encoded: boolean
}

/**
 * `body`, labelled `header` (`codings`), ready to migrate, told by its first
 * bytes. Data of its coding is decoded, and the migrated body encoded again.
 * A body that is not is, on workerd under `gzip`, one the runtime encodes as
 * it sends it (a `fetch()` passed on from an origin that compresses, a
 * Response labelled by hand): read as it is and sent plain under the same
 * label, for workerd to encode, as the head's. Otherwise nothing encodes it:
 * the label is the handler's mistake, and the head's client gets a body that
 * does not decode; `fail(why)` is thrown rather than a migrated one sent so.
 * An empty body (or one of a byte) holds no shape: read as it is.
 */
export function codedBody(body: ReadableStream<Uint8Array>, header: string, codings: Codings, fail: (why: string) => Error): Promise<CodedBody> {
  return peeked(body).then(({ first, body }) => {
    if (encodedAlready(first, codings)) return { source: decoded(body, codings), out: (migrated) => encoded(migrated instanceof ReadableStream ? migrated : new Response(migrated).body!, codings), encoded: true }
    if (first.byteLength < 2 || encodesOnTheWay(header)) return { source: body, out: (migrated) => migrated, encoded: false }
    body.cancel().catch(() => undefined)
    const last = codings[codings.length - 1] as Format
    throw fail(`its body does not decode as its Content-Encoding says: it is not ${last} data, and nothing encodes it on its way out (workerd does, for a Content-Encoding of gzip alone); answer it ${last}-encoded (compress()) or without a Content-Encoding`)
  })
}

/**
 * `body`'s first bytes (at least two, fewer at its end; empty at once when it
 * has none), and a stream of the whole body: those bytes, then the rest as
 * the reader asks.
 */
export function peeked(body: ReadableStream<Uint8Array>): Promise<{ first: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader()
  let first: Uint8Array = new Uint8Array(0)
  let done = false
  const gather = (): Promise<void> =>
    reader.read().then((read) => {
      if (read.done) {
        done = true
        return
      }
      // A stream may give text where a Response takes it so (Node): its bytes, in UTF-8 as it is sent.
      const bytes: Uint8Array = typeof read.value === 'string' ? new TextEncoder().encode(read.value) : read.value
      if (first.byteLength === 0) first = bytes
      else {
        const joined = new Uint8Array(first.byteLength + bytes.byteLength)
        joined.set(first)
        joined.set(bytes, first.byteLength)
        first = joined
      }
      return first.byteLength >= 2 ? undefined : gather()
    })
  return gather().then(() => {
    let held: Uint8Array | undefined = first.byteLength === 0 ? undefined : first
    const whole = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (held !== undefined) {
            controller.enqueue(held)
            held = undefined
            return
          }
          if (done) return controller.close()
          return reader.read().then((next) => (next.done ? controller.close() : controller.enqueue(next.value)))
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: 0 },
    )
    return { first, body: whole }
  })
}
