/**
 * A validator that ran before the versioning middleware: Hono keeps what it
 * validated in `c.req.valid()`, read from the request as an older client
 * sent it. Once the middleware migrates that request (its body, or its
 * query parameters and headers renamed or their values changed), the validated value is not what
 * the handler's request says: the error the middleware throws then, rather
 * than the handler reading the older request from `c.req.valid()`.
 */
import type { Context } from 'hono'

const BODY =
  "%: a validator ran before the versioning middleware, so c.req.valid() holds an older client's body as it was sent, not migrated to the newest version; register the middleware before the validators (app.use('*', versioning) first, or ahead of them in the route's handlers)."
const PARAMETERS =
  "%: a validator ran before the versioning middleware, so c.req.valid() holds an older client's query parameters or headers as they were sent, not renamed or converted to the newest version's; register the middleware before the validators (app.use('*', versioning) first, or ahead of them in the route's handlers)."

/** The headers a migrated body brings of its own (its length, a form's boundary), which are not renamed ones. */
const OF_THE_BODY: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'content-type'])

/**
 * The error of middleware `where` when a validator that ran before it holds
 * what `request` (the request rewritten for the handler, `migrated`: with
 * its body migrated) has changed, else `null`. Only a rewritten request is
 * checked, so a head request pays nothing.
 */
export function validatedBefore(c: Context, request: Request, migrated: boolean, where: string): Error | null {
  const valid = (target: string): unknown => c.req.valid(target as never)
  if (migrated && (valid('json') !== undefined || valid('form') !== undefined)) return new Error(BODY.replace('%', where))
  const raw = c.req.raw
  if (valid('query') !== undefined && request.url !== raw.url) return new Error(PARAMETERS.replace('%', where))
  if (valid('header') !== undefined && (differ(raw.headers, request.headers) || differ(request.headers, raw.headers))) {
    return new Error(PARAMETERS.replace('%', where))
  }
  return null
}

/** Whether a header of `from` (not one of the body's) is missing from `to` or valued otherwise there. */
function differ(from: Headers, to: Headers): boolean {
  let differs = false
  from.forEach((value, name) => {
    if (!OF_THE_BODY.has(name) && to.get(name) !== value) differs = true
  })
  return differs
}
