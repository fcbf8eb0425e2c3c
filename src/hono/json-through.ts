/**
 * The JSON fast path: a handler's `c.json(value, status)` goes through the
 * extensions' JSON step, so a value migrated to an older version is
 * serialised once, not serialised, parsed and serialised again by the
 * response step. Hono has no hook for a handler's JSON value, so this is a
 * patch of one context (counted in CONTRIBUTING.md): its `json` is replaced,
 * and its `status` followed for the status of `c.json(value)`.
 */
import type { Context } from 'hono'
import type { JsonStep } from '../pipeline/extension.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { withHeaders } from '../http/mutable-response.ts'
import { quoted } from '../quote.ts'
import { isJsonType } from '../changes/media-types.ts'

/** Hono's `c.json`, as this module calls it. */
type JsonAnswer = (value: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response

/**
 * The header the JSON step marks the responses it built with a stepped body, valued with the version they were
 * migrated to: a header travels with every copy of a response (`new Response(res.body, res)`, `clone()`, a cache's
 * stored copy), where neither the object nor (on Deno) its body stream does. The finish stage takes it off before the
 * response leaves (`unmarked`), so no client sees it.
 */
const STEPPED = 'x-api-versioning-json-step'

/** What a request's context answers once the handler has answered: whether a response's body was stepped (`version`: the request's). */
export type Taken = (response: Response | null, version: string | null | undefined) => boolean

/**
 * Routes this request's `c.json` through `step`, for a request of `version`; gives the function that takes the
 * handler's answer (`null`: none), which puts Hono's `c.json` and `c.status` back (what answers after it, such as
 * `app.onError`, is not the handler) and tells whether the answer's body was stepped. A handler that builds a JSON
 * answer and returns another response gets that response through the response steps. An answer stepped for another
 * version (a cache inside the middleware that does not vary on the version) is an error, never sent.
 */
export function jsonThrough(c: Context, step: JsonStep, version: string): Taken {
  const json = c.json as unknown as JsonAnswer
  const setStatus = c.status
  const mark = markOf(version)
  // The status the handler (or a middleware after this one) set; `null` before it sets one.
  const seen: { status: number | null } = { status: null }
  // Patch: c.status, followed (Hono keeps the status private).
  c.status = followed(setStatus, seen)
  // The last answer whose body the step migrated: a value built after its body was read is in the client's version.
  let migrated: Response | null = null
  // How the step answered its last value: through Hono's c.json with the status Hono holds, with an older version's
  // status instead, or not through c.json at all.
  let via: 'hono' | 'older' | 'none' = 'none'
  const stepped = (value: unknown, status: number, arg: Parameters<JsonAnswer>[1], headers: Parameters<JsonAnswer>[2]): Response => {
    via = 'none'
    return step(value, status, (changed, changedBody = true, older) => {
      via = older === undefined ? 'hono' : 'older'
      // A status the step answers with instead (an older version's): given as the handler gave its own.
      const response = json(changed, older === undefined ? arg : typeof arg === 'object' ? { ...arg, status: older } : older, headers)
      if (changedBody) {
        response.headers.set(STEPPED, mark)
        // A length the handler set was the head body's.
        response.headers.delete('content-length')
        migrated = response
      }
      return response
    })
  }
  const through: JsonAnswer = (value, arg, headers) => {
    if (migrated?.bodyUsed === true) {
      // Once: `app.onError`, which Hono runs inside the middleware, answers it with a c.json of its own.
      migrated = null
      throw rewrapped(version)
    }
    const given = typeof arg === 'number' ? arg : (arg?.status ?? seen.status)
    if (given !== null) return stepped(value, given, arg, headers)
    // No status set since the middleware ran: Hono answers with the one it holds, 200 unless a middleware before this
    // one set another (c.status(409)), which the step must read the value by (an error layout). Stepped as 200, the
    // answer Hono builds shows the status it holds; only where it cannot (the step failed, or answered an older
    // status) is Hono asked, by a Response built to read it. Another status than 200 steps the value again as it.
    let response: Response
    try {
      response = stepped(value, 200, arg, headers)
    } catch (error) {
      const status = heldStatus(c)
      if (status === 200) throw error
      migrated = null
      return stepped(value, status, arg, headers)
    }
    const status = via === 'hono' ? response.status : heldStatus(c)
    if (status === 200) return response
    migrated = null
    return stepped(value, status, arg, headers)
  }
  // Patch: c.json, replaced on this context only.
  ;(c as unknown as { json: JsonAnswer }).json = through
  return (response) => {
    ;(c as unknown as { json: JsonAnswer }).json = json
    c.status = setStatus
    const stepped = response?.headers.get(STEPPED) ?? null
    if (stepped === null) {
      // Built without the migrated answer's headers once its body was read (`c.res = undefined`, then `c.body(text)`):
      // a JSON body in the client's version, which the response step would migrate again. One without a body (etag()'s
      // 304, which cancels the migrated body) holds none; one of another media type (an error page, a plain-text 410)
      // is no body the step migrates: it leaves it as it is, or refuses a success it cannot migrate with a 500 of its own.
      // Its `body` is read last, only then: reading it makes Deno.serve send the answer chunked, without Content-Length.
      if (migrated?.bodyUsed === true && response !== null && isJsonType(response.headers.get('content-type')) && response.body !== null) throw rebuilt(version)
      return false
    }
    if (stepped !== mark) throw crossed(stepped, version)
    return true
  }
}

/**
 * What takes the answer to a request whose `c.json` is not stepped (the
 * head version's, or a route nothing migrates) of a middleware whose JSON
 * step migrates others: an answer stepped for another version (a cache
 * inside the middleware that does not vary on the version) is an error,
 * never sent.
 */
export const unstepped: Taken = (response, version) => {
  const stepped = response?.headers.get(STEPPED) ?? null
  if (stepped === null) return false
  throw crossed(stepped, version ?? 'none')
}

/** `error`, once `taken` has put Hono's `c.json` and `c.status` back: the handler's error goes on to an answer not its own. */
export function released(taken: Taken, version: string | null | undefined, error: unknown): unknown {
  taken(null, version)
  return error
}

/**
 * The error of a `c.json` answer built after the body of an answer already migrated for this request was read (an
 * envelope middleware registered after the versioning one: `await next()`, `c.res.json()`, `c.json({ data })`): its
 * value is in the client's version, which no step can tell from the head's, and migrating it again gives the client
 * neither shape.
 */
function rewrapped(version: string): Error {
  return new Error(
    `versionMiddleware: c.json built an answer for version ${quoted(version)} from a body already migrated to it (a middleware after the versioning one wraps the handler's answer); register that middleware before the versioning middleware.`,
  )
}

/**
 * The error of an answer built, without the headers of the answer `c.json` migrated, after that answer's body was
 * read (a middleware after the versioning one: `await next()`, `c.res.text()`, `c.res = undefined`, `c.res =
 * c.body(text)`): its body is in the client's version, and migrating it again would apply each change twice.
 */
function rebuilt(version: string): Error {
  return new Error(
    `versionMiddleware: an answer for version ${quoted(version)} was built from a body already migrated to it, without that answer's headers (a middleware after the versioning one read c.res, set c.res = undefined and built another), so it would be migrated twice; build it over the answer it replaces (c.res = new Response(body, c.res)), or register that middleware before the versioning middleware.`,
  )
}

/** The error of an answer stepped (marked `stepped`) for another version than the request's. */
function crossed(stepped: string, version: string): Error {
  let named = stepped
  try {
    named = decodeURIComponent(stepped)
  } catch {
    // Not a mark of ours (a malformed escape): named as it came.
  }
  return new Error(
    `versionMiddleware: a response migrated to version ${quoted(named)} answers a request of version ${quoted(version)}; a cache inside the versioning middleware must vary on the version (Hono's cache(): vary: [the version's header]).`,
  )
}

/**
 * Each version's mark, made once (a history's versions are few). Bounded in entries and bytes: with a JSON step of
 * your own and a scheme that allows every version, the version is whatever text a client sends, so more than 256
 * distinct ones start it again and one over 1,024 characters is marked anew each time, never kept (test-visible).
 */
export const marks: BoundedCache<string> = new BoundedCache<string>(256)

/** The mark of `version`: a header value whatever its characters. */
function markOf(version: string): string {
  return marks.get(version) ?? marks.set(version, encodeURIComponent(version))
}

/**
 * `set`, recording each status in `seen`: a closure of its own, holding
 * nothing else of the request. Made in `jsonThrough`'s scope, it would share
 * that scope with the JSON step's closures on V8, and each older request's
 * objects outlived the young generation's collections (`--trace-gc` shows the
 * full collections it caused).
 */
function followed(set: Context['status'], seen: { status: number | null }): Context['status'] {
  return (code) => {
    seen.status = code
    set(code)
  }
}

/** The status Hono answers `c.json(value)` with on `c` (it keeps it private): read from a response built to show it. */
function heldStatus(c: Context): number {
  return c.newResponse(null).status
}

/** `response` without the JSON step's mark (a copy when its headers cannot change). */
export function unmarked(response: Response): Response {
  return withHeaders(response, (r) => {
    r.headers.delete(STEPPED)
    return r
  })
}
