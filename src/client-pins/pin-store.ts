/**
 * Where each client's version is kept: the store interface, an in-memory
 * store (tests, Node, Bun, Deno), a Workers KV store, and a store read
 * through a copy (D1 pins read through KV).
 */
import { checkOptions, isRecord } from '../options.ts'
import { quotedValue } from '../quote.ts'

/** A client's pin: its version, and the one before its last upgrade while that upgrade can be rolled back. */
export interface Pin {
  readonly version: string
  /** The version before the last `upgrade`, or `null`. */
  readonly previous: string | null
  /** When the last `upgrade` was made, in milliseconds since the epoch, or `null`. */
  readonly movedAt: number | null
}

/** A store of client pins, keyed by client id (never a raw credential: see `bearerClient`). */
export interface PinStore {
  /** `client`'s pin, or `null` when it has none yet. */
  get(client: string): Promise<Pin | null>
  /**
   * Pins `client` to `version` unless it holds a pin already (a first pin
   * never overwrites one written meanwhile), and gives the pin it holds
   * afterwards.
   */
  claim(client: string, version: string): Promise<Pin>
  /** Writes `client`'s pin (an upgrade, a rollback). */
  put(client: string, pin: Pin): Promise<void>
  /**
   * `client`'s pin as the store decides it now, for the operator's calls
   * (`upgrade`, `rollback`, `pinOf`): a store read through a copy asks its
   * primary, as the copy may answer an entry an upgrade elsewhere replaced.
   * `get` when absent.
   */
  latest?(client: string): Promise<Pin | null>
}

/** `client`'s pin as `store` decides it now: its `latest`, else its `get`. */
export const latestPin = (store: PinStore, client: string): Promise<Pin | null> => (typeof store.latest === 'function' ? store.latest(client) : store.get(client))

/** `version` as a pin with no upgrade behind it. */
export const firstPin = (version: string): Pin => ({ version, previous: null, movedAt: null })

/** The pin `value` holds, or `null` for anything that is not one. */
export function pinOf(value: unknown): Pin | null {
  if (value === null || typeof value !== 'object') return null
  const { version, previous, movedAt } = value as Record<string, unknown>
  if (typeof version !== 'string' || version === '') return null
  return { version, previous: typeof previous === 'string' && previous !== '' ? previous : null, movedAt: typeof movedAt === 'number' && Number.isFinite(movedAt) ? movedAt : null }
}

/** The pin a table row holds (`version`, `previous`, `moved_at`: D1's and the Durable Object's), or `null` for anything else. */
export function pinOfRow(row: unknown): Pin | null {
  if (row === null || typeof row !== 'object') return null
  const { version, previous, moved_at: movedAt } = row as Record<string, unknown>
  return pinOf({ version, previous, movedAt })
}

/**
 * A pin store in memory, for tests and single-process servers (Node, Bun,
 * Deno); `initial` pins client ids from the start. Pins live as long as the
 * store; `claim` is atomic, as one process runs it.
 *
 * @example
 * ```ts
 * const store = memoryPinStore({ 'account-42': '2025-01-01' })
 * ```
 */
export function memoryPinStore(initial: Readonly<Record<string, string>> = {}): PinStore {
  if (!isRecord(initial)) {
    throw new Error('memoryPinStore: initial must be an object of client id to version, such as { "account-42": "2025-01-01" }.')
  }
  const pins = new Map<string, Pin>()
  for (const [client, version] of Object.entries(initial)) {
    if (typeof version !== 'string' || version === '') throw new Error(`memoryPinStore: the pin of ${quotedValue(client)} must be a version string.`)
    pins.set(client, firstPin(version))
  }
  return {
    get: (client) => Promise.resolve(pins.get(client) ?? null),
    claim(client, version) {
      let pin = pins.get(client)
      if (pin === undefined) pins.set(client, (pin = firstPin(version)))
      return Promise.resolve(pin)
    },
    put(client, pin) {
      pins.set(client, pin)
      return Promise.resolve()
    },
  }
}

/** What `kvPinStore` uses of a Workers KV namespace (a `KVNamespace` binding fits). */
export interface KVPinNamespace {
  get(key: string): Promise<string | null>
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>
}

/** Options of `kvPinStore`. */
export interface KVPinStoreOptions {
  /**
   * Put before each client's id, so the namespace can hold other keys (at most 64 characters).
   * @default 'pin:'
   */
  readonly prefix?: string | undefined
  /**
   * Seconds after which KV drops each entry written (at least 60, KV's
   * shortest): for a copy (`readThrough`), so an entry a race or a refused
   * write left stale is read from the primary again within that time.
   * Leave it unset where KV is the only store: its pins must not expire.
   * @default undefined (entries never expire)
   */
  readonly expirationTtl?: number | undefined
}

/** A pin as KV holds it: the version alone, or JSON when an upgrade can be rolled back. */
const kvValue = (pin: Pin): string => (pin.previous === null ? pin.version : JSON.stringify(pin))

function fromKV(value: string | null): Pin | null {
  if (value === null || value === '') return null
  if (!value.startsWith('{')) return firstPin(value)
  try {
    return pinOf(JSON.parse(value))
  } catch {
    return null
  }
}

/**
 * A pin store in a Workers KV namespace: one key per client (`prefix` and
 * its id). KV is read-mostly and eventually consistent: a write is seen in
 * other locations within about 60 seconds, and it has no conditional write,
 * so `claim` (read, then write when missing) can lose a pin written
 * elsewhere in the same moment. A location may answer what it read before
 * (a miss, or the entry before) for up to 60 seconds after a write: a pin this
 * isolate wrote in the last minute is read as written, so a first pin or a
 * move is written once, not on each request. Use it alone for small apps, or
 * as the copy of `d1PinStore` (`readThrough`).
 *
 * @example
 * ```ts
 * import { env } from 'cloudflare:workers'
 * const store = kvPinStore(env.PINS)
 * ```
 */
export function kvPinStore(namespace: KVPinNamespace, options: KVPinStoreOptions = {}): PinStore {
  if (namespace === null || typeof namespace !== 'object' || typeof namespace.get !== 'function' || typeof namespace.put !== 'function') {
    throw new Error('kvPinStore: namespace must be a Workers KV namespace binding, such as env.PINS (a [[kv_namespaces]] entry of wrangler.toml).')
  }
  checkOptions(options, 'kvPinStore', ['prefix', 'expirationTtl'])
  const { prefix = 'pin:', expirationTtl } = options
  if (typeof prefix !== 'string' || prefix.length > 64) throw new Error('kvPinStore: prefix must be a string of at most 64 characters, such as "pin:".')
  if (expirationTtl !== undefined && (!Number.isInteger(expirationTtl) || expirationTtl < 60)) {
    throw new Error('kvPinStore: expirationTtl must be a whole number of seconds, 60 or more (KV\'s shortest), such as 86400 for a copy read through readThrough.')
  }
  const written = ownWrites()
  const put = async (client: string, pin: Pin): Promise<void> => {
    const value = kvValue(pin)
    await (expirationTtl === undefined ? namespace.put(prefix + client, value) : namespace.put(prefix + client, value, { expirationTtl }))
    written.set(client, pin)
  }
  // What KV answers for an entry this isolate wrote in the last minute may be its location's stale view (a miss, or the
  // entry before): the write is the pin.
  const read = async (client: string): Promise<string | Pin | null> => written.get(client) ?? (await namespace.get(prefix + client))
  return {
    async get(client) {
      const value = await read(client)
      return typeof value === 'string' ? fromKV(value) : value
    },
    async claim(client, version) {
      const value = await read(client)
      // An entry that is not a pin (hand-edited, broken JSON) is left for the operator to find, as D1 leaves such a row: claimed, not overwritten.
      if (value !== null) return typeof value === 'string' ? (fromKV(value) ?? firstPin(version)) : value
      const pin = firstPin(version)
      await put(client, pin)
      return pin
    },
    put,
  }
}

/**
 * How long a KV location may answer what it read before a write: it caches what it read, a miss included, for up to
 * 60 seconds (KV's shortest cacheTtl), so a first pin read back there at once can find nothing, a move the retired pin.
 */
const OWN_WRITE_MS = 60_000

/** The most entries `ownWrites` keeps (emptied when full): the clients pinned or moved in the last minute. */
const OWN_WRITES = 1_000

/**
 * The pins this isolate wrote to KV in the last `OWN_WRITE_MS`, by client, read instead of KV: without them, a client
 * whose first pin (or move) its location does not see yet would be claimed (or moved), and written, on each request.
 */
function ownWrites(): { get(client: string): Pin | null; set(client: string, pin: Pin): void; forget(client: string): void } {
  const pins = new Map<string, { readonly pin: Pin; readonly until: number }>()
  return {
    get(client) {
      const held = pins.get(client)
      if (held === undefined) return null
      if (held.until > Date.now()) return held.pin
      pins.delete(client)
      return null
    },
    set(client, pin) {
      if (pins.size >= OWN_WRITES) pins.clear()
      pins.set(client, { pin, until: Date.now() + OWN_WRITE_MS })
    },
    forget(client) {
      pins.delete(client)
    },
  }
}

/** How long `readThrough` waits before writing a copy again: Workers KV takes one write per second per key. */
const COPY_RETRY_MS = 1_000

/**
 * `primary` read through `copy`: reads ask the copy first and, when it has
 * no pin, the primary (then fill the copy); claims and upgrades write the
 * primary, then the copy. For D1 pins (atomic claims, one primary) read
 * through Workers KV (cached at every location): the primary decides, the
 * copy serves most reads. A first pin's copy that fails to be written is
 * filled at a read that misses it a minute later: in the meantime the
 * isolate reads the pin it has, so a copy that refuses writes is not written
 * on each request. An upgrade's or a rollback's copy that fails (KV takes
 * one write per second per key) is written again a second later; when that
 * fails too, `put` rejects, saying the copy holds the previous pin until its
 * entry expires (kvPinStore's `expirationTtl`). `latest` (the operator's
 * `upgrade`, `rollback` and `pinOf`) reads the primary.
 *
 * @example
 * ```ts
 * import { env } from 'cloudflare:workers'
 * const store = readThrough(d1PinStore(env.USAGE), kvPinStore(env.PINS))
 * ```
 */
export function readThrough(primary: PinStore, copy: PinStore): PinStore {
  for (const [name, store] of [['primary', primary], ['copy', copy]] as const) {
    if (store === null || typeof store !== 'object' || typeof store.get !== 'function' || typeof store.claim !== 'function' || typeof store.put !== 'function') {
      throw new Error(`readThrough: ${name} must be a pin store such as d1PinStore(env.DB) or kvPinStore(env.PINS).`)
    }
  }
  // The pins whose copy this isolate failed to write in the last minute: read from here, so a copy that refuses writes
  // (KV takes one write per second per key) is not written again on each request that misses it.
  const uncopied = ownWrites()
  const copied = (client: string, pin: Pin): Promise<Pin> =>
    copy.put(client, pin).then(
      () => pin,
      () => (uncopied.set(client, pin), pin),
    )
  return {
    async get(client) {
      const failed = uncopied.get(client)
      if (failed !== null) return failed
      const near = await copy.get(client).catch(() => null)
      if (near !== null) return near
      const held = await primary.get(client)
      return held === null ? null : copied(client, held)
    },
    claim: async (client, version) => uncopied.get(client) ?? copied(client, await primary.claim(client, version)),
    // The operator's reads: the copy at this location may hold an entry an upgrade made elsewhere replaced.
    latest: (client) => latestPin(primary, client),
    async put(client, pin) {
      await primary.put(client, pin)
      uncopied.forget(client)
      // A copy left with the previous pin would be read for good: it is never missed.
      const once = () => copy.put(client, pin)
      await once().catch(() => new Promise((resolve) => setTimeout(resolve, COPY_RETRY_MS)).then(once)).catch((error: unknown) => {
        // This isolate reads the pin the primary holds.
        uncopied.set(client, pin)
        throw new Error(
          `readThrough: the pin was written to the primary, but not to its copy (${(error as Error)?.message ?? 'unknown error'}), twice a second apart: reads through the copy give the previous pin until its entry expires (kvPinStore's expirationTtl). Write it again.`,
        )
      })
    },
  }
}
