/**
 * What an older client's success response body needs, from its media type
 * and the route's layouts: a JSON body migrated whole, a stream migrated item
 * by item, nothing (no step for this version, a media type the route says is
 * not migrated, no body), or a loud failure: a body the layouts cannot
 * migrate is never sent to an older client as the head made it.
 */
import type { Visit } from './migration-plan.ts'
import { foreignCharset, framingOf, type Framing } from './streams.ts'
import { mediaType } from './media-types.ts'
import { isFormType, isJsonPatchType, isJsonType } from './media-types.ts'
import { bare, quoted, quotedValue } from '../quote.ts'

/** What a route's success responses may be, declared once (`bodies`). */
export interface MediaPlan {
  /** Whether a JSON body has a layout (`response`). */
  readonly json: boolean
  /** Whether stream items have a layout (`items`). */
  readonly items: boolean
  /** The media types the route sends to every version as they are (`unmigrated`), or `null`. */
  readonly unmigrated: ((type: string) => boolean) | null
  /** The item data the route sends to every version as they are (`passThrough`), or `null`. */
  readonly passThrough: ReadonlySet<string> | null
}

/** A route's bodies entry, as far as its media types go. */
interface MediaEntry {
  readonly request?: unknown
  readonly forms?: unknown
  readonly response?: unknown
  readonly items?: unknown
  readonly unmigrated?: readonly string[] | undefined
  readonly passThrough?: readonly string[] | undefined
}

/** The media plan of a route's bodies entry (`null`: no success layout). */
export function mediaPlan(entry: MediaEntry | undefined, where: string): MediaPlan | null {
  if (entry?.passThrough !== undefined && entry.items === undefined) throw new Error(`${where}: passThrough lists item data of a stream, and the route has no items layout; declare its items, or leave passThrough out.`)
  if (entry === undefined || (entry.response === undefined && entry.items === undefined)) return null
  return {
    json: entry.response !== undefined,
    items: entry.items !== undefined,
    unmigrated: entry.unmigrated === undefined ? null : unmigratedTest(entry.unmigrated, where, describedBy({ ...entry, request: undefined })),
    passThrough: entry.passThrough === undefined ? null : passThroughSet(entry.passThrough, where),
  }
}

/**
 * Which layout of `entry` migrates a body of a media type (`null`: none):
 * `unmigrated` is for the media types no layout describes, so none of its
 * ranges covers these, and naming one of them is a mistake. The request
 * layout reads JSON, and forms where `forms` is true.
 */
export function describedBy(entry: MediaEntry): (type: string) => 'response' | 'items' | 'request' | null {
  const json = entry.response !== undefined
  const items = entry.items !== undefined
  const request = entry.request !== undefined
  const forms = request && entry.forms === true
  // A JSON Patch beside a request layout is named as the request's (listed, its own sentence says what to send), a response layout's too.
  return (type) =>
    request && isJsonPatchType(type) ? 'request' : json && isJsonType(type) ? 'response' : items && framingOf(type) !== null ? 'items' : (request && isJsonType(type)) || (forms && isFormType(type)) ? 'request' : null
}

/** The media types of an older request body the route passes to the handler as sent (`unmigrated`), where it has a request layout: `null` when none. */
export interface RequestMedia {
  /** Whether a request body of this media type (no parameters, lowercase) is passed as sent. */
  readonly test: (type: string) => boolean
  /** The media types and ranges `unmigrated` lists, as given. */
  readonly listed: readonly string[]
}

/** The request media plan of a route's bodies entry (`null`: no request layout, or no `unmigrated`). */
export function requestMedia(entry: MediaEntry | undefined, where: string): RequestMedia | null {
  if (entry?.request === undefined || entry.unmigrated === undefined) return null
  // The request layout's own types (JSON, forms with forms: true) are refused in the list when the history is made.
  const reads = describedBy({ request: entry.request, forms: entry.forms })
  return { test: unmigratedTest(entry.unmigrated, where, reads), listed: Object.freeze([...entry.unmigrated]) }
}

/** A body's steps for one version (those of `Chain`). */
interface Steps {
  readonly steps: readonly Visit[]
}

/** What to do with a success body. */
export type BodyMigration =
  | { readonly kind: 'json'; readonly steps: readonly Visit[] }
  | { readonly kind: 'items'; readonly framing: Framing; readonly steps: readonly Visit[]; readonly passThrough: ReadonlySet<string> | null }
  | undefined

/**
 * The migration of a success body with Content-Type `contentType`, given the
 * route's chains for the version (`undefined`: no step). Throws an `Error`
 * whose sentence names the route, the version and the media type when the
 * body cannot be migrated and the route does not say it is sent as it is.
 */
export function successBody(
  media: MediaPlan | null,
  json: Steps | undefined,
  items: Steps | undefined,
  contentType: string | null,
  describe: () => { route: string; version: string; status: number },
): BodyMigration {
  // Nothing differs in this version: any body is the one the version has.
  if (json === undefined && items === undefined) return undefined
  const type = mediaType(contentType)
  if (media?.unmigrated?.(type) === true) return undefined
  if (isJsonType(type)) {
    if (json !== undefined) return readable(contentType, describe, type, { kind: 'json', steps: json.steps })
    if (media?.json === true) return undefined
    throw misfit(describe(), type, 'its layouts are of stream items only; declare its response layout')
  }
  const framing = framingOf(type)
  if (framing !== null && (framing !== 'lines' || type !== 'text/plain' || media?.items === true)) {
    if (items !== undefined) return readable(contentType, describe, type, { kind: 'items', framing, steps: items.steps, passThrough: media?.passThrough ?? null })
    if (media?.items === true) return undefined
    throw misfit(describe(), type, 'it is a stream without an items layout; declare one')
  }
  throw misfit(describe(), type, 'its layouts are of JSON; answer JSON (or a JSON stream), or list the media type in unmigrated')
}

/**
 * `migration`, when the body is one an older body can be made of: whole (not a
 * byte range, 206, whose offsets are the head's and may cut an item) and UTF-8
 * (it is read and written as UTF-8); else the sentence of a body that cannot be migrated.
 */
function readable(contentType: string | null, describe: () => { route: string; version: string; status: number }, type: string, migration: BodyMigration): BodyMigration {
  const subject = describe()
  if (subject.status === 206) throw misfit(subject, type, 'it is a byte range of the head\'s body (206 Partial Content), whose offsets an older body does not share; answer the whole body to a Range request on a migrated route, or list the media type in unmigrated')
  const charset = foreignCharset(contentType)
  if (charset === null) return migration
  throw misfit(subject, type, `its charset is ${charset}, and a migrated body is read and written as UTF-8; answer UTF-8 (the charset of JSON), or list the media type in unmigrated`)
}

/** The sentence of a body that cannot be migrated. */
export function misfit(subject: { route: string; version: string; status: number }, type: string, what: string): Error {
  const named = type === '' ? 'no Content-Type' : bare(type)
  return new Error(`versionHistory: the ${subject.status} response of ${subject.route} (${named}) cannot be migrated to version ${quoted(subject.version)}: ${what}.`)
}

/**
 * `send()` when `body` turns out empty (no byte: no shape of the head's in
 * it, whatever its media type), else `failure` thrown, the stream cancelled.
 * Only up to its first byte is read: an endless stream fails at once.
 */
export function sentIfEmpty<T>(body: ReadableStream<Uint8Array>, failure: unknown, send: () => T): Promise<T> {
  // A body another reader holds cannot be looked at: the failure, as it was.
  if (body.locked) return Promise.reject(failure)
  const reader = body.getReader()
  const next = (): Promise<T> =>
    reader.read().then(({ done, value }) => {
      if (done) return send()
      if (value.byteLength === 0) return next()
      reader.cancel().catch(() => undefined)
      throw failure
    }, () => Promise.reject(failure))
  return next()
}

/** A Content-Type that is JSON but whose body does not parse: the sentence thrown. */
export function unparsable(subject: { route: string; version: string; status: number }, contentType: string | null): Error {
  return misfit(subject, mediaType(contentType), 'its body is not JSON')
}

const MEDIA_RANGE = /^(?:\*\/\*|[\w!#$&^.+-]+\/(?:\*|[\w!#$&^.+-]+))$/

/**
 * Checks an `unmigrated` option and makes its test (throws a sentence that
 * says what to fix): a media type a layout of the route migrates (`described`)
 * is never sent as it is, named or covered by a range.
 */
export function unmigratedTest(value: unknown, where: string, described: (type: string) => string | null = () => null): (type: string) => boolean {
  if (!Array.isArray(value) || value.length === 0) {
    throw new Error(`${where}: unmigrated must list media types, such as ['text/csv'].`)
  }
  const exact = new Set<string>()
  const prefixes: string[] = []
  let all = false
  for (const entry of value) {
    if (typeof entry !== 'string' || !MEDIA_RANGE.test(entry)) {
      throw new Error(`${where}: unmigrated lists media types such as 'text/csv' or 'image/*' (no parameters), not ${quotedValue(entry)}.`)
    }
    const lower = entry.toLowerCase()
    if (lower === '*/*') all = true
    else if (lower.endsWith('/*')) prefixes.push(lower.slice(0, -1))
    else {
      const layout = described(lower)
      if (layout === 'request' && isJsonPatchType(lower)) {
        // Its operations name fields by path, in the client's version: sent on as it is, they would reach the head's handler unmigrated.
        throw new Error(`${where}: unmigrated lists '${entry}', JSON Patch, whose operations name the older version's fields in their paths; older clients' JSON Patch is refused (415), so send changes as application/merge-patch+json, which the request layout migrates.`)
      }
      if (layout !== null) throw new Error(`${where}: unmigrated lists '${entry}', which its ${layout} layout migrates${layout === 'request' && isFormType(lower) ? ' (forms: true)' : ''}; list only the media types no layout describes (a CSV export, an image).`)
      exact.add(lower)
    }
  }
  return (type) => (all || exact.has(type) || prefixes.some((p) => type.startsWith(p))) && described(type) === null
}

/**
 * Checks a `passThrough` option and makes its set (throws a sentence that
 * says what to fix): item data sent to every version as it is, such as the
 * `[DONE]` that ends an OpenAI-style stream. Each is text on one line (an
 * event's data, a line), and none is JSON: a JSON item is migrated by the
 * items layout, never sent to an older client in the head's shape.
 */
export function passThroughSet(value: unknown, where: string): ReadonlySet<string> {
  if (!Array.isArray(value) || value.length === 0) throw new Error(`${where}: passThrough must list the item data sent to every version as it is, such as ['[DONE]'].`)
  for (const text of value) {
    if (typeof text !== 'string' || text === '' || /[\r\n]/.test(text)) throw new Error(`${where}: passThrough lists item data as text on one line, such as '[DONE]', not ${quotedValue(text)}.`)
    let json = true
    try {
      JSON.parse(text)
    } catch {
      json = false
    }
    if (json) throw new Error(`${where}: passThrough lists ${quotedValue(text)}, which is JSON: a JSON item is migrated by the items layout, never sent to older clients as the head's; list only data that is not JSON, such as '[DONE]'.`)
  }
  return new Set(value as string[])
}
