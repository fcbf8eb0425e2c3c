#!/usr/bin/env node
// `npm run bench`: every performance target, in one run, and BENCHMARKS.md written from it:
// bench/run.ts on Node, Bun and Deno (the pairs of bench/pairs.ts in process, reverse, scale, memory),
// the Worker bundles (bench/drivers/bundle-budget.js), cold starts in workerd (bench/cold-start.js), and the
// pairs served over loopback HTTP on Node, Bun, Deno and workerd (bench/drivers/served.js), and streams migrated
// item by item (bench/streams.ts, Node). Every ratio is
// given with its per-round values and met / missed against its target; nothing here fails on a miss.
//
// Environment: everything bench/run.ts (BENCH_*) and bench/drivers/served.js (SERVED_*) read, passed on.
// The defaults keep the whole run under 15 minutes on 2 cores.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIGRATED_TARGET, migratedMarkdown } from './migrated.js'
import { servedMarkdown } from './served.js'
import { PAIRS } from '../pairs.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, '.tmp/bench')
mkdirSync(out, { recursive: true })
const bin = (name) => join(root, 'node_modules/.bin', name)
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
const started = Date.now()
const run = (label, command, args, more = {}) => {
  console.log(`bench: ${label} (${((Date.now() - started) / 1000).toFixed(0)} s in)`)
  execFileSync(command, args, { cwd: root, env: { ...env, ...more }, stdio: ['ignore', 'inherit', 'inherit'] })
}

/**
 * bench/run.ts on one runtime, into `<label>.json`: the sections other than the pairs in one process, then each pair
 * of bench/pairs.ts (those BENCH_PAIRS names, or all) in a process of its own. An app runs one scheme, and so does each hand-written twin; run in one process, the toolkit's
 * shared request path would see every pair's configuration, and the runtime's caches at its property reads and calls
 * with them, which no deployment does.
 */
function inProcess(label, command, args) {
  const sections = (process.env.BENCH_ONLY ?? 'pairs,changes,reverse,scale,memory').split(',')
  const rest = sections.filter((s) => s !== 'pairs')
  const merged = { pairs: {}, rejections: {} }
  let base = null
  if (rest.length > 0) {
    run(`${label}: ${rest.join(', ')}`, command, [...args, join(out, `${label}.rest.json`)], { BENCH_ONLY: rest.join(',') })
    base = JSON.parse(readFileSync(join(out, `${label}.rest.json`), 'utf8'))
  }
  if (sections.includes('pairs')) {
    const only = process.env.BENCH_PAIRS?.split(',')
    for (const name of Object.keys(PAIRS).filter((n) => only === undefined || only.includes(n))) {
      run(`${label}: pair ${name}`, command, [...args, join(out, `${label}.pair.json`)], { BENCH_ONLY: 'pairs', BENCH_PAIRS: name })
      const one = JSON.parse(readFileSync(join(out, `${label}.pair.json`), 'utf8'))
      base ??= one
      merged.pairs[name] = one.pairs[name]
      merged.rejections[name] = one.rejections[name]
    }
    Object.assign(base, merged)
  }
  writeFileSync(join(out, `${label}.json`), JSON.stringify(base, null, 2))
}

// --write-only: write BENCHMARKS.md again from the last run's results (.tmp/bench/), measuring nothing.
const writeOnly = process.argv.includes('--write-only')
if (!writeOnly) {
  inProcess('node', process.execPath, ['--expose-gc', 'bench/run.ts'])
  inProcess('bun', bin('bun'), ['bench/run.ts'])
  inProcess('deno', bin('deno'), ['run', '--allow-all', '--v8-flags=--expose-gc', 'bench/run.ts'])
  console.log(`bench: beside mountRoutes (${((Date.now() - started) / 1000).toFixed(0)} s in)`)
  writeFileSync(join(out, 'beside.md'), execFileSync(process.execPath, ['bench/beside.ts'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))
  console.log('bench: bundles')
  writeFileSync(join(out, 'bundles.json'), execFileSync(process.execPath, ['bench/drivers/bundle-budget.js', '--json'], { cwd: root, env, encoding: 'utf8' }))
  run('cold start (workerd)', process.execPath, ['bench/cold-start.js', join(out, 'cold-start.json')])
  run('served', process.execPath, ['bench/drivers/served.js', '--json', join(out, 'served.json')])
  run('older clients (served, memory)', process.execPath, ['bench/drivers/migrated.js', '--json', join(out, 'migrated.json')])
  console.log(`bench: older clients in process (${((Date.now() - started) / 1000).toFixed(0)} s in)`)
  writeFileSync(join(out, 'migrated-in-process.md'), execFileSync(process.execPath, ['bench/migrated/in-process.ts'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))
  run('streams (Node)', process.execPath, ['--expose-gc', 'bench/streams.ts', join(out, 'streams.json')])
}
const bundles = JSON.parse(readFileSync(join(out, 'bundles.json'), 'utf8'))
const coldStart = JSON.parse(readFileSync(join(out, 'cold-start.json'), 'utf8'))
const served = JSON.parse(readFileSync(join(out, 'served.json'), 'utf8'))
const migrated = JSON.parse(readFileSync(join(out, 'migrated.json'), 'utf8'))
const runtimes = ['node', 'bun', 'deno'].map((name) => JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8')))
// bench/streams.ts (a run from before it wrote its results has none).
const streams = existsSync(join(out, 'streams.json')) ? JSON.parse(readFileSync(join(out, 'streams.json'), 'utf8')) : null

const f = (x, digits = 0) => x.toFixed(digits)
const ns = (x) => (x >= 1000 ? `${f(x / 1000, 2)} µs` : `${f(x, 1)} ns`)
/** Cold start: the Workers with a target (versionMiddleware with one scheme, the common table Worker) and the target over bare. */
const COLD_TARGETS = { middleware: true, 'url-path': true }
const COLD_TARGET = 1.05
/** How far above the first sample the heap may go and still be flat (noise of the collector). */
const MEMORY_SLACK = 0.1
const met = (ok) => (ok ? 'met' : '**missed**')
const per = (xs, digits = 3) => xs.map((x) => f(x, digits)).join(', ')
const lines = []
const p = (s = '') => lines.push(s)
// The run's length: from the start of the Node run to the end of the served run (its files' times when only writing).
const minutes = ((writeOnly ? statSync(join(out, 'served.json')).mtimeMs : Date.now()) - (writeOnly ? Date.parse(JSON.parse(readFileSync(join(out, 'node.json'), 'utf8')).date) : started)) / 60_000
const first = runtimes[0]

p('# Benchmarks')
p()
p(`Written by \`npm run bench\` (bench/drivers/all.js) on ${new Date().toISOString().slice(0, 10)} in ${f(minutes, 1)} minutes: every figure below was measured in that run.`)
p(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores. Runtimes: ${runtimes.map((r) => `${r.runtime.name} ${r.runtime.version}`).join(', ')}, workerd (${served.runtimes.workerd?.version ?? 'not run'}).`)
p()
p('Every budget compares the toolkit with **the same job written by hand** (bench/pairs.ts), side by side in this run, as a')
p("ratio of the toolkit's speed over the hand-written twin's (above 1: the toolkit is faster). Each ratio is measured in")
p('interleaved rounds and given with every per-round value; the figure is the median of the rounds, and met / missed says')
p('whether that median reaches the target. The machine is a shared 2-core VM: the spread of the per-round values shows how')
p('far noise alone moves a ratio in this run, and separate runs differ more than that.')
p()
p('## Targets at a glance')
p()
p(`| target | ${runtimes.map((r) => r.runtime.name).join(' | ')} | workerd |`)
p(`|---|${runtimes.map(() => '---').join('|')}|---|`)
{
  const servedNames = Object.keys(Object.values(served.runtimes)[0]?.pairs ?? {})
  for (const name of servedNames) {
    const cell = (rt) => {
      const x = served.runtimes[rt]?.pairs[name]
      return x === undefined ? 'n/a' : `${f(x.ratio, 2)} ${met(x.met)}`
    }
    p(`| served ${name} ≥ ${served.settings.target} | ${runtimes.map((r) => cell(r.runtime.name)).join(' | ')} | ${cell('workerd')} |`)
  }
  for (const name of Object.keys(first.pairs ?? {})) {
    const t = first.pairs[name].target
    p(`| in process ${name} ≥ ${t} of the twin with the same variables | ${runtimes.map((r) => `${f(r.pairs[name].ratio, 2)} ${met(r.pairs[name].met)}`).join(' | ')} | n/a |`)
  }
  for (const name of Object.keys(first.rejections ?? {})) {
    const x = (r) => r.rejections[name]
    p(`| a rejection ≤ ${first.targets.rejection}x the same rejection by hand, ${name} | ${runtimes.map((r) => `${f(x(r).ratio, 2)}x ${met(x(r).met)}`).join(' | ')} | n/a |`)
  }
  if (first.reverse) {
    p(`| reverse ≤ ${first.targets.reverseOverEncodedFloor}x the encoded floor | ${runtimes.map((r) => `${f(r.reverse.overEncodedFloor.ratio, 2)}x ${met(r.reverse.overEncodedFloor.met)}`).join(' | ')} | n/a |`)
    p(`| reverse faster than path-to-regexp | ${runtimes.map((r) => `${f(r.reverse.overPathToRegexp.ratio, 2)}x ${met(r.reverse.overPathToRegexp.met)}`).join(' | ')} | n/a |`)
  }
  if (first.scale) {
    for (const size of ['routes', 'versions', 'big']) {
      p(`| scale ${scaleLabel(first.scale.sizes, size)}: growth over the twin's ≤ ${first.targets.scale} | ${runtimes.map((r) => `${f(r.scale.growth[`relative:${size}`].ratio, 2)} ${met(r.scale.growth[`relative:${size}`].met)}`).join(' | ')} | n/a |`)
    }
  }
  if (first.changes) {
    p(`| an old-version response ≤ 1.5x a handler building the old shape | ${runtimes.map((r) => `${f(changesCost(r.changes, 'changes'), 2)}x ${met(changesCost(r.changes, 'changes') <= 1.5)}`).join(' | ')} | n/a |`)
  }
  for (const name of Object.keys(coldStart).filter((n) => n in COLD_TARGETS)) {
    p(`| cold start ${name} ≤ ${COLD_TARGET}x bare (ready; first request) | n/a | n/a | n/a | ${f(coldRatio(name, 'ready'), 2)}x; ${f(coldRatio(name, 'firstRequest'), 2)}x ${met(coldRatio(name, 'ready') <= COLD_TARGET && coldRatio(name, 'firstRequest') <= COLD_TARGET)} |`)
  }
  for (const key of Object.keys(bundles.budgets)) {
    p(`| bundle ${key} ≤ ${bundles.budgets[key]} B (a regression ceiling) | ${bundles.deltas[key]} B ${met(bundles.withinBudget[key])} (one build for all runtimes) | | | |`)
  }
  p(`| memory flat under load (no sample after warm-up ${MEMORY_SLACK * 100}% above the first) | ${runtimes.map((r) => `${met(memoryFlat(r.memory))}`).join(' | ')} | n/a |`)
  for (const kind of ['post', 'get']) {
    const cell = (rt) => {
      const x = migrated.runtimes[rt]?.served[kind]
      return x === undefined ? 'n/a' : `${f(x.ratio, 2)} ${met(x.ratio >= MIGRATED_TARGET)}`
    }
    p(`| served, an older client's ${kind.toUpperCase()} ≥ ${MIGRATED_TARGET} of the same on the head (Cadwyn-like app) | ${runtimes.map((r) => cell(r.runtime.name)).join(' | ')} | ${cell('workerd')} |`)
  }
  for (const x of streams?.paths ?? []) {
    const cells = runtimes.map((r) => (r.runtime.name === 'node' ? `${f(x.ratio, 2)} ${met(x.ratio >= streams.target)} (CPU time ${f(x.cpuRatio, 2)})` : 'n/a'))
    p(`| streams, an older client's items/s ≥ ${streams.target} of the head's, ${x.via}, handler gives ${x.handler} | ${cells.join(' | ')} | n/a |`)
  }
}


/** A Worker's cold-start time over bare's, per start (interleaved), median. */
function coldRatio(name, key) {
  const own = coldStart[name][key]
  const bare = coldStart.bare[key]
  if (own === undefined || bare === undefined) return coldStart[name][`${key}Ms`] / coldStart.bare[`${key}Ms`]
  const per = own.map((t, i) => t / bare[i]).sort((a, b) => a - b)
  return per[Math.floor(per.length / 2)]
}


/** Whether the heap stayed flat: no sample, nor the end, above the first sample by more than MEMORY_SLACK. */
function memoryFlat(m) {
  const first = m.samples[0] ?? m.before
  return [...m.samples, m.after].every((b) => b <= first * (1 + MEMORY_SLACK))
}

/** An old-version response's time over the hand-written handler's, per round, median. */
function changesCost(c, key) {
  const perRound = c[key].rounds.map((t, i) => t / c.handWritten.rounds[i]).sort((a, b) => a - b)
  return perRound[Math.floor(perRound.length / 2)]
}

{
}

function scaleLabel(sizes, size) {
  const [n, v] = sizes[size]
  const [n0, v0] = sizes.small
  const routes = `${n0} → ${n.toLocaleString('en-US')} routes`
  const versions = `${v0} → ${v} versions`
  return n === n0 ? `${versions} (${n0} routes)` : v === v0 ? `${routes} (${v0} versions)` : `${routes} and ${versions}`
}

p()
p('## 1. Served over loopback HTTP (target: every configuration ≥ 0.97 of its hand-written twin on every runtime)')
p()
p('Each configuration of bench/pairs.ts, both sides served by the runtime itself: Node with @hono/node-server, Bun with')
p('`Bun.serve`, Deno with `Deno.serve`, workerd through Miniflare (one Worker bundle, esbuild), one process per side.')
p('NamespaceVersioning needs a route table, which versionMiddleware refuses: it is served with `app.use(apiVersioning)` +')
p('`mountRoutes`. The hand-written side reads the version where it travels, checks a `Set`, sets `Vary` when a header carries')
p('it, `c.set`s it and answers 404 (406 for Accept) otherwise; per-version plain routes are the twin of `mountRoutes` alone.')
p()
p(servedMarkdown(served))
p()
p('## 2. In process (`app.fetch`, mitata; target ≥ 0.90 for a middleware, ≥ 0.95 for `mountRoutes` alone)')
p()
p('The same pairs answering a reused `Request` in process: no network, so what differs is the work each side does. Each')
p("pair runs in a process of its own, as an app runs one scheme: in one process the toolkit's shared request path would")
p(`see all ${Object.keys(PAIRS).length} configurations (and the runtime's caches at its property reads with them), each twin only its own. Times`)
p('are medians over rounds of mitata p50s per request; every `app.fetch` is awaited as a server awaits it (a loop that')
p("never yields measures the runtime's backlog of promise work instead).")
p()
p('The target compares the toolkit with the hand-written twin that gives its handlers what the toolkit gives them')
p("(bench/pairs.ts, `api`): the context variables the toolkit documents, `version` and `versioningScheme`, and with a")
p('route table a `reverse` closure per request; the view reads `c.var.version`. The ratio is that twin\'s time over the')
p("toolkit's, per round. Each round also measures the bare hand-written twin, which sets `version` alone: **variables**")
p('(bare over the twin with the variables: what those variables cost in Hono, which rebuilds `c.var` from all of them on')
p('every read) and **over bare** (bare over the toolkit) are reported, not targets.')
for (const r of runtimes) {
  p()
  p(`**${r.runtime.name} ${r.runtime.version}**`)
  p()
  p('| configuration | hand-written | with the variables | toolkit | ratio (median) | per-round ratios | target | variables | over bare |')
  p('|---|---:|---:|---:|---:|---|---|---:|---:|')
  for (const [name, x] of Object.entries(r.pairs)) {
    p(`| ${name} | ${ns(x.hand)} | ${ns(x.api)} | ${ns(x.toolkit)} | ${f(x.ratio, 3)} | ${per(x.rounds, 2)} | ≥ ${x.target} ${met(x.met)} | ${f(x.variables.ratio, 3)} | ${f(x.overHand.ratio, 3)} |`)
  }
}
// bench/beside.ts (a run from before it existed has none).
if (existsSync(join(out, 'beside.md'))) {
  p()
  p('### The middleware beside mountRoutes: how much is Hono\'s')
  p()
  p("The `use+mountRoutes-vs-alone` pair set against Hono's own cost of a middleware (bench/beside.ts): the same table")
  p('and view served by `mountRoutes` alone (one handler, which Hono calls without composing), beside a middleware that')
  p('only calls `next()` (Hono composes the two: the floor of any middleware), and beside the versioning middleware; CPU')
  p('time per request, each configuration in a process of its own, interleaved rounds, medians of the per-round ratios.')
  p()
  for (const line of readFileSync(join(out, 'beside.md'), 'utf8').trimEnd().split('\n')) p(line)
}
p()
p('### Rejections (target: at most 1.1x the same rejection written by hand)')
p()
p('A request for a version neither side serves, in process: the toolkit\'s rejection against the hand-written one, a')
p('middleware (or, for `mountRoutes`, a route) throwing an `HTTPException` with the same status and body (404, 406 for')
p('Accept; checked alike before timing), in interleaved rounds; the ratio is the toolkit\'s time over the hand-written one\'s, per round.')
for (const r of runtimes) {
  p()
  p(`**${r.runtime.name} ${r.runtime.version}**`)
  p()
  p('| configuration | by hand | toolkit | ratio (median) | per-round ratios | target |')
  p('|---|---:|---:|---:|---|---|')
  for (const [name, x] of Object.entries(r.rejections ?? {})) p(`| ${name} | ${ns(x.hand)} | ${ns(x.toolkit)} | ${f(x.ratio, 3)} | ${per(x.rounds)} | ≤ ${x.target} ${met(x.met)} |`)
}
p()
p('## 3. reverse (target: at most 1.5x the encoded floor, faster than path-to-regexp)')
p()
p("The route `/users/:id/posts/:slug`: this library's `reverse` (pattern check, unknown-key check, `.`/`..` refusal, encoding),")
p("concatenation with `encodeURIComponent` on each value (the encoded floor), path-to-regexp 8+'s `compile()` (path-to-regexp")
p('9 here), and plain concatenation for scale. Ratios are reverse time over the other, per round.')
p()
p('| runtime | concatenation | + encodeURIComponent | reverse | path-to-regexp | reverse / encoded floor | per round | ≤ 1.5x | reverse / path-to-regexp | per round | faster |')
p('|---|---:|---:|---:|---:|---:|---|---|---:|---|---|')
for (const r of runtimes) {
  const v = r.reverse
  p(
    `| ${r.runtime.name} | ${ns(v.ns.concat)} | ${ns(v.ns.concatEncoded)} | ${ns(v.ns.ours)} | ${ns(v.ns.pathToRegexp)} | ${f(v.overEncodedFloor.ratio, 2)}x | ${per(v.overEncodedFloor.rounds, 2)} | ${met(v.overEncodedFloor.met)} | ${f(v.overPathToRegexp.ratio, 2)}x | ${per(v.overPathToRegexp.rounds, 2)} | ${met(v.overPathToRegexp.met)} |`,
  )
}
p()
p('## 4. Bundles (no byte budget; regression ceilings: versionMiddleware + one scheme ≤ 4,096 B, apiVersioning + URLPathVersioning + mountRoutes ≤ 11,264 B)')
p()
p('Bytes each Worker of bench/bundle/ adds over a bare `hono/tiny` Worker with one JSON route, built as `wrangler deploy')
p("--dry-run --minify` builds it (esbuild), gzip at zlib's default level. Cases without a budget (everything, and each later")
p('entry point as it lands as a file there) are reported separately.')
p()
p('| Worker | entry | min | min+gzip | added (min+gzip) | target |')
p('|---|---|---:|---:|---:|---|')
for (const [key, entry] of Object.entries(bundles.entries)) {
  const b = bundles[key]
  const added = key === 'bare' ? '' : String(bundles.deltas[key])
  const target = key in bundles.budgets ? `≤ ${bundles.budgets[key]} ${met(bundles.withinBudget[key])}` : key === 'bare' ? 'baseline' : 'reported'
  p(`| ${key} | ${entry} | ${b.bytes} | ${b.gzipBytes} | ${added} | ${target} |`)
}
p()
const shaken = Object.entries(bundles.treeShaken)
p(`Tree shaking: ${shaken.filter(([, ok]) => ok).length} of ${shaken.length} texts unique to the other schemes and to the opt-in lifecycle features are absent from both one-scheme bundles (${shaken.map(([name, ok]) => `${name}: ${ok ? 'absent' : '**present**'}`).join(', ')}); the route table is ${bundles.routeTable.inMiddleware ? '**present**' : 'absent'} in the versionMiddleware bundle. \`npm test\` asserts both.`)
p()
p('## 5. Scale (target: per-request ratio ≤ 1.1 from 10 to 1,000 named routes and from 2 to 50 versions)')
p()
p("The `use+mountRoutes` configuration (app.use('*', apiVersioning) + mountRoutes, URLPathVersioning) with more routes and")
p('versions, a request to the middle route in the middle version; growth: time at the size over time at 10 routes and 2')
p("versions, per round. The hand-written twin (a version middleware and one plain route per name) grows too: that is Hono's")
p("router, which the toolkit pays as well. As every budget here compares the toolkit with the same job by hand, the target")
p("is on the toolkit's growth over the twin's (the last columns): what the toolkit itself adds per request as the table")
p("grows. The toolkit's own growth is in the first columns. Construction: `defineRoutes` + `apiVersioning` + `mountRoutes` + the first request")
p('(Hono builds its router then) for 1,000 routes and 50 versions, median of 5; retained heap: the heap after a forced')
p('collection with that app alive, over the heap before it.')
for (const r of runtimes) {
  const s = r.scale
  p()
  p(`**${r.runtime.name} ${r.runtime.version}**: construction ${f(s.constructionMs.median, 1)} ms (${per(s.constructionMs.samples, 1)}), retained heap ${s.gcForced ? `${f(s.retainedBytes / 1e6, 2)} MB` : 'n/a (no forced collection)'}`)
  p()
  p('| size | toolkit | its growth (median) | per round | hand-written | its growth | per round | toolkit growth / hand growth | per round | target |')
  p('|---|---:|---:|---|---:|---:|---|---:|---|---|')
  p(`| ${s.sizes.small[0]} routes, ${s.sizes.small[1]} versions | ${ns(s.ns['toolkit:small'])} | | | ${ns(s.ns['hand:small'])} | | | | | |`)
  for (const size of ['routes', 'versions', 'big']) {
    const t = s.growth[`toolkit:${size}`]
    const h = s.growth[`hand:${size}`]
    const rel = s.growth[`relative:${size}`]
    p(
      `| ${s.sizes[size][0]} routes, ${s.sizes[size][1]} versions | ${ns(s.ns[`toolkit:${size}`])} | ${f(t.ratio, 3)} | ${per(t.rounds)} | ${ns(s.ns[`hand:${size}`])} | ${f(h.ratio, 3)} | ${per(h.rounds)} | ${f(rel.ratio, 3)} | ${per(rel.rounds)} | ≤ ${r.targets.scale} ${met(rel.met)} |`,
    )
  }
}
p()
p(`## 6. Cold start in workerd (target: versionMiddleware with one scheme and the common table Worker ≤ ${COLD_TARGET}x bare)`)
p()
p('Miniflare starting each bundled Worker until workerd is ready (module compilation and evaluation), then the first')
p(`request; ${coldStart.bare.starts} interleaved starts (each round starts every Worker once, in an order rotated from round to round). Relative: the Worker's time over bare's`)
p('in the same round, median of the rounds.')
p()
p('| Worker | ready (median) | relative | per round | first request (median) | relative | per round | target |')
p('|---|---:|---:|---|---:|---:|---|---|')
for (const [name, c] of Object.entries(coldStart)) {
  const rel = (key) => (c[key] === undefined ? '' : per(c[key].map((t, i) => t / coldStart.bare[key][i]), 2))
  const target = name in COLD_TARGETS ? `≤ ${COLD_TARGET}x ${met(coldRatio(name, 'ready') <= COLD_TARGET && coldRatio(name, 'firstRequest') <= COLD_TARGET)}` : name === 'bare' ? 'baseline' : 'reported'
  p(`| ${name} | ${f(c.readyMs, 1)} ms | ${f(coldRatio(name, 'ready'), 2)}x | ${rel('ready')} | ${f(c.firstRequestMs, 2)} ms | ${f(coldRatio(name, 'firstRequest'), 2)}x | ${rel('firstRequest')} | ${target} |`)
}
p()
p('## 7. Memory')
p()
p(`The heap after a forced collection, before and after ${first.memory.requests.toLocaleString('en-US')} versioned requests (AcceptHeaderVersioning, middleware`)
p('and mountRoutes), with five samples on the way.')
p()
p(`Flat: no sample after the warm-up, nor the heap at the end, above the first sample by more than ${MEMORY_SLACK * 100}%.`)
p()
p('| runtime | before | after | change | samples (MB) | flat |')
p('|---|---:|---:|---:|---|---|')
for (const r of runtimes) {
  const m = r.memory
  const mb = (b) => f(b / 1e6, 2)
  p(`| ${r.runtime.name} | ${mb(m.before)} MB | ${mb(m.after)} MB | ${f((100 * (m.after - m.before)) / m.before, 1)}% | ${m.samples.map(mb).join(', ')} | ${met(memoryFlat(m))} |`)
}
p()
p('## 8. Version changes (target: within 1.5x of a hand-written handler)')
p()
p('An old-version (v1) response of 100 products, each with a nested category, from a handler written once for the head')
p('(v5) and migrated down 4 steps of declared changes (renames in both shapes, a type change, a removed field, an enum')
p('value and an added field), against a handler that builds the v1 shape directly. Both determine the version in a')
p('middleware, and both bodies are read to the end. In `changes` the handler answers with `c.json()`, which goes through')
p('the history\'s JSON step (the value is copied along its layout and migrated, then serialised once); in `changesParsed`')
p('it builds its Response itself, which the response step parses and serialises again. Both run through')
p('`versionMiddleware({ scheme, changes })`.')
p()
p('| runtime | hand-written | changes | ratio (median) | per round | changesParsed | ratio | target (changes) |')
p('|---|---:|---:|---:|---|---:|---:|---|')
for (const r of runtimes) {
  const c = r.changes
  // Time over the hand-written handler's, per round; the figure is the median of the rounds.
  p(`| ${r.runtime.name} | ${ns(c.handWritten.ns)} | ${ns(c.changes.ns)} | ${f(changesCost(c, 'changes'), 2)}x | ${per(c.changes.rounds.map((t, i) => t / c.handWritten.rounds[i]), 2)} | ${ns(c.changesParsed.ns)} | ${f(changesCost(c, 'changesParsed'), 2)}x | ≤ 1.5x ${met(changesCost(c, 'changes') <= 1.5)} |`)
}
p()
p(`## 9. Older clients' requests (target: an oldest-version request ≥ ${MIGRATED_TARGET} of the same request on the head version, served; the heap in process)`)
p()
p(migratedMarkdown(migrated))
p()
// bench/migrated/in-process.ts (a run from before it was part of the bench has none).
if (existsSync(join(out, 'migrated-in-process.md'))) {
  p('The same requests in process (`app.fetch`, no server), reported, not a target: the CPU time per request of each side, each')
  p('side in a process of its own (bench/migrated/in-process.ts; in one process, the garbage one side keeps past a young')
  p('collection is collected on the other\'s time), 5 rounds, the sides alternating.')
  p()
  p(readFileSync(join(out, 'migrated-in-process.md'), 'utf8').trim())
  p()
}
if (streams !== null) {
  p(`## 10. Streams (target: an older client's items/s ≥ ${streams.target} of the head's, Node)`)
  p()
  p(`bench/streams.ts: ${streams.items.toLocaleString('en-US')} NDJSON items (a person with a renamed, a converted and a removed field) from one handler, to`)
  p('the head and to an older client (migrated item by item), over loopback HTTP and in process, from a handler writing')
  p('text and from one giving values to `history.stream`; the ratio per round by wall clock and by the process\'s CPU time,')
  p('then the heap over a 1,000,000-item stream and one 50 MB item. Beside the text paths, the same rounds measure their floor:')
  p('the head\'s stream decoded, split, each item parsed and serialised again and encoded, with no migration (the most any')
  p('migration of text can reach), printed as floor/head and older/floor.')
  p()
  p('```')
  p(streams.text)
  p('```')
  p()
}
writeFileSync(join(root, 'BENCHMARKS.md'), `${lines.join('\n')}\n`)
console.log(`bench: wrote BENCHMARKS.md (${f(minutes, 1)} minutes)`)
