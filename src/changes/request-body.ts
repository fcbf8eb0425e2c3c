/**
 * An older client's request migrated up to the head version, before the
 * handler: its query parameters and headers renamed and their values changed (request-values.ts), and its body read once,
 * up to a size limit and before anything parses it, then migrated as JSON or
 * as a form (form-body.ts) and handed on: its text and value, and a `Request`
 * that holds it (pipeline/rebuilt-request.ts), so `c.req.raw`, `bodyLimit`
 * and every later reader see it.
 */
import { withoutStack } from '../errors.ts'
import type { ExchangeView, MigratedBody, RequestRewrite } from '../pipeline/extension.ts'
import { rebuiltRequest } from '../pipeline/rebuilt-request.ts'
import type { BodyCheck } from './body-checks.ts'
import { cachedMultipart, formFields, formOf } from './form-body.ts'
import { isFormType, isJsonPatchType, isJsonType } from './media-types.ts'
import { hasInexactNumber, parseExact, SOURCE_ACCESS, stringifyExact } from './exact-numbers.ts'
import { failureSentence, MigrationFailure } from './migration-failure.ts'
import { runSteps, type Visit } from './migration-plan.ts'
import { migratedHeaders, migratedQuery, routeName, type ParameterStep } from './request-values.ts'
import { quotedValue } from '../quote.ts'
import { codingsOf } from './content-coding.ts'
import { mediaType } from './media-types.ts'
import { BodyTooLarge, MalformedFormBody, MalformedJsonBody, UnreadableBody, UnsupportedBodyType } from './request-errors.ts'

/** The default of the history's `maxBodySize`: 1 MiB. */
export const DEFAULT_MAX_BODY_SIZE = 1_048_576

/** What a request step does to one older request (per route and version, made at construction). */
export interface RequestMigration {
  /** The body's steps up to the head (`null`: the body is left alone). */
  readonly steps: readonly Visit[] | null
  /** The check of the body in its own version, before its steps. */
  readonly check: BodyCheck | null
  /** Whether a form body is migrated (else refused with 415). */
  readonly forms: boolean
  /** Whether a body of a media type (no parameters, lowercase) is passed to the handler as sent (`unmigrated`); `null`: none is. */
  readonly unmigrated: ((type: string) => boolean) | null
  /** The largest body read, in bytes. */
  readonly limit: number
  /** The query's renames and value changes, oldest step first. */
  readonly query: readonly ParameterStep[] | null
  /** The request headers' renames and value changes, oldest step first. */
  readonly names: readonly ParameterStep[] | null
  /** Conditional headers in the head's entity tags, and a range request's headers removed (`null` value), or `null` when the body does not differ by version. */
  readonly conditions: readonly (readonly [string, string | null])[] | null
}

let tooLarge: BodyTooLarge | undefined
let unsupported: UnsupportedBodyType | undefined
let unsupportedForms: UnsupportedBodyType | undefined
let jsonPatch: UnsupportedBodyType | undefined
let malformed: MalformedJsonBody | undefined
let encodedForm: MalformedFormBody | undefined
let unkept: UnreadableBody | undefined
const UNKEPT = "The request body holds a number that cannot be migrated exactly (beyond a double's range, or an integer of more than 4,300 digits); send it as a string."
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * The body, read once and at most `limit` bytes of it: as text, or as bytes
 * for a form (`bytes`). A body that says (`Content-Length`) or turns out to
 * be longer is refused with 413, its stream cancelled, never buffered whole.
 * A body an earlier reader already took through the framework's cache
 * (`fallback`: text, or bytes for a form, whose files are no text) is read
 * from there. Promises chained rather than awaited: an older client's
 * request goes through as few microtasks as it can.
 */
function readBody(request: Request, fallback: () => Promise<string | ArrayBuffer>, limit: number, bytes: boolean): Promise<Uint8Array | string> {
  if (request.bodyUsed) {
    // Read by something that left nothing in the cache: there is no body to migrate.
    return fallback().then((body) => (typeof body === 'string' ? sizedText(body, limit) : sizedBytes(body, limit)), unreadable)
  }
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding') && /^\d+$/.test(declared.trim())) {
    const length = Number(declared.trim())
    if (length > limit) return Promise.reject(over())
    // The server holds the body to its declared length: read whole (servers read it without a stream, the fast
    // path). As text, unless it is a form or its length is over a third of the limit: a server's own decoding
    // spares a copy of the bytes and a decoder's pass, and text of at most a third of the limit in UTF-16 units
    // comes from at most the limit in bytes (sizedText).
    if (!bytes && length * 3 <= limit) return request.text().then((text) => sizedText(text, limit), unreadable)
    return request.arrayBuffer().then((buffer) => sizedBytes(buffer, limit), unreadable)
  }
  return streamed(request, limit)
}

/** `buffer`'s bytes when they are at most `limit`, else the 413. */
function sizedBytes(buffer: ArrayBuffer, limit: number): Uint8Array {
  if (buffer.byteLength > limit) throw over()
  return new Uint8Array(buffer)
}

function over(): BodyTooLarge {
  return (tooLarge ??= withoutStack(() => new BodyTooLarge()))
}

function unreadable(): never {
  throw new UnreadableBody('The request body could not be read.')
}

/**
 * `text` when the bytes it was decoded from are at most `limit`, else the
 * 413. Each UTF-16 unit of decoded text comes from one to three bytes: text
 * up to a third of the limit is within it, text longer than the limit is
 * not, and only between the two is it encoded again to count, never fewer
 * bytes than it came from (an invalid byte counts as its replacement's
 * three). Read by its declared length, text gets there only when its body
 * turned out longer than it said.
 */
function sizedText(text: string, limit: number): string {
  if (text.length * 3 > limit && (text.length > limit || encoder.encode(text).byteLength > limit)) throw over()
  return text
}

/**
 * A body without a declared length, read from its stream chunk by chunk and cut off past `limit` bytes. From the
 * second chunk on, the bytes are copied into a buffer of its own (grown by doubling, never past `limit`): a chunk a
 * server hands may be a view of a far larger buffer (Deno.serve gives each chunk of a chunked body its own 64 KiB),
 * which keeping the chunks would keep whole, 64 KiB per byte for a body sent a byte a chunk.
 */
async function streamed(request: Request, limit: number): Promise<Uint8Array> {
  const body = request.body
  if (body === null) return new Uint8Array(0)
  const reader = body.getReader()
  let first: Uint8Array | null = null
  let out: Uint8Array | null = null
  let size = 0
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>
    try {
      read = await reader.read()
    } catch {
      // The client went away, or its framing broke: nothing of the body reaches the handler.
      unreadable()
    }
    const { done, value } = read
    if (done) break
    const end = size + value.byteLength
    if (end > limit) {
      // Cut off: the rest is never read.
      reader.cancel().catch(() => undefined)
      throw over()
    }
    if (first === null && out === null) first = value
    else {
      if (out === null || end > out.byteLength) {
        const grown = new Uint8Array(Math.min(limit, Math.max(2 * end, 16_384)))
        grown.set(out === null ? (first as Uint8Array) : out.subarray(0, size))
        out = grown
        first = null
      }
      out.set(value, size)
    }
    size = end
  }
  return out === null ? (first ?? new Uint8Array(0)) : out.subarray(0, size)
}

/** Whether a body holds nothing but JSON whitespace. */
function blank(body: Uint8Array | string): boolean {
  if (typeof body === 'string') return /^[ \t\r\n]*$/.test(body)
  for (const byte of body) if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return false
  return true
}

/**
 * An older client's body migrated up. Whatever its `Content-Type` says, the
 * handler never reads it un-migrated: a blank body passes as it is, a JSON
 * one is migrated (its text and value), a form one too when the route migrates forms
 * (as `FormData`), any other is refused (415); its type read from `headers`, as the head
 * reads them (a `requestHeaderChanged` of `Content-Type` has run). Client input that cannot be
 * migrated is the client's error (400), naming the place. `then` takes the
 * migrated body in the same microtask as the JSON one is made.
 */
function migratedBody<T>(exchange: ExchangeView, plan: RequestMigration, steps: readonly Visit[], headers: Headers, then: (body: MigratedBody) => T): Promise<T> {
  const type = headers.get('content-type')
  // A form's fields are text: its values are the handler's validator's to check, after migration.
  const form = plan.forms && isFormType(type)
  const { bodyUsed } = exchange.request
  // From the framework's cache (an earlier reader's), a form comes back as multipart with a boundary of its own.
  const formType = (bytes: Uint8Array) => (bodyUsed ? (cachedMultipart(bytes) ?? type) : type) as string
  const read = form ? () => exchange.bodyBytes() : () => exchange.bodyText()
  return readBody(exchange.request, read, plan.limit, form).then((raw) => (form ? migratedForm(exchange, raw, formType, headers.get('content-encoding'), steps).then(then) : then(migratedJson(exchange, raw, type, plan, steps))))
}

/**
 * A form body migrated up (blank: passed as it is). A compressed one is
 * refused, as a compressed JSON body fails its parse: a urlencoded parse
 * never fails, and would hand on the compressed bytes as a field's name.
 */
function migratedForm(exchange: ExchangeView, raw: Uint8Array | string, type: (bytes: Uint8Array) => string, coding: string | null, steps: readonly Visit[]): Promise<MigratedBody> {
  if (blank(raw)) return Promise.resolve(typeof raw === 'string' ? raw : decoder.decode(raw))
  if (codingsOf(coding) !== null) throw (encodedForm ??= withoutStack(() => new MalformedFormBody('The form is encoded (Content-Encoding), which is not decoded; send it unencoded.')))
  const bytes = typeof raw === 'string' ? encoder.encode(raw) : raw
  return formFields(bytes, type(bytes)).then((fields) => runMigration(exchange, fields, steps, formOf))
}

/** A JSON body migrated up (blank: passed as it is; any other type refused). */
function migratedJson(exchange: ExchangeView, raw: Uint8Array | string, type: string | null, plan: RequestMigration, steps: readonly Visit[]): MigratedBody {
  if (blank(raw)) return typeof raw === 'string' ? raw : decoder.decode(raw)
  // Its operations name the older version's fields in their paths: refused rather than passed on unmigrated.
  if (isJsonPatchType(type)) {
    throw (jsonPatch ??= withoutStack(() => new UnsupportedBodyType('JSON Patch (application/json-patch+json) is not migrated between versions; send the changes as application/merge-patch+json.')))
  }
  if (!isJsonType(type)) {
    throw plan.forms
      ? (unsupportedForms ??= withoutStack(() => new UnsupportedBodyType('Unsupported media type in request; send the body as application/json or as a form.')))
      : (unsupported ??= withoutStack(() => new UnsupportedBodyType()))
  }
  const text = typeof raw === 'string' ? raw : decoder.decode(raw)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    if (error instanceof RangeError) throw new UnreadableBody('The request body is nested too deeply to migrate.')
    throw (malformed ??= withoutStack(() => new MalformedJsonBody()))
  }
  // In the client's own version, before anything of it changes: the errors name its fields. It reads the value as
  // the head's validators read a body, each number a double.
  if (plan.check !== null) plan.check(value)
  // An integer JSON.parse rounds reaches the handler's c.req.text() exactly where the runtime can read it so
  // (exact-numbers.ts), and its c.req.json() as that parse reads the text, as the head's would.
  if (hasInexactNumber(text)) {
    const exact = readExact(text)
    if (exact !== undefined) return runMigration(exchange, exact, steps, exactBody)
    // Where the runtime keeps integers exact, what it cannot keep is refused rather than sent on changed (`null`).
    if (SOURCE_ACCESS) throw (unkept ??= withoutStack(() => new UnreadableBody(UNKEPT)))
  }
  return runMigration(exchange, value, steps, jsonBody)
}

/** The value of `text` with its integers exact (`undefined`: this runtime cannot, and the body migrates as `JSON.parse` read it). */
function readExact(text: string): unknown {
  try {
    return parseExact(text)
  } catch (error) {
    // It parsed without a reviver: only the reviver's walk, deeper than the stack, fails.
    if (error instanceof RangeError) throw new UnreadableBody('The request body is nested too deeply to migrate.')
    throw error
  }
}

/** A migrated JSON value with its text. */
function jsonBody(json: unknown): MigratedBody {
  let text: string
  try {
    text = JSON.stringify(json)
  } catch (error) {
    // A BigInt a converter gave: written as its digits where the runtime can.
    if (error instanceof TypeError && SOURCE_ACCESS) return exactBody(json)
    throw error
  }
  return { text, json }
}

/** A migrated JSON value holding integers as `BigInt`s: its text with their digits, and the value that text parses to. */
function exactBody(json: unknown): MigratedBody {
  const text = stringifyExact(json)
  return { text, json: JSON.parse(text) }
}

/**
 * Runs a body's steps and serialises the result; what cannot be migrated is
 * the client's 400, naming the place, but for a converter that repeats a
 * rename of its change (converter-beside.ts): the app's mistake, whatever the
 * client sent, thrown with its sentence for `app.onError` (a 500), as a
 * response's is.
 */
function runMigration<T>(exchange: ExchangeView, value: unknown, steps: readonly Visit[], serialise: (value: unknown) => T): T {
  try {
    return serialise(runSteps(value, steps))
  } catch (error) {
    if (error instanceof MigrationFailure) {
      if (error.reason === 'beside') throw new Error(`versionHistory: the request body of ${routeName(exchange)} cannot be migrated from version ${quotedValue(exchange.version)}: ${failureSentence(error)}.`, { cause: error })
      throw new UnreadableBody(error.reason === 'layout' ? `Invalid request body at ${error.at}: ${error.what}.` : `Invalid value at ${error.at}.`)
    }
    // No place is named: the keys of a body too deep to walk are the client's, never echoed.
    if (error instanceof RangeError) throw new UnreadableBody('The request body is nested too deeply to migrate.')
    throw error
  }
}

/**
 * The request with its query parameters and headers renamed and its body
 * migrated up; `undefined` when nothing changed. Synchronous when it reads
 * no body.
 */
export function migrateRequest(exchange: ExchangeView, plan: RequestMigration): RequestRewrite | undefined | Promise<RequestRewrite | undefined> {
  const request = exchange.request
  // Only a URL with a query has parameters to rename (a value change asks about an absent one too): most requests are not parsed.
  const url = plan.query === null ? request.url : migratedQuery(request.url, plan.query, exchange)
  // Before the body is read: a header or parameter `up` refuses costs no read.
  const headers = plan.names === null ? null : migratedHeaders(request, plan.names, exchange)
  // By method, not request.body: asking a server's lazy Request for its body stream builds the full Request.
  if (plan.steps === null || request.method === 'GET' || request.method === 'HEAD') return rewritten(request, plan, url, headers, null)
  // A media type the route lists in unmigrated (as the head reads the Content-Type): not read, checked nor migrated; its
  // stream kept. A body of no type is no listed one (`*/*` too): it may be JSON the handler reads, refused below.
  const type = (headers ?? request.headers).get('content-type')
  if (plan.unmigrated !== null && type !== null && plan.unmigrated(mediaType(type))) return rewritten(request, plan, url, headers, null)
  return migratedBody(exchange, plan, plan.steps, headers ?? request.headers, (body) => rewritten(request, plan, url, headers, body))
}

/** `request` at `url` with `migrated` headers (`null`: its own), carrying `body` (`null`: its own); `undefined` when nothing changed. */
function rewritten(request: Request, plan: RequestMigration, url: string, migrated: Headers | null, body: MigratedBody | null): RequestRewrite | undefined {
  let headers = migrated ?? undefined
  if (plan.conditions !== null) {
    headers ??= new Headers(request.headers)
    for (const [name, value] of plan.conditions) value === null ? headers.delete(name) : headers.set(name, value)
  }
  if (url === request.url && headers === undefined && body === null) return undefined
  return { request: rebuiltRequest(request, body, url, headers), body }
}
