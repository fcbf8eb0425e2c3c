/**
 * A migrated request of the kind a server hands its handlers when that is
 * not a `Request` of its runtime but a lighter object of its own (Node's
 * @hono/node-server: an object whose prototype inherits `Request.prototype`,
 * its body read from the socket without building a `Request`). Building a
 * `Request` with a body costs Node more than the rest of an older request's
 * migration (its body becomes a web stream); this one holds the migrated
 * text and builds that `Request` only when something asks for what it does
 * not own (its body as a stream, `formData()`, `cache`, `mode`, ...).
 *
 * It is what the server's own request is: an `instanceof Request` that reads
 * like one, and that the server's `new Request(request)` takes as it takes
 * its own (`unwrapsLike`), not one the runtime's `fetch(request)` accepts as
 * a `Request` (nor does it accept the server's); a server that hands a real
 * `Request` gets a real one back (rebuilt-request.ts).
 * Its headers carry the migrated body's `Content-Length`, as a server's
 * request carries its body's, so `bodyLimit` checks that length rather than
 * rebuilding the request around the stream it read.
 */

import { OF_THE_BODY } from '../http/header-name.ts'

const encoder = new TextEncoder()

/** The slot of the `Request` a light request builds when asked for what it does not own. */
const BUILT = Symbol('built')

class LightRequest {
  readonly #source: Request
  readonly #url: string
  /** The headers to start from (renamed by a request step), or `undefined`: the source's. */
  readonly #given: Headers | undefined
  /** The migrated body's text, or `null`: no body (a GET or HEAD). */
  readonly #text: string | null
  #headers: Headers | undefined
  #built: Request | undefined
  #used = false

  constructor(source: Request, url: string, given: Headers | undefined, text: string | null) {
    this.#source = source
    this.#url = url
    this.#given = given
    this.#text = text
  }

  get method(): string {
    return this.#source.method
  }

  get url(): string {
    return this.#url
  }

  /** The source's headers, renamed, without its body's framing and digests, with the migrated body's length; made when first read. */
  get headers(): Headers {
    if (this.#headers === undefined) {
      const headers = new Headers()
      ;(this.#given ?? this.#source.headers).forEach((value, name) => {
        if (!OF_THE_BODY.has(name)) headers.append(name, value)
      })
      if (this.#text !== null) headers.set('content-length', String(encoder.encode(this.#text).byteLength))
      this.#headers = headers
    }
    return this.#headers
  }

  /** The source's: the client's connection. */
  get signal(): AbortSignal {
    return this.#source.signal
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#text === null ? null : this[BUILT]().body
  }

  get bodyUsed(): boolean {
    return this.#built === undefined ? this.#used : this.#built.bodyUsed
  }

  text(): Promise<string> {
    return this.#read((text) => text, (built) => built.text())
  }

  json(): Promise<unknown> {
    return this.#read((text) => JSON.parse(text) as unknown, (built) => built.json())
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read((text) => encoder.encode(text).buffer as ArrayBuffer, (built) => built.arrayBuffer())
  }

  bytes(): Promise<Uint8Array> {
    return this.#read((text) => encoder.encode(text), (built) => built.arrayBuffer().then((buffer) => new Uint8Array(buffer)))
  }

  blob(): Promise<Blob> {
    return this.#read((text) => new Blob(text === '' ? [] : [text], { type: this.headers.get('content-type') ?? '' }), (built) => built.blob())
  }

  formData(): Promise<FormData> {
    if (this.#used && this.#built === undefined) return Promise.reject(unusable())
    return this[BUILT]().formData()
  }

  clone(): Request {
    if (this.#built !== undefined) return this.#built.clone()
    if (this.#used) throw unusable()
    return new LightRequest(this.#source, this.#url, this.#headers === undefined ? this.#given : new Headers(this.#headers), this.#text) as unknown as Request
  }

  /** The body read once: from the text while nothing has built the `Request`, else from it. */
  #read<T>(fromText: (text: string) => T, fromBuilt: (built: Request) => Promise<T>): Promise<T> {
    if (this.#built !== undefined) return fromBuilt(this.#built)
    if (this.#used) return Promise.reject(unusable())
    this.#used = true
    try {
      return Promise.resolve(fromText(this.#text ?? ''))
    } catch (error) {
      return Promise.reject(error)
    }
  }

  /** The `Request` it stands for, built once; its body already read when this one's was. */
  [BUILT](): Request {
    if (this.#built === undefined) {
      const init: RequestInit = { method: this.#source.method, headers: this.headers }
      if (this.#text !== null) init.body = this.#text
      this.#built = new Request(this.#url, init)
      if (this.#used) this.#built.arrayBuffer().catch(() => undefined)
    }
    return this.#built
  }
}

// An instanceof Request, as the server's own request is; what it does not own is the Request's it builds.
Object.setPrototypeOf(LightRequest.prototype, Request.prototype)
// Up the chain: a server may have put a subclass of its own in place of the runtime's Request (as Node's does).
for (let proto: object | null = Request.prototype; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
  for (const name of Object.getOwnPropertyNames(proto)) delegate(proto, name)
}

/** `name` of `proto` (a getter or a method of Request's), unless owned, read from the Request a light one builds. */
function delegate(proto: object, name: string): void {
  if (name === 'constructor' || Object.hasOwn(LightRequest.prototype, name)) return
  const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor
  if (descriptor.get !== undefined) {
    Object.defineProperty(LightRequest.prototype, name, { configurable: true, get: function (this: LightRequest) { return this[BUILT]()[name as keyof Request] } })
  } else if (typeof descriptor.value === 'function') {
    Object.defineProperty(LightRequest.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: LightRequest, ...args: unknown[]) {
        const built = this[BUILT]()
        return (built[name as keyof Request] as (...a: unknown[]) => unknown).apply(built, args)
      },
    })
  }
}

function unusable(): TypeError {
  return new TypeError('Body is unusable: the request body was already read.')
}

/** The runtime's own getter of a `Request`'s method: it answers for a `Request` the runtime made, and throws for any other object. */
const methodOf = Object.getOwnPropertyDescriptor(Request.prototype, 'method')?.get

/** The prototype last looked at by `isLightRequest`, and its answer (a server hands its handlers objects of one kind). */
let lastPrototype: object | null = null
let lastLight = false

/**
 * Whether `request` is a server's object of its own rather than its runtime's `Request`. A `Request` made by the
 * runtime, or by `new Request()`, has `Request.prototype` as its prototype; one of a subclass (a framework's own, as
 * Next.js hands its `NextRequest`) is a `Request` the runtime made too, which its `new Request(request)` and `fetch`
 * take: such a one is rebuilt as a `Request` (rebuilt-request.ts), never as a light one. Told apart by the runtime's
 * own getter, once per prototype.
 */
export function isLightRequest(request: Request): boolean {
  const proto = Object.getPrototypeOf(request) as object | null
  if (proto === Request.prototype) return false
  if (proto !== lastPrototype) {
    lastPrototype = proto
    // (A runtime without that getter: every object of another prototype is taken as light.)
    lastLight = true
    if (methodOf !== undefined) {
      try {
        methodOf.call(request)
        lastLight = false
      } catch {
        // Not a Request the runtime made: a server's object of its own.
      }
    }
  }
  return lastLight
}

/** `source` at `url` with `headers` (`undefined`: its own) and the migrated body `text` (`null`: none, a GET or HEAD). */
export function lightRequest(source: Request, url: string, headers: Headers | undefined, text: string | null): Request {
  unwrapsLike(source)
  return new LightRequest(source, url, headers, text) as unknown as Request
}

/** The servers' request prototypes looked at by `unwrapsLike`. */
const seen = new WeakSet<object>()

/**
 * A server that puts its own Request constructor in place of the runtime's unwraps its light requests by a
 * symbol-keyed method of theirs (@hono/node-server: `getRequestCache`, which its `new Request(c.req.raw)` calls to
 * get the Request one stands for). A light request of ours gets the same method, giving the Request it builds, so
 * `new Request(c.req.raw)` takes an older client's request as it takes the head's. Looked up once per prototype.
 */
function unwrapsLike(source: Request): void {
  const proto = Object.getPrototypeOf(source) as object | null
  if (proto === null || seen.has(proto)) return
  seen.add(proto)
  for (const symbol of Object.getOwnPropertySymbols(proto)) {
    if (symbol.description !== 'getRequestCache' || Object.hasOwn(LightRequest.prototype, symbol)) continue
    Object.defineProperty(LightRequest.prototype, symbol, {
      configurable: true,
      value: function (this: LightRequest): Request {
        return this[BUILT]()
      },
    })
  }
}
