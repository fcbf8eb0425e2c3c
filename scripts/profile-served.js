#!/usr/bin/env node
// Where Node's served time goes: each pair (default: the three Node gaps of issue 17) served by
// bench/served/server.ts on Node under `--cpu-prof`, toolkit and hand-written twin in turn, loaded with
// autocannon on 127.0.0.1; then the profiles read back: self time per request by file group and by function,
// toolkit minus hand, and the @hono/node-server functions that build real Request / Response / Headers objects.
//
// Environment: PROFILE_PAIRS (mountRoutes,use+mountRoutes,header), PROFILE_SECONDS (5), PROFILE_CONNECTIONS (32),
// PROFILE_INTERVAL_US (sampling interval, 100), PROFILE_TOP (functions listed, 25).
// Usage: node scripts/profile-served.js            profiles kept in .tmp/profiles/<pair>-<side>/
//        node scripts/profile-served.js --read     reads the profiles already there without serving again
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { startProcess } from './bench-served.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { PAIRS, NODE_GAPS } = await import('../bench/pairs.ts')
const pairs = (process.env.PROFILE_PAIRS ?? NODE_GAPS.join(',')).split(',').filter(Boolean)
const seconds = Number(process.env.PROFILE_SECONDS ?? 5)
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 32)
const interval = Number(process.env.PROFILE_INTERVAL_US ?? 100)
const top = Number(process.env.PROFILE_TOP ?? 25)
const dirOf = (pair, side) => join(root, '.tmp/profiles', `${pair}-${side}`)
const SIDES = ['toolkit', 'hand']

/** Serves one side under --cpu-prof, loads it (1 s warm-up, then `seconds`), stops it so the profile is written. */
async function profile(pair, side) {
  const dir = dirOf(pair, side)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const server = await startProcess('node', pair, side, ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${interval}`])
  const request = PAIRS[pair].request
  const requests = [{ method: 'GET', path: request.path, headers: request.headers }]
  let total = 0
  let rps = 0
  try {
    const warm = await autocannon({ url: server.origin, connections, duration: 1, requests })
    const result = await autocannon({ url: server.origin, connections, duration: seconds, requests })
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${pair} ${side}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    total = warm.requests.total + result.requests.total
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

/** Self time (µs) per function and per group, from a .cpuprofile. */
function read(file) {
  const prof = JSON.parse(readFileSync(file, 'utf8'))
  const byId = new Map(prof.nodes.map((n) => [n.id, n]))
  const self = new Map()
  // timeDeltas[i + 1] is the time from sample i to the next: attribute it to sample i.
  for (let i = 0; i < prof.samples.length; i++) {
    const dt = prof.timeDeltas[i + 1] ?? 0
    self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + dt)
  }
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
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (file === undefined) throw new Error(`no profile in ${dir}`)
  const { total, rps } = JSON.parse(readFileSync(join(dir, 'requests.json'), 'utf8'))
  return { ...read(join(dir, file)), total, rps }
}

const IDLE = new Set(['(idle)', '(program)'])
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
  out.push(`served under --cpu-prof: toolkit ${sides.toolkit.rps.toFixed(0)} req/s, hand ${sides.hand.rps.toFixed(0)} req/s (ratio ${(sides.toolkit.rps / sides.hand.rps).toFixed(3)});`)
  out.push(`CPU of the server per request (all but idle): toolkit ${busy('toolkit').toFixed(2)} µs, hand ${busy('hand').toFixed(2)} µs, difference ${(busy('toolkit') - busy('hand')).toFixed(2)} µs.`, '')
  out.push('| group | toolkit µs/req | hand µs/req | difference |', '|---|---:|---:|---:|')
  const groups = new Set([...sides.toolkit.groups.keys(), ...sides.hand.groups.keys()])
  const rows = [...groups].filter((g) => !IDLE.has(g)).map((g) => [g, perRequest('toolkit', sides.toolkit.groups, g), perRequest('hand', sides.hand.groups, g)])
  rows.sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]))
  for (const [g, t, h] of rows.slice(0, 20)) out.push(`| ${g} | ${t.toFixed(3)} | ${h.toFixed(3)} | ${(t - h).toFixed(3)} |`)
  out.push('', `Functions with the largest difference in self time per request (top ${top}):`, '', '| function | toolkit µs/req | hand µs/req | difference |', '|---|---:|---:|---:|')
  const names = new Set([...sides.toolkit.functions.keys(), ...sides.hand.functions.keys()])
  const fns = [...names].map((k) => [k, perRequest('toolkit', sides.toolkit.functions, k), perRequest('hand', sides.hand.functions, k)])
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
  for (const pair of pairs) for (const side of SIDES) await profile(pair, side)
}
const text = pairs.map(report).join('\n\n')
mkdirSync(join(root, '.tmp/profiles'), { recursive: true })
writeFileSync(join(root, '.tmp/profiles/report.md'), `${text}\n`)
console.log(text)
