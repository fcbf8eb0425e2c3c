/**
 * What `app.use('*', versioning)` beside `mountRoutes` costs over
 * `mountRoutes` alone, and how much of it is Hono's: the same table and view
 * served by mountRoutes alone (one handler: Hono calls it without composing),
 * beside a middleware that only calls `next()` (Hono's compose, the floor of
 * any middleware), and beside the versioning middleware. CPU time per
 * request after a warm-up, each configuration in a process of its own, in
 * interleaved rounds; the body of each response read.
 *
 * Usage: <runtime> bench/beside.ts                      (the rounds on Node, Bun and Deno, then a table)
 *        <runtime> bench/beside.ts side <alone|noop|versioning> <requests>   (one side: µs of CPU per request)
 * Environment: BESIDE_RUNTIMES [node,bun,deno], BESIDE_ROUNDS [5], BESIDE_REQUESTS [200000].
 */
import { Hono } from 'hono'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import { defineRoutes, include, route, URLPathVersioning } from '../src/index.ts'
import { median, runtimeCommand } from './sides.ts'

declare const Deno: { args: string[] } | undefined
declare const process: { argv: string[]; env: Record<string, string | undefined>; execPath: string; cpuUsage(): { user: number; system: number } }

type Side = 'alone' | 'noop' | 'versioning'
const SIDES: readonly Side[] = ['alone', 'noop', 'versioning']

function app(side: Side): Hono {
  const versioning = apiVersioning({
    scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }),
    routes: defineRoutes([include('/:version', [route('user-detail', '/users/:id')])]),
  })
  const a = new Hono()
  if (side === 'noop') a.use('*', (_c, next) => next())
  if (side === 'versioning') a.use('*', versioning)
  mountRoutes(a, versioning, { 'user-detail': (c) => c.json({ id: c.req.param('id'), version: c.var.version }) })
  return a
}

async function side(which: Side, requests: number): Promise<number> {
  const a = app(which)
  const request = new Request('http://api.example/v2/users/1')
  const send = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const res = await a.fetch(request)
      if (res.status !== 200) throw new Error(`bench/beside.ts: ${which} answered ${res.status}`)
      await res.arrayBuffer()
    }
  }
  await send(Math.min(requests, 30_000))
  const start = process.cpuUsage()
  await send(requests)
  const used = process.cpuUsage()
  return (used.user + used.system - start.user - start.system) / requests
}

async function drive(): Promise<void> {
  const { execFileSync } = await import('node:child_process')
  const { fileURLToPath } = await import('node:url')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const runtimes = (process.env['BESIDE_RUNTIMES'] ?? 'node,bun,deno').split(',').map((s) => s.trim()).filter(Boolean)
  const rounds = Number(process.env['BESIDE_ROUNDS'] ?? 5)
  const requests = Number(process.env['BESIDE_REQUESTS'] ?? 200_000)
  console.log('| runtime | mountRoutes alone (µs CPU) | beside a no-op middleware | beside versioning | no-op over alone | versioning over alone | versioning over no-op |')
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const runtime of runtimes) {
    const [bin, head] = runtimeCommand(root, runtime, 'bench/beside.ts')
    const got: Record<Side, number[]> = { alone: [], noop: [], versioning: [] }
    for (let round = 0; round < rounds; round++) {
      // The order rotates from round to round.
      for (let i = 0; i < SIDES.length; i++) {
        const which = SIDES[(round + i) % SIDES.length] as Side
        got[which].push(Number(execFileSync(bin, [...head, 'side', which, String(requests)], { cwd: root, encoding: 'utf8' }).trim()))
      }
    }
    const ratio = (a: Side, b: Side): string => median(got[a].map((x, i) => x / (got[b][i] as number))).toFixed(2)
    const m = (s: Side): string => median(got[s]).toFixed(2)
    console.log(`| ${runtime} | ${m('alone')} | ${m('noop')} | ${m('versioning')} | ${ratio('noop', 'alone')}x | ${ratio('versioning', 'alone')}x | ${ratio('versioning', 'noop')}x |`)
  }
}

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2)
if (args[0] === 'side') console.log((await side(args[1] as Side, Number(args[2]))).toFixed(3))
else await drive()
