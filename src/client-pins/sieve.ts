/**
 * A bounded cache that a flood of one-time keys cannot empty: SIEVE
 * (Zhang et al., NSDI 2024). Each entry has a visited bit set when it is
 * read again; when full, a hand sweeps from the oldest entry to the newest,
 * clearing visited bits and evicting the first entry not read since it was
 * last passed. Keys read once are evicted before keys read often, and a hit
 * costs a map lookup and a bit.
 */

interface Node<V, K> {
  readonly key: K
  value: V
  visited: boolean
  /** The next newer entry. */
  newer: Node<V, K> | null
  /** The next older entry. */
  older: Node<V, K> | null
}

/** At most `limit` entries; `get` marks an entry as visited. Keys are strings unless `K` says otherwise. */
export class SieveCache<V, K = string> {
  readonly #map = new Map<K, Node<V, K>>()
  readonly #limit: number
  #newest: Node<V, K> | null = null
  #oldest: Node<V, K> | null = null
  #hand: Node<V, K> | null = null

  constructor(limit: number) {
    this.#limit = limit
  }

  get size(): number {
    return this.#map.size
  }

  get(key: K): V | undefined {
    const node = this.#map.get(key)
    if (node === undefined) return undefined
    node.visited = true
    return node.value
  }

  /** Whether `key` is held, without marking it visited. */
  has(key: K): boolean {
    return this.#map.has(key)
  }

  /** The value of `key`, without marking it visited: a second look within one request is not a second request. */
  peek(key: K): V | undefined {
    return this.#map.get(key)?.value
  }

  set(key: K, value: V): void {
    const node = this.#map.get(key)
    if (node !== undefined) {
      node.value = value
      return
    }
    if (this.#map.size >= this.#limit) this.#evict()
    const added: Node<V, K> = { key, value, visited: false, newer: null, older: this.#newest }
    if (this.#newest !== null) this.#newest.newer = added
    this.#newest = added
    this.#oldest ??= added
    this.#map.set(key, added)
  }

  #evict(): void {
    let hand = this.#hand ?? this.#oldest
    while (hand !== null && hand.visited) {
      hand.visited = false
      hand = hand.newer ?? this.#oldest
    }
    if (hand === null) return
    this.#hand = hand.newer
    this.#unlink(hand)
  }

  #unlink(node: Node<V, K>): void {
    if (node.newer !== null) node.newer.older = node.older
    else this.#newest = node.older
    if (node.older !== null) node.older.newer = node.newer
    else this.#oldest = node.newer
    this.#map.delete(node.key)
  }
}
