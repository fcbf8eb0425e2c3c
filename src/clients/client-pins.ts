/**
 * Each client pinned to its version, as Stripe pins accounts: a request that
 * names no version is answered in its client's pinned version, read from a
 * `PinStore` (through a cache); a new client is pinned to the default
 * version at its first request; an explicit version always wins. A
 * middleware extension (`clientVersion` option), whose version step decides
 * the version before the route is picked and the version policy and the
 * version changes see it.
 */
import { VersioningError, withoutStack } from '../errors.ts'
import { BoundedCache } from '../http/bounded-cache.ts'
import { isHeaderName } from '../http/header-name.ts'
import { mergeVary } from '../http/vary.ts'
import type { VersionPolicy } from '../lifecycle/policy.ts'
import type { NotedChoice, VersionChoice, VersioningExtension } from '../pipeline/extension.ts'
import { BaseVersioning } from '../schemes/base.ts'
import { carriesVersionOf, type CarriesVersion } from './carries.ts'
import type { PinStore } from './pin-store.ts'
import type { UsageRecorder } from './usage.ts'

/** What the version step notes of a request for the response step: its client, and whether it named its version. */
interface Note {
  readonly id: string | undefined
  readonly named: boolean
}

/** Options of `clientPins`. */
export interface ClientPinsOptions {
  /** Where pins are kept: `kvPinStore(env.PINS)` on Workers, `memoryPinStore()` elsewhere. */
  readonly store: PinStore
  /** The client of a request (an API key, a token's subject, an account), or `null` for none: `bearerClient()` reads `Authorization: Bearer <key>`. */
  readonly client: (request: Request) => string | null
  /**
   * The request headers `client` reads: the answer to every request that
   * names no version lists them in `Vary` (an explicit version does not
   * depend on them).
   * @default ['Authorization']
   */
  readonly vary?: readonly string[] | undefined
  /**
   * The answer when the store cannot be read: `'unavailable'`, a 503
   * `ClientVersionUnavailable` (with the middleware's `errorResponse`), or
   * `'default'`, the scheme's default version (not pinned, not cached).
   * @default 'unavailable'
   */
  readonly onLookupError?: 'unavailable' | 'default' | undefined
  /**
   * How long a pin read from the store is kept in memory, in milliseconds
   * (`0`: read the store on every request). An upgrade made elsewhere is
   * seen after at most this long.
   * @default 60000
   */
  readonly cacheTtl?: number | undefined
  /**
   * The most clients cached at once; the cache empties itself when full.
   * @default 10000
   */
  readonly cacheSize?: number | undefined
  /** Told of every answered request of a client (`memoryUsage()`, `d1Usage(...)`); never awaited. @default undefined */
  readonly usage?: UsageRecorder | undefined
  /**
   * The middleware's version policy: `upgrade` refuses a version past its
   * sunset, and usage says whether a call's version was deprecated.
   * @default undefined
   */
  readonly policy?: VersionPolicy | undefined
  /** Whether a request names its version itself, for a custom scheme; built-in schemes need none. @default undefined */
  readonly carriesVersion?: CarriesVersion | undefined
  /**
   * The clock of the cache and of the calls recorded, in milliseconds since
   * the epoch (the policy keeps its own clock for deprecations and sunsets).
   * @default Date.now
   */
  readonly now?: (() => number) | undefined
}

/** The pins of a middleware's clients: its `clientVersion` option, and the operator's calls. */
export interface ClientPins extends VersioningExtension {
  /**
   * Moves `client`'s pin to `version` (resolved as a request's version
   * would be) and gives the version pinned. Refuses, with an
   * `UpgradeRefused`, a version the middleware does not serve or one past
   * its sunset.
   */
  upgrade(client: string, version: string): Promise<string>
  /** The version `client` is pinned to, from the store, or `null`. */
  pinOf(client: string): Promise<string | null>
}

/** 503 Service Unavailable: the client's pin could not be read (`onLookupError: 'unavailable'`). */
export class ClientVersionUnavailable extends VersioningError {
  override readonly name = 'ClientVersionUnavailable' as const
  readonly status = 503 as const

  constructor(detail: string = "The client's API version could not be looked up; retry, or name a version.") {
    super(detail, 'ClientVersionUnavailable')
  }
}

/** An `upgrade` the middleware refuses: its message says why. */
export class UpgradeRefused extends Error {
  override readonly name = 'UpgradeRefused' as const
}

interface Cached {
  readonly version: string
  readonly until: number
}

/**
 * Pins each client to its version. Give the result to the middleware as
 * `clientVersion`; keep it to call `upgrade`.
 *
 * @example
 * ```ts
 * const pins = clientPins({ store: memoryPinStore(), client: bearerClient() })
 * app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: pins }))
 * ```
 */
export function clientPins(options: ClientPinsOptions): ClientPins {
  const where = 'clientPins'
  if (options === null || typeof options !== 'object') throw new Error(`${where}: pass options such as { store: memoryPinStore(), client: bearerClient() }.`)
  const names = ['store', 'client', 'vary', 'onLookupError', 'cacheTtl', 'cacheSize', 'usage', 'policy', 'carriesVersion', 'now']
  for (const key of Object.keys(options)) {
    if (!names.includes(key)) throw new Error(`${where}: unknown option "${key}"; the options are ${names.join(', ')}.`)
  }
  const { store, client, vary = ['Authorization'], onLookupError = 'unavailable', cacheTtl = 60_000, cacheSize = 10_000, usage, policy, carriesVersion, now = Date.now } = options
  if (store === null || typeof store !== 'object' || typeof store.get !== 'function' || typeof store.set !== 'function') {
    throw new Error(`${where}: store must be a pin store such as kvPinStore(env.PINS) or memoryPinStore().`)
  }
  if (typeof client !== 'function') throw new Error(`${where}: client must be a function (request) => string | null, such as bearerClient().`)
  if (!Array.isArray(vary) || !vary.every((name) => typeof name === 'string' && isHeaderName(name))) {
    throw new Error(`${where}: vary must list the header names client reads, such as ["Authorization"].`)
  }
  if (onLookupError !== 'unavailable' && onLookupError !== 'default') throw new Error(`${where}: onLookupError must be "unavailable" (503) or "default".`)
  if (typeof cacheTtl !== 'number' || !(cacheTtl >= 0)) throw new Error(`${where}: cacheTtl must be a number of milliseconds, 0 or more.`)
  if (!Number.isInteger(cacheSize) || cacheSize < 1) throw new Error(`${where}: cacheSize must be a whole number of clients, 1 or more.`)
  if (usage !== undefined && (usage === null || typeof usage.record !== 'function')) throw new Error(`${where}: usage must be a usage recorder such as memoryUsage() or d1Usage(env.USAGE, { waitUntil }).`)
  if (policy !== undefined && (policy === null || typeof policy.describe !== 'function')) throw new Error(`${where}: policy must come from versionPolicy({...}).`)
  if (carriesVersion !== undefined && typeof carriesVersion !== 'function') throw new Error(`${where}: carriesVersion must be a function (request) => boolean.`)
  if (typeof now !== 'function') throw new Error(`${where}: now must be a function () => milliseconds since the epoch, such as Date.now.`)

  const lifecycle = policy?.describe()
  const policyNow = lifecycle?.now ?? Date.now
  const cache = new BoundedCache<Cached>(cacheSize)
  const varyNames = Object.freeze([...vary])
  /** `Vary` with the credential's headers, by the `Vary` a response had (the few values an app's responses carry). */
  const mergedVary = new BoundedCache<string | null>(64)
  let unavailable: ClientVersionUnavailable | undefined
  /** The scheme of the middleware last bound, for `upgrade`. */
  let bound: BaseVersioning | undefined

  const past = (version: string, key: 'deprecation' | 'sunset'): boolean => {
    const at = lifecycle?.versions.get(version)?.[key] ?? null
    return at !== null && policyNow() >= at
  }

  function bind(target: Parameters<VersioningExtension['bind']>[0]): ReturnType<VersioningExtension['bind']> {
    const given = target.scheme
    if (!(given instanceof BaseVersioning)) throw new Error(`${target.where}: clientVersion needs the middleware's scheme to be a versioning scheme.`)
    const scheme: BaseVersioning = given
    const carries = carriesVersion ?? carriesVersionOf(scheme, `${target.where}: clientVersion`)
    bound = scheme

    /** The version in `pinned`, or the scheme's refusal when it no longer serves it. */
    function pinnedIn(pinned: string): VersionChoice {
      const version = scheme.resolveVersion(pinned)
      return version === undefined ? scheme.rejection() : { version }
    }

    /** The choice when the client's pin cannot be read. */
    function failed(): VersionChoice {
      return onLookupError === 'default' ? undefined : (unavailable ??= withoutStack(() => new ClientVersionUnavailable()))
    }

    async function lookup(id: string): Promise<VersionChoice> {
      let pinned: string | null
      try {
        const stored: unknown = await store.get(id)
        // A store that holds no text for the client holds no pin.
        pinned = typeof stored === 'string' && stored !== '' ? stored : null
      } catch {
        return failed()
      }
      if (pinned === null) {
        const fallback = scheme.defaultVersion
        if (fallback === null) return undefined
        try {
          await store.set(id, fallback)
        } catch {
          // Answered in the default it would have been pinned to; pinned at a later request.
          return undefined
        }
        pinned = fallback
      }
      if (cacheTtl > 0) cache.set(id, { version: pinned, until: now() + cacheTtl })
      return pinnedIn(pinned)
    }

    return {
      version(exchange): NotedChoice | Promise<NotedChoice> {
        const named = carries(exchange.request)
        let id: unknown
        try {
          id = client(exchange.request)
        } catch {
          // A client that cannot be told: a failed lookup, unless the request names its version.
          return { choice: named ? undefined : failed(), note: { id: undefined, named } }
        }
        // Only the answer to a request that names no version depends on its credential.
        const note: Note = { id: typeof id === 'string' && id !== '' ? id : undefined, named }
        if (note.id === undefined || named) return { choice: undefined, note }
        const hit = cache.get(note.id)
        if (hit !== undefined && hit.until > now()) return { choice: pinnedIn(hit.version), note }
        return lookup(note.id).then((choice) => ({ choice, note }))
      },
      response(exchange, response, noted) {
        const note = noted as Note | undefined
        if (note === undefined) return response
        if (!note.named) {
          const existing = response.headers.get('Vary') ?? ''
          let merged = mergedVary.get(existing)
          if (merged === undefined) merged = mergedVary.set(existing, mergeVary(existing, varyNames))
          if (merged !== null) response.headers.set('Vary', merged)
        }
        const { version } = exchange
        if (usage !== undefined && note.id !== undefined && typeof version === 'string') {
          try {
            usage.record({ version, client: note.id, route: exchange.route?.path ?? exchange.routePath, deprecated: past(version, 'deprecation'), at: now() })
          } catch {
            // Recording never fails a request.
          }
        }
        return response
      },
    }
  }

  return {
    bind,
    async upgrade(id, version) {
      if (bound === undefined) throw new UpgradeRefused(`${where}.upgrade: give the pins to a middleware (its clientVersion option) first, so they know its versions.`)
      if (typeof id !== 'string' || id === '') throw new UpgradeRefused(`${where}.upgrade: client must be a non-empty string.`)
      const resolved = typeof version === 'string' ? bound.resolveVersion(version) : undefined
      if (resolved === undefined || resolved === null) {
        throw new UpgradeRefused(`${where}.upgrade: ${JSON.stringify(version)} is not a version this API serves${bound.allowedVersions === null ? '' : ` (${bound.allowedVersions.filter((v) => v !== null).join(', ')})`}.`)
      }
      if (past(resolved, 'sunset')) throw new UpgradeRefused(`${where}.upgrade: ${resolved} is past its sunset; pin a supported version.`)
      await store.set(id, resolved)
      if (cacheTtl > 0) cache.set(id, { version: resolved, until: now() + cacheTtl })
      return resolved
    },
    pinOf: (id) => store.get(id),
  }
}
