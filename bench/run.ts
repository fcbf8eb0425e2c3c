/**
 * Runs the benchmarks on the runtime that runs this file (Node, Bun or Deno)
 * and writes their results as JSON to the path given as the first argument.
 *
 * Timings are mitata's medians (p50) of interleaved rounds: each round
 * measures every case once, and a ratio is the median over rounds of the
 * ratio within a round, so drift and collections hit both sides alike.
 */
import { do_not_optimize, measure } from 'mitata'
import {
  bareApp,
  matchFor,
  noopMiddlewareApp,
  versionMiddlewareApp,
  middlewareApp,
  mountedApp,
  reverseCases,
  scaled,
  SCHEMES,
  type SchemeName,
} from './cases.ts'
import { changesApps, changesRequest } from './changes-cases.ts'

declare const Bun: { version: string; gc(force: boolean): void } | undefined
declare const Deno: { version: { deno: string }; writeTextFileSync(path: string, text: string): void; args: string[] } | undefined
declare const process: { version: string; argv: string[]; memoryUsage(): { heapUsed: number } } | undefined

const ROUNDS = Number((typeof process !== 'undefined' ? (process as unknown as { env: Record<string, string | undefined> }).env['BENCH_ROUNDS'] : undefined) ?? 5)
const g = globalThis as { gc?: () => void }

function runtime(): { name: string; version: string } {
  if (typeof Bun !== 'undefined') return { name: 'bun', version: Bun.version }
  if (typeof Deno !== 'undefined') return { name: 'deno', version: Deno.version.deno }
  return { name: 'node', version: process?.version ?? 'unknown' }
}

async function p50(fn: () => unknown): Promise<number> {
  const stats = await measure(() => do_not_optimize(fn()), { min_cpu_time: 100 * 1e6, max_samples: 1e6 })
  return stats.p50
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** Interleaved rounds: the median time of each case, and the median per-round ratio base/case. */
async function compare(cases: Record<string, () => unknown>, base: string): Promise<Record<string, { ns: number; ratio: number }>> {
  const times: Record<string, number[]> = {}
  const ratios: Record<string, number[]> = {}
  for (let round = 0; round < ROUNDS; round++) {
    const t: Record<string, number> = {}
    for (const [name, fn] of Object.entries(cases)) t[name] = await p50(fn)
    for (const name of Object.keys(cases)) {
      ;(times[name] ??= []).push(t[name] as number)
      ;(ratios[name] ??= []).push((t[base] as number) / (t[name] as number))
    }
  }
  const out: Record<string, { ns: number; ratio: number }> = {}
  for (const name of Object.keys(cases)) out[name] = { ns: median(times[name] as number[]), ratio: median(ratios[name] as number[]) }
  return out
}

const heap = (): number => {
  if (typeof Bun !== 'undefined') Bun.gc(true)
  else g.gc?.()
  return typeof process !== 'undefined' ? process.memoryUsage().heapUsed : 0
}

const results: Record<string, unknown> = { runtime: runtime(), date: new Date().toISOString() }

// 1. Middleware overhead: the same app bare, versioned by mountRoutes, and by the middleware too.
const middleware: Record<string, unknown> = {}
for (const name of Object.keys(SCHEMES) as SchemeName[]) {
  const s = SCHEMES[name]
  const bare = bareApp(s)
  const noop = noopMiddlewareApp(s)
  const mounted = mountedApp(s)
  const withMiddleware = middlewareApp(s)
  const lean = versionMiddlewareApp(name, s)
  for (const app of [bare, noop, mounted, withMiddleware, ...(lean === null ? [] : [lean])]) {
    const res = await app.fetch(s.request)
    if (res.status !== 200) throw new Error(`${name}: the benchmark request answered ${res.status}`)
  }
  const scheme = s.scheme()
  const match = matchFor(s)
  middleware[name] = await compare(
    {
      bare: () => bare.fetch(s.request),
      noopMiddleware: () => noop.fetch(s.request),
      mountRoutes: () => mounted.fetch(s.request),
      middleware: () => withMiddleware.fetch(s.request),
      ...(lean === null ? {} : { versionMiddleware: () => lean.fetch(s.request) }),
      determineVersion: () => scheme.determineVersion(s.request, match),
    },
    'bare',
  )
}
results['middleware'] = middleware

// 2. reverse against path-to-regexp and concatenation.
const rev = reverseCases()
for (let k = 0; k < 64; k++) {
  const ours = rev.ours()
  const ptr = rev.pathToRegexp()
  const concat = rev.concat()
  rev.concatEncoded()
  if (ours !== ptr || ptr !== concat) throw new Error(`reverse cases disagree: ${ours} ${ptr} ${concat}`)
}
results['reverse'] = await compare({ concat: rev.concat, concatEncoded: rev.concatEncoded, ours: rev.ours, pathToRegexp: rev.pathToRegexp }, 'concat')

// 3. Scale: 10 against 10,000 allowed versions and named routes.
const small = scaled(10)
const large = scaled(10_000)
results['scale'] = {
  versions: await compare(
    { n10: () => small.scheme.determineVersion(small.request), n10000: () => large.scheme.determineVersion(large.request) },
    'n10',
  ),
  routes: await compare(
    {
      n10: () => small.table.reverseUnchecked(small.name, { kwargs: { id: 7 } }),
      n10000: () => large.table.reverseUnchecked(large.name, { kwargs: { id: 7 } }),
    },
    'n10',
  ),
}

// 7. Version changes: an old-version response of 100 nested objects across 5 versions, against a hand-written handler.
{
  const apps = changesApps()
  results['changes'] = await compare(
    {
      handWritten: async () => (await apps.handWritten.fetch(changesRequest)).text(),
      changes: async () => (await apps.changes.fetch(changesRequest)).text(),
      changesParsed: async () => (await apps.changesParsed.fetch(changesRequest)).text(),
    },
    'handWritten',
  )
}

// 6. Memory: the heap before and after 1,000,000 versioned requests.
{
  const s = SCHEMES['accept-header']
  const app = middlewareApp(s)
  for (let i = 0; i < 10_000; i++) await app.fetch(s.request)
  const before = heap()
  const samples: number[] = []
  for (let i = 1; i <= 1_000_000; i++) {
    await app.fetch(s.request)
    if (i % 200_000 === 0) samples.push(heap())
  }
  const after = heap()
  results['memory'] = { requests: 1_000_000, before, after, samples, gcForced: typeof Bun !== 'undefined' || typeof g.gc === 'function' }
}

const text = JSON.stringify(results, null, 2)
const out = typeof Deno !== 'undefined' ? Deno.args[0] : process?.argv[2]
if (out === undefined) console.log(text)
else if (typeof Deno !== 'undefined') Deno.writeTextFileSync(out, text)
else (await import('node:fs')).writeFileSync(out, text)
