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
import type { BoundExtension, Exchange, JsonStep, RequestStepResult } from '../pipeline/extension.ts'
import { MalformedJsonBody } from './malformed-body.ts'
import type { Visit } from './migration-plan.ts'

/** A body's steps between one version and the head, and the copy a value not parsed here gets first. */
export interface Chain {
  readonly steps: readonly Visit[]
  /** Copies the value along its layout (in the version the steps start from), so the steps may change it in place. */
  readonly copy: Visit
}

/** Per version index: what to do for a request of that version (arrays indexed by version). */
export interface RoutePlan {
  /** Whether the route exists in each version, or `null` for every version (and for table routes: the table knows). */
  readonly exists: readonly boolean[] | null
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

/** A history bound to a middleware: its request, response and JSON steps. */
export interface BoundChanges extends BoundExtension {
  request(exchange: Exchange): RequestStepResult | Promise<RequestStepResult>
  response(exchange: Exchange, response: Response): Response | Promise<Response>
  /**
   * The fast path for `c.json(value, status)` on an older version: migrates
   * the handler's value itself (no parse, no second serialisation); the
   * response step then leaves the body alone. The value is not changed:
   * objects are copied along the layout first. `undefined` on the head
   * version and for HEAD requests: nothing to wrap.
   */
  json(exchange: Exchange): JsonStep | undefined
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
export function bindSteps(
  plan: (exchange: Exchange) => RoutePlan | undefined,
  indexOf: (version: string | null | undefined) => number | undefined,
  /** The head's index when some route does not exist in the head version (removed, or a plain route's older path), else `null`. */
  headGaps: number | null,
): BoundChanges {
  /**
   * Requests whose response body the JSON step migrated. Kept by request,
   * not by response: middleware may copy the response (`new Response(res.body, res)`).
   */
  const migrated = new WeakSet<Exchange>()

  function bodyChain(found: RoutePlan, index: number, status: number): Chain | undefined {
    const chain = status < 300 ? found.response?.[index] : status >= 400 ? found.error?.[index] : undefined
    return chain === undefined || chain.steps.length === 0 ? undefined : chain
  }

  return {
    request(exchange) {
      const index = indexOf(exchange.version)
      if (index === undefined) {
        if (headGaps !== null && plan(exchange)?.exists?.[headGaps] === false) return 'absent'
        return
      }
      const found = plan(exchange)
      if (found === undefined) return
      if (found.exists !== null && found.exists[index] !== true) return 'absent'
      const steps = found.request?.[index]?.steps
      const query = found.query?.[index]
      const names = found.requestHeaders?.[index]
      const hasSteps = steps !== undefined && steps.length > 0
      if (!hasSteps && (query === undefined || query.length === 0) && (names === undefined || names.length === 0)) return
      return migrateRequest(exchange.request, hasSteps ? steps : null, query ?? null, names ?? null)
    },

    response(exchange, response) {
      if (exchange.rejected) return response
      const index = indexOf(exchange.version)
      if (index === undefined) return response
      const found = plan(exchange)
      if (found === undefined) return response
      const chain = migrated.has(exchange) || exchange.method === 'HEAD' ? undefined : bodyChain(found, index, response.status)
      const statuses = found.status?.[index]
      const headers = found.headers?.[index]
      const status = statuses === undefined ? response.status : olderStatus(response.status, statuses)
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
        return rebuild(JSON.stringify(runSteps(value, (chain as Chain).steps)), response, status, headers, true)
      })
    },

    json(exchange) {
      const index = indexOf(exchange.version)
      if (index === undefined || exchange.rejected || exchange.method === 'HEAD') return undefined
      return function migrateJson(value, status, respond) {
        // The route is looked up when the handler answers: a mounted handler may have chosen another one.
        const found = plan(exchange)
        const chain = found === undefined ? undefined : bodyChain(found, index, status)
        if (chain === undefined) return respond(value)
        migrated.add(exchange)
        return respond(runSteps(chain.copy(value), chain.steps))
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

/** The request with its query parameters and headers renamed and its JSON body migrated up; `undefined` when nothing changed. */
async function migrateRequest(
  request: Request,
  steps: readonly Visit[] | null,
  query: readonly (readonly [string, string])[] | null,
  names: readonly (readonly [string, string])[] | null,
): Promise<Request | undefined> {
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
  let body: string | undefined
  if (steps !== null && request.body !== null && isJsonType(request.headers.get('content-type'))) {
    const text = await request.text()
    if (text.trim() !== '') {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw new MalformedJsonBody()
      }
      body = JSON.stringify(runSteps(value, steps))
    } else {
      body = text
    }
  }
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
  if (body === undefined && url === request.url && headers === undefined) return undefined
  headers ??= new Headers(request.headers)
  if (body !== undefined) headers.delete('content-length')
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, redirect: request.redirect, signal: request.signal }
  if (body !== undefined) init.body = body
  else if (request.body !== null) {
    init.body = request.body
    init.duplex = 'half'
  }
  return new Request(url, init)
}
