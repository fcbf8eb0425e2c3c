/**
 * d1Usage when D1 never answers: are the rows of pending batches held without bound?
 * Run: node_modules/.bin/node --expose-gc .tmp/pins11/probe-batches.ts
 */
import { d1Usage } from '../../src/client-pins/index.ts'

declare const gc: () => void
let batches = 0
const statement = { bind: () => statement, run: () => Promise.resolve({}), all: () => Promise.resolve({ results: [] }) }
const db = { prepare: () => statement, batch: () => (batches++, new Promise(() => undefined)) }
const errors: unknown[] = []
const usage = d1Usage(db as never, { waitUntil: () => undefined, flushMs: 30_000, maxRows: 500, onError: (e) => errors.push(e) })
gc()
const before = process.memoryUsage().heapUsed
for (let i = 0; i < 200_000; i++) {
  if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 0))
  usage.record({ version: '2025-01-01', client: `client-${i}-${'x'.repeat(60)}`, route: '/api/things/:id', deprecated: false, at: Date.now() })
}
gc()
console.log(`PROBE 200,000 distinct clients, D1 never answering: ${batches} batches started, heap +${Math.round((process.memoryUsage().heapUsed - before) / 1024 / 1024)} MiB, onError told ${errors.length} times`)
process.exit(0)
