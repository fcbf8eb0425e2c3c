/**
 * The keywords of lists, compiled: `minItems`, `maxItems`, `uniqueItems`
 * (one pass, each item's canonical text in a set), `prefixItems`, `items`,
 * and `contains` with `minContains` and `maxContains` (one pass, counting).
 * Each costs time linear in the list's size; an item is reported at its
 * position, never by its value.
 */
import { Unsupported, count, type Compiled, type Node, type Test } from './compiled.ts'
import type { IssueSink } from './issues.ts'
import { firstDuplicate, hasDuplicate } from './json-values.ts'

/** Explains the items of `list` from `from` (to `to`) that `item` refuses, at their positions. */
function explainItems(list: readonly unknown[], from: number, to: number, item: (i: number) => Compiled, out: IssueSink): void {
  for (let i = from; i < to && !out.full; i++) {
    const node = item(i)
    if (node.test(list[i])) continue
    out.path.push(i)
    node.explain(list[i], out)
    out.path.pop()
  }
}

/** Adds the list keywords of `node.s`. */
export function arrayKeywords({ s, sub, keyword, equality }: Node): void {
  for (const [key, test, words] of [['minItems', (n: number, l: number) => n >= l, 'too few'], ['maxItems', (n: number, l: number) => n <= l, 'too many']] as const) {
    const limit = count(s, key)
    if (limit === undefined) continue
    keyword((v) => !Array.isArray(v) || test(v.length, limit), (v, out) => out.add(key, `Array has ${words} items (${(v as unknown[]).length} ${key === 'minItems' ? '<' : '>'} ${limit}).`))
  }
  if (s['uniqueItems'] === true) {
    keyword(
      (v) => !Array.isArray(v) || !hasDuplicate(v, equality()),
      (v, out) => {
        const [j, k] = firstDuplicate(v as unknown[], equality()) as readonly [number, number]
        out.add('uniqueItems', `Duplicate items at indexes ${j} and ${k}.`)
      },
    )
  } else if (s['uniqueItems'] !== undefined && s['uniqueItems'] !== false) throw new Unsupported('uniqueItems')
  let first = 0
  if (s['prefixItems'] !== undefined) {
    if (!Array.isArray(s['prefixItems'])) throw new Unsupported('prefixItems')
    const prefix = s['prefixItems'].map(sub)
    const tests = prefix.map((p) => p.test)
    first = prefix.length
    keyword(
      (v) => {
        if (!Array.isArray(v)) return true
        const n = Math.min(v.length, tests.length)
        for (let i = 0; i < n; i++) if (!(tests[i] as Test)(v[i])) return false
        return true
      },
      (v, out) => explainItems(v as unknown[], 0, Math.min((v as unknown[]).length, prefix.length), (i) => prefix[i] as Compiled, out),
    )
  }
  if (s['items'] !== undefined) {
    // 2020-12: a schema for every item after `prefixItems` (a list here is draft 2019's form: not compiled).
    if (Array.isArray(s['items'])) throw new Unsupported('items')
    const item = sub(s['items'])
    const test = item.test
    const from = first
    keyword(
      (v) => {
        if (!Array.isArray(v)) return true
        for (let i = from; i < v.length; i++) if (!test(v[i])) return false
        return true
      },
      // `items: false` after `prefixItems` is a longest length: said as maxItems says it, not as an unknown field.
      s['items'] === false
        ? (v, out) => out.add('maxItems', `Array has too many items (${(v as unknown[]).length} > ${from}).`)
        : (v, out) => explainItems(v as unknown[], from, (v as unknown[]).length, () => item, out),
    )
  }
  if (s['contains'] !== undefined) {
    const test = sub(s['contains']).test
    const min = count(s, 'minContains') ?? 1
    const max = count(s, 'maxContains') ?? Infinity
    const matching = (list: readonly unknown[]): number => {
      let n = 0
      // Past `max`, or at `min` with no `max`, the answer is known.
      for (let i = 0; i < list.length && n <= max && !(n >= min && max === Infinity); i++) if (test(list[i])) n++
      return n
    }
    keyword(
      (v) => {
        if (!Array.isArray(v)) return true
        const n = matching(v)
        return n >= min && n <= max
      },
      (v, out) => {
        const n = matching(v as unknown[])
        if (n < min) out.add(s['minContains'] === undefined ? 'contains' : 'minContains', `Array has too few items matching "contains" (${n} < ${min}).`)
        else out.add('maxContains', `Array has too many items matching "contains" (more than ${max}).`)
      },
    )
  } else {
    // Without `contains`, `minContains` and `maxContains` say nothing; their values are still checked.
    count(s, 'minContains')
    count(s, 'maxContains')
  }
}
