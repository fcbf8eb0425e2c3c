/**
 * Client pins in Durable Objects: the clients spread over a fixed number of
 * objects (`shards`) by a hash of their id, each object a SQLite table of its
 * clients' pins (`ClientPinObject`). An object is strongly consistent and
 * runs one request at a time, so a first pin is claimed by exactly one of
 * concurrent first requests, from any isolate or location.
 */
import { isVersionText } from './lookups.ts'
import { SHARDS_CHANGED, type PinCall } from './pin-object.ts'
import { firstPin, pinOfRow, type Pin, type PinStore } from './pin-store.ts'
import { checkOptions } from '../options.ts'
import { quotedValue } from '../quote.ts'

/** What `durableObjectPinStore` uses of a Durable Object namespace binding (a `DurableObjectNamespace` fits). */
export interface DurableObjectPinNamespace {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(request: Request): Promise<Response> }
}

/** Options of `durableObjectPinStore`. */
export interface DurableObjectPinStoreOptions {
  /**
   * How many objects the clients are spread over (1 to 1,024). Fixed once
   * pins are written: the store's object 0 keeps the count it was first used
   * with, and every call of a store giving another rejects, as its clients
   * would move to objects holding no pin for them.
   * @default 32
   */
  readonly shards?: number | undefined
  /**
   * Put before each object's number in its name (`idFromName`), so one
   * namespace can hold several stores (at most 64 characters).
   * @default 'client-pins'
   */
  readonly name?: string | undefined
}

/** A page of the clients pinned to a version. */
export interface PinnedPage {
  readonly clients: readonly { readonly client: string; readonly previous: string | null; readonly movedAt: number | null }[]
  /** The `after` of the next page, or `null` on the last. */
  readonly next: string | null
}

/** A pin store in Durable Objects, which also lists the clients pinned to a version. */
export interface DurableObjectPinStore extends PinStore {
  /** The clients pinned to `version`, by id, `limit` at a time (1 to 1,000, default 100), after the id `after`. */
  pinnedTo(version: string, options?: { readonly after?: string | undefined; readonly limit?: number | undefined }): Promise<PinnedPage>
}

const WHERE = 'durableObjectPinStore'

/** FNV-1a of `id`, as the number of its shard. */
function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % shards
}

/**
 * A pin store in Durable Objects (a `[[durable_objects.bindings]]` binding
 * of the `ClientPinObject` class, exported from the Worker's main module):
 * atomic first pins as with D1, without one primary for every client. A
 * read is a read (one request to the client's object), a first pin one write.
 *
 * @example
 * ```ts
 * import { env } from 'cloudflare:workers'
 * const store = durableObjectPinStore(env.PIN_OBJECTS)
 * ```
 */
export function durableObjectPinStore(namespace: DurableObjectPinNamespace, options: DurableObjectPinStoreOptions = {}): DurableObjectPinStore {
  if (namespace === null || typeof namespace !== 'object' || typeof namespace.idFromName !== 'function' || typeof namespace.get !== 'function') {
    throw new Error(`${WHERE}: namespace must be a Durable Object namespace binding, such as env.PIN_OBJECTS (a [[durable_objects.bindings]] entry of wrangler.toml naming the class ClientPinObject).`)
  }
  if (options === null || typeof options !== 'object') throw new Error(`${WHERE}: options must be an object such as { shards: 32 }.`)
  checkOptions(options, WHERE, ['shards', 'name'])
  const { shards = 32, name = 'client-pins' } = options
  if (!Number.isInteger(shards) || shards < 1 || shards > 1024) throw new Error(`${WHERE}: shards must be a whole number from 1 to 1024, such as 32; keep it once pins are written.`)
  if (typeof name !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(name)) throw new Error(`${WHERE}: name must be 1 to 64 printable ASCII characters, such as "client-pins".`)
  // Each object's id, made at its first call (Workers refuse them in a module's global scope, where the store is made) and
  // kept; its stub made per call, as a stub belongs to the request that made it.
  const ids: unknown[] = []
  const objectAt = (shard: number): ReturnType<DurableObjectPinNamespace['get']> => namespace.get((ids[shard] ??= namespace.idFromName(`${name}:${shard}`)))

  async function call(shard: number, body: PinCall): Promise<Record<string, unknown>> {
    const object = objectAt(shard)
    const res = await object.fetch(new Request('https://client-pins.invalid/', { method: 'POST', body: JSON.stringify(body) }))
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null
    if (res.status === SHARDS_CHANGED) {
      // The count the object keeps is a number it wrote; anything else in its storage is not quoted.
      const kept = answer?.['shards']
      const count = typeof kept === 'number' && Number.isInteger(kept) ? String(kept) : 'a count that is not a whole number'
      throw new Error(`${WHERE}: the pins named ${quotedValue(name)} were written with shards ${count}, not ${shards}: with another count clients would move to objects that hold no pin for them. Keep shards at ${count}.`)
    }
    const key = body.op === 'list' ? 'rows' : body.op === 'shards' ? 'shards' : 'pin'
    if (res.status !== 200 || answer === null || typeof answer !== 'object' || !(key in answer)) throw new Error(`${WHERE}: object ${name}:${shard} answered ${res.status}, not a pin.`)
    return answer
  }
  // Once per store (per isolate): object 0 keeps the shard count the pins are written with, and refuses another.
  let checked: Promise<unknown> | undefined
  const check = (): Promise<unknown> =>
    (checked ??= call(0, { op: 'shards', shards }).catch((error: unknown) => {
      checked = undefined
      throw error
    }))
  const pinCall = async (body: PinCall & { client: string }): Promise<Pin | null> => {
    await check()
    return pinOfRow((await call(shardOf(body.client, shards), body))['pin'])
  }

  return {
    get: (client) => pinCall({ op: 'get', shards, client }),
    claim: async (client, version) => (await pinCall({ op: 'claim', shards, client, version })) ?? firstPin(version),
    async put(client, pin) {
      await pinCall({ op: 'put', shards, client, version: pin.version, previous: pin.previous, movedAt: pin.movedAt })
    },
    async pinnedTo(version, { after = '', limit = 100 } = {}) {
      if (!isVersionText(version)) throw new RangeError(`${WHERE}.pinnedTo: version must be 1 to 64 printable ASCII characters.`)
      if (typeof after !== 'string' || after.length > 96) throw new RangeError(`${WHERE}.pinnedTo: after must be a client id (at most 96 characters), the next of the page before.`)
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) throw new RangeError(`${WHERE}.pinnedTo: limit must be a whole number from 1 to 1000.`)
      await check()
      const pages = await Promise.all(Array.from({ length: shards }, (_, shard) => call(shard, { op: 'list', shards, version, after, limit })))
      let full = false
      const rows: { client: string; previous: string | null; movedAt: number | null }[] = []
      for (const page of pages) {
        const found = Array.isArray(page['rows']) ? (page['rows'] as unknown[]) : []
        full ||= found.length >= limit
        for (const row of found) {
          const { client, previous, moved_at: movedAt } = (row ?? {}) as Record<string, unknown>
          if (typeof client === 'string') rows.push({ client, previous: typeof previous === 'string' && previous !== '' ? previous : null, movedAt: typeof movedAt === 'number' ? movedAt : null })
        }
      }
      rows.sort((a, b) => (a.client < b.client ? -1 : a.client > b.client ? 1 : 0))
      const clients = rows.slice(0, limit)
      return { clients, next: (rows.length > limit || full) && clients.length > 0 ? (clients[clients.length - 1] as (typeof clients)[number]).client : null }
    },
  }
}
