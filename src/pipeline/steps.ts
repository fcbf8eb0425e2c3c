/**
 * The extensions of one middleware bound into the steps its request path
 * runs: the request steps in order before the handler, the JSON steps
 * composed into one, the response steps in order after it. Extensions carry
 * `bindSteps` (`VersioningExtension.bindAll`), so a middleware without any
 * carries none of this.
 */
import { VersioningError } from '../errors.ts'
import { withHeaders } from '../http/mutable-response.ts'
import type { BoundExtension, ExtensionSteps, ExtensionTarget, JsonStep, Passing, RequestStepResult, VersioningExtension } from './extension.ts'

type RequestStep = NonNullable<BoundExtension['request']>
type ResponseStep = NonNullable<BoundExtension['response']>
type JsonAsk = NonNullable<BoundExtension['json']>

/** Binds each of `extensions` to `target`, in order, and gives the steps they make together. */
export function bindSteps(extensions: readonly VersioningExtension[], target: ExtensionTarget): ExtensionSteps {
  const requests: RequestStep[] = []
  const responses: ResponseStep[] = []
  const asks: JsonAsk[] = []
  for (const extension of extensions) {
    const { request, response, json } = extension.bind(target)
    if (request !== undefined) requests.push(request)
    if (response !== undefined) responses.push(response)
    if (json !== undefined) asks.push(json)
  }

  function enter(passage: Passing, from = 0): void | Promise<void> {
    const refused = (error: unknown): void => {
      if (!(error instanceof VersioningError)) throw error
      passage.rejection = error
      passage.rejected = true
    }
    for (let i = from; i < requests.length && !passage.rejected && passage.absent !== true; i++) {
      const version = passage.version
      try {
        const out = (requests[i] as RequestStep)(passage)
        if (out instanceof Promise) {
          return out.then((result) => {
            took(passage, result, version)
            return enter(passage, i + 1)
          }, refused)
        }
        took(passage, out, version)
      } catch (error) {
        refused(error)
      }
    }
  }

  /** The first extension's step is the outermost. */
  function json(passage: Passing): JsonStep | undefined {
    let step: JsonStep | undefined
    for (let i = asks.length - 1; i >= 0; i--) {
      const own = (asks[i] as JsonAsk)(passage)
      if (own === undefined) continue
      const inner = step
      step = inner === undefined ? own : (value, status, respond) => own(value, status, (changed) => inner(changed, status, respond))
    }
    return step
  }

  function finish(passage: Passing, response: Response, from = 0): Response | Promise<Response> {
    let res = response
    for (let i = from; i < responses.length; i++) {
      const step = responses[i] as ResponseStep
      const out = withHeaders(res, (r) => step(passage, r))
      if (out instanceof Promise) return out.then((next) => finish(passage, next, i + 1))
      res = out
    }
    return res
  }

  return { enter, json: asks.length === 0 ? null : json, finishes: responses.length > 0, finish }
}

/** What a request step's result does to the passage (`version`: the version before the step). */
function took(passage: Passing, result: RequestStepResult, version: string | null | undefined): void {
  if (passage.version !== version) passage.pickRoute()
  if (result === 'absent') {
    passage.absent = true
    passage.route = null
    passage.versions = null
  } else if (result !== undefined) {
    passage.request = result.request
    if (result.body !== null) passage.body = result.body
  }
}
