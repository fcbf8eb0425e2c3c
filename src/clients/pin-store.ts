/**
 * Where each client's version is kept: the store interface, an in-memory
 * store (tests, Node, Bun, Deno) and a Workers KV store.
 */

/** A store of client pins: the version each client is pinned to. */
export interface PinStore {
  /** The version `client` is pinned to, or `null` when it has none yet. */
  get(client: string): Promise<string | null>
  /** Pins `client` to `version`. */
  set(client: string, version: string): Promise<void>
}

/** What `kvPinStore` uses of a Workers KV namespace (a `KVNamespace` binding fits). */
export interface KVPinNamespace {
  get(key: string): Promise<string | null>
  put(key: string, value: string): Promise<void>
}

/** Options of `kvPinStore`. */
export interface KVPinStoreOptions {
  /**
   * Put before each client's key, so the namespace can hold other keys.
   * @default 'pin:'
   */
  readonly prefix?: string | undefined
}

/**
 * A pin store in memory, for tests and single-process servers (Node, Bun,
 * Deno); `initial` pins clients from the start. Pins live as long as the
 * store.
 *
 * @example
 * ```ts
 * const store = memoryPinStore({ 'demo-2025': '2025-01-01' })
 * ```
 */
export function memoryPinStore(initial: Readonly<Record<string, string>> = {}): PinStore {
  if (initial === null || typeof initial !== 'object') {
    throw new Error('memoryPinStore: initial must be an object of client to version, such as { "demo-2025": "2025-01-01" }.')
  }
  const pins = new Map<string, string>()
  for (const [client, version] of Object.entries(initial)) {
    if (typeof version !== 'string' || version === '') throw new Error(`memoryPinStore: the pin of ${JSON.stringify(client)} must be a version string.`)
    pins.set(client, version)
  }
  return {
    get: (client) => Promise.resolve(pins.get(client) ?? null),
    set: (client, version) => {
      pins.set(client, version)
      return Promise.resolve()
    },
  }
}

/**
 * A pin store in a Workers KV namespace: one key per client (`prefix` and
 * the client), its version as the value. KV is made for this (read on most
 * requests, written once per client and on upgrades); it is eventually
 * consistent, so a pin written in one location may take up to a minute to
 * be read in another.
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
  const { prefix = 'pin:' } = options
  if (typeof prefix !== 'string') throw new Error('kvPinStore: prefix must be a string such as "pin:".')
  return {
    get: (client) => namespace.get(prefix + client),
    set: (client, version) => namespace.put(prefix + client, version),
  }
}
