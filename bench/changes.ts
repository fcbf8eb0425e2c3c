/**
 * `node bench/changes.ts`: the version-changes case alone, on the runtime that
 * runs it: an old-version response of 100 nested objects across 5 versions,
 * served from a head-version handler, against a hand-written handler that
 * builds the old shape directly. Prints the times, the ratios and whether the
 * 1.5x target is met. BENCH_ROUNDS sets the number of interleaved rounds.
 *
 * Besides mitata's wall-clock medians, it reports CPU time per request
 * (`process.cpuUsage()` over batches, where the runtime has it), which the
 * other processes of a shared machine disturb less.
 */
import { do_not_optimize, measure } from 'mitata'
import { changesApps, changesRequest, expectedV1 } from './changes-cases.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const ROUNDS = Number(env['BENCH_ROUNDS'] ?? 5)
const TARGET = 1.5

/** JSON with object keys sorted: the migrated body has the hand-written one's fields, not their order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v))

const apps = changesApps()
for (const [name, app] of Object.entries(apps)) {
  const body = await (await app.fetch(changesRequest)).text()
  if (canonical(JSON.parse(body)) !== canonical(JSON.parse(expectedV1))) throw new Error(`${name}: the v1 body differs from the hand-written one`)
}

const cases: Record<string, () => Promise<string>> = {
  handWritten: async () => (await apps.handWritten.fetch(changesRequest)).text(),
  changes: async () => (await apps.changes.fetch(changesRequest)).text(),
  changesParsed: async () => (await apps.changesParsed.fetch(changesRequest)).text(),
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

const times: Record<string, number[]> = {}
const ratios: Record<string, number[]> = {}
for (let round = 0; round < ROUNDS; round++) {
  const t: Record<string, number> = {}
  for (const [name, fn] of Object.entries(cases)) {
    t[name] = (await measure(async () => do_not_optimize(await fn()), { min_cpu_time: 100 * 1e6, max_samples: 1e6 })).p50
  }
  for (const name of Object.keys(cases)) {
    ;(times[name] ??= []).push(t[name] as number)
    ;(ratios[name] ??= []).push((t[name] as number) / (t['handWritten'] as number))
  }
}

/** CPU microseconds per call, over batches of `batch` calls; the median of `ROUNDS` interleaved batches per case. */
const cpu = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process?.cpuUsage
const cpuTimes: Record<string, number[]> = {}
const cpuRatios: Record<string, number[]> = {}
if (cpu !== undefined) {
  const batch = 300
  for (let round = 0; round < ROUNDS * 3; round++) {
    const t: Record<string, number> = {}
    for (const [name, fn] of Object.entries(cases)) {
      const start = cpu()
      for (let i = 0; i < batch; i++) await fn()
      const end = cpu()
      t[name] = (end.user - start.user + end.system - start.system) / batch
    }
    for (const name of Object.keys(cases)) {
      ;(cpuTimes[name] ??= []).push(t[name] as number)
      ;(cpuRatios[name] ??= []).push((t[name] as number) / (t['handWritten'] as number))
    }
  }
}

console.log(`version changes: v1 response of 100 products with nested categories, 5 versions (4 steps), ${ROUNDS} interleaved rounds, mitata p50`)
console.log(`| case | p50 (wall) | ratio to hand-written | target ${TARGET}x |${cpu === undefined ? '' : ' CPU per request | ratio | target |'}`)
console.log(`|---|---:|---:|---|${cpu === undefined ? '' : '---:|---:|---|'}`)
const verdict = (name: string, ratio: number): string => (name === 'handWritten' ? '' : ratio <= TARGET ? 'met' : 'missed')
for (const name of Object.keys(cases)) {
  const ratio = median(ratios[name] as number[])
  const wall = `| ${name} | ${(median(times[name] as number[]) / 1000).toFixed(1)} µs | ${ratio.toFixed(2)}x | ${verdict(name, ratio)} |`
  if (cpu === undefined) console.log(wall)
  else {
    const cpuRatio = median(cpuRatios[name] as number[])
    console.log(`${wall} ${median(cpuTimes[name] as number[]).toFixed(1)} µs | ${cpuRatio.toFixed(2)}x | ${verdict(name, cpuRatio)} |`)
  }
}
