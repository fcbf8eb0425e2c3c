/**
 * What an older client's request costs in process (`app.fetch` of app.ts,
 * no server): the CPU time per request of an oldest-version POST and GET and
 * of the same request on the head version, on Node, Bun and Deno. Each side
 * runs in a process of its own, the sides and rounds alternating: run in one
 * process, the garbage one side leaves (objects it keeps past a young
 * collection) is collected on the other's time, which can turn a saving into
 * a cost. CPU time, not wall time, so other processes on the machine weigh
 * less; the requests carry `Content-Length` as a server's do.
 *
 * Usage: node bench/migrated/in-process.ts          (the rounds, then a table)
 *        <runtime> bench/migrated/in-process.ts side <post|get> <old|head> <requests>   (one side: µs per request)
 * Environment: MIGRATED_RUNTIMES [node,bun,deno], MIGRATED_ROUNDS [5], MIGRATED_IN_PROCESS_REQUESTS [20000].
 */
import { median, runtimeCommand } from '../sides.ts'
import { migratedApp, REQUESTS, type Kind, type Side } from './app.ts'

declare const Deno: { args: string[] } | undefined
declare const process: {
  argv: string[]
  env: Record<string, string | undefined>
  execPath: string
  cpuUsage(): { user: number; system: number }
}

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)

/** CPU time of this process, in milliseconds. */
function cpu(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

/** One side: `requests` requests after a warm-up; µs of CPU per request. */
async function side(kind: Kind, which: Side, requests: number): Promise<number> {
  const app = migratedApp()
  const r: { method: string; path: string; headers: Record<string, string>; body?: string } = REQUESTS[kind][which]
  const length = r.body === undefined ? {} : { 'content-length': String(new TextEncoder().encode(r.body).byteLength) }
  const send = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const init: RequestInit = { method: r.method, headers: { ...r.headers, ...length } }
      if (r.body !== undefined) init.body = r.body
      const res = await app.fetch(new Request(`http://127.0.0.1${r.path}`, init))
      if (res.status >= 300) throw new Error(`bench/migrated/in-process.ts: ${kind} ${which} answered ${res.status}`)
      await res.arrayBuffer()
    }
  }
  await send(3000)
  const start = cpu()
  await send(requests)
  return ((cpu() - start) / requests) * 1000
}

async function drive(): Promise<void> {
  const { execFileSync } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const script = 'bench/migrated/in-process.ts'
  const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
  const runtimes = list('MIGRATED_RUNTIMES', 'node,bun,deno')
  const rounds = Number(process.env['MIGRATED_ROUNDS'] ?? 5)
  const requests = Number(process.env['MIGRATED_IN_PROCESS_REQUESTS'] ?? 20_000)
  const one = (runtime: string, kind: Kind, which: Side): number => {
    const [bin, head] = runtimeCommand(root, runtime, script)
    return Number(execFileSync(bin, [...head, 'side', kind, which, String(requests)], { cwd: root, encoding: 'utf8' }).trim())
  }
  const lines = ['| runtime | request | head (µs CPU) | old (µs CPU) | ratio head/old (median) | per-round ratios |', '|---|---|---:|---:|---:|---|']
  for (const runtime of runtimes) {
    for (const kind of ['post', 'get'] as const) {
      const per: { head: number; old: number }[] = []
      for (let round = 0; round < rounds; round++) {
        const order: Side[] = round % 2 === 0 ? ['head', 'old'] : ['old', 'head']
        const got = { head: 0, old: 0 }
        for (const which of order) got[which] = one(runtime, kind, which)
        per.push(got)
        console.error(`bench:migrated in process: ${runtime} ${kind} round ${round + 1}: head ${got.head.toFixed(1)} µs, old ${got.old.toFixed(1)} µs, ratio ${(got.head / got.old).toFixed(3)}`)
      }
      const ratios = per.map((r) => r.head / r.old)
      lines.push(`| ${runtime} | ${kind.toUpperCase()} | ${median(per.map((r) => r.head)).toFixed(1)} | ${median(per.map((r) => r.old)).toFixed(1)} | ${median(ratios).toFixed(3)} | ${ratios.map((x) => x.toFixed(3)).join(', ')} |`)
    }
  }
  console.log(lines.join('\n'))
}

if (args[0] === 'side') console.log((await side(args[1] as Kind, args[2] as Side, Number(args[3] ?? 20_000))).toFixed(2))
else await drive()
