/**
 * The extensions of one middleware, bound into the steps its request path
 * runs: the version steps, then (the route picked for the version) the
 * request steps, in order, before the handler; the JSON steps composed into
 * one; the response steps in order after it. Each step reads the exchange
 * and returns what it changes; the exchange applies it.
 */
import { VersioningError } from '../errors.ts'
import { withHeaders } from '../http/mutable-response.ts'
import type { Candidates, Exchange } from './exchange.ts'
import type { BoundExtension, ExtensionTarget, JsonStep, NotedChoice, RequestChange, VersioningExtension } from './extension.ts'

type VersionStep = NonNullable<BoundExtension['version']>
type RequestStep = NonNullable<BoundExtension['request']>
type ResponseStep = NonNullable<BoundExtension['response']>
type JsonAsk = NonNullable<BoundExtension['json']>

/** The extensions of one middleware, bound: what its request path runs per request. */
export interface ExtensionSteps {
  /**
   * Runs the steps on a decided request: the version steps (each may decide
   * the version, or refuse it), then picks the route among `candidates`,
   * then the request steps (each may refuse the request, rewrite it, or find
   * its route absent from the version: no later step). Synchronous unless a
   * step is not.
   */
  enter(exchange: Exchange, candidates: Candidates | null): void | Promise<void>
  /** The JSON steps this request needs, as one, or `undefined`; `null` when no extension has one. */
  readonly json: ((exchange: Exchange) => JsonStep | undefined) | null
  /** Whether any extension has a response step. */
  readonly finishes: boolean
  /** `response` after the response steps; a response with immutable headers is copied once. */
  finish(exchange: Exchange, response: Response): Response | Promise<Response>
}

/** Binds each of `extensions` to `target`, in order, and gives the steps they make together. */
export function bindExtensions(extensions: readonly VersioningExtension[], target: ExtensionTarget): ExtensionSteps {
  const versions: [number, VersionStep][] = []
  const requests: RequestStep[] = []
  const responses: [number, ResponseStep][] = []
  const asks: JsonAsk[] = []
  extensions.forEach((extension, index) => {
    const { version, request, response, json } = extension.bind(target)
    if (version !== undefined) versions.push([index, version])
    if (request !== undefined) requests.push(request)
    if (response !== undefined) responses.push([index, response])
    if (json !== undefined) asks.push(json)
  })

  /** The version steps from `from` on, then the route, then the request steps. */
  function decide(exchange: Exchange, candidates: Candidates | null, from: number): void | Promise<void> {
    for (let i = from; i < versions.length; i++) {
      const [index, step] = versions[i] as [number, VersionStep]
      let out: NotedChoice | Promise<NotedChoice>
      try {
        out = step(exchange)
      } catch (error) {
        chose(exchange, index, { choice: refusal(error) })
        return
      }
      if (out instanceof Promise) {
        return out.then(
          (noted) => (chose(exchange, index, noted) ? decide(exchange, candidates, i + 1) : undefined),
          (error: unknown) => void chose(exchange, index, { choice: refusal(error) }),
        )
      }
      if (!chose(exchange, index, out)) return
    }
    if (candidates !== null) exchange.pick(candidates)
    return change(exchange, 0)
  }

  /** The request steps from `from` on. */
  function change(exchange: Exchange, from: number): void | Promise<void> {
    for (let i = from; i < requests.length; i++) {
      let out: RequestChange | Promise<RequestChange>
      try {
        out = (requests[i] as RequestStep)(exchange)
      } catch (error) {
        exchange.change(refusal(error))
        return
      }
      if (out instanceof Promise) {
        return out.then(
          (result) => (exchange.change(result) ? change(exchange, i + 1) : undefined),
          (error: unknown) => void exchange.change(refusal(error)),
        )
      }
      if (!exchange.change(out)) return
    }
  }

  /** The first extension's step is the outermost. */
  function json(exchange: Exchange): JsonStep | undefined {
    let step: JsonStep | undefined
    for (let i = asks.length - 1; i >= 0; i--) {
      const own = (asks[i] as JsonAsk)(exchange)
      if (own === undefined) continue
      const inner = step
      step = inner === undefined ? own : (value, status, respond) => own(value, status, (changed, stepped) => inner(changed, status, (last, also) => respond(last, stepped !== false || also !== false)))
    }
    return step
  }

  function finish(exchange: Exchange, response: Response, from = 0): Response | Promise<Response> {
    let res = response
    for (let i = from; i < responses.length; i++) {
      const [index, step] = responses[i] as [number, ResponseStep]
      const out = withHeaders(res, (r) => step(exchange, r, exchange.notes?.[index]))
      if (out instanceof Promise) return out.then((next) => finish(exchange, next, i + 1))
      res = out
    }
    return res
  }

  return {
    enter: (exchange, candidates) => (exchange.rejection !== null ? undefined : decide(exchange, candidates, 0)),
    json: asks.length === 0 ? null : json,
    finishes: responses.length > 0,
    finish,
  }
}

/** Applies a version step's choice; returns whether later steps run. */
function chose(exchange: Exchange, index: number, { choice, note }: NotedChoice): boolean {
  if (note !== undefined) exchange.note(index, note)
  if (choice === undefined) return true
  if (choice instanceof VersioningError) {
    exchange.refuseVersion(choice)
    return false
  }
  exchange.decideVersion(choice.version)
  return true
}

/** A step's thrown `VersioningError` as its result; any other error is the app's. */
function refusal(error: unknown): VersioningError {
  if (error instanceof VersioningError) return error
  throw error
}
