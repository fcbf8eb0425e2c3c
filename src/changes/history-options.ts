/**
 * What a history is declared with: its versions and their changes, where
 * shapes sit in each route's bodies, and the options of `history.migrate()`.
 */
import type { RequestValidation } from './body-checks.ts'
import type { Change } from './change.ts'
import type { Layout } from './shape.ts'

/** One version of a history and the changes that separate it from the version before. */
export interface HistoryVersion<V extends string = string> {
  readonly version: V
  /** What changed since the version before (none for the first version). */
  readonly changes?: readonly Change[] | undefined
}

/** Where shapes sit in one route's bodies (layouts in the head version). */
export interface RouteBodies {
  /** The request body (migrated up for older clients). */
  readonly request?: Layout | undefined
  /** The success response body (status below 300; migrated down for older clients). */
  readonly response?: Layout | undefined
  /** The error response body (status 400 and above), when errors take part. */
  readonly error?: Layout | undefined
  /**
   * One item of a streamed success response: a line of JSON Lines
   * (`application/x-ndjson`, `application/jsonl`; `text/plain` too, which
   * Hono's `streamText` sends), a record of a JSON text sequence
   * (`application/json-seq`), or the data of a server-sent event
   * (`text/event-stream`); migrated down one item at a time.
   */
  readonly items?: Layout | undefined
  /**
   * Media types this route's success responses may have that are not
   * migrated: sent to every version as the handler made them (`['text/csv']`,
   * `['image/*']`). Any other body its layouts cannot migrate fails loudly
   * for older clients. Beside a `request` layout, an older client's request
   * body of one of them is passed to the handler as sent (not read, checked
   * nor migrated) rather than refused with 415. None may be a media type a
   * layout migrates (JSON with `response` or `request`, a form with `forms: true`).
   * @default undefined (every success body must be one its layouts migrate; an older request body that is not JSON, or a form with `forms: true`, is refused with 415)
   */
  readonly unmigrated?: readonly string[] | undefined
  /**
   * Item data of this route's streams sent to every version as it is, never
   * migrated: literal text on one line that is not JSON, such as the
   * `data: [DONE]` that ends an OpenAI-style server-sent events stream
   * (`['[DONE]']`). An event's data, or a JSON Lines line, equal to one of
   * them is passed on; any other item that is not JSON still stops an older
   * client's stream. Needs the route's `items` layout.
   * @default undefined (every item is JSON, migrated by the items layout)
   */
  readonly passThrough?: readonly string[] | undefined
  /**
   * Whether an older request body is a partial update (JSON Merge Patch):
   * fields the client did not send stay absent (no `default`, nothing derived
   * from a missing field), `null` is kept. `true` or `false` for every
   * method of the route.
   * @default true for PATCH, false for other methods
   */
  readonly partial?: boolean | undefined
  /**
   * Whether older form bodies (`application/x-www-form-urlencoded`,
   * `multipart/form-data`) are migrated like JSON ones (text fields; files
   * pass through untouched) and handed on as a form (`c.req.parseBody()`,
   * `c.req.formData()`); `false` refuses them with 415 `UnsupportedBodyType`.
   * @default false
   */
  readonly forms?: boolean | undefined
}

/** Options of `versionHistory`. */
export interface VersionHistoryOptions<V extends string> {
  /** The versions, oldest first; the last is the head, the one handlers are written for. */
  readonly versions: readonly HistoryVersion<V>[]
  /**
   * Where shapes sit in each route's bodies, by table route name
   * (`product-detail`, or namespaced `v1:product-detail`), by table route
   * name for one method (`POST product-list`: its layouts replace the
   * route's, one by one), or `METHOD /path` for a plain Hono route in Hono's
   * syntax (`GET /users/:id`).
   * @default {} (no bodies migrate)
   */
  readonly bodies?: Readonly<Record<string, RouteBodies>> | undefined
  /**
   * Where shapes sit in every route's error responses (status 400 and above)
   * unless its `bodies` entry says otherwise. Errors take part only when asked.
   * @default undefined (error responses are left alone)
   */
  readonly errors?: Layout | undefined
  /**
   * Checks older requests' bodies against their own version's schema before
   * they migrate up (`requestValidation({...})` from
   * `hono-api-versioning/validation`); head requests are left to the app's
   * own validator.
   * @default undefined (older bodies are migrated as they come)
   */
  readonly validation?: RequestValidation | undefined
  /**
   * The largest older request body, in bytes, read to be migrated: a body
   * over it is refused with 413 `BodyTooLarge` before it is parsed (at once
   * when its `Content-Length` says so, else as soon as that many bytes came).
   * Set it at or below any `bodyLimit` of your routes. Head requests are
   * the app's own.
   * @default 1048576 (1 MiB)
   */
  readonly maxBodySize?: number | undefined
}

/** Options of `history.migrate()`: the value's layout, and the version to migrate it to (from the head) or from (to the head). */
export type MigrateOptions<L extends Layout, V extends string> =
  | { readonly as: L; readonly to: V; readonly from?: undefined }
  | { readonly as: L; readonly from: V; readonly to?: undefined }
