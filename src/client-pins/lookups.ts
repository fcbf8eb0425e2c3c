/**
 * The pins of one isolate's clients, between the requests and the store:
 * a bounded, scan-resistant cache (SIEVE: clients that call again stay
 * cached while a flood of one-time clients passes through), one store read
 * and one first-pin write shared by the concurrent requests of a client,
 * and a store that failed remembered for a while instead of asked again
 * per request. Whatever a store does (throws, rejects, hangs past
 * `storeTimeout`, answers something that is not a pin), a request gets
 * what the options say of a failed store, never an exception, and
 * `onStoreError` is told (store-errors.ts), once per failed call.
 */
import { SieveCache } from './sieve.ts'
import { latestPin, pinOf, type Pin, type PinStore } from './pin-store.ts'
import { notAPin, tell, timedOut, type OnStoreError } from './store-errors.ts'

/**
 * What the isolate knows of a client: its pin (`null`: none yet;
 * `UNUSABLE_PIN`: a pin whose text cannot be a version), or that the store failed.
 */
export type Known =
  | { readonly pin: string | null; readonly until: number; readonly claimAfter: number }
  | { readonly failed: true; readonly until: number }

/** A pin's text that no version can be (over 64 characters, or not printable ASCII), a damaged entry: answered as a retired pin, never moved. An empty text is no pin (`pinOf`). */
export const UNUSABLE_PIN = ''

/** The text a version can have in a pin: what a header carries, at most 64 characters. */
const VERSION_TEXT = /^[\x21-\x7e]{1,64}$/

/** Whether `version` is text a version can be (1 to 64 printable ASCII characters). */
export const isVersionText = (version: unknown): version is string => typeof version === 'string' && VERSION_TEXT.test(version)

/** `version` when it can be a version, else `UNUSABLE_PIN` (a huge or hand-edited entry is not kept). */
const pinText = (version: string): string => (isVersionText(version) ? version : UNUSABLE_PIN)

/** What a store answered: `null` for no pin, a pin, or `undefined` for anything else (a broken store). */
function readPin(value: unknown): Pin | null | undefined {
  if (value === null || value === undefined) return null
  try {
    return pinOf(value) ?? undefined
  } catch {
    // A getter that throws: not a pin.
    return undefined
  }
}

/**
 * `call()`, settled within `timeout` ms (`storeTimeout`): a store (or a
 * `client` function) that throws, answers something that is not a promise,
 * or hangs gives a rejection instead.
 */
export function settled<T>(call: () => Promise<T>, timeout: number): Promise<T> {
  let answer: Promise<T>
  try {
    answer = Promise.resolve(call())
  } catch (error) {
    return Promise.reject(error)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(timeout)), timeout)
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

/** The settings of the lookups, from `clientPins`' options. */
export interface LookupSettings {
  readonly cacheTtl: number
  readonly cacheSize: number
  readonly failureTtl: number
  readonly storeTimeout: number
  /** Told of each store call that failed (not called again about the client for `failureTtl`). */
  readonly onStoreError: OnStoreError
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

  /** The longest an entry lasts (`cacheTtl` or `failureTtl`). */
  readonly #longest: number

  constructor(store: PinStore, settings: LookupSettings) {
    this.#store = store
    this.#settings = settings
    this.#longest = Math.max(settings.cacheTtl, settings.failureTtl)
    this.#cache = new SieveCache(settings.cacheSize)
  }

  /** What is known of `id`: from the cache, else from one store read shared with the client's concurrent requests. */
  read(id: string): Known | Promise<Known> {
    const now = this.#settings.now()
    const hit = this.#cache.get(id)
    // An entry that ends further off than any lasts was made before the clock was set back: asked again, not kept that long.
    if (hit !== undefined && hit.until > now && hit.until - now <= this.#longest) return hit
    const reading = this.#reading.get(id)
    if (reading !== undefined) return reading
    const moves = this.#moves
    const failed = (error: unknown): Known => {
      tell(this.#settings.onStoreError, error, 'read')
      return this.#remember(id, { failed: true, until: this.#settings.now() + this.#settings.failureTtl }, moves)
    }
    const read = settled(() => this.#store.get(id), this.#settings.storeTimeout).then((value): Known => {
      const pin = readPin(value)
      if (pin === undefined) return failed(notAPin('read'))
      return this.#remember(id, { pin: pin === null ? null : pinText(pin.version), until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 }, moves)
    }, failed)
    this.#reading.set(id, read)
    read.then(() => this.#reading.delete(id), () => this.#reading.delete(id))
    return read
  }

  /**
   * Pins `id` to `version` unless the store holds a pin for it (its first
   * answered request), once for the client's concurrent requests; a write
   * that failed is not tried again for `failureTtl`.
   */
  claim(id: string, version: string): Promise<void> | undefined {
    // A look, not a visit: the request that read the client marked it already, so a one-time client stays first to go.
    const known = this.#cache.peek(id)
    const now = this.#settings.now()
    if (known !== undefined && ('failed' in known || known.pin !== null || known.claimAfter > now)) return undefined
    const claiming = this.#claiming.get(id)
    if (claiming !== undefined) return claiming
    const failed = (error: unknown): void => {
      tell(this.#settings.onStoreError, error, 'claim')
      this.#set(id, { pin: null, until: this.#settings.now() + this.#settings.failureTtl, claimAfter: this.#settings.now() + this.#settings.failureTtl })
    }
    const claim = settled(() => this.#store.claim(id, version), this.#settings.storeTimeout).then((value) => {
      const held = readPin(value)
      if (held === null || held === undefined) return failed(notAPin('claim'))
      this.#set(id, { pin: pinText(held.version), until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 })
    }, failed)
    this.#claiming.set(id, claim)
    claim.then(() => this.#claiming.delete(id), () => this.#claiming.delete(id))
    return claim
  }

  /**
   * Moves `id` from `from`, a version no longer served, to `to`, once for
   * the client's concurrent requests: reads the pin again and writes only
   * when it still holds `from` (a pin an operator moved meanwhile is kept);
   * a move that failed is not tried again for `failureTtl` (the client is
   * answered in `to` meanwhile).
   */
  move(id: string, from: string, to: string): Promise<void> | undefined {
    const known = this.#cache.peek(id)
    if (known !== undefined && ('failed' in known || known.pin !== from)) return undefined
    const moving = this.#claiming.get(id)
    if (moving !== undefined) return moving
    const failed = (error: unknown): void => {
      tell(this.#settings.onStoreError, error, 'move')
      this.#set(id, { pin: to, until: this.#settings.now() + this.#settings.failureTtl, claimAfter: 0 })
    }
    const move = settled(async (): Promise<Pin | null | undefined> => {
      // As the store decides it now: a copy read through may still show the retired pin an operator replaced.
      const held = readPin(await latestPin(this.#store, id))
      if (held === null || held === undefined || held.version !== from) return held
      const pin: Pin = { version: to, previous: from, movedAt: this.#settings.now() }
      await this.#store.put(id, pin)
      return pin
    }, this.#settings.storeTimeout).then((held) => {
      if (held === undefined) return failed(notAPin('move'))
      this.#set(id, { pin: held === null ? null : pinText(held.version), until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 })
    }, failed)
    this.#claiming.set(id, move)
    move.then(() => this.#claiming.delete(id), () => this.#claiming.delete(id))
    return move
  }

  /** `id` was moved to `version` here (an upgrade, a rollback). */
  moved(id: string, version: string): void {
    this.#moves++
    this.#set(id, { pin: version, until: this.#settings.now() + this.#settings.cacheTtl, claimAfter: 0 })
  }

  #remember(id: string, known: Known, moves: number): Known {
    // An upgrade made here while the read was out is newer than what it read.
    const held = moves === this.#moves ? undefined : this.#cache.peek(id)
    if (held !== undefined) return held
    this.#set(id, known)
    return known
  }

  #set(id: string, known: Known): void {
    if (known.until > this.#settings.now()) this.#cache.set(id, known)
  }
}
