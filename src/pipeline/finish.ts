/**
 * The last stage of the request path, for answers and rejections alike:
 * the request headers the visit's version was read from (the scheme's, and
 * those a version step's choice read) listed in `Vary`, then the
 * extensions' response steps (lifecycle headers, version changes).
 */
import { withHeaders } from '../http/mutable-response.ts'
import type { Visit } from './visit.ts'
import type { ExtensionSteps } from './extension-steps.ts'

/** Finishes the responses of one middleware. */
export interface Finisher {
  /** Whether responses need finishing at all (`Vary`, or an extension's version or response step). */
  readonly finishes: boolean
  /** `response` with the visit's `vary` in `Vary`, then through the response steps of `visit`. */
  finish(visit: Visit, response: Response): Response | Promise<Response>
}

/** The finisher of a middleware whose scheme reads the request headers `vary` and whose extensions are `steps`. */
export function finisher(vary: readonly string[], steps: ExtensionSteps | null): Finisher {
  return {
    finishes: vary.length > 0 || steps?.finishes === true || steps?.chooses === true,
    finish(visit, response) {
      let res = response
      const { names, text, merge } = visit.vary
      // Most responses list exactly them already (the middleware gave the context's headers `text`).
      const listed = names.length === 0 ? null : res.headers.get('Vary')
      const merged = names.length === 0 || listed === text ? null : merge(listed)
      if (merged !== null) {
        res = withHeaders(res, (r) => {
          r.headers.set('Vary', merged)
          return r
        })
      }
      return steps === null ? res : steps.finish(visit, res)
    },
  }
}
