/**
 * `node bench/ab.ts`: a change to the request path measured against another
 * checkout of the repository (BENCH_BASE, a directory holding its `src/` and
 * `bench/`, such as `git archive main src bench | tar -x -C .tmp/base`), in
 * the same run: each case's CPU time per request in this tree and in the base,
 * each side in a process of its own (the garbage one side leaves is not
 * collected on the other's time), the sides alternating, several rounds.
 * Prints per case and runtime the medians, the ratio base/this per round
 * (above 1: this tree is faster) and its median.
 *
 * Cases: `changes` (section 8's old-version response of 100 products),
 * `parsed` (the same, the handler answering its body as text: the response step parses and serialises it),
 * `hand` (its hand-written twin, for the ratio to it), `post` and `get` (an
 * oldest-version client's requests of bench/migrated/app.ts, new `Request`s
 * with `Content-Length`, as a server makes them), `pair` (the toolkit of
 * bench/pairs.ts's `use+mountRoutes`, or AB_PAIR, a reused `Request`, its body not read),
 * `long` (the oldest version's response of bench/history-cases.ts's `realistic`
 * history of AB_LONG versions: a walk over many programs; this tree's case, each tree's toolkit).
 *
 * Usage: node bench/ab.ts
 *        <runtime> bench/ab.ts side <this|base> <case> <requests>   (one side: µs of CPU per request)
 * Environment: BENCH_BASE [.tmp/base], AB_RUNTIMES [node,bun,deno], AB_CASES [changes,hand,post,get,pair; also parsed],
 * AB_ROUNDS [5], AB_SCALE [1] (multiplies each case's request count), AB_PAIR [use+mountRoutes], AB_LONG [400].
 */
import { median, runtimeCommand } from './sides.ts'

declare const Deno: { args: string[] } | undefined
declare const process: { argv: string[]; env: Record<string, string | undefined>; execPath: string; cpuUsage(): { user: number; system: number } }

type Tree = 'this' | 'base'
type Case = 'changes' | 'parsed' | 'hand' | 'post' | 'get' | 'pair' | 'long'
type Fetch = { fetch(request: Request): Response | Promise<Response> }

const REQUESTS: Record<Case, number> = { changes: 4000, parsed: 3000, hand: 6000, post: 10000, get: 8000, pair: 60000, long: 600 }
const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)
const base = (): string => process.env['BENCH_BASE'] ?? '.tmp/base'

/** The root of `tree`'s checkout. */
const rootOf = (tree: Tree): URL => (tree === 'this' ? new URL('..', import.meta.url) : new URL(`${base().replace(/\/?$/, '/')}`, new URL(`file://${cwd()}/`)))

/** The bench module `path` (relative to a tree's root) of `tree`. */
async function load<T>(tree: Tree, path: string): Promise<T> {
  return (await import(new URL(path, rootOf(tree)).href)) as T
}

function cwd(): string {
  const d = (globalThis as { Deno?: { cwd(): string } }).Deno
  return d !== undefined ? d.cwd() : (globalThis as unknown as { process: { cwd(): string } }).process.cwd()
}

/** What one request of `which` is: a function sending it and reading the body to the end. */
async function sender(tree: Tree, which: Case): Promise<() => Promise<void>> {
  const read = async (res: Response | Promise<Response>): Promise<void> => {
    const r = await res
    if (r.status >= 300) throw new Error(`bench/ab.ts: ${tree} ${which} answered ${r.status}`)
    await r.arrayBuffer()
  }
  if (which === 'changes' || which === 'parsed' || which === 'hand') {
    const m = await load<{ changesApps(): { changes: Fetch; changesParsed: Fetch; handWritten: Fetch }; changesRequest: Request }>(tree, 'bench/changes-cases.ts')
    const apps = m.changesApps()
    const app = which === 'changes' ? apps.changes : which === 'parsed' ? apps.changesParsed : apps.handWritten
    return () => read(app.fetch(m.changesRequest))
  }
  if (which === 'long') {
    const cases = await import('./history-cases.ts')
    const { app, request } = cases.olderApp(await cases.toolkit(rootOf(tree)), 'realistic', Number(process.env['AB_LONG'] ?? 400))
    return () => read(app.fetch(request))
  }
  if (which === 'pair') {
    const m = await load<{ PAIRS: Record<string, { toolkit(): Fetch; request: never }>; requestFor(r: never): Request }>(tree, 'bench/pairs.ts')
    const pair = m.PAIRS[process.env['AB_PAIR'] ?? 'use+mountRoutes'] as { toolkit(): Fetch; request: never }
    const app = pair.toolkit()
    const request = m.requestFor(pair.request)
    // As bench/run.ts measures the pairs: the response awaited, its body not read.
    return async () => {
      if ((await app.fetch(request)).status !== 200) throw new Error(`bench/ab.ts: ${tree} pair answered otherwise than 200`)
    }
  }
  const m = await load<{ migratedApp(): Fetch; REQUESTS: Record<'post' | 'get', Record<'old', { method: string; path: string; headers: Record<string, string>; body?: string }>> }>(tree, 'bench/migrated/app.ts')
  const app = m.migratedApp()
  const r = m.REQUESTS[which].old
  const length = r.body === undefined ? {} : { 'content-length': String(new TextEncoder().encode(r.body).byteLength) }
  return () => {
    const init: RequestInit = { method: r.method, headers: { ...r.headers, ...length } }
    if (r.body !== undefined) init.body = r.body
    return read(app.fetch(new Request(`http://127.0.0.1${r.path}`, init)))
  }
}

/** One side: µs of CPU per request, after a warm-up of a third as many. */
async function side(tree: Tree, which: Case, requests: number): Promise<number> {
  const send = await sender(tree, which)
  const cpu = (): number => {
    const used = process.cpuUsage()
    return used.user + used.system
  }
  for (let i = 0; i < requests / 3; i++) await send()
  const start = cpu()
  for (let i = 0; i < requests; i++) await send()
  return (cpu() - start) / requests
}

async function drive(): Promise<void> {
  const { execFileSync } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  const { loadavg } = await import('node:os')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
  const runtimes = list('AB_RUNTIMES', 'node,bun,deno')
  const cases = list('AB_CASES', 'changes,hand,post,get,pair') as Case[]
  const rounds = Number(process.env['AB_ROUNDS'] ?? 5)
  const scale = Number(process.env['AB_SCALE'] ?? 1)
  const one = (runtime: string, tree: Tree, which: Case): number => {
    const [bin, head] = runtimeCommand(root, runtime, 'bench/ab.ts')
    const out = execFileSync(bin, [...head, 'side', tree, which, String(Math.round(REQUESTS[which] * scale))], { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_BASE: base() } })
    return Number(out.trim())
  }
  console.log(`bench/ab.ts: this tree against ${base()}, ${rounds} rounds, each side in its own process, µs of CPU per request; load average at the start ${loadavg().map((l) => l.toFixed(2)).join(', ')}`)
  console.log('| runtime | case | base (µs) | this (µs) | base/this (median) | per round |')
  console.log('|---|---|---:|---:|---:|---|')
  for (const runtime of runtimes) {
    for (const which of cases) {
      const got: { base: number[]; this: number[]; ratio: number[] } = { base: [], this: [], ratio: [] }
      for (let round = 0; round < rounds; round++) {
        const order: Tree[] = round % 2 === 0 ? ['base', 'this'] : ['this', 'base']
        const t = { base: 0, this: 0 }
        for (const tree of order) t[tree] = one(runtime, tree, which)
        got.base.push(t.base)
        got.this.push(t.this)
        got.ratio.push(t.base / t.this)
      }
      console.log(`| ${runtime} | ${which} | ${median(got.base).toFixed(2)} | ${median(got.this).toFixed(2)} | ${median(got.ratio).toFixed(3)} | ${got.ratio.map((r) => r.toFixed(3)).join(', ')} |`)
    }
  }
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(2)).join(', ')}`)
}

if (args[0] === 'side') console.log((await side(args[1] as Tree, args[2] as Case, Number(args[3]))).toFixed(3))
else await drive()
