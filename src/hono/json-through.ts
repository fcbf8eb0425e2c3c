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

type Json = (value: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response

/**
 * Routes this request's `c.json` through `step`; gives whether a response is one it built with a stepped body: the
 * very response, or the copy Hono makes of it when it becomes `c.res` (same body stream). A handler that builds a
 * JSON answer and returns another response gets that response through the response steps.
 */
export function jsonThrough(c: Context, step: JsonStep): (response: Response) => boolean {
  const json = c.json as unknown as Json
  const setStatus = c.status
  let status = 200
  let built: Response[] | null = null
  // Patch: c.status, followed (Hono keeps the status private).
  c.status = (code) => {
    status = code
    setStatus(code)
  }
  const through: Json = (value, arg, headers) =>
    step(value, typeof arg === 'number' ? arg : (arg?.status ?? status), (changed, changedBody = true, older) => {
      // A status the step answers with instead (an older version's): given as the handler gave its own.
      const response = json(changed, older === undefined ? arg : typeof arg === 'object' ? { ...arg, status: older } : older, headers)
      if (changedBody) (built ??= []).push(response)
      return response
    })
  // Patch: c.json, replaced on this context only.
  ;(c as unknown as { json: Json }).json = through
  return (response) => built !== null && (built.includes(response) || built.some((own) => own.body !== null && own.body === response.body))
}
