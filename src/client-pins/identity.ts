/**
 * Who a request's client is, without keeping its credential: an identity an
 * authentication middleware verified (`jwtSubject`), or a keyed hash of the
 * credential (`bearerClient`, `clientHasher`: HMAC-SHA-256 through Web
 * Crypto with a secret the app keeps). Only that identity reaches the pin
 * store, the usage log, `callers()` and any log line.
 */
import type { Context } from 'hono'
import { checkOptions } from '../options.ts'
import { SieveCache } from './sieve.ts'

/**
 * The client of a request, read from its Hono context once the middleware
 * before the versioning middleware ran: an identity, or `null`/`undefined`
 * for none (the request is answered in the scheme's default version, and
 * nothing is pinned or counted).
 */
export type ClientOf = (c: Context) => string | null | undefined | Promise<string | null | undefined>

/** A `ClientOf` that names each client by a keyed hash of its credential. */
export interface HashedClient {
  (c: Context): string | null | Promise<string | null>
  /** The id a credential is known by in the store and the usage log: how an operator finds a customer's pin from the customer's key. */
  idOf(credential: string): Promise<string>
}

/** An identity a store keeps: 1 to 96 printable ASCII characters (a KV key with its prefix, an Analytics Engine index). */
const USABLE_ID = /^[\x21-\x7e]{1,96}$/

/** `id` when it can name a client in a store, else `undefined` (not pinned, not counted). */
export function usableId(id: unknown): string | undefined {
  return typeof id === 'string' && USABLE_ID.test(id) ? id : undefined
}

/** The shortest secret accepted: 32 characters (256 bits of a random hex or base64 value). */
const MIN_SECRET = 32

/**
 * Hashes a credential (or any identity) with HMAC-SHA-256 under `secret`
 * into 64 hex characters: the same credential always gives the same id, and
 * the id gives nothing of the credential to whoever lacks the secret.
 *
 * @example
 * ```ts
 * const hash = clientHasher('an example secret of 32 characters or more')
 * ;(await hash('sk_live_123')).length // → 64
 * ```
 */
function clientHasher(secret: string, where = 'clientHasher'): (credential: string) => Promise<string> {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET) {
    throw new Error(
      `${where}: secret must be a string of at least ${MIN_SECRET} characters (a random value kept as a secret, such as \`wrangler secret put PIN_SECRET\`); it keys the hash that names each client, so no credential is stored.`,
    )
  }
  const encoder = new TextEncoder()
  let key: Promise<CryptoKey> | undefined
  return async function hash(credential) {
    key ??= crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(credential)))
    let hex = ''
    for (const byte of mac) hex += byte.toString(16).padStart(2, '0')
    return hex
  }
}

/** Keys longer than this, or with characters outside token68 (RFC 7235), name no client. */
const TOKEN = /^[A-Za-z0-9\-._~+/]{1,1024}=*$/

/** Options of `bearerClient`. */
export interface BearerClientOptions {
  /** The key of the hash (at least 32 characters): a Worker secret (`env.PIN_SECRET`), never in the code. */
  readonly secret: string
  /**
   * How many keys' hashes are remembered in memory, so a key is hashed once
   * per isolate rather than per request (`0`: hash every request). Held in
   * the isolate's memory only, each by a keyed 62-bit hash of its
   * `Authorization` value (never the value itself); bounded, a flood of new
   * keys passes through.
   * @default 10000
   */
  readonly memo?: number | undefined
}

/**
 * A `client` for `clientPins`: the key of `Authorization: Bearer <key>`
 * (token68 characters, at most 1,024), hashed with `secret`, else `null`.
 * The key is read from the request, so the middleware's place among
 * authentication middleware does not matter: a request they refuse (401,
 * 403, or 400 for a malformed header) is neither pinned nor counted. `idOf(key)` gives a key's id.
 *
 * @example
 * ```ts
 * const client = bearerClient({ secret: 'an example secret of 32 characters or more' })
 * ;(await client.idOf('demo-2025')).length // → 64
 * ```
 */
export function bearerClient(options: BearerClientOptions): HashedClient {
  const where = 'bearerClient'
  if (options === null || typeof options !== 'object') throw new Error(`${where}: pass { secret: env.PIN_SECRET }, a secret of at least ${MIN_SECRET} characters.`)
  checkOptions(options, where, ['secret', 'memo'])
  const { secret, memo = 10_000 } = options
  const hash = clientHasher(secret, where)
  if (!Number.isInteger(memo) || memo < 0) throw new Error(`${where}: memo must be a whole number of keys, 0 or more.`)
  const known = memo === 0 ? null : new SieveCache<Remembered, number>(memo)
  // The memo's keys: a hash of the value under seeds drawn at random once, so the memo holds no credential. Drawn at
  // the first request: a Worker may not generate random values in its global scope, where this runs.
  let seeds: Uint32Array | null = null
  const client = function bearerClient(c: Context): string | null | Promise<string | null> {
    const value = c.req.raw.headers.get('authorization')
    if (value === null || value.length < 8 || value.length > 1100) return null
    // The memo holds only header values whose key passed the check, so a client that calls again is read at once.
    let slot = 0
    let check = 0
    if (known !== null) {
      // Two 32-bit lanes over the value: one finds its entry, the other must match the entry's.
      seeds ??= crypto.getRandomValues(new Uint32Array(2))
      let a = seeds[0] as number
      let b = seeds[1] as number
      for (let i = 0; i < value.length; i++) {
        const code = value.charCodeAt(i)
        a = Math.imul(a ^ code, 0x85ebca6b)
        a = (a << 13) | (a >>> 19)
        b = Math.imul(b ^ code, 0xc2b2ae35)
        b = (b << 17) | (b >>> 15)
      }
      // Small integers on every engine: 30 bits find the entry, 32 check it.
      slot = mixed(a ^ value.length) & 0x3fffffff
      check = mixed(b ^ value.length)
      const hit = known.get(slot)
      if (hit !== undefined && hit.check === check) return hit.id
    }
    if (value.slice(0, 7).toLowerCase() !== 'bearer ') return null
    // As bearerAuth reads it: whitespace before the key skipped, none after it (HTTP drops trailing spaces and tabs), so a
    // value it refuses (400) names no client and is neither pinned nor counted.
    const key = value.slice(7).trimStart()
    if (!TOKEN.test(key)) return null
    return hash(key).then((hashed) => {
      known?.set(slot, { check, id: hashed })
      return hashed
    })
  } as HashedClient
  client.idOf = (credential) => hash(credential)
  return client
}

/** A remembered key's id, with the check lane of its value's hash. */
interface Remembered {
  readonly check: number
  readonly id: string
}

/** MurmurHash3's finaliser: every bit of `h` reaches every bit of the result. */
function mixed(h: number): number {
  let x = h ^ (h >>> 16)
  x = Math.imul(x, 0x85ebca6b)
  x ^= x >>> 13
  x = Math.imul(x, 0xc2b2ae35)
  return (x ^ (x >>> 16)) | 0
}

/** Options of `jwtSubject`. */
export interface JwtSubjectOptions {
  /** The context variable the authentication middleware sets. @default 'jwtPayload' (hono/jwt) */
  readonly variable?: string | undefined
  /** The claim that names the client. @default 'sub' */
  readonly claim?: string | undefined
}

/**
 * A `client` for `clientPins`: the subject of a token `hono/jwt` verified
 * (`c.var.jwtPayload.sub`), or `null`. Register the JWT middleware before
 * the versioning middleware: the other order is refused with an error that
 * says so, at the first request it verifies.
 *
 * @example
 * ```ts
 * const client = jwtSubject({ claim: 'account' })
 * ```
 */
export function jwtSubject(options: JwtSubjectOptions = {}): ClientOf {
  // A misspelt claims would read every client's sub claim instead, silently.
  checkOptions(options, 'jwtSubject', ['variable', 'claim'])
  const { variable = 'jwtPayload', claim = 'sub' } = options
  if (typeof variable !== 'string' || variable === '' || typeof claim !== 'string' || claim === '') {
    throw new Error('jwtSubject: variable and claim must be non-empty strings, such as { variable: "jwtPayload", claim: "sub" }.')
  }
  return function jwtSubject(c) {
    const payload: unknown = c.get(variable as never)
    if (payload === null || typeof payload !== 'object') return null
    const subject = (payload as Record<string, unknown>)[claim]
    return typeof subject === 'string' ? subject : typeof subject === 'number' && Number.isSafeInteger(subject) ? String(subject) : null
  }
}
