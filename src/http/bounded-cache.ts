/**
 * A memo table for results that depend only on a request value and the
 * options (an Accept header, a host name). It keeps no key longer than
 * 1,024 characters and empties itself when full, so its memory stays bounded
 * whatever clients send.
 */
export class BoundedCache<V> {
  readonly #map = new Map<string, V>()
  readonly #limit: number

  constructor(limit: number) {
    this.#limit = limit
  }

  /** How many entries it holds (for tests). */
  get size(): number {
    return this.#map.size
  }

  get(key: string): V | undefined {
    return this.#map.get(key)
  }

  set(key: string, value: V): V {
    if (key.length > 1024) return value
    if (this.#map.size >= this.#limit) this.#map.clear()
    this.#map.set(key, value)
    return value
  }
}
