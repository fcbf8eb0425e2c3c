/**
 * The `Request` a handler reads in place of an older client's: its URL or
 * headers renamed by a request step, or its body migrated. Of the kind the
 * server handed: a `Request`, or a server's lighter object of its own
 * (light-request.ts).
 */
import type { MigratedBody } from './extension.ts'
import { OF_THE_BODY } from '../http/header-name.ts'
import { isLightRequest, lightRequest } from './light-request.ts'

/** `request` rebuilt with `url`, `headers` (`undefined`: its own; else a copy the caller owns) and `body` (`null`: its own body, passed on). */
export function rebuiltRequest(request: Request, body: MigratedBody | null, url: string, headers?: Headers): Request {
  // A server that hands its handlers a lighter object than a Request gets one of its kind back (light-request.ts):
  // for a JSON or text body, or none (by method: asking a server's lazy Request for its body builds the full one).
  if (isLightRequest(request) && !(body instanceof FormData)) {
    if (body !== null) return lightRequest(request, url, headers, typeof body === 'string' ? body : body.text)
    if (request.method === 'GET' || request.method === 'HEAD') return lightRequest(request, url, headers, null)
  }
  // Only what a server's request has: asking a server's lazy Request for anything else (redirect, signal) builds
  // the full one.
  const init: RequestInit & { duplex?: 'half'; cf?: unknown } = { method: request.method }
  // What the runtime adds to its requests: workerd's cf (the client's country, colo, ...), read by handlers of every version.
  const { cf } = request as { cf?: unknown }
  if (cf !== undefined) init.cf = cf
  if (body !== null) {
    // The new body's length is its own (and it is no longer chunked), the client's digests not of it; a form's type
    // carries its new boundary. Its type as the head reads it: a requestHeaderChanged of Content-Type has run.
    const form = body instanceof FormData
    const urlencoded = form && /^application\/x-www-form-urlencoded/i.test((headers ?? request.headers).get('content-type') ?? '')
    const own = headersWithout(headers ?? request.headers, form ? BODY_AND_TYPE : OF_THE_BODY)
    if (form) {
      init.body = urlencoded ? urlEncoded(body) : body
    } else {
      const text = typeof body === 'string' ? body : body.text
      init.body = text
      // A text body's length, as a server's request carries its body's (and the light request the migrated one's):
      // Hono's bodyLimit in a route's chain checks it. Before 4.12.16, bodyLimit gives a body without one a counting
      // stream in place of the request's, which the handler never reads (it reads the migrated body from Hono's
      // cache): an older body over the limit was served.
      own['content-length'] = String(encoder.encode(text).byteLength)
    }
    init.headers = own
  } else {
    init.headers = headers ?? headersWithout(request.headers, NONE)
    // A body an earlier reader took (through the framework's cache, which the handler then reads) has no stream to pass on.
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null && !request.bodyUsed) {
      // By method first: asking a server's lazy Request for its body stream builds the full Request.
      init.body = request.body
      init.duplex = 'half'
    }
  }
  return new Rebuilt(url, init, request)
}

/**
 * A `Request` whose `signal` is its source's, the client's connection: a
 * handler that stops its work when the client goes away (`fetch(upstream, {
 * signal: c.req.raw.signal })`) does so for an older client too. Read from
 * the source when asked, as the light request does (light-request.ts): a
 * signal given to `new Request` is a dependent one, which costs Node an
 * AbortController and a finalizer per request (a fifth of an older POST's
 * time in process), and keeps the rebuilt request reachable from the source's.
 */
class Rebuilt extends Request {
  readonly #source: Request

  constructor(url: string, init: RequestInit, source: Request) {
    super(url, init)
    this.#source = source
  }

  override get signal(): AbortSignal {
    return this.#source.signal
  }
}

/**
 * Whether `handed`, the request object the server handed, now carries the
 * URL and headers of `rewritten` (its query parameters or headers renamed),
 * set on it, because it asks to switch protocols (a WebSocket upgrade, with
 * no body to migrate): Bun's `server.upgrade` and `Deno.upgradeWebSocket`
 * upgrade only that object (a new `Request` is refused by Bun, and on Deno
 * answered 101 with no socket behind it, the client left waiting). `false`
 * for any other request, and for an object that takes no property of its
 * own (a frozen one), which the rewritten request then replaces.
 */
export function rewroteUpgrade(handed: Request, rewritten: Request): boolean {
  if (!handed.headers.has('upgrade')) return false
  try {
    if (rewritten.url !== handed.url) Object.defineProperty(handed, 'url', { value: rewritten.url, configurable: true })
    Object.defineProperty(handed, 'headers', { value: rewritten.headers, configurable: true })
  } catch {
    return false
  }
  return true
}

const encoder = new TextEncoder()
const NONE: ReadonlySet<string> = new Set()
const BODY_AND_TYPE: ReadonlySet<string> = new Set([...OF_THE_BODY, 'content-type'])

/**
 * `headers` as a plain record, without `left` (lower-case names). Read with
 * `forEach`: copying a server's `Headers` into another costs Deno about
 * four times as much.
 */
function headersWithout(headers: Headers, left: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (!left.has(name)) out[name] = value
  })
  return out
}

/** A form of text fields as `application/x-www-form-urlencoded`. */
function urlEncoded(form: FormData): URLSearchParams {
  const out = new URLSearchParams()
  for (const [name, value] of form) out.append(name, typeof value === 'string' ? value : value.name)
  return out
}
