/**
 * The per-request work of a bound history: the request step migrates an
 * older request up to the head version before the handler, the response
 * step migrates the handler's response down to the request's version. A
 * head-version request returns at the first check, with no parsing and no
 * serialising; an older one pays one `JSON.parse` and one `JSON.stringify`
 * per body, whatever the number of versions crossed, and a response built
 * with `c.json()` goes through the JSON step instead: the handler's value is
 * migrated before its only serialisation.
 */
import { withoutStack } from '../errors.ts'
import type { BoundExtension, ExchangeView, JsonStep, RequestChange, RequestRewrite } from '../pipeline/extension.ts'
import { failureSentence, jsonPath, MigrationFailure } from './migration-failure.ts'
import { MalformedJsonBody, UnreadableBody, UnsupportedBodyType } from './request-errors.ts'
import type { Copy } from './json-copy.ts'
import type { Visit } from './migration-plan.ts'
import type { BodyCheck } from './body-checks.ts'

/** A body's steps between one version and the head, and the copy a value not parsed here gets first. */
export interface Chain {
  readonly steps: readonly Visit[]
  /** Copies a handler's value along its layout as JSON reads it, so the steps may change it in place. */
  readonly copy: Copy
}

/** Per version index: what to do for a request of that version (arrays indexed by version). */
export interface RoutePlan {
  /** Whether the route exists in each version, or `null` for every version (and for table routes: the table knows). */
  readonly exists: readonly boolean[] | null
  /** The check of an older request body against its own version's schema, before its steps (`null`: none). */
  readonly checks: readonly (BodyCheck | null)[] | null
  /** The request body's steps up to the head, oldest first. */
  readonly request: readonly Chain[] | null
  /** The success response body's steps down from the head, newest first. */
  readonly response: readonly Chain[] | null
  /** The error response body's steps (status 400 and above). */
  readonly error: readonly Chain[] | null
  /** `[newer, older]` statuses, newest step first. */
  readonly status: readonly (readonly (readonly [number, number])[])[] | null
  /** `[header, down]`, newest step first. */
  readonly headers: readonly (readonly (readonly [string, (value: string | null) => string | null])[])[] | null
  /** `[older, newer]` query parameter names, oldest step first. */
  readonly query: readonly (readonly (readonly [string, string])[])[] | null
  /** `[older, newer]` request header names, oldest step first. */
  readonly requestHeaders: readonly (readonly (readonly [string, string])[])[] | null
}

/** What the history looked up for a request, once: its version's index and its route's plan. */
export interface PlanNote {
  /** The version's index (`undefined`: the head, nothing to migrate). */
  readonly index: number | undefined
  readonly found: RoutePlan | undefined
}

/** A history bound to a middleware: its lookup, request, response and JSON steps. */
export interface BoundChanges extends BoundExtension {
  /** The route's plan for the request's version, looked up once (`undefined`: nothing to do). */
  lookup(exchange: ExchangeView): PlanNote | undefined
  request(exchange: ExchangeView, note: unknown): RequestChange | Promise<RequestChange>
  response(exchange: ExchangeView, response: Response, note: unknown): Response | Promise<Response>
  /**
   * The fast path for `c.json(value, status)` on an older version: migrates
   * the handler's value itself (no parse, no second serialisation); the
   * response step then leaves the body alone. The value is not changed:
   * objects are copied along the layout first. `undefined` on the head
   * version and for HEAD requests: nothing to wrap.
   */
  json(exchange: ExchangeView, note: unknown): JsonStep | undefined
}

const JSON_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i

/** Whether a Content-Type is JSON (`application/json`, `application/problem+json`, ...). */
export function isJsonType(type: string | null): boolean {
  return type !== null && JSON_TYPE.test(type)
}

/** Runs steps over a value (changed in place). */
export function runSteps(value: unknown, steps: readonly Visit[]): unknown {
  let current = value
  for (const step of steps) current = step(current)
  return current
}

/**
 * Binds the steps. `plan` finds the route's plan; `indexOf` a version's index
 * (`undefined`: the head or unknown, nothing to migrate).
 */
export function bindChanges(
  plan: (exchange: ExchangeView) => RoutePlan | undefined,
  indexOf: (version: string | null | undefined) => number | undefined,
  /** The head's index when some route does not exist in the head version (removed, or a plain route's older path), else `null`. */
  headGaps: number | null,
): BoundChanges {
  function bodyChain(found: RoutePlan, index: number, status: number): Chain | undefined {
    const chain = status < 300 ? found.response?.[index] : status >= 400 ? found.error?.[index] : undefined
    return chain === undefined || chain.steps.length === 0 ? undefined : chain
  }

  return {
    lookup(exchange) {
      const index = indexOf(exchange.version)
      // On the head, only a route some version removed or moved needs its plan.
      if (index === undefined && headGaps === null) return undefined
      const found = plan(exchange)
      return found === undefined ? undefined : { index, found }
    },

    request(exchange, noted) {
      const note = noted as PlanNote | undefined
      if (note === undefined) return
      const { index, found } = note as { index: number | undefined; found: RoutePlan }
      if (index === undefined) {
        if (headGaps !== null && found.exists?.[headGaps] === false) return 'absent'
        return
      }
      if (found.exists !== null && found.exists[index] !== true) return 'absent'
      const steps = found.request?.[index]?.steps
      const check = found.checks?.[index] ?? null
      const query = found.query?.[index]
      const names = found.requestHeaders?.[index]
      const hasSteps = (steps !== undefined && steps.length > 0) || check !== null
      if (!hasSteps && (query === undefined || query.length === 0) && (names === undefined || names.length === 0)) return
      return migrateRequest(exchange, hasSteps ? (steps ?? []) : null, check, query ?? null, names ?? null)
    },

    response(exchange, response, noted) {
      const note = noted as PlanNote | undefined
      if (exchange.rejected || note?.index === undefined) return response
      const { index, found } = note as { index: number; found: RoutePlan }
      const chain = exchange.jsonStepped || exchange.method === 'HEAD' ? undefined : bodyChain(found, index, response.status)
      const statuses = found.status?.[index]
      const headers = found.headers?.[index]
      // The JSON step answered a stepped body with its older status already.
      const status = statuses === undefined || exchange.jsonStepped ? response.status : olderStatus(response.status, statuses)
      const body = chain !== undefined && response.body !== null && isJsonType(response.headers.get('content-type'))
      if (!body && status === response.status && (headers === undefined || headers.length === 0)) return response
      if (!body) return rebuild(response.body, response, status, headers, false)
      return response.text().then((text) => {
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch {
          // Not JSON after all: sent as it is.
          return rebuild(text, response, status, headers, false)
        }
        return rebuild(JSON.stringify(migrateResponse(exchange, value, (chain as Chain).steps, response.status)), response, status, headers, true)
      })
    },

    json(exchange, noted) {
      const note = noted as PlanNote | undefined
      if (note?.index === undefined || exchange.rejected || exchange.method === 'HEAD') return undefined
      const { index, found } = note as { index: number; found: RoutePlan }
      return function migrateJson(value, status, respond) {
        const chain = bodyChain(found, index, status)
        if (chain === undefined) return respond(value, false)
        const statuses = found.status?.[index]
        const older = statuses === undefined ? status : olderStatus(status, statuses)
        // The older status given to the response the handler's call builds: no second Response for it.
        return respond(migrateResponse(exchange, chain.copy(value, ''), chain.steps, status), true, older === status ? undefined : older)
      }
    },
  }
}

function olderStatus(status: number, pairs: readonly (readonly [number, number])[]): number {
  let current = status
  for (const [newer, older] of pairs) if (current === newer) current = older
  return current
}

/** A response with `body`, `status`, and the older headers (a new body drops Content-Length). */
function rebuild(
  body: BodyInit | null,
  response: Response,
  status: number,
  changes: readonly (readonly [string, (value: string | null) => string | null])[] | undefined,
  newBody: boolean,
): Response {
  const headers = new Headers(response.headers)
  if (newBody) headers.delete('content-length')
  if (changes !== undefined) {
    for (const [name, down] of changes) {
      const older = down(headers.get(name))
      if (older === null) headers.delete(name)
      else headers.set(name, older)
    }
  }
  return new Response(body, status === response.status ? { status, statusText: response.statusText, headers } : { status, headers })
}

/**
 * A response body migrated down; a body that does not fit its layout, or a
 * converter that throws, is the server's error: thrown with a sentence for
 * `app.onError` (the client gets the app's 500, never the head shape).
 */
function migrateResponse(exchange: ExchangeView, value: unknown, steps: readonly Visit[], status: number): unknown {
  try {
    return runSteps(value, steps)
  } catch (error) {
    if (!(error instanceof MigrationFailure)) throw error
    const route = exchange.route === null ? `"${exchange.method} ${exchange.routePath}"` : `route "${exchange.route.viewName}" (${exchange.method})`
    const fix = error.reason === 'layout' ? '; declare the layout this response has (per method: "POST name" in bodies) or answer the one declared' : ''
    throw new Error(`versionHistory: the ${status} response of ${route} cannot be migrated to version "${String(exchange.version)}": ${failureSentence(error)}${fix}.`, { cause: error })
  }
}

let unsupported: UnsupportedBodyType | undefined
let malformed: MalformedJsonBody | undefined

/**
 * An older client's body migrated up, as JSON text. Whatever its
 * `Content-Type` says, the handler never reads it un-migrated: an empty body
 * passes, a JSON one is migrated, any other is refused (415). Client input
 * that cannot be migrated is the client's error (400), naming the place.
 */
async function migratedBody(exchange: ExchangeView, steps: readonly Visit[], check: BodyCheck | null): Promise<string> {
  const text = await exchange.bodyText()
  if (!/\S/.test(text)) return text
  if (!isJsonType(exchange.request.headers.get('content-type'))) throw (unsupported ??= withoutStack(() => new UnsupportedBodyType()))
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    if (error instanceof RangeError) throw new UnreadableBody('The request body is nested too deeply to migrate.')
    throw (malformed ??= withoutStack(() => new MalformedJsonBody()))
  }
  // In the client's own version, before anything of it changes: the errors name its fields.
  if (check !== null) check(value)
  try {
    return JSON.stringify(runSteps(value, steps))
  } catch (error) {
    if (error instanceof MigrationFailure) {
      throw new UnreadableBody(error.reason === 'layout' ? `Invalid request body at ${error.at}: ${error.what}.` : `Invalid value at ${error.at}.`)
    }
    if (error instanceof RangeError) throw new UnreadableBody(`The request body is nested too deeply to migrate at ${deepest(value)}.`)
    throw error
  }
}

/** The JSON path of the top-level field (or item) under which `value` nests deepest. */
function deepest(value: unknown): string {
  let best = { depth: -1, at: '$' }
  if (value === null || typeof value !== 'object') return best.at
  for (const [key, child] of Object.entries(value)) {
    let depth = 0
    const stack: [unknown, number][] = [[child, 1]]
    while (stack.length > 0) {
      const [node, d] = stack.pop() as [unknown, number]
      if (d > depth) depth = d
      if (node !== null && typeof node === 'object') for (const inner of Object.values(node)) stack.push([inner, d + 1])
    }
    if (depth > best.depth) best = { depth, at: jsonPath([Array.isArray(value) ? Number(key) : key]) }
  }
  return best.at
}

/** The request with its query parameters and headers renamed and its JSON body migrated up; `undefined` when nothing changed. */
async function migrateRequest(
  exchange: ExchangeView,
  steps: readonly Visit[] | null,
  check: BodyCheck | null,
  query: readonly (readonly [string, string])[] | null,
  names: readonly (readonly [string, string])[] | null,
): Promise<RequestRewrite | undefined> {
  const request = exchange.request
  let url = request.url
  if (query !== null) {
    const parsed = new URL(url)
    let renamed = false
    for (const [older, newer] of query) {
      if (!parsed.searchParams.has(older)) continue
      const values = parsed.searchParams.getAll(older)
      parsed.searchParams.delete(older)
      if (!parsed.searchParams.has(newer)) for (const value of values) parsed.searchParams.append(newer, value)
      renamed = true
    }
    if (renamed) url = parsed.href
  }
  // By method, not request.body: asking a server's lazy Request for its body stream builds the full Request.
  const body = steps !== null && request.method !== 'GET' && request.method !== 'HEAD' ? await migratedBody(exchange, steps, check) : null
  let headers: Headers | undefined
  if (names !== null) {
    for (const [older, newer] of names) {
      const value = request.headers.get(older)
      if (value === null) continue
      headers ??= new Headers(request.headers)
      headers.delete(older)
      if (!headers.has(newer)) headers.set(newer, value)
    }
  }
  if (url === request.url && headers === undefined) return body === null ? undefined : { request, body }
  // A new Request only when the URL or headers changed. Not tied to the original's signal: following it keeps
  // every rebuilt request reachable from the original's until that one is collected.
  headers ??= new Headers(request.headers)
  if (body !== null) headers.delete('content-length')
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, redirect: request.redirect }
  if (body !== null) init.body = body
  else if (request.body !== null) {
    init.body = request.body
    init.duplex = 'half'
  }
  return { request: new Request(url, init), body }
}
