/**
 * The options of `clientPins`, checked once at construction: a mistake
 * throws a sentence saying what to fix.
 */
import { isHeaderName } from '../http/header-name.ts'
import type { VersionPolicy } from '../lifecycle/policy.ts'
import type { CarriesVersion } from './carries.ts'
import type { ClientOf } from './identity.ts'
import type { PinStore } from './pin-store.ts'
import type { OnRetiredPin } from './retired.ts'
import { loggedStoreError, type OnStoreError } from './store-errors.ts'
import type { UsageRecorder } from './usage.ts'
import { checkOptionNames, isRecord } from '../options.ts'

/** Options of `clientPins`. */
export interface ClientPinsOptions {
  /** Where pins are kept: `d1PinStore(env.DB)` (read through `kvPinStore(env.PINS)` with `readThrough`) on Workers, `memoryPinStore()` elsewhere. */
  readonly store: PinStore
  /**
   * The client of a request, read from its Hono context: `bearerClient({ secret })`
   * (a keyed hash of the bearer key), `jwtSubject()` (the subject `hono/jwt`
   * verified), or your own `(c) => c.var.accountId`. An id that is not 1 to
   * 96 printable ASCII characters names no client.
   */
  readonly client: ClientOf
  /**
   * The request headers `client` reads: the answer to every request that
   * names no version lists them in `Vary` (an explicit version does not
   * depend on them). At least one: `['*']` for a client not read from a
   * request header (an address), so no shared cache keeps its answer.
   * @default ['Authorization']
   */
  readonly vary?: readonly string[] | undefined
  /**
   * The answer when the store cannot be read: `'unavailable'`, a 503
   * `ClientVersionUnavailable` (with the middleware's `errorResponse`), or
   * `'default'`, the scheme's default version (not pinned).
   * @default 'unavailable'
   */
  readonly onLookupError?: 'unavailable' | 'default' | undefined
  /**
   * Told of each store failure this isolate meets, with the error and what
   * failed: `'read'` (a client's pin), `'claim'` (its first pin) or
   * `'move'` (its pin off a retired version). A failed store is not asked
   * about the client again for `failureTtl`, so this is called at most once
   * per client per `failureTtl`; never with the client's id or credential.
   * A store that answers something that is not a pin gives an `Error`
   * saying so (the stored text is not quoted), one that takes longer than
   * `storeTimeout` an `Error` naming it. What it throws or rejects with is
   * dropped. `() => {}` tells nothing.
   * @default console.error of a sentence saying what failed and what the client got, then the error
   */
  readonly onStoreError?: ((error: unknown, failed: 'read' | 'claim' | 'move') => void) | undefined
  /**
   * The answer to a client that names no version and is pinned to one the
   * scheme no longer serves (retired): `'refuse'`, a 410
   * `PinnedVersionRetired` saying so, where to name a version and which are
   * served; `'default'` or `'oldest'` (the first of `allowedVersions` not
   * past its sunset in `policy`),
   * answered in that version, and the pin moved there once.
   * @default 'refuse'
   */
  readonly onRetiredPin?: OnRetiredPin | undefined
  /**
   * How long a pin read from the store is kept in memory, in milliseconds
   * (`0`: read the store on every request). An upgrade made in another
   * isolate is seen here after at most this long.
   * @default 60000
   */
  readonly cacheTtl?: number | undefined
  /**
   * The most clients cached at once (SIEVE: one-time clients are evicted first).
   * @default 10000
   */
  readonly cacheSize?: number | undefined
  /**
   * How long a failed store read or first-pin write is remembered, in
   * milliseconds: the client is answered without asking the store again.
   * @default 30000
   */
  readonly failureTtl?: number | undefined
  /**
   * How long a store read or first-pin write may take, in milliseconds:
   * past it, the request is answered as for a failed store (`onLookupError`),
   * and the client is not asked about again for `failureTtl`. It bounds a
   * `client` that returns a promise too: one not settled in time names no
   * client (the default version, nothing written).
   * @default 3000
   */
  readonly storeTimeout?: number | undefined
  /**
   * How long after an `upgrade` the operator can `rollback` it, in milliseconds.
   * @default 259200000 (72 hours)
   */
  readonly rollbackWindow?: number | undefined
  /** Told of every answered request of a client (`memoryUsage()`, `d1Usage(...)`, `analyticsUsage(...)`); never awaited. @default undefined */
  readonly usage?: UsageRecorder | undefined
  /**
   * The middleware's version policy: `upgrade` refuses a version past its
   * sunset, and usage says whether a call's version was deprecated. Left
   * out, the pins read the middleware's; given, it must give the same dates.
   * @default the middleware's
   */
  readonly policy?: VersionPolicy | undefined
  /** Whether a request names its version itself, for a custom scheme; built-in schemes need none. @default undefined */
  readonly carriesVersion?: CarriesVersion | undefined
  /**
   * The clock of the cache, the rollback window and the calls recorded, in
   * milliseconds since the epoch (the policy keeps its own clock).
   * @default Date.now
   */
  readonly now?: (() => number) | undefined
}

/** The options with their defaults. */
export interface CheckedPinsOptions {
  readonly store: PinStore
  readonly client: ClientOf
  readonly vary: readonly string[]
  readonly onLookupError: 'unavailable' | 'default'
  readonly onStoreError: OnStoreError
  readonly onRetiredPin: OnRetiredPin
  readonly cacheTtl: number
  readonly cacheSize: number
  readonly failureTtl: number
  readonly storeTimeout: number
  readonly rollbackWindow: number
  readonly usage: UsageRecorder | undefined
  readonly policy: VersionPolicy | undefined
  readonly carriesVersion: CarriesVersion | undefined
  readonly now: () => number
}

const NAMES = ['store', 'client', 'vary', 'onLookupError', 'onStoreError', 'onRetiredPin', 'cacheTtl', 'cacheSize', 'failureTtl', 'storeTimeout', 'rollbackWindow', 'usage', 'policy', 'carriesVersion', 'now']

const ms = (value: unknown): boolean => typeof value === 'number' && value >= 0 && Number.isFinite(value)

/** The options of `clientPins`, checked, with their defaults. */
export function checkPinsOptions(where: string, options: ClientPinsOptions): CheckedPinsOptions {
  if (!isRecord(options)) throw new Error(`${where}: pass options such as { store: memoryPinStore(), client: bearerClient({ secret }) }.`)
  checkOptionNames(options, where, NAMES)
  const {
    store,
    client,
    vary = ['Authorization'],
    onLookupError = 'unavailable',
    onStoreError,
    onRetiredPin = 'refuse',
    cacheTtl = 60_000,
    cacheSize = 10_000,
    failureTtl = 30_000,
    storeTimeout = 3_000,
    rollbackWindow = 72 * 3_600_000,
    usage,
    policy,
    carriesVersion,
    now = Date.now,
  } = options
  if (store === null || typeof store !== 'object' || typeof store.get !== 'function' || typeof store.claim !== 'function' || typeof store.put !== 'function') {
    throw new Error(`${where}: store must be a pin store such as d1PinStore(env.DB), kvPinStore(env.PINS) or memoryPinStore().`)
  }
  if (typeof client !== 'function') {
    throw new Error(`${where}: client must be a function (c) => string | null reading the Hono context, such as bearerClient({ secret: env.PIN_SECRET }) or jwtSubject().`)
  }
  if (!Array.isArray(vary) || !vary.every((name) => typeof name === 'string' && isHeaderName(name))) {
    throw new Error(`${where}: vary must list the header names client reads, such as ["Authorization"].`)
  }
  if (vary.length === 0) {
    throw new Error(
      `${where}: vary must list the header names client reads, such as ["Authorization"]: with none, a shared cache could give one client's answer to another. For a client not read from a request header (an address, a TLS certificate), give ["*"]: no shared cache keeps the answer.`,
    )
  }
  if (onLookupError !== 'unavailable' && onLookupError !== 'default') throw new Error(`${where}: onLookupError must be "unavailable" (503) or "default".`)
  if (onStoreError !== undefined && typeof onStoreError !== 'function') {
    throw new Error(`${where}: onStoreError must be a function (error, failed) => void, told of each store failure (failed: "read", "claim" or "move"); () => {} tells nothing.`)
  }
  if (onRetiredPin !== 'refuse' && onRetiredPin !== 'default' && onRetiredPin !== 'oldest') throw new Error(`${where}: onRetiredPin must be "refuse" (a 410), "default" or "oldest".`)
  if (!ms(cacheTtl)) throw new Error(`${where}: cacheTtl must be a number of milliseconds, 0 or more.`)
  if (!Number.isInteger(cacheSize) || cacheSize < 1) throw new Error(`${where}: cacheSize must be a whole number of clients, 1 or more.`)
  if (!ms(failureTtl)) throw new Error(`${where}: failureTtl must be a number of milliseconds, 0 or more.`)
  if (!ms(storeTimeout) || storeTimeout < 1 || storeTimeout > 30_000) {
    throw new Error(`${where}: storeTimeout must be a number of milliseconds from 1 to 30000, such as 3000: how long a request waits for the pin store.`)
  }
  if (!ms(rollbackWindow)) throw new Error(`${where}: rollbackWindow must be a number of milliseconds, 0 or more, such as 72 * 3_600_000.`)
  if (usage !== undefined && (usage === null || typeof usage.record !== 'function')) {
    throw new Error(`${where}: usage must be a usage recorder such as memoryUsage(), d1Usage(env.USAGE, { waitUntil }) or analyticsUsage(env.USAGE_EVENTS, {...}).`)
  }
  if (policy !== undefined && (policy === null || typeof policy.describe !== 'function')) throw new Error(`${where}: policy must come from versionPolicy({...}).`)
  if (carriesVersion !== undefined && typeof carriesVersion !== 'function') throw new Error(`${where}: carriesVersion must be a function (request) => boolean.`)
  if (typeof now !== 'function' || !Number.isFinite(now())) throw new Error(`${where}: now must be a function () => milliseconds since the epoch, such as Date.now.`)
  // The default's sentences name failureTtl: made once it is checked.
  const told = onStoreError ?? loggedStoreError(onLookupError, failureTtl)
  return { store, client, vary, onLookupError, onStoreError: told, onRetiredPin, cacheTtl, cacheSize, failureTtl, storeTimeout, rollbackWindow, usage, policy, carriesVersion, now }
}
