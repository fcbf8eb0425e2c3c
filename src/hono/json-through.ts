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

/** Hono's `c.json`, as this module calls it. */
type JsonAnswer = (value: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response

/**
 * The header the JSON step marks the responses it built with a stepped body: a header travels with every copy of a
 * response (`new Response(res.body, res)`, `clone()`), where neither the object nor (on Deno) its body stream does.
 * The finish stage takes it off before the response leaves (engine.ts), so no client sees it.
 */
const STEPPED = 'x-api-versioning-json-step'

/**
 * Routes this request's `c.json` through `step`; gives whether a response is one it built with a stepped body (or a
 * copy of one), taking the mark off. A handler that builds a JSON answer and returns another response gets that
 * response through the response steps.
 */
export function jsonThrough(c: Context, step: JsonStep): (response: Response) => boolean {
  const json = c.json as unknown as JsonAnswer
  const setStatus = c.status
  let status = 200
  let marked = false
  // Patch: c.status, followed (Hono keeps the status private).
  c.status = (code) => {
    status = code
    setStatus(code)
  }
  const through: JsonAnswer = (value, arg, headers) =>
    step(value, typeof arg === 'number' ? arg : (arg?.status ?? status), (changed, changedBody = true, older) => {
      // A status the step answers with instead (an older version's): given as the handler gave its own.
      const response = json(changed, older === undefined ? arg : typeof arg === 'object' ? { ...arg, status: older } : older, headers)
      if (changedBody) {
        response.headers.set(STEPPED, '1')
        marked = true
      }
      return response
    })
  // Patch: c.json, replaced on this context only.
  ;(c as unknown as { json: JsonAnswer }).json = through
  return (response) => {
    if (!marked || !response.headers.has(STEPPED)) return false
    response.headers.delete(STEPPED)
    return true
  }
}
