/**
 * `node bench/changes-parts.ts` (also bun, deno): where the version-changes
 * case's time goes, part by part, on the runtime that runs it. The same 100
 * products as bench/changes.ts: building the head body and the v1 body, the
 * history's migration of the head body to v1 (`history.migrate`: JSON in and
 * out), what the JSON step runs (the copy along the layout and the fused
 * walk, and the copy alone), the floor of any copy changed in place (spread copies, the same
 * field operations by names read from data, no test that converters read
 * JSON values), the same migration written out with fixed field names (what
 * code generated per shape would run; Workers allow no runtime code
 * generation), and serialising each. mitata p50s, BENCH_ROUNDS interleaved
 * rounds, medians printed.
 */
import { do_not_optimize, measure } from 'mitata'
import { benchParts } from './changes-cases.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const ROUNDS = Number(env['BENCH_ROUNDS'] ?? 5)
const { headBody, v1Body, migrate, step, copy, floor } = benchParts()

type Head = ReturnType<typeof headBody>['items'][number]

/** v5 to v1 by hand, from the head value: a copy of each object with the older names, formats and fields. */
function fixedNames(value: { items: Head[] }): { items: object[] } {
  return {
    items: value.items.map((p) => ({
      id: p.id,
      name: p.title,
      price: (p.price.amount / 100).toFixed(2),
      status: p.status === 'draft' ? 'active' : p.status,
      category: { slug: p.category.slug, name: p.category.title },
      sku: `SKU-${p.id}`,
    })),
  }
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))
if ([migrate, fixedNames, step, floor].some((run) => canonical(run(headBody())) !== canonical(v1Body()))) {
  throw new Error('the migrations disagree with the hand-written v1 body')
}

const head = headBody()
const v1 = v1Body()
const migrated = migrate(headBody())
const cases: Record<string, () => unknown> = {
  'build the v1 body (hand-written handler)': () => v1Body(),
  'build the head body (handler written once)': () => headBody(),
  'history.migrate(head body) to v1': () => migrate(head),
  'fixed-name migration of the head body to v1': () => fixedNames(head),
  "the JSON step's copy and walk of the head body to v1 (what c.json runs)": () => step(head),
  "its copy alone (json-copy.ts: spreads, and the test that what converters read is JSON)": () => copy(head),
  'floor: spread copies changed in place by names read from data, no JSON tests': () => floor(head),
  'JSON.stringify(build the v1 body): the hand-written handler': () => JSON.stringify(v1Body()),
  'JSON.stringify(JSON step of a head body built): the handler through the JSON step': () => JSON.stringify(step(headBody())),
  'JSON.stringify(floor of a head body built)': () => JSON.stringify(floor(headBody())),
  'JSON.stringify(v1 body)': () => JSON.stringify(v1),
  'JSON.stringify(migrated body)': () => JSON.stringify(migrated),
}

const times: Record<string, number[]> = {}
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(cases)) {
    ;(times[name] ??= []).push((await measure(() => do_not_optimize(fn()), { min_cpu_time: 100 * 1e6 })).p50)
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
console.log(`version changes, part by part: 100 products, v5 to v1 (4 steps), ${ROUNDS} interleaved rounds, mitata p50 (medians)`)
console.log('| part | p50 |')
console.log('|---|---:|')
for (const [name, xs] of Object.entries(times)) console.log(`| ${name} | ${(median(xs) / 1000).toFixed(2)} µs |`)
