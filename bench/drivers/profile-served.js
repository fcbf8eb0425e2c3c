#!/usr/bin/env node
// Where Node's served time goes: each pair (default: the three pairs whose served Node ratio was furthest from its twin) served by
// bench/served/server.ts on Node, toolkit and hand-written twin in turn, loaded with autocannon on 127.0.0.1.
// First a short load with per-request counters (bench/served/node-inspect.ts: determineVersion calls, promise
// answers, which lightweight objects of @hono/node-server became real Request / Headers / Response objects);
// then a CPU profile of the load alone (the inspector's profiler, started after warm-up, so startup and module
// compilation stay out), read back as self time per request by file group and by function, toolkit minus hand.
// Then each pair in process (app.fetch in a loop with @hono/node-server's Response, profiled the same way), where
// the kernel's share and the other agents' load on the machine weigh less.
//
// Environment: PROFILE_PAIRS (mountRoutes,use+mountRoutes,header), PROFILE_SECONDS (5), PROFILE_CONNECTIONS (32),
// PROFILE_INTERVAL_US (sampling interval, 100), PROFILE_TOP (functions listed, 25), PROFILE_REQUESTS (in process, per run, 50000),
// PROFILE_REPS (in-process runs per side, 5).
// Usage: node bench/drivers/profile-served.js          profiles kept in .tmp/profiles/<pair>-<side>/
//        node bench/drivers/profile-served.js --read   reads the profiles and counts already there without serving again
//        --served-only                              leaves out the in-process profiles
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startProcess } from './served.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { PAIRS, NODE_GAPS } = await import('../pairs.ts')
const pairs = (process.env.PROFILE_PAIRS ?? NODE_GAPS.join(',')).split(',').filter(Boolean)
const seconds = Number(process.env.PROFILE_SECONDS ?? 5)
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 32)
const interval = Number(process.env.PROFILE_INTERVAL_US ?? 100)
const top = Number(process.env.PROFILE_TOP ?? 25)
const dirOf = (pair, side) => join(root, '.tmp/profiles', `${pair}-${side}`)
const SIDES = ['toolkit', 'hand']

const requestsOf = (pair) => {
  const { path, headers } = PAIRS[pair].request
  return [{ method: 'GET', path, headers }]
}

/** Per-request counters (bench/served/node-inspect.ts) of one side under a short load. */
async function count(pair, side) {
  const dir = dirOf(pair, side)
  const file = join(dir, 'counts.json')
  const server = await startProcess('node', pair, side, [], { BENCH_COUNT_OUT: file })
  try {
    await autocannon({ url: server.origin, connections, duration: 1, requests: requestsOf(pair) })
  } finally {
    await server.stop()
  }
}

/** A CPU profile of one side under load: 1 s warm-up, then the profiler on (SIGUSR2) for `seconds` of load. */
async function profile(pair, side) {
  const dir = dirOf(pair, side)
  const server = await startProcess('node', pair, side, [], { BENCH_PROFILE_OUT: join(dir, 'load.cpuprofile'), BENCH_PROFILE_INTERVAL: String(interval) })
  let total = 0
  let rps = 0
  try {
    await autocannon({ url: server.origin, connections, duration: 1, requests: requestsOf(pair) })
    process.kill(server.pid, 'SIGUSR2')
    const result = await autocannon({ url: server.origin, connections, duration: seconds, requests: requestsOf(pair) })
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pair} ${side}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    total = result.requests.total
    rps = result.requests.total / result.duration
  } finally {
    await server.stop()
  }
  writeFileSync(join(dir, 'requests.json'), JSON.stringify({ total, rps }))
  console.error(`profile: ${pair} ${side}: ${rps.toFixed(0)} req/s`)
}

/** The group a call frame's file belongs to. */
function groupOf(url, name) {
  if (url === '') return name.startsWith('(') ? name : '(native / builtin)'
  const path = url.startsWith('file://') ? relative(root, fileURLToPath(url)) : url
  if (path.startsWith('node_modules/hono/')) return `hono: ${path.slice('node_modules/hono/dist/'.length)}`
  if (path.startsWith('node_modules/@hono/node-server/')) return '@hono/node-server'
  if (path.startsWith('src/')) return `toolkit: ${path}`
  if (path.startsWith('bench/')) return `bench: ${path}`
  if (path.startsWith('node:')) return `node: ${path.slice(5).split('/').slice(0, 2).join('/')}`
  return path
}

/** Self time (µs) per function and per group, from a .cpuprofile (or its parsed JSON); `weight`: µs per sample. */
function read(file, weight = interval) {
  const prof = typeof file === 'string' ? JSON.parse(readFileSync(file, 'utf8')) : file
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const self = new Map()
  // Samples counted at the nominal interval, not weighted by timeDeltas: on a busy machine a delta
  // that spans the process being descheduled would charge that wait to whatever ran last.
  for (const id of prof.samples) self.set(id, (self.get(id) ?? 0) + weight)
  const functions = new Map()
  const groups = new Map()
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    const name = functionName || '(anonymous)'
    const group = groupOf(url, name)
    const key = `${name} ${url ? `${group.replace(/^(hono|toolkit|node): /, '')}:${lineNumber + 1}` : group}`
    functions.set(key, (functions.get(key) ?? 0) + us)
    groups.set(group, (groups.get(group) ?? 0) + us)
  }
  return { functions, groups }
}

function load(pair, side) {
  const dir = dirOf(pair, side)
  const { total, rps } = JSON.parse(readFileSync(join(dir, 'requests.json'), 'utf8'))
  const counts = JSON.parse(readFileSync(join(dir, 'counts.json'), 'utf8'))
  return { ...read(join(dir, 'load.cpuprofile')), total, rps, counts }
}

const IDLE = new Set(['(idle)', '(program)'])
const JS = /^(hono: |@hono\/node-server|toolkit: |bench: )/
/** Node-server functions whose presence means a real Request/Response/Headers was built, or the async path taken. */
const MARKERS = [
  'getRequestCache',
  'newRequestFromIncoming',
  'Request$1',
  'newHeadersFromIncoming',
  'materializeHeaders',
  'getResponseCache',
  'get headers',
  'buildOutgoingHttpHeaders',
  'responseViaResponseObject',
  'responseViaCache',
  'ensureCloseHandler',
  'makeCloseHandler',
]

function report(pair) {
  const sides = Object.fromEntries(SIDES.map((side) => [side, load(pair, side)]))
  const perRequest = (side, map, key) => (map.get(key) ?? 0) / sides[side].total
  const busy = (side) => [...sides[side].groups].filter(([g]) => !IDLE.has(g)).reduce((n, [, us]) => n + us, 0) / sides[side].total
  const out = []
  out.push(`## ${pair}: ${PAIRS[pair].label}`, '')
  out.push(`served with the profiler on: toolkit ${sides.toolkit.rps.toFixed(0)} req/s, hand ${sides.hand.rps.toFixed(0)} req/s (ratio ${(sides.toolkit.rps / sides.hand.rps).toFixed(3)});`)
  out.push(`CPU of the server per request (all but idle): toolkit ${busy('toolkit').toFixed(2)} µs, hand ${busy('hand').toFixed(2)} µs, difference ${(busy('toolkit') - busy('hand')).toFixed(2)} µs.`)
  const js = (side) => [...sides[side].groups].filter(([g]) => JS.test(g)).reduce((n, [, us]) => n + us, 0) / sides[side].total
  out.push(`Of it in JavaScript of hono, @hono/node-server, the toolkit and the bench app: toolkit ${js('toolkit').toFixed(2)} µs, hand ${js('hand').toFixed(2)} µs, difference ${(js('toolkit') - js('hand')).toFixed(2)} µs; garbage collection: toolkit ${(sides.toolkit.groups.get('(garbage collector)') / sides.toolkit.total).toFixed(2)} µs, hand ${(sides.hand.groups.get('(garbage collector)') / sides.hand.total).toFixed(2)} µs.`, '')
  const c = (side, key) => (sides[side].counts[key] / sides[side].counts.requests).toFixed(2)
  out.push(`Per request (counted over ${sides.toolkit.counts.requests} and ${sides.hand.counts.requests} requests, without the profiler):`, '')
  out.push('| per request | toolkit | hand |', '|---|---:|---:|')
  out.push(`| determineVersion calls | ${c('toolkit', 'determineVersion')} | ${c('hand', 'determineVersion')} |`)
  out.push(`| app.fetch answered with a promise | ${c('toolkit', 'promise')} | ${c('hand', 'promise')} |`)
  out.push(`| @hono/node-server built a real Request (requestCache) | ${c('toolkit', 'requestMaterialized')} | ${c('hand', 'requestMaterialized')} |`)
  out.push(`| @hono/node-server built the request's Headers (headersKey) | ${c('toolkit', 'requestHeadersBuilt')} | ${c('hand', 'requestHeadersBuilt')} |`)
  out.push(`| the Response became a real one (responseCache) | ${c('toolkit', 'responseMaterialized')} | ${c('hand', 'responseMaterialized')} |`)
  out.push(`| the Response's headers are a Headers object | ${c('toolkit', 'responseHeadersObject')} | ${c('hand', 'responseHeadersObject')} |`)
  out.push('')
  out.push('| group | toolkit µs/req | hand µs/req | difference |', '|---|---:|---:|---:|')
  const groups = new Set([...sides.toolkit.groups.keys(), ...sides.hand.groups.keys()])
  const rows = [...groups].filter((g) => !IDLE.has(g)).map((g) => [g, perRequest('toolkit', sides.toolkit.groups, g), perRequest('hand', sides.hand.groups, g)])
  rows.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]))
  for (const [g, t, h] of rows.slice(0, 20)) out.push(`| ${g} | ${t.toFixed(3)} | ${h.toFixed(3)} | ${(t - h).toFixed(3)} |`)
  out.push('', `Functions with the largest difference in self time per request (top ${top}):`, '', '| function | toolkit µs/req | hand µs/req | difference |', '|---|---:|---:|---:|')
  const names = new Set([...sides.toolkit.functions.keys(), ...sides.hand.functions.keys()])
  const fns = [...names].filter((k) => !k.startsWith('(idle)') && !k.startsWith('(program)')).map((k) => [k, perRequest('toolkit', sides.toolkit.functions, k), perRequest('hand', sides.hand.functions, k)])
  fns.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]))
  for (const [k, t, h] of fns.slice(0, top)) out.push(`| \`${k}\` | ${t.toFixed(3)} | ${h.toFixed(3)} | ${(t - h).toFixed(3)} |`)
  out.push('', '@hono/node-server functions of note (self µs per request; absent: never sampled):', '', '| function | toolkit | hand |', '|---|---:|---:|')
  for (const marker of MARKERS) {
    const sum = (side) => [...sides[side].functions].filter(([k]) => k.startsWith(`${marker} `) && k.includes('@hono/node-server')).reduce((n, [, us]) => n + us, 0) / sides[side].total
    const [t, h] = [sum('toolkit'), sum('hand')]
    out.push(`| ${marker} | ${t === 0 ? 'absent' : t.toFixed(3)} | ${h === 0 ? 'absent' : h.toFixed(3)} |`)
  }
  return out.join('\n')
}

if (!process.argv.includes('--read')) {
  for (const pair of pairs) {
    for (const side of SIDES) {
      rmSync(dirOf(pair, side), { recursive: true, force: true })
      mkdirSync(dirOf(pair, side), { recursive: true })
      await count(pair, side)
    }
  }
  // Interleaved: each pair's toolkit then its twin, so load on the machine hits both alike.
  for (const pair of pairs) for (const side of SIDES) await profile(pair, side)
}
/**
 * In process, without the kernel's share: each side's `app.fetch` awaited in a loop, with @hono/node-server's
 * Response in place of the global one (as when served), profiled by the inspector. Samples are weighted so they
 * sum to the loop's measured time; the sides run PROFILE_REPS times, interleaved, and each side's run of median
 * time is reported by function.
 */
async function inProcess(pair) {
  const { getRequestListener } = await import('@hono/node-server')
  getRequestListener(() => new Response(null)) // installs its lightweight Request and Response globally
  const { requestFor } = await import('../pairs.ts')
  const { Session } = await import('node:inspector/promises')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval })
  const n = Number(process.env.PROFILE_REQUESTS ?? 50_000)
  const reps = Number(process.env.PROFILE_REPS ?? 5)
  const runs = { toolkit: [], hand: [] }
  const apps = Object.fromEntries(SIDES.map((side) => [side, PAIRS[pair][side]()]))
  const request = requestFor(PAIRS[pair].request)
  for (const side of SIDES) for (let i = 0; i < 20_000; i++) await apps[side].fetch(request)
  for (let rep = 0; rep < reps; rep++) {
    for (const side of rep % 2 === 0 ? SIDES : [...SIDES].reverse()) {
      const app = apps[side]
      await session.post('Profiler.start')
      const t0 = performance.now()
      for (let i = 0; i < n; i++) await app.fetch(request)
      const wallUs = (performance.now() - t0) * 1000
      const { profile } = await session.post('Profiler.stop')
      runs[side].push({ ...read(profile, wallUs / profile.samples.length), total: n, perRequestUs: wallUs / n })
    }
  }
  session.disconnect()
  // Each side's run of median time stands for it: a run the machine's other load slowed stays out.
  const sides = Object.fromEntries(SIDES.map((side) => [side, [...runs[side]].sort((a, b) => a.perRequestUs - b.perRequestUs)[Math.floor(reps / 2)]]))
  const out = [`### ${pair} in process (app.fetch awaited, ${reps} interleaved runs of ${n} per side, @hono/node-server's Response)`, '']
  const each = (side) => runs[side].map((r) => r.perRequestUs.toFixed(2)).join(', ')
  out.push(`Per request, median run: toolkit ${sides.toolkit.perRequestUs.toFixed(2)} µs (runs ${each('toolkit')}), hand ${sides.hand.perRequestUs.toFixed(2)} µs (runs ${each('hand')}); ratio ${(sides.hand.perRequestUs / sides.toolkit.perRequestUs).toFixed(3)}. Functions of the median runs:`, '')
  out.push('| function | toolkit µs/req | hand µs/req | difference |', '|---|---:|---:|---:|')
  const names = new Set([...sides.toolkit.functions.keys(), ...sides.hand.functions.keys()])
  const fns = [...names].filter((k) => !k.startsWith('(idle)') && !k.startsWith('(program)')).map((k) => [k, (sides.toolkit.functions.get(k) ?? 0) / n, (sides.hand.functions.get(k) ?? 0) / n])
  fns.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]))
  for (const [k, t, h] of fns.slice(0, top)) out.push(`| \`${k}\` | ${t.toFixed(3)} | ${h.toFixed(3)} | ${(t - h).toFixed(3)} |`)
  return out.join('\n')
}

const sections = []
for (const pair of pairs) {
  sections.push(report(pair))
  if (!process.argv.includes('--served-only')) sections.push(await inProcess(pair))
}
const text = sections.join('\n\n')
mkdirSync(join(root, '.tmp/profiles'), { recursive: true })
writeFileSync(join(root, '.tmp/profiles/report.md'), `${text}\n`)
console.log(text)
