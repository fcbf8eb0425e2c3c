#!/usr/bin/env node
// `npm run bench:served`: the toolkit against the same API written by hand (bench/pairs.ts), served over
// loopback HTTP on Node (@hono/node-server), Bun (Bun.serve), Deno (Deno.serve) and workerd (Miniflare),
// loaded with autocannon on 127.0.0.1.
//
// For each runtime and pair: both servers start (one process each), must answer the pair's request with the
// same status, body and Vary and its rejected request with the same status, get a warm-up, then are loaded in
// interleaved rounds (the side that goes first alternates). A round's ratio is the toolkit's requests/s over
// the hand-written twin's; the figure is the median of the rounds' ratios, met when at least SERVED_TARGET.
//
// Environment (defaults in brackets; the defaults keep `npm run bench` under 15 minutes on 2 cores):
//   SERVED_RUNTIMES     runtimes, comma-separated                       [node,bun,deno,workerd]
//   SERVED_PAIRS        pairs of bench/pairs.ts, comma-separated        [all]
//   SERVED_ROUNDS       interleaved rounds per pair                     [5]
//   SERVED_SECONDS      length of one side's turn in a round, seconds   [1]
//   SERVED_WARMUP       warm-up of each side before the rounds, seconds [1]
//   SERVED_CONNECTIONS  autocannon connections                          [32]
//   SERVED_TARGET       the target ratio                                [0.97]
//   SERVED_BASELINE     another checkout with this harness (an earlier commit): its toolkit side takes the
//                       place of the hand-written twin, so the ratio is this code's speed over that code's
//                       (Node, Bun, Deno)                               [unset]
//
// Usage: node bench/drivers/served.js [--json out.json]   (without --json: a markdown report on stdout;
// progress always goes to stderr).
import { spawn, execFileSync } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { freePort } from '../../scripts/lib/free-port.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
const envList = (name, fallback) => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
const envNumber = (name, fallback) => {
  const n = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`bench-served: ${name} must be a positive number, got ${process.env[name]}`)
  return n
}

// The pairs' names and requests, read from bench/pairs.ts itself (Node strips its types).
const { PAIRS } = await import('../pairs.ts')
const RUNTIMES = ['node', 'bun', 'deno', 'workerd']
const settings = {
  runtimes: envList('SERVED_RUNTIMES', RUNTIMES.join(',')),
  pairs: envList('SERVED_PAIRS', Object.keys(PAIRS).join(',')),
  rounds: envNumber('SERVED_ROUNDS', 5),
  seconds: envNumber('SERVED_SECONDS', 1),
  warmup: envNumber('SERVED_WARMUP', 1),
  connections: envNumber('SERVED_CONNECTIONS', 32),
  target: envNumber('SERVED_TARGET', 0.97),
}
for (const r of settings.runtimes) if (!RUNTIMES.includes(r)) throw new Error(`bench-served: unknown runtime "${r}"; the runtimes are ${RUNTIMES.join(', ')}`)
for (const p of settings.pairs) if (!(p in PAIRS)) throw new Error(`bench-served: unknown pair "${p}"; the pairs are ${Object.keys(PAIRS).join(', ')}`)

const log = (...args) => console.error('bench:served:', ...args)
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' }
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** A GET over node:http (a fetch() client would not send our Host header): status, headers, body. */
function get(origin, { path, headers }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode, vary: res.headers.vary ?? null, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const runtimeVersion = {
  node: () => process.version,
  bun: () => execFileSync(bin('bun'), ['--version'], { encoding: 'utf8' }).trim(),
  deno: () => /deno (\S+)/.exec(execFileSync(bin('deno'), ['--version'], { encoding: 'utf8' }))?.[1] ?? 'unknown',
  workerd: () => `miniflare ${JSON.parse(execFileSync(process.execPath, ['-p', "JSON.stringify(require('miniflare/package.json').version)"], { cwd: root, encoding: 'utf8' }))}`,
}

/** The command that runs a server script on a runtime with a process of its own. */
const commands = {
  node: (script, args, extra = []) => [process.execPath, [...extra, script, ...args]],
  bun: (script, args) => [bin('bun'), [script, ...args]],
  deno: (script, args) => [bin('deno'), ['run', '--allow-all', script, ...args]],
}

/** Starts a server process and resolves with its origin, pid and a stop() once it printed `ready`. */
export async function startProcess(runtime, pair, side, nodeFlags = [], extraEnv = {}, cwd = root) {
  return startServer(runtime, 'bench/served/server.ts', [pair, side], `${runtime} ${pair} ${side}`, { nodeFlags, extraEnv, cwd })
}

/**
 * Starts `script` (which prints `ready <port>` once it listens on the port given as its last argument) on a
 * runtime, and resolves with its origin, pid and a stop().
 */
export async function startServer(runtime, script, args, label, { nodeFlags = [], extraEnv = {}, cwd = root } = {}) {
  const port = await freePort()
  const [command, argv] = commands[runtime](script, [...args, String(port)], nodeFlags)
  const child = spawn(command, argv, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: not ready in 60 s:\n${output}`)), 60_000)
    const onData = (chunk) => {
      output += chunk
      if (output.includes(`ready ${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${label}: exited (${code}) before ready:\n${output}`))
    })
  })
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // gone
      }
    }, 5000)
    await exited
    clearTimeout(timer)
  }
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop }
}

let workerScript = null
/** The Worker bundle (bench/served/worker.ts, esbuild), under the project: Miniflare names modules by relative path. */
function workerBundle() {
  if (workerScript !== null) return workerScript
  const out = join(root, '.tmp/bench/served-worker.js')
  mkdirSync(join(root, '.tmp/bench'), { recursive: true })
  execFileSync(bin('esbuild'), ['bench/served/worker.ts', '--bundle', '--format=esm', '--platform=browser', '--conditions=workerd,worker', `--outfile=${out}`, '--log-level=warning'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  workerScript = out
  return out
}

async function startWorkerd(pair, side) {
  const port = await freePort()
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      scriptPath: workerBundle(),
      compatibilityDate: '2026-08-15',
      bindings: { PAIR: pair, SIDE: side },
      host: '127.0.0.1',
      port,
    }),
  )
  const url = await mf.ready
  return { origin: url.origin, stop: () => mf.dispose() }
}

const start = (runtime, pair, side) => (runtime === 'workerd' ? startWorkerd(pair, side) : startProcess(runtime, pair, side))

/** requests/s of one autocannon run, with every response checked to be 2xx. */
async function load(origin, request, seconds, connections) {
  const result = await autocannon({ url: origin, connections, duration: seconds, requests: [{ method: 'GET', path: request.path, headers: request.headers }] })
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${origin}${request.path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx under load`)
  }
  return { rps: result.requests.total / result.duration, latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99 }
}

/** Both sides answer alike: the request with 200 and the same body and Vary, the rejected request with the same status and Vary. */
async function checkTwins(label, servers, pair) {
  const [t, h] = await Promise.all([get(servers.toolkit.origin, pair.request), get(servers.hand.origin, pair.handRequest ?? pair.request)])
  // A hand side with a request of its own may vary on less (`pinned`: a named version does not vary on the credential).
  if (t.status !== 200 || h.status !== 200 || t.body !== h.body || (t.vary !== h.vary && pair.handRequest === undefined)) {
    throw new Error(`${label}: the twins differ on ${pair.request.path}: toolkit ${t.status} ${t.vary} ${t.body}, hand ${h.status} ${h.vary} ${h.body}`)
  }
  const [tr, hr] = await Promise.all([get(servers.toolkit.origin, pair.rejected), get(servers.hand.origin, pair.rejected)])
  if (tr.status !== hr.status || tr.status < 400 || tr.vary !== hr.vary) {
    throw new Error(`${label}: the twins differ on the rejected ${pair.rejected.path}: toolkit ${tr.status} ${tr.vary}, hand ${hr.status} ${hr.vary}`)
  }
  return { body: t.body, vary: t.vary, rejectedStatus: tr.status }
}

async function measurePair(runtime, name) {
  const pair = PAIRS[name]
  const label = `${runtime} ${name}`
  const servers = {}
  try {
    const baseline = process.env.SERVED_BASELINE
    servers.hand = baseline ? await startProcess(runtime, name, 'toolkit', [], {}, baseline) : await start(runtime, name, 'hand')
    servers.toolkit = await start(runtime, name, 'toolkit')
    const checked = await checkTwins(label, servers, pair)
    // A pair may send the hand-written side a request of its own (`pinned`: the version in a header).
    const requests = { toolkit: pair.request, hand: pair.handRequest ?? pair.request }
    const target = settings.target
    for (const side of ['hand', 'toolkit']) await load(servers[side].origin, requests[side], settings.warmup, settings.connections)
    /** One run: interleaved rounds, the side that goes first alternating; its ratio is the median of the rounds'. */
    const run = async () => {
      const rounds = []
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? ['hand', 'toolkit'] : ['toolkit', 'hand']
        const r = {}
        for (const side of order) r[side] = await load(servers[side].origin, requests[side], settings.seconds, settings.connections)
        rounds.push({ hand: r.hand.rps, toolkit: r.toolkit.rps, ratio: r.toolkit.rps / r.hand.rps, p99Ms: { hand: r.hand.latencyP99Ms, toolkit: r.toolkit.latencyP99Ms } })
      }
      const ratio = median(rounds.map((r) => r.ratio))
      return { hand: median(rounds.map((r) => r.hand)), toolkit: median(rounds.map((r) => r.toolkit)), ratio, met: ratio >= target, rounds }
    }
    const first = await run()
    // A miss inside the spread of its rounds (some round reached the target) is noise as much as a verdict: run once more.
    // Both runs are reported; the second decides.
    const inSpread = !first.met && first.rounds.some((r) => r.ratio >= target)
    const rerun = inSpread ? await run() : null
    const decisive = rerun ?? first
    const result = { label: pair.label, kind: pair.kind, checked, ...decisive, target, first: rerun === null ? null : first, rerun: rerun !== null }
    const rounds = decisive.rounds
    const ratio = decisive.ratio
    log(`${label}: ${result.toolkit.toFixed(0)} vs ${result.hand.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} [${rounds.map((r) => r.ratio.toFixed(3)).join(', ')}] ${result.met ? 'met' : 'missed'}`)
    return result
  } finally {
    for (const s of Object.values(servers)) await s.stop()
  }
}

export async function runServed() {
  const started = Date.now()
  const results = { settings, runtimes: {} }
  for (const runtime of settings.runtimes) {
    const pairs = {}
    for (const name of settings.pairs) pairs[name] = await measurePair(runtime, name)
    results.runtimes[runtime] = { version: runtimeVersion[runtime](), pairs }
  }
  results.seconds = (Date.now() - started) / 1000
  log(`done in ${results.seconds.toFixed(0)} s`)
  return results
}

/** The markdown section of BENCHMARKS.md for `results`. */
export function servedMarkdown(results) {
  const { settings: s } = results
  const lines = []
  const f = (x, d = 0) => x.toFixed(d)
  lines.push(
    `autocannon, ${s.connections} connections on 127.0.0.1; each pair: both servers answer alike (checked), ${s.warmup} s warm-up each, then ${s.rounds} interleaved rounds of ${s.seconds} s per side (the side that goes first alternates). Ratio: the toolkit's requests/s over the hand-written twin's, per round; the figure is their median. Target: at least ${s.target}. A miss inside the spread of its rounds (one round at the target or above) is run once more; both runs are listed and the second decides.`,
  )
  for (const [runtime, r] of Object.entries(results.runtimes)) {
    lines.push('', `**${runtime} ${r.version}**`, '', '| configuration | hand-written (req/s) | toolkit (req/s) | ratio (median) | per-round ratios | target |', '|---|---:|---:|---:|---|---|')
    for (const [name, p] of Object.entries(r.pairs)) {
      const verdict = `${p.met ? 'met' : '**missed**'}${p.target === s.target ? '' : ` (target ${p.target})`}`
      if (p.first != null) {
        lines.push(`| ${name} (first run, missed inside its spread) | ${f(p.first.hand)} | ${f(p.first.toolkit)} | ${f(p.first.ratio, 3)} | ${p.first.rounds.map((x) => f(x.ratio, 3)).join(', ')} | missed, re-run |`)
        lines.push(`| ${name} (re-run): ${p.label} | ${f(p.hand)} | ${f(p.toolkit)} | ${f(p.ratio, 3)} | ${p.rounds.map((x) => f(x.ratio, 3)).join(', ')} | ${verdict} |`)
      } else {
        lines.push(`| ${name}: ${p.label} | ${f(p.hand)} | ${f(p.toolkit)} | ${f(p.ratio, 3)} | ${p.rounds.map((x) => f(x.ratio, 3)).join(', ')} | ${verdict} |`)
      }
    }
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runServed()
  const at = process.argv.indexOf('--json')
  const out = at === -1 ? join(root, '.tmp/bench/served.json') : process.argv[at + 1]
  mkdirSync(join(root, '.tmp/bench'), { recursive: true })
  writeFileSync(out, JSON.stringify(results, null, 2))
  if (at === -1) console.log(servedMarkdown(results))
}
