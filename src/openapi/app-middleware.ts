/**
 * Documents given the app say what its versioning middleware answers: the
 * middleware in front of a documented path records its `errorResponse`,
 * version policy and client pins (http/middleware-answers.ts), and documents
 * whose `errors`, `policy` or `pins` say otherwise are refused when they are made, with a sentence
 * naming what to give. An `errorResponse` of your own is not read.
 */
import { covers } from '../routes/hono-middleware.ts'
import { detailResponse } from '../hono/error-response.ts'
import { answersOf, isProblemAnswer } from '../http/middleware-answers.ts'
import type { VersionPolicy } from '../lifecycle/policy.ts'
import { innermost } from '../routes/composed-handlers.ts'
import type { ErrorFormat } from './responses.ts'

const FORMAT_NAMES = { detail: 'the default errorResponse ({"detail": ...}, application/json)', 'problem-details': 'problemDetails() (application/problem+json)' }

/** A policy's settings as JSON (its clock left out), to compare two policies made alike. */
function settingsOf(policy: unknown): string | null {
  const described = (policy as Partial<VersionPolicy> | undefined)?.describe?.()
  if (described === undefined) return null
  return JSON.stringify({ ...described, versions: [...described.versions], now: undefined })
}

/** What is wrong with documents of `policy` for a middleware of `own` policy, or `null`. */
function policyMismatch(own: unknown, policy: unknown): string | null {
  if (own === policy) return null
  if (own === undefined) return "policy is given, but the app's versioning middleware has no version policy: the documents would list headers and a 410 it never sends; give the middleware the policy, or leave policy out here."
  if (policy === undefined) return "the app's versioning middleware has a version policy, which these documents are not given: its Deprecation, Sunset and Link headers, its deprecated versions and its 410 after a sunset would be missing; give policy: the middleware's versionPolicy(...)."
  if (settingsOf(own) === settingsOf(policy)) return null
  return "policy differs from the app's versioning middleware's (its versions' dates and links, reportVersions, echoHeader or refuseAfterSunset); give the middleware's versionPolicy(...)."
}

/** What is wrong with documents given `pins` or not for a middleware with client pins or without, or `null`. */
function pinsMismatch(pinned: boolean, documented: boolean): string | null {
  if (pinned === documented) return null
  if (pinned) return "the app's versioning middleware has client pins (clientVersion), which these documents are not given: a pinned client that sends no version gets its pinned one, not the default they would say, and its key is no security scheme of theirs; give pins: {} (or the security scheme that carries the key)."
  return "pins is given, but the app's versioning middleware has no client pins (clientVersion): the documents would require a client key it never reads; give the middleware clientPins(...), or leave pins out here."
}

/**
 * Refuses documents given an app (`app.routes`) whose versioning middleware in front of a documented path (`paths`,
 * OpenAPI's syntax) answers otherwise than `errors`, `policy` and `pins` say: its refusals in the other format the
 * documents can write, under another version policy than `policy` (or none, or one they are not given), or with
 * client pins they are not given (or without those they are).
 */
export function checkAppMiddleware(app: unknown, { errors, policy, pins }: { readonly errors?: ErrorFormat | undefined; readonly policy?: unknown; readonly pins?: unknown }, paths: readonly string[], where: string): void {
  const routes = (app as { readonly routes?: unknown } | null | undefined)?.routes
  if (!Array.isArray(routes)) return
  const documented = errors ?? 'detail'
  for (const route of routes as { readonly handler?: unknown; readonly path?: unknown }[]) {
    const answers = answersOf(innermost(route?.handler))
    const at = route?.path
    if (answers === undefined || typeof at !== 'string' || !paths.some((path) => covers(at, path))) continue
    const found = answers.errorResponse === undefined || answers.errorResponse === detailResponse ? 'detail' : isProblemAnswer(answers.errorResponse) ? 'problem-details' : null
    if (found !== null && found !== documented) {
      throw new Error(`${where}: the app's versioning middleware answers its refusals with ${FORMAT_NAMES[found]}, but errors is '${documented}', which documents them with ${FORMAT_NAMES[documented]}; give errors: '${found}'.`)
    }
    const mismatch = policyMismatch(answers.policy, policy) ?? pinsMismatch(answers.clientVersion !== undefined, pins !== undefined)
    if (mismatch !== null) throw new Error(`${where}: ${mismatch}`)
  }
}
