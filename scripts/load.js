#!/usr/bin/env node
// `npm run load`: starts the worker example on `wrangler dev` (loopback only) and drives it with
// autocannon for a bounded time (LOAD_SECONDS, default 30; LOAD_CONNECTIONS, default 50) with a mix
// of valid and invalid requests over all five schemes and the lifecycle sections. Reports requests/s, p99 latency, unexpected
// statuses (each request has the status it must get; must be 0) and the workerd process memory
// (RSS) before, during and after; then the same load on a bare hono/tiny Worker on the same dev
// runtime, whose RSS shows what workerd does without this library. Exits 1 on an unexpected status
// or a connection error.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './lib/free-port.js'
import { EXAMPLE_NOW } from '../test/support/example-clock.ts'
import autocannon from 'autocannon'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.LOAD_SECONDS ?? 30)
const connections = Number(process.env.LOAD_CONNECTIONS ?? 50)

/** The mix: each request with the status it must get. */
const MIX = [
  { path: '/accept/products/1', headers: { accept: 'application/json; version=v2' }, status: 200 },
  { path: '/accept/products/1', headers: { accept: 'application/json; version=v3' }, status: 406 },
  { path: '/accept/products', headers: { accept: 'text/html' }, status: 406 },
  { path: '/path/v1/products', status: 200 },
  { path: '/path/v2/products/2', status: 200 },
  { path: '/path/v3/products', status: 404 },
  { path: '/ns/v2/categories/tea', status: 200 },
  { path: '/ns/v3/products', status: 404 },
  { path: '/host/products/3', headers: { host: 'v2.catalog.test' }, status: 200 },
  { path: '/host/products/3', headers: { host: 'v3.catalog.test' }, status: 404 },
  { path: '/query/products?version=v2', status: 200 },
  { path: '/query/products?version=v9', status: 404 },
  { path: '/query/categories/tea', status: 200 },
  { path: '/nowhere', status: 404 },
  // A scan of bogus versions: the scheme's answer, or, off the table, the app's own 404.
  { path: '/path/v9/products/1', status: 404 },
  { path: '/path/v0/categories', status: 404 },
  { path: '/ns/v9/products', status: 404 },
  { path: '/query/products/1?version=%00', status: 404 },
  { path: '/accept/products/1', headers: { accept: 'application/json; version=../../etc' }, status: 406 },
  { path: '/releases/products/1', headers: { 'api-version': '1900-01-01' }, status: 404 },
  { path: '/semver/products', headers: { 'accept-version': '^99' }, status: 404 },
  { path: '/path/v1/products', method: 'DELETE', status: 405 },
  // A scan of bogus hosts on the section that lists its hosts.
  { path: '/host/products/3', headers: { host: 'evil.test' }, status: 400 },
  { path: '/host/products/3', headers: { host: 'v2.catalog.test.evil.test' }, status: 400 },
  { path: '/host/categories', headers: { host: 'v_2.catalog.test' }, status: 400 },
  // The lifecycle sections: combined header/query/vendor scheme with date versions and a policy, semantic versions.
  { path: '/releases/products/1', headers: { 'api-version': '2025-06-30' }, status: 200 },
  { path: '/releases/products?version=2026-07-01', status: 200 },
  { path: '/releases/products/1', headers: { accept: 'application/vnd.catalog.2025-01-01+json' }, status: 200 },
  { path: '/releases/products', headers: { 'api-version': '2024-06-01' }, status: 410 },
  { path: '/releases/products?version=2025-02-01', headers: { 'api-version': '2026-07-01' }, status: 400 },
  { path: '/releases/top-categories?version=2025-03-01', status: 404 },
  { path: '/releases/health', headers: { 'api-version': 'garbage' }, status: 200 },
  { path: '/semver/products/1', headers: { 'accept-version': '1.x' }, status: 200 },
  { path: '/semver/products/1', headers: { 'accept-version': '3.x' }, status: 404 },
]


/** The workerd processes below `pid` (Linux /proc), with their RSS in bytes. */
function workerdMemory(pid) {
  const children = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const parent = Number(fields[1])
      const list = children.get(parent) ?? []
      list.push(Number(entry))
      children.set(parent, list)
    } catch {
      // gone
    }
  }
  let rss = 0
  const stack = [pid]
  while (stack.length > 0) {
    const current = stack.pop()
    for (const child of children.get(current) ?? []) {
      stack.push(child)
      try {
        if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'workerd') {
          const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child}/status`, 'utf8'))
          if (match) rss += Number(match[1]) * 1024
        }
      } catch {
        // gone
      }
    }
  }
  return rss
}

/** Starts `wrangler dev` for `script` (the toml's main when undefined), loads it with `requests`, and stops it. */
async function serveAndLoad(script, requests, label) {
  const port = await freePort()
  let log = ''
  // The example runs on the tests' fixed clock, so the statuses of MIX hold after its sunsets too.
  const args = [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'dev', ...(script ? [script] : ['--var', `NOW:${EXAMPLE_NOW}`])]
  args.push('--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false', '--log-level', 'warn')
  const server = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true' },
  })
  server.stdout.on('data', (c) => (log += c))
  server.stderr.on('data', (c) => (log += c))
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGINT')
    } catch {
      // gone
    }
  }
  process.on('exit', stop)
  try {
    const origin = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 90_000
    for (;;) {
      try {
        await fetch(`${origin}/`)
        break
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`${label}: wrangler dev did not answer in 90 s:\n${log}`)
      await new Promise((r) => setTimeout(r, 250))
    }
    // Warm up, then measure memory before, every 5 s during, and after the run.
    await autocannon({ url: origin, connections: 10, duration: 3, requests })
    const memory = { before: workerdMemory(server.pid), during: [], after: 0 }
    const sampler = setInterval(() => memory.during.push(workerdMemory(server.pid)), 5000)
    const result = await autocannon({ url: origin, connections, duration: seconds, requests })
    clearInterval(sampler)
    await new Promise((r) => setTimeout(r, 2000))
    memory.after = workerdMemory(server.pid)
    return { origin, result, memory }
  } finally {
    stop()
    await new Promise((r) => setTimeout(r, 1000))
  }
}

const unexpected = new Map()
const requests = MIX.map((m) => ({
  method: m.method ?? 'GET',
  path: m.path,
  headers: m.headers ?? {},
  onResponse: (status) => {
    if (status !== m.status) {
      const key = `${m.method ?? 'GET'} ${m.path} ${JSON.stringify(m.headers ?? {})}: ${status} (expected ${m.status})`
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1)
    }
  },
}))

const example = await serveAndLoad(undefined, requests, 'worker example')
const unexpectedCount = [...unexpected.values()].reduce((n, c) => n + c, 0)
// The same dev runtime and load on a bare Hono Worker: what workerd's memory does without this library.
const baseline = await serveAndLoad('bench/bundle/bare.ts', [{ method: 'GET', path: '/items/1' }], 'bare baseline')

const summary = ({ result, memory }) => ({
  requests: result.requests.total,
  requestsPerSecond: result.requests.average,
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  memory,
})
const report = { seconds, connections, mix: MIX.length, example: summary(example), baseline: summary(baseline), unexpected: unexpectedCount, unexpectedByRequest: Object.fromEntries(unexpected) }
mkdirSync(join(root, '.tmp'), { recursive: true })
writeFileSync(join(root, '.tmp/load.json'), JSON.stringify(report, null, 2))
const mb = (b) => `${(b / 1e6).toFixed(0)} MB`
console.log(`load: ${seconds} s, ${connections} connections on loopback, wrangler dev (workerd); the example with ${MIX.length} kinds of request over all five schemes and the lifecycle sections, then bare hono/tiny`)
console.log('| Worker | requests | requests/s | p50 | p99 | errors | timeouts | unexpected statuses | workerd RSS before | during (every 5 s) | after |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|')
for (const [name, r, u] of [['worker example', report.example, String(unexpectedCount)], ['bare hono/tiny', report.baseline, 'n/a']]) {
  console.log(
    `| ${name} | ${r.requests} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyP50Ms} ms | ${r.latencyP99Ms} ms | ${r.errors} | ${r.timeouts} | ${u} | ${mb(r.memory.before)} | ${r.memory.during.map(mb).join(', ')} | ${mb(r.memory.after)} |`,
  )
}
const growth = (r) => (r.memory.after - r.memory.before) / r.requests
console.log(`workerd RSS growth per request: example ${(growth(report.example) / 1024).toFixed(1)} KB, bare ${(growth(report.baseline) / 1024).toFixed(1)} KB`)
for (const [key, count] of unexpected) console.log(`unexpected: ${key} x${count}`)
process.exitCode = unexpectedCount === 0 && report.example.errors === 0 && report.example.timeouts === 0 ? 0 : 1
