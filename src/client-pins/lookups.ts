/**
 * The pins of one isolate's clients, between the requests and the store:
 * a bounded, scan-resistant cache (SIEVE: clients that call again stay
 * cached while a flood of one-time clients passes through), one store read
 * and one first-pin write shared by the concurrent requests of a client,
 * and a store that failed remembered for a while instead of asked again
 * per request.
 */
import { SieveCache } from './sieve.ts'
import type { PinStore } from './pin-store.ts'

/** What the isolate knows of a client: its pin (`null`: none yet), or that the store failed. */
export type Known =
  | { readonly pin: string | null; readonly until: number; readonly claimAfter: number }
  | { readonly failed: true; readonly until: number }

/** The settings of the lookups, from `clientPins`' options. */
export interface LookupSettings {
  readonly cacheTtl: number
  readonly cacheSize: number
  readonly failureTtl: number
  readonly now: () => number
}

/** The lookups of one `clientPins`. */
export class PinLookups {
  readonly #store: PinStore
  readonly #settings: LookupSettings
  readonly #cache: SieveCache<Known>
  readonly #reading = new Map<string, Promise<Known>>()
  readonly #claiming = new Map<string, Promise<void>>()
  /** Bumped by every upgrade or rollback made here: a read begun before one does not replace what it cached. */
  #moves = 0

  constructor(store: PinStore, settings: LookupSettings) {
    this.#store = store
    this.#settings = settings
    this.#cache = new SieveCache(settings.cacheSize)
  }

  /** What is known of `id`: from the cache, else from one store read shared with the client's concurrent requests. */
  read(id: string): Known | Promise<Known> {
    const now = this.#settings.now()
    const hit = this.#cache.get(id)
    if (hit !== undefined && hit.until > now) return hit
    const reading = this.#reading.get(id)
    if (reading !== undefined) return reading
    const moves = this.#moves
    const read = this.#store.get(id).then(
      (pin): Known => this.#remember(id, { pin: pin?.version ?? null, until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 }, moves),
      (): Known => this.#remember(id, { failed: true, until: this.#settings.now() + this.#settings.failureTtl }, moves),
    )
    this.#reading.set(id, read)
    void read.finally(() => this.#reading.delete(id))
    return read
  }

  /**
   * Pins `id` to `version` unless the store holds a pin for it (its first
   * answered request), once for the client's concurrent requests; a write
   * that failed is not tried again for `failureTtl`.
   */
  claim(id: string, version: string): Promise<void> | undefined {
    const known = this.#cache.get(id)
    const now = this.#settings.now()
    if (known !== undefined && ('failed' in known || known.pin !== null || known.claimAfter > now)) return undefined
    const claiming = this.#claiming.get(id)
    if (claiming !== undefined) return claiming
    const claim = this.#store.claim(id, version).then(
      (held) => this.#set(id, { pin: held.version, until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 }),
      () => this.#set(id, { pin: null, until: this.#settings.now() + this.#settings.failureTtl, claimAfter: this.#settings.now() + this.#settings.failureTtl }),
    )
    this.#claiming.set(id, claim)
    void claim.finally(() => this.#claiming.delete(id))
    return claim
  }

  /** `id` was moved to `version` here (an upgrade, a rollback). */
  moved(id: string, version: string): void {
    this.#moves++
    this.#set(id, { pin: version, until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 })
  }

  #remember(id: string, known: Known, moves: number): Known {
    // An upgrade made here while the read was out is newer than what it read.
    if (moves !== this.#moves && this.#cache.has(id)) return this.#cache.get(id) as Known
    this.#set(id, known)
    return known
  }

  #set(id: string, known: Known): void {
    if (known.until > this.#settings.now()) this.#cache.set(id, known)
  }
}
