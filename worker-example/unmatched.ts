/**
 * What a section answers a request none of its routes serves, in the
 * section's own error format rather than Hono's plain-text `404 Not Found`:
 * a path under its prefix that no route serves gets 404, and, for the paths
 * given with their `Allow`, a method the path does not serve gets 405 with
 * `Allow` (the sections `mountRoutes` serves answer those themselves).
 *
 * One method-agnostic handler on the section's wildcard path, registered
 * after the section's routes: Hono runs it only when no route before it
 * answered, the section's middleware (its version, `Vary`, its refusals)
 * has run before it, and the documents list no operation for it (they read
 * no `all` handler nor wildcard path).
 */
import type { Hono } from 'hono'
import { MethodNotAllowed, NotFound, type VersioningError } from '../src/index.ts'

/** How a section writes its errors: its `errorResponse`, such as `problemDetails(...)`. */
export type SectionErrors = (error: VersioningError) => Response

/**
 * `{"detail": "<message>"}` with the error's status, as `application/json` (no charset, as the toolkit writes its
 * own errors; `Response.json` adds one on Bun): what the sections without problem details answer.
 */
export const detailErrors: SectionErrors = (error) => new Response(JSON.stringify({ detail: error.detail }), { status: error.status, headers: { 'Content-Type': 'application/json' } })

/** A path no route serves (its code `NotFound`: problem details' `type` ends in `not-found`, titled `Not Found`). */
const notFound = new NotFound('Not found.', 'NotFound')
const notAllowed = new MethodNotAllowed()

/**
 * Answers what no route of the section under `prefix` serves, as `errors`
 * writes the section's errors: 404 for a path, 405 with the `Allow` that
 * `allow` gives a path (`{ '/streams/feed': 'GET, HEAD' }`) for a method
 * its routes do not serve. Register it after the section's routes.
 */
export function answerUnmatched(app: Hono<any, any, any>, prefix: string, errors: SectionErrors, allow: Readonly<Record<string, string>> = {}): void {
  app.all(`${prefix}/*`, (c) => {
    const methods = Object.hasOwn(allow, c.req.path) ? allow[c.req.path] : undefined
    if (methods === undefined) return errors(notFound)
    const res = errors(notAllowed)
    res.headers.set('Allow', methods)
    return res
  })
}
