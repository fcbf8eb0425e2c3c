/**
 * The per-request work of a bound history: the request step migrates an older request up to the head version
 * before the handler (request-body.ts), the response step migrates the handler's response down to the request's
 * version. A head-version request returns at the first check, with no parsing and no serialising; an older one
 * pays one `JSON.parse` and one `JSON.stringify` per body, whatever the number of versions crossed, and a response
 * built with `c.json()` goes through the JSON step instead: the handler's value is migrated before its only
 * serialisation.
 */
import type { BoundExtension, ExchangeView, JsonStep, RequestChange } from '../pipeline/extension.ts'
import { isJsonType, mediaType } from './media-types.ts'
import { failureSentence, MigrationFailure } from './migration-failure.ts'
import { migrateRequest } from './request-body.ts'
import { routeName, type ParameterStep } from './request-values.ts'
import type { Copy } from './json-copy.ts'
import { runSteps, type Visit } from './migration-plan.ts'
import type { Layout } from './shape.ts'
import type { BodyCheck, ParameterCheck } from './body-checks.ts'
import { tagAndRangeHeaders, tagSuffix } from './caching.ts'
import { codedBody, codingsOf, encodedAlready, peeked, type CodedBody } from './content-coding.ts'
import { hasInexactNumber, INEXACT, parseExact, stringifyMigrated } from './exact-numbers.ts'
import { olderHeaders } from './older-headers.ts'
import { rebuild, withoutBodyHeaders, withoutContent } from './older-response.ts'
import { misfit, sentIfEmpty, successBody, unparsable, type BodyMigration, type MediaPlan, type RequestMedia } from './response-bodies.ts'
import { foreignCharset, migrateItems } from './streams.ts'
import { NO_CONTENT, olderStatus } from './older-status.ts'
import type { ValueStreams } from './value-streams.ts'
import { quoted, quotedValue } from '../quote.ts'

/** A body's steps between one version and the head, and the copy a value not parsed here gets first. */
export interface Chain {
  readonly steps: readonly Visit[]
  /** Copies a handler's value along its layout as JSON reads it, so the steps may change it in place. */
  readonly copy: Copy
}

/** Per version index: what to do for a request of that version (arrays indexed by version). */
export interface RoutePlan {
  /** Whether the route exists in each version, or `null` for every version (and for table routes: the table knows). */
  readonly exists: readonly boolean[] | null
  /** The check of an older request body against its own version's schema, before its steps (`null`: none). */
  readonly checks: readonly (BodyCheck | null)[] | null
  /** The same for a partial body (its fields are not required). */
  readonly partialChecks: readonly (BodyCheck | null)[] | null
  /** The request body's steps up to the head, oldest first. */
  readonly request: readonly Chain[] | null
  /** The same for a partial body (PATCH): fields not sent stay absent (`null`: no steps). */
  readonly partialRequest: readonly Chain[] | null
  /** Whether the request body is partial, for every method (`null`: for PATCH only). */
  readonly partial: boolean | null
  /** Whether an older form body is migrated (else refused with 415). */
  readonly forms: boolean
  /** The media types of an older request body passed to the handler as sent (`unmigrated`, with a request layout), or `null`. */
  readonly requestMedia?: RequestMedia | null | undefined
  /** The success response body's steps down from the head, newest first. */
  readonly response: readonly Chain[] | null
  /** The error response body's steps (status 400 and above). */
  readonly error: readonly Chain[] | null
  /** The steps of each item of a streamed success response (NDJSON, JSON text sequences, server-sent events). */
  readonly items: readonly Chain[] | null
  /** What the route's success bodies may be (declared layouts, media types sent as they are); `null`: no success layout. */
  readonly media: MediaPlan | null
  /** `[newer, older]` statuses, newest step first. */
  readonly status: readonly (readonly (readonly [number, number])[])[] | null
  /** `[header, down]`, newest step first. */
  readonly headers: readonly (readonly (readonly [string, (value: string | null) => string | null])[])[] | null
  /** The query's steps: `[older, newer]` names renamed and values changed, oldest step first. */
  readonly query: readonly (readonly ParameterStep[])[] | null
  /** The request headers' steps: `[older, newer]` names renamed and values changed, oldest step first. */
  readonly requestHeaders: readonly (readonly ParameterStep[])[] | null
  /** The check of an older request's query parameters, headers and cookies against its own version's schema, before they are renamed. */
  readonly parameters?: readonly (ParameterCheck | null)[] | null | undefined
  /** The layouts `request`, `response` and `error` follow (`null`: none), read by the documents alone (openapi/unmigrated.ts). */
  readonly layouts?: { readonly request: Layout | null; readonly response: Layout | null; readonly error: Layout | null } | undefined
}

/**
 * Whether `plan` leaves its route answering the version of index `index`:
 * the request step answers any other request of the route as absent, and
 * the model's light part reads it as the route life (the history's
 * `ROUTE_EXISTS`, history-plans.ts): `mountRoutes`' 405 leaves the method
 * out of `Allow`, `check(app)` names an operation it leaves in no version.
 */
export function existsAt(plan: RoutePlan | undefined, index: number): boolean {
  return plan?.exists == null || plan.exists[index] === true
}

/** What the history looked up for a request, once: its version's index and its route's plan. */
export interface PlanNote {
  /** The version's index (`undefined`: the head, nothing to migrate). */
  readonly index: number | undefined
  readonly found: RoutePlan | undefined
}

/** A history bound to a middleware: its lookup, request, response and JSON steps. */
export interface BoundChanges extends BoundExtension {
  /** The route's plan for the request's version, looked up once (`undefined`: nothing to do). */
  lookup(exchange: ExchangeView): PlanNote | undefined
  request(exchange: ExchangeView, note: unknown): RequestChange | Promise<RequestChange>
  response(exchange: ExchangeView, response: Response, note: unknown): Response | Promise<Response>
  /**
   * The fast path for `c.json(value, status)` on an older version: migrates
   * the handler's value itself (no parse, no second serialisation); the
   * response step then leaves the body alone. The value is not changed:
   * objects are copied along the layout first. `undefined` on the head
   * version: nothing to wrap. HEAD is stepped as GET is (its headers
   * describe the older body).
   */
  json(exchange: ExchangeView, note: unknown): JsonStep | undefined
}

export { runSteps }

/**
 * Binds the steps. `plan` finds the route's plan; `indexOf` a version's index
 * (`undefined`: the head or unknown, nothing to migrate).
 */
export function bindChanges(
  plan: (exchange: ExchangeView) => RoutePlan | undefined,
  indexOf: (version: string | null | undefined) => number | undefined,
  /** The head's index when some route does not exist in the head version (removed, or a plain route's older path), else `null`. */
  headGaps: number | null,
  /** The largest older request body read, in bytes. */
  maxBodySize: number,
  /** The items behind a body the history's `stream` made (an older client's stream of them, migrated before serialisation). */
  values: ValueStreams['take'],
  /** The query parameter the scheme reads the version from (`null`: none): no parameter of a route's own. */
  versionQuery: string | null,
): BoundChanges {
  // Each older version's ETag suffix, made on its first conditional request or tagged answer (versions are few).
  const suffixes: string[] = []
  const suffixOf = (index: number, version: string): string => (suffixes[index] ??= tagSuffix(version))

  // A 3xx answer's body is a success body: an older client never gets the head shape with a redirect either.
  function bodyChain(found: RoutePlan, index: number, status: number): Chain | undefined {
    const chain = status < 400 ? found.response?.[index] : found.error?.[index]
    return chain === undefined || chain.steps.length === 0 ? undefined : chain
  }

  return {
    lookup(exchange) {
      const index = indexOf(exchange.version)
      // On the head, only a route some version removed or moved needs its plan.
      if (index === undefined && headGaps === null) return undefined
      const found = plan(exchange)
      return found === undefined ? undefined : { index, found }
    },

    request(exchange, noted) {
      const note = noted as PlanNote | undefined
      if (note === undefined) return
      const { index, found } = note as { index: number | undefined; found: RoutePlan }
      if (index === undefined) return headGaps !== null && !existsAt(found, headGaps) ? 'absent' : undefined
      if (!existsAt(found, index)) return 'absent'
      // A table route its table leaves out of the version (history.routes()): mountRoutes answers it, its body unread.
      if (exchange.versions !== null && exchange.route !== null && !exchange.versions.has(exchange.version as string)) return
      // In the client's own names, before anything is renamed; a refusal is thrown.
      found.parameters?.[index]?.(exchange.request, versionQuery)
      const partial = found.partial ?? exchange.method === 'PATCH'
      const steps = (partial ? found.partialRequest : found.request)?.[index]?.steps
      const check = (partial ? found.partialChecks : found.checks)?.[index] ?? null
      const query = found.query?.[index]
      const names = found.requestHeaders?.[index]
      const hasSteps = (steps !== undefined && steps.length > 0) || check !== null
      const conditions = differs(found, index) ? tagAndRangeHeaders(exchange.request.headers, suffixOf(index, exchange.version as string), found.media?.unmigrated == null) : null
      if (!hasSteps && (query === undefined || query.length === 0) && (names === undefined || names.length === 0) && conditions === null) return
      return migrateRequest(exchange, {
        steps: hasSteps ? (steps ?? []) : null,
        check,
        forms: found.forms,
        unmigrated: found.requestMedia?.test ?? null,
        limit: maxBodySize,
        query: query === undefined || query.length === 0 ? null : query,
        names: names === undefined || names.length === 0 ? null : names,
        conditions,
      })
    },

    response(exchange, response, noted) {
      const note = noted as PlanNote | undefined
      if (exchange.rejected || note?.index === undefined) return response
      const { index, found } = note as { index: number; found: RoutePlan }
      const statuses = found.status?.[index]
      const headers = found.headers?.[index]
      // A protocol switch (101, a WebSocket upgrade) carries the runtime's socket, and no Response is built with its
      // status: the handler's, its headers changed in place.
      const about = (name: string) => headerChange(name, exchange)
      if (response.status < 200) return headers === undefined ? response : (olderHeaders(response.headers, headers, about), response)
      // The JSON step answered a stepped body with its older status already.
      const status = statuses === undefined || exchange.jsonStepped ? response.status : olderStatus(response.status, statuses)
      const suffix = differs(found, index) && response.headers.has('etag') ? suffixOf(index, exchange.version as string) : null
      // An older status without content (a 204 where the head answers 200 and a body): older versions sent none.
      if (status !== response.status && NO_CONTENT.has(status)) return withoutContent(response, status, headers, suffix, about)
      // HEAD too: Hono runs the GET handler and drops the body after the middleware, so a HEAD's length and entity tag
      // describe the body the same version's GET gets. `body` is read only where a layout can migrate it: once read,
      // Deno.serve sends it chunked (no Content-Length) if a header then changes, and @hono/node-server not from its text.
      const skip = exchange.jsonStepped || !(response.status < 400 ? differs(found, index) : usable(found.error?.[index]) !== undefined) || response.body === null
      // A HEAD answered without its body (a handler answering HEAD itself, c.body(null) with the head body's
      // Content-Length): the GET of its version gets a migrated body, which the head body's length and digests do not describe.
      const headless = exchange.method === 'HEAD' && response.body === null && !exchange.jsonStepped && migratedAt(found, index, response.status, response.headers.get('content-type'))
      const subject = () => ({ route: routeName(exchange), version: String(exchange.version), status: response.status })
      // A skipped body's type is not read (the JSON step's answers: most older ones).
      const type = skip ? null : response.headers.get('content-type')
      // A redirect's other bodies (an HTML page pointing at the Location) are no shape of the head: sent as they are.
      let success: BodyMigration
      try {
        success = skip || response.status >= 400 || (response.status >= 300 && !isJsonType(type)) ? undefined : successBody(found.media, usable(found.response?.[index]), usable(found.items?.[index]), type, subject)
      } catch (failure) {
        // A body of a type its layouts cannot migrate that turns out empty holds nothing of the head's: sent as it is.
        return sentIfEmpty(response.body as ReadableStream<Uint8Array>, failure, () => rebuild(new Uint8Array(0), response, status, headers, false, suffix, about))
      }
      const chain = skip || response.status < 400 ? undefined : bodyChain(found, index, response.status)
      const body = success !== undefined || (chain !== undefined && isJsonType(type))
      if (!body && !headless && status === response.status && (headers === undefined || headers.length === 0) && suffix === null) return response
      if (headless) return rebuild(null, response, status, headers, true, suffix, about)
      if (!body) {
        // Passed on with a Content-Encoding: encoded already (on workerd, `encodeBody: 'manual'`), or for workerd to
        // encode as it sends it, told apart by its first byte, so that workerd encodes it once either way.
        const passed = codingsOf(response.headers.get('content-encoding'))
        if (passed === null || typeof passed === 'string' || response.body === null) return rebuild(response.body, response, status, headers, false, suffix, about)
        return peeked(response.body).then(({ first, body }) => rebuild(body, response, status, headers, false, suffix, about, encodedAlready(first, passed)))
      }
      // A body compressed inside the middleware is read decoded and sent encoded the same way; one workerd is to
      // encode as it sends it is read as it is and sent under its label (content-coding.ts).
      const coding = response.headers.get('content-encoding')
      const codings = codingsOf(coding)
      if (typeof codings === 'string') throw misfit(subject(), mediaType(type), codings)
      const raw = response.body as ReadableStream<Uint8Array>
      const migrateBody = (coded: CodedBody | null): Response | Promise<Response> => {
        const source = coded?.source ?? raw
        const out = coded?.out ?? ((migrated: BodyInit): BodyInit => migrated)
        // A body under a Content-Encoding is sent without the head's length; `manual`: encoded already.
        const labelled = coded !== null
        const manual = coded?.encoded === true
        if (success?.kind === 'items') {
          const item = { ...subject(), type: mediaType(type) }
          const stream = values(source, success.framing)?.(found.items?.[index] as Chain, item) ?? migrateItems(source, success.framing, success.steps, item, success.passThrough)
          return rebuild(out(stream), response, status, headers, true, suffix, about, manual)
        }
        const steps = success?.steps ?? (chain as Chain).steps
        const decodeFailed = () => Promise.reject(misfit(subject(), mediaType(type), 'its body does not decode as its Content-Encoding says'))
        // An error body is read as bytes: one not migrated is sent as the handler made it, whatever its charset.
        const read = success !== undefined ? (coded === null ? response.text() : new Response(source).text().catch(decodeFailed)) : (coded === null ? response.arrayBuffer() : new Response(source).arrayBuffer().catch(decodeFailed))
        return read.then((body) => {
          const text = typeof body === 'string' ? body : decoder.decode(body)
          const sent = typeof body === 'string' ? body : new Uint8Array(body)
          // An empty JSON body (`c.body('', 200, { 'Content-Type': 'application/json' })`) holds no shape of the head:
          // sent as it is, as a body without content is.
          if (EMPTY.test(text)) return rebuild(out(sent), response, status, headers, labelled || exchange.method === 'HEAD', suffix, about, manual)
          // An integer JSON.parse rounds is read and written exactly where the runtime can (exact-numbers.ts).
          const exact = hasInexactNumber(text)
          let value: unknown
          try {
            value = exact ? parseExact(text) : JSON.parse(text)
          } catch (error) {
            // Deeper than the exact reading's reviver can go: the body's handler's doing, said as such.
            if (error instanceof RangeError && success !== undefined) throw misfit(subject(), mediaType(type), 'it is nested too deeply to read its integers beyond 2^53 exactly')
            // A success body must migrate; an error body that is not JSON is no shape of the head: sent as it is.
            if (success !== undefined) throw unparsable(subject(), type)
            return rebuild(out(sent), response, status, headers, labelled, suffix, about, manual)
          }
          if (value === undefined) {
            // Serialised again, such a number would reach the older client changed: a success body fails loudly.
            if (success !== undefined) throw misfit(subject(), mediaType(type), INEXACT)
            value = JSON.parse(text)
          }
          const migrated = migrateResponse(exchange, value, steps, response.status, success === undefined)
          // An error body of another shape than the error layout's: sent as the handler made it.
          if (migrated === OTHER_SHAPE) return rebuild(out(sent), response, status, headers, labelled, suffix, about, manual)
          // In the layout, but read as UTF-8 (as a success body is, which is refused before it is read): a loud failure.
          const charset = success === undefined ? foreignCharset(type) : null
          if (charset !== null) throw misfit(subject(), mediaType(type), `its charset is ${charset}, and a migrated body is read and written as UTF-8; answer UTF-8 (the charset of JSON)`)
          return rebuild(out(stringifyMigrated(migrated, exact)), response, status, headers, true, suffix, about, manual)
        })
      }
      return codings === null ? migrateBody(null) : codedBody(raw, coding as string, codings, (why) => misfit(subject(), mediaType(type), why)).then(migrateBody)
    },

    json(exchange, noted) {
      const note = noted as PlanNote | undefined
      if (note?.index === undefined || exchange.rejected) return undefined
      const { index, found } = note as { index: number; found: RoutePlan }
      return function migrateJson(value, status, respond) {
        const chain = bodyChain(found, index, status)
        // A byte range (206) is no whole body to migrate: the response step answers it as one built by hand.
        if (chain === undefined || status === 206) return respond(value, false)
        const statuses = found.status?.[index]
        const older = statuses === undefined ? status : olderStatus(status, statuses)
        // Sent without content by the response step, which gives it the older status.
        if (older !== status && NO_CONTENT.has(older)) return respond(value, false)
        const migrated = migrateResponse(exchange, chain.copy(value, ''), chain.steps, status, status >= 400)
        // The older status given to the response the handler's call builds: no second Response for it. An error
        // value of another shape than the error layout's is sent as the handler gave it.
        if (migrated === OTHER_SHAPE) return respond(value, true, older === status ? undefined : older)
        const response = respond(migrated, true, older === status ? undefined : older)
        // A length, digests and byte ranges the handler gave c.json (or set with c.header) were the head body's.
        withoutBodyHeaders(response.headers)
        return response
      }
    },
  }
}

const decoder = new TextDecoder()

/** A body of JSON white space only: no value, so nothing to migrate. */
const EMPTY = /^[ \t\n\r]*$/

/** A `headerChanged` change, for sentences. */
const headerChange = (name: string, exchange: ExchangeView) => `versionHistory: the headerChanged change of header ${quoted(name)} on ${routeName(exchange)} for version ${quotedValue(exchange.version)}`

/** What `migrateResponse` gives for an error body that does not fit the error layout: no shape of the head's. */
const OTHER_SHAPE: unique symbol = Symbol('other shape')

/**
 * A response body migrated down; a body that does not fit its layout, or a
 * converter that throws, is the server's error: thrown with a sentence for
 * `app.onError` (the client gets the app's 500, never the head shape). An
 * error body (`error`) that does not fit the error layout is not the head's
 * declared error shape (a third-party middleware's 401, another body of the
 * app's): `OTHER_SHAPE`, sent as it is, so no 4xx becomes a 500.
 */
function migrateResponse(exchange: ExchangeView, value: unknown, steps: readonly Visit[], status: number, error: boolean): unknown {
  try {
    return runSteps(value, steps)
  } catch (failure) {
    if (!(failure instanceof MigrationFailure)) throw failure
    if (error && failure.reason === 'layout') return OTHER_SHAPE
    const route = routeName(exchange)
    const fix = failure.reason === 'layout' ? '; declare the layout this response has (per method: "POST name" in bodies) or answer the one declared' : ''
    throw new Error(`versionHistory: the ${status} response of ${route} cannot be migrated to version ${quotedValue(exchange.version)}: ${failureSentence(failure)}${fix}.`, { cause: failure })
  }
}

/** A chain with steps, else `undefined`. */
function usable(chain: Chain | undefined): Chain | undefined {
  return chain === undefined || chain.steps.length === 0 ? undefined : chain
}

/** Whether a body of `status` and `type` (a JSON error body, a success body of a type not in `unmigrated`) is migrated for the version of `index`. */
function migratedAt(found: RoutePlan, index: number, status: number, type: string | null): boolean {
  if (status >= 400) return usable(found.error?.[index]) !== undefined && isJsonType(type)
  return (status < 300 || isJsonType(type)) && differs(found, index) && found.media?.unmigrated?.(mediaType(type)) !== true
}

/** Whether an older version's success bodies differ from the head's on this route (its entity tags then carry the version). */
function differs(found: RoutePlan, index: number): boolean {
  return usable(found.response?.[index]) !== undefined || usable(found.items?.[index]) !== undefined
}
