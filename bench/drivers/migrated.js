#!/usr/bin/env node
// What an older client's request costs (bench/migrated/, a Cadwyn-like app: four dated versions, eleven changes,
// older request bodies validated in their own version): served over loopback on Node, Bun, Deno and workerd, the
// requests/s of an oldest-version POST and GET over the same request on the head version, from one server
// (autocannon, interleaved rounds, the side that goes first alternating), against the target of 0.9; and the heap
// before and after migrated requests in process on Node, Bun and Deno (bench/migrated/memory.ts). Every ratio with
// its per-round values; nothing here fails on a miss.
//
// Environment (defaults in brackets):
//   MIGRATED_RUNTIMES     runtimes, comma-separated                  [node,bun,deno,workerd]
//   MIGRATED_ROUNDS       interleaved rounds per request kind         [5]
//   MIGRATED_SECONDS      one side's turn in a round, seconds         [1]
//   MIGRATED_CONNECTIONS  autocannon connections                      [32]
//   MIGRATED_REQUESTS     in-process requests for the heap            [1000000]
//   MIGRATED_SKIP_MEMORY  set to skip the heap part
//
// Usage: node bench/drivers/migrated.js [--json out.json]   (without --json: markdown on stdout).
import { execFileSync } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { freePort } from '../../scripts/lib/free-port.js'
import { startServer } from './served.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
const { REQUESTS, checkAnswers } = await import('../migrated/app.ts')
/** The target: an older client's requests/s at least this share of the head's. */
export const MIGRATED_TARGET = 0.9
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
const settings = {
  runtimes: list('MIGRATED_RUNTIMES', 'node,bun,deno,workerd'),
  rounds: Number(process.env.MIGRATED_ROUNDS ?? 5),
  seconds: Number(process.env.MIGRATED_SECONDS ?? 1),
  connections: Number(process.env.MIGRATED_CONNECTIONS ?? 32),
  requests: Number(process.env.MIGRATED_REQUESTS ?? 1_000_000),
}
const log = (...args) => console.error('bench:migrated:', ...args)
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** One request over node:http: status and body. */
function send(origin, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function load(origin, request, seconds) {
  const result = await autocannon({ url: origin, connections: settings.connections, duration: seconds, requests: [{ method: request.method, path: request.path, headers: request.headers, body: request.body }] })
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) throw new Error(`${origin}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx under load`)
  return result.requests.total / result.duration
}

/** The old client gets the old shape, the head client the head's. */
async function check(origin) {
  const body = async (request) => JSON.parse((await send(origin, request)).body)
  checkAnswers({ oldPost: await body(REQUESTS.post.old), headPost: await body(REQUESTS.post.head), oldGet: await body(REQUESTS.get.old), headGet: await body(REQUESTS.get.head) })
}

/** The app as a Worker (bench/migrated/worker.ts, esbuild) in Miniflare on 127.0.0.1. */
async function startWorker() {
  const script = join(root, '.tmp/bench/migrated-worker.js')
  mkdirSync(join(root, '.tmp/bench'), { recursive: true })
  execFileSync(bin('esbuild'), ['bench/migrated/worker.ts', '--bundle', '--format=esm', '--platform=browser', '--conditions=workerd,worker', `--outfile=${script}`, '--log-level=warning'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  const port = await freePort()
  const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, scriptPath: script, compatibilityDate: '2026-08-15', host: '127.0.0.1', port }))
  const url = await mf.ready
  return { origin: url.origin, stop: () => mf.dispose() }
}

async function served(runtime) {
  const server = runtime === 'workerd' ? await startWorker() : await startServer(runtime, 'bench/migrated/server.ts', [], `${runtime} migrated`)
  try {
    await check(server.origin)
    const kinds = {}
    for (const kind of ['post', 'get']) {
      for (const side of ['head', 'old']) await load(server.origin, REQUESTS[kind][side], 1)
      const rounds = []
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? ['head', 'old'] : ['old', 'head']
        const r = {}
        for (const side of order) r[side] = await load(server.origin, REQUESTS[kind][side], settings.seconds)
        rounds.push({ head: r.head, old: r.old, ratio: r.old / r.head })
      }
      const ratio = median(rounds.map((r) => r.ratio))
      kinds[kind] = { head: median(rounds.map((r) => r.head)), old: median(rounds.map((r) => r.old)), ratio, rounds }
      log(`${runtime} ${kind}: old ${kinds[kind].old.toFixed(0)} vs head ${kinds[kind].head.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} [${rounds.map((r) => r.ratio.toFixed(3)).join(', ')}]`)
    }
    return kinds
  } finally {
    await server.stop()
  }
}

function memory(runtime) {
  const out = join(root, `.tmp/bench/migrated-memory-${runtime}.json`)
  const script = 'bench/migrated/memory.ts'
  const [command, args] =
    runtime === 'node' ? [process.execPath, ['--expose-gc', script, out]] : runtime === 'bun' ? [bin('bun'), [script, out]] : [bin('deno'), ['run', '--allow-all', '--v8-flags=--expose-gc', script, out]]
  execFileSync(command, args, { cwd: root, env: { ...process.env, MIGRATED_REQUESTS: String(settings.requests) }, stdio: ['ignore', 'inherit', 'inherit'] })
  return JSON.parse(readFileSync(out, 'utf8'))
}

export async function runMigrated() {
  mkdirSync(join(root, '.tmp/bench'), { recursive: true })
  const results = { settings, runtimes: {} }
  for (const runtime of settings.runtimes) {
    results.runtimes[runtime] = { served: await served(runtime), memory: process.env.MIGRATED_SKIP_MEMORY || runtime === 'workerd' ? null : memory(runtime) }
  }
  return results
}

/** The markdown section of BENCHMARKS.md for `results`. */
export function migratedMarkdown(results) {
  const { settings: s } = results
  const f = (x, d = 0) => x.toFixed(d)
  const mb = (x) => `${f(x / 1024 / 1024, 2)} MB`
  const lines = [
    `One server per runtime (bench/migrated/app.ts, a Cadwyn-like app: four dated versions in \`x-api-version\`, eleven changes, an older client's body validated in its own version before it is migrated up; a POST creating a product, a GET of 20 products), Node with @hono/node-server, Bun with \`Bun.serve\`, Deno with \`Deno.serve\`, workerd through Miniflare; autocannon with ${s.connections} connections on 127.0.0.1, ${s.rounds} interleaved rounds of ${s.seconds} s per side. Ratio: an oldest-version (${'2022-01-01'}) client's requests/s over the same request on the head version (2025-01-01), per round; the figure is their median. Target: at least ${MIGRATED_TARGET}.`,
    '',
    '| runtime | request | head (req/s) | old (req/s) | ratio (median) | per-round ratios | target |',
    '|---|---|---:|---:|---:|---|---|',
  ]
  for (const [runtime, r] of Object.entries(results.runtimes)) {
    for (const [kind, k] of Object.entries(r.served)) {
      lines.push(`| ${runtime} | ${kind.toUpperCase()} | ${f(k.head)} | ${f(k.old)} | ${f(k.ratio, 3)} | ${k.rounds.map((x) => f(x.ratio, 3)).join(', ')} | ${k.ratio >= MIGRATED_TARGET ? 'met' : '**missed**'} |`)
    }
  }
  const measured = Object.entries(results.runtimes).filter(([, r]) => r.memory !== null)
  if (measured.length > 0) {
    lines.push('', `The heap after forced collections, before and after ${measured[0][1].memory.requests} migrated requests in process (\`app.fetch\`, old-version POSTs and GETs alternating), with samples on the way.`, '')
    lines.push('| runtime | before | after | change | samples |', '|---|---:|---:|---:|---|')
    for (const [runtime, r] of measured) lines.push(`| ${runtime} | ${mb(r.memory.before)} | ${mb(r.memory.after)} | ${f(r.memory.growth * 100, 1)}% | ${r.memory.samples.map(mb).join(', ')} |`)
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runMigrated()
  const at = process.argv.indexOf('--json')
  const out = at === -1 ? join(root, '.tmp/bench/migrated.json') : process.argv[at + 1]
  writeFileSync(out, JSON.stringify(results, null, 2))
  if (at === -1) console.log(migratedMarkdown(results))
}
