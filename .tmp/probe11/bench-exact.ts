// Interleaved: an older client's NDJSON stream migrated by streams.ts with the exact-number check, and by the
// version before it (copied to src/changes/streams-before-probe.ts while this runs), same steps, same chunks.
import { migrateItems as withCheck } from '../../src/changes/streams.ts'
import { migrateItems as without } from '../../src/changes/streams-before-probe.ts'
const ITEMS = 50_000
const item = (i: number) => JSON.stringify({ id: i, fullName: 'Ada Lovelace', email: 'ada@example.com', created: '2026-01-01T00:00:00Z', score: 0.5, tags: ['a', 'b'] })
const chunks: string[] = []
for (let i = 0; i < ITEMS; i += 100) chunks.push(Array.from({ length: 100 }, (_, j) => `${item(i + j)}\n`).join(''))
const steps = [(v: unknown) => { const o = v as Record<string, unknown>; o['name'] = o['fullName']; o['fullName'] = undefined; return o }]
const subject = { route: 'GET /x', version: '1', type: 'application/x-ndjson' }
async function run(f: typeof withCheck): Promise<number> {
  const enc = new TextEncoder()
  let i = 0
  const body = new ReadableStream<Uint8Array>({ pull(c) { const s = chunks[i++]; if (s === undefined) c.close(); else c.enqueue(enc.encode(s)) } })
  const t0 = performance.now()
  const reader = f(body, 'lines', steps as never, subject).getReader()
  for (;;) { const { done } = await reader.read(); if (done) break }
  return ITEMS / ((performance.now() - t0) / 1000)
}
const a: number[] = [], b: number[] = []
for (let r = 0; r < 7; r++) { b.push(await run(without)); a.push(await run(withCheck)) }
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)] as number
console.log('items/s without check', b.map((x) => x.toFixed(0)).join(', '), 'median', med(b).toFixed(0))
console.log('items/s with check   ', a.map((x) => x.toFixed(0)).join(', '), 'median', med(a).toFixed(0))
console.log('with/without per round', a.map((x, i) => (x / (b[i] as number)).toFixed(2)).join(', '), 'median', med(a.map((x, i) => x / (b[i] as number))).toFixed(2))
