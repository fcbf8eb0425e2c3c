#!/usr/bin/env node
// What an older client's request costs (bench/migrated/): served over loopback on Node, Bun and Deno, the
// requests/s of an old-version (1) POST and GET over the same request on the head version (2), from one server
// (autocannon, interleaved rounds, the side that goes first alternating); and the heap before and after
// migrated requests in process on each runtime (bench/migrated/memory.ts). Every ratio with its per-round values,
// reported without a target (the target on older clients is an old-version response within 1.5x of a handler
// building the old shape, in process: bench/run.ts); nothing here fails.
//
// Environment (defaults in brackets):
//   MIGRATED_RUNTIMES     runtimes, comma-separated                  [node,bun,deno]
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
import { startServer } from './served.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
const { REQUESTS } = await import('../migrated/app.ts')
const list = (name, fallback) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
const settings = {
  runtimes: list('MIGRATED_RUNTIMES', 'node,bun,deno'),
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
  const oldPost = JSON.parse((await send(origin, REQUESTS.post.old)).body)
  const headPost = JSON.parse((await send(origin, REQUESTS.post.head)).body)
  const oldGet = JSON.parse((await send(origin, REQUESTS.get.old)).body)
  if (oldPost.name !== 'Desk' || oldPost.price !== '12.50' || headPost.title !== 'Desk' || headPost.price !== 1250 || oldGet.items[0].name !== 'Product 1') {
    throw new Error(`bench:migrated: unexpected answers: ${JSON.stringify({ oldPost, headPost, first: oldGet.items[0] })}`)
  }
}

async function served(runtime) {
  const server = await startServer(runtime, 'bench/migrated/server.ts', [], `${runtime} migrated`)
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
    results.runtimes[runtime] = { served: await served(runtime), memory: process.env.MIGRATED_SKIP_MEMORY ? null : memory(runtime) }
  }
  return results
}

/** The markdown section of BENCHMARKS.md for `results`. */
export function migratedMarkdown(results) {
  const { settings: s } = results
  const f = (x, d = 0) => x.toFixed(d)
  const mb = (x) => `${f(x / 1024 / 1024, 2)} MB`
  const lines = [
    `One server per runtime (bench/migrated/app.ts: a POST with a request and a response layout, a GET of 20 products), autocannon with ${s.connections} connections on 127.0.0.1, ${s.rounds} interleaved rounds of ${s.seconds} s per side. Ratio: an old-version (1) client's requests/s over the same request on the head version (2), per round; the figure is their median. Reported, not a target.`,
    '',
    '| runtime | request | head (req/s) | old (req/s) | ratio (median) | per-round ratios |',
    '|---|---|---:|---:|---:|---|',
  ]
  for (const [runtime, r] of Object.entries(results.runtimes)) {
    for (const [kind, k] of Object.entries(r.served)) lines.push(`| ${runtime} | ${kind.toUpperCase()} | ${f(k.head)} | ${f(k.old)} | ${f(k.ratio, 3)} | ${k.rounds.map((x) => f(x.ratio, 3)).join(', ')} |`)
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
