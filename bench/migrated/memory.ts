/**
 * Heap before and after migrated requests in process (`app.fetch`, as a
 * server calls it), on the runtime that runs this file: old-version POSTs and
 * GETs alternating, with samples on the way, each after a forced collection.
 *
 * Usage: node --expose-gc bench/migrated/memory.ts [out.json]
 *        bun bench/migrated/memory.ts [out.json]
 *        deno run --allow-all --v8-flags=--expose-gc bench/migrated/memory.ts [out.json]
 * Environment: MIGRATED_REQUESTS (default 1000000), MIGRATED_SAMPLES (default 5).
 */
import { migratedApp, REQUESTS } from './app.ts'

declare const Bun: { gc(force: boolean): void; version: string } | undefined
declare const Deno: { args: string[]; version: { deno: string }; writeTextFileSync(path: string, text: string): void; memoryUsage(): { heapUsed: number } } | undefined
declare const process: { argv: string[]; env: Record<string, string | undefined>; version: string; memoryUsage(): { heapUsed: number } }

const env = typeof Deno !== 'undefined' ? ((globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}) : process.env
const total = Number(env['MIGRATED_REQUESTS'] ?? 1_000_000)
const samples = Number(env['MIGRATED_SAMPLES'] ?? 5)
const runtime = typeof Bun !== 'undefined' ? { name: 'bun', version: Bun.version } : typeof Deno !== 'undefined' ? { name: 'deno', version: Deno.version.deno } : { name: 'node', version: process.version }

async function heap(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    if (typeof Bun !== 'undefined') Bun.gc(true)
    else (globalThis as { gc?: () => void }).gc?.()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  if (typeof Bun !== 'undefined') return (await import('bun:jsc' as string)).heapStats().heapSize as number
  return (typeof Deno !== 'undefined' ? Deno.memoryUsage() : process.memoryUsage()).heapUsed
}

if (typeof Bun === 'undefined' && typeof (globalThis as { gc?: unknown }).gc !== 'function') throw new Error('bench/migrated/memory.ts: run with --expose-gc (Deno: --v8-flags=--expose-gc).')
const app = migratedApp()
const { post, get } = REQUESTS
const make = (r: { method: string; path: string; headers: Record<string, string>; body?: string }) => new Request(`http://127.0.0.1${r.path}`, { method: r.method, headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) })
// Warm up, then measure.
for (let i = 0; i < 2000; i++) await (await app.fetch(make(i % 2 === 0 ? post.old : get.old))).arrayBuffer()
const before = await heap()
const taken: number[] = []
const every = Math.max(1, Math.floor(total / samples))
const started = Date.now()
for (let i = 1; i <= total; i++) {
  const res = await app.fetch(make(i % 2 === 0 ? post.old : get.old))
  if (res.status >= 300) throw new Error(`bench/migrated/memory.ts: ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
  if (i % every === 0) taken.push(await heap())
}
const after = await heap()
const result = { runtime, requests: total, seconds: (Date.now() - started) / 1000, before, after, growth: (after - before) / before, samples: taken }
const mb = (x: number) => `${(x / 1024 / 1024).toFixed(2)} MB`
console.log(`${runtime.name}: ${total} migrated requests in ${result.seconds.toFixed(1)} s; heap ${mb(before)} -> ${mb(after)} (${(result.growth * 100).toFixed(1)}%); samples ${taken.map(mb).join(', ')}`)
const out = typeof Deno !== 'undefined' ? Deno.args[0] : process.argv[2]
if (out !== undefined) {
  const text = JSON.stringify(result, null, 2)
  if (typeof Deno !== 'undefined') Deno.writeTextFileSync(out, text)
  else (await import('node:fs')).writeFileSync(out, text)
}
