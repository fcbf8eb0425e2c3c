/**
 * Where a version sits in an order of versions (the documented one: every version, newest
 * first), looked up rather than searched for: a document and the model read it for
 * each entry of the changelog and each operation, and a changelog of n
 * versions searched n times was n² comparisons (seconds at a few thousand
 * versions). Made once per order.
 */

const made = new WeakMap<readonly string[], ReadonlyMap<string, number>>()

/** The index of `version` in `order` (as `order.indexOf(version)`: -1 when absent, the first where repeated). */
export function positionIn(order: readonly string[], version: string): number {
  let positions = made.get(order)
  if (positions === undefined) {
    const map = new Map<string, number>()
    order.forEach((v, i) => {
      if (!map.has(v)) map.set(v, i)
    })
    made.set(order, (positions = map))
  }
  return positions.get(version) ?? -1
}
