/**
 * The last stage of the request path, for answers and rejections alike:
 * the scheme's request headers listed in `Vary`, then the extensions'
 * response steps (lifecycle headers, version changes).
 */
import { withHeaders } from '../http/mutable-response.ts'
import { varyMerger } from '../http/vary.ts'
import type { Visit } from './visit.ts'
import type { ExtensionSteps } from './extension-steps.ts'

/** Finishes the responses of one middleware. */
export interface Finisher {
  /** The request headers the version is read from, which responses `Vary` on. */
  readonly vary: readonly string[]
  /** `vary` as one `Vary` value (`''` when empty). */
  readonly varyText: string
  /** Whether responses need finishing at all (`Vary` or an extension's response step). */
  readonly finishes: boolean
  /** `response` with `vary` in `Vary`, then through the response steps of `visit`. */
  finish(visit: Visit, response: Response): Response | Promise<Response>
}

/** The finisher of a middleware whose scheme reads `vary` and whose extensions are `steps`. */
export function finisher(vary: readonly string[], steps: ExtensionSteps | null): Finisher {
  const varyText = vary.join(', ')
  const mergeVary = varyMerger(vary)
  return {
    vary,
    varyText,
    finishes: vary.length > 0 || steps?.finishes === true,
    finish(visit, response) {
      let res = response
      const listed = vary.length === 0 ? null : res.headers.get('Vary')
      // Most responses list exactly them already (the middleware gave the context's headers `varyText`).
      const merged = vary.length === 0 || listed === varyText ? null : mergeVary(listed)
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
