#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts on Node, Bun and Deno, measures the Worker bundles
// (scripts/bundle-budget.js) and cold starts in workerd (bench/cold-start.js), and writes
// BENCHMARKS.md from what they measured. Every figure in it comes from this run.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, '.tmp/bench')
mkdirSync(out, { recursive: true })
const bin = (name) => join(root, 'node_modules/.bin', name)
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }
const run = (label, command, args) => {
  console.log(`bench: ${label}`)
  execFileSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
}

run('node', process.execPath, ['--expose-gc', 'bench/run.ts', join(out, 'node.json')])
run('bun', bin('bun'), ['bench/run.ts', join(out, 'bun.json')])
run('deno', bin('deno'), ['run', '--allow-all', '--v8-flags=--expose-gc', 'bench/run.ts', join(out, 'deno.json')])
const bundles = JSON.parse(execFileSync(process.execPath, ['scripts/bundle-budget.js', '--json'], { cwd: root, env, encoding: 'utf8' }))
run('cold start (workerd)', process.execPath, ['bench/cold-start.js', join(out, 'cold-start.json')])
const coldStart = JSON.parse(readFileSync(join(out, 'cold-start.json'), 'utf8'))
const runtimes = ['node', 'bun', 'deno'].map((name) => JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8')))

const f = (x, digits = 0) => x.toFixed(digits)
const us = (ns) => `${f(ns / 1000, 2)} µs`
const met = (ok) => (ok ? 'met' : '**missed**')
const lines = []
const p = (s = '') => lines.push(s)

p('# Benchmarks')
p()
p(`Written by \`npm run bench\` (scripts/bench.js) on ${new Date().toISOString().slice(0, 10)}: every figure below was measured in that run.`)
p(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores. Runtimes: ${runtimes.map((r) => `${r.runtime.name} ${r.runtime.version}`).join(', ')}.`)
p()
p('Timings are mitata medians (p50) per call. Each comparison runs in interleaved rounds (every case once per round);')
p('a ratio is the median over rounds of the ratio within one round, so drift and garbage collection hit both sides alike.')
p('The apps answer a reused `Request` in-process (`app.fetch`): no network, no `Request` construction, so the ratios')
p("show the framework's own cost, the harshest light for a middleware. The machine is a shared 2-core VM and timings")
p('are noisy: the no-op middleware column measures the same app for every scheme, so its spread within one runtime')
p('shows how far any ratio in this run can move by noise alone, and separate runs differ more than that.')
p()
p('## 1. Middleware overhead (budget: at least 0.97 of bare Hono)')
p()
p('The same small Hono JSON app, bare and versioned: by `mountRoutes` alone (each handler determines the version; no')
p("extra middleware layer), and with the middleware on every request too (`app.use('*', versioning)`). For scale, the")
p('same bare app with a Hono middleware that only calls `next()`: the floor of any middleware. `versionMiddleware` is the')
p('bare app behind the middleware without a route table (n/a for NamespaceVersioning, which needs one). `determineVersion`')
p('is the scheme alone, as a fraction of one bare request.')
for (const r of runtimes) {
  p()
  p(`**${r.runtime.name} ${r.runtime.version}**`)
  p()
  p('| scheme | bare | no-op middleware (ratio) | mountRoutes | ratio | + middleware | ratio | versionMiddleware | ratio | determineVersion | of a bare request | budget (mountRoutes) |')
  p('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  for (const [scheme, m] of Object.entries(r.middleware)) {
    const lean = m.versionMiddleware === undefined ? ['n/a', 'n/a'] : [us(m.versionMiddleware.ns), f(m.versionMiddleware.ratio, 3)]
    p(
      `| ${scheme} | ${us(m.bare.ns)} | ${f(m.noopMiddleware.ratio, 3)} | ${us(m.mountRoutes.ns)} | ${f(m.mountRoutes.ratio, 3)} | ${us(m.middleware.ns)} | ${f(m.middleware.ratio, 3)} | ${lean.join(' | ')} | ${f(m.determineVersion.ns)} ns | ${f((100 * m.determineVersion.ns) / m.bare.ns, 1)}% | ${met(m.mountRoutes.ratio >= 0.97)} |`,
    )
  }
}
p()
p('## 2. reverse (budget: faster than path-to-regexp, at most 1.5x the floor)')
p()
p("The route `/users/:id/posts/:slug`: this library's `reverse` (pattern check, unknown-key check, `.`/`..` refusal,")
p("encoding), path-to-regexp 9's `compile()` (encoding only), plain concatenation (the floor), and concatenation with")
p('`encodeURIComponent` (the least a correct builder does).')
p()
p('| runtime | concatenation | + encodeURIComponent | reverse | path-to-regexp | reverse / floor | reverse / encoded floor | faster than path-to-regexp | at most 1.5x the floor |')
p('|---|---:|---:|---:|---:|---:|---:|---|---|')
for (const r of runtimes) {
  const v = r.reverse
  p(
    `| ${r.runtime.name} | ${f(v.concat.ns, 1)} ns | ${f(v.concatEncoded.ns, 1)} ns | ${f(v.ours.ns, 1)} ns | ${f(v.pathToRegexp.ns, 1)} ns | ${f(1 / v.ours.ratio, 1)}x | ${f(v.concatEncoded.ratio / v.ours.ratio, 2)}x | ${met(v.ours.ns < v.pathToRegexp.ns)} | ${met(1 / v.ours.ratio <= 1.5)} |`,
  )
}
p()
p('## 3. Scale (budget: cost ratio at most 1.2)')
p()
p('`determineVersion` with 10 and with 10,000 allowed versions; `reverse` in a table of 10 and of 10,000 named routes.')
p()
p('| runtime | versions: 10 | 10,000 | ratio | routes: 10 | 10,000 | ratio | budget |')
p('|---|---:|---:|---:|---:|---:|---:|---|')
for (const r of runtimes) {
  const { versions, routes } = r.scale
  const rv = 1 / versions.n10000.ratio
  const rr = 1 / routes.n10000.ratio
  p(`| ${r.runtime.name} | ${f(versions.n10.ns)} ns | ${f(versions.n10000.ns)} ns | ${f(rv, 2)} | ${f(routes.n10.ns)} ns | ${f(routes.n10000.ns)} ns | ${f(rr, 2)} | ${met(rv <= 1.2 && rr <= 1.2)} |`)
}
p()
p('## 4. Bundle (budget: at most 1.5 KB for the middleware with one scheme, 3 KB for everything)')
p()
p('Bytes the library adds to a Worker built as `wrangler deploy --dry-run --minify` builds it, over a bare `hono/tiny`')
p('Worker with one JSON route (bench/bundle/). gzip at zlib\'s default level.')
p()
p('| Worker | min | min+gzip | added (min+gzip) | budget |')
p('|---|---:|---:|---:|---|')
p(`| bare hono/tiny | ${bundles.bare.bytes} | ${bundles.bare.gzipBytes} | | |`)
p(`| versionMiddleware + URLPathVersioning (no route table) | ${bundles.middleware.bytes} | ${bundles.middleware.gzipBytes} | ${bundles.deltas.middleware} | ${met(bundles.deltas.middleware <= 1536)} (1,536) |`)
p(`| apiVersioning + URLPathVersioning, with its route table, mountRoutes and reverse | ${bundles.urlPath.bytes} | ${bundles.urlPath.gzipBytes} | ${bundles.deltas.urlPath} | ${met(bundles.deltas.urlPath <= 1536)} (1,536) |`)
p(`| everything | ${bundles.everything.bytes} | ${bundles.everything.gzipBytes} | ${bundles.deltas.everything} | ${met(bundles.deltas.everything <= 3072)} (3,072) |`)
p()
const shaken = Object.entries(bundles.treeShaken)
p(`Tree shaking: ${shaken.filter(([, ok]) => ok).length} of ${shaken.length} texts unique to the other schemes and to the opt-in lifecycle features are absent from both one-scheme bundles (${shaken.map(([name, ok]) => `${name}: ${ok ? 'absent' : '**present**'}`).join(', ')}); the route table is ${bundles.routeTable.inMiddleware ? '**present**' : 'absent'} in the versionMiddleware bundle. \`npm test\` asserts both.`)
p()
p('## 5. Cold start in workerd')
p()
p('Miniflare starting each bundled Worker until workerd is ready (module compilation and evaluation), then the first')
p(`request; medians of ${coldStart.bare.starts} interleaved starts.`)
p()
p('| Worker | ready | relative | first request | relative |')
p('|---|---:|---:|---:|---:|')
for (const [name, c] of Object.entries(coldStart)) {
  p(`| ${name} | ${f(c.readyMs, 1)} ms | ${f(c.readyMs / coldStart.bare.readyMs, 2)}x | ${f(c.firstRequestMs, 2)} ms | ${f(c.firstRequestMs / coldStart.bare.firstRequestMs, 2)}x |`)
}
p()
p('## 6. Memory (budget: no growth beyond noise)')
p()
p('The heap after a forced collection, before and after 1,000,000 versioned requests (AcceptHeaderVersioning, middleware')
p('and mountRoutes), with samples every 200,000 requests.')
p()
p('| runtime | before | after | change | samples (MB) |')
p('|---|---:|---:|---:|---|')
for (const r of runtimes) {
  const m = r.memory
  const mb = (b) => f(b / 1e6, 2)
  p(`| ${r.runtime.name} | ${mb(m.before)} MB | ${mb(m.after)} MB | ${f((100 * (m.after - m.before)) / m.before, 1)}% | ${m.samples.map(mb).join(', ')} |`)
}
p()
p('## 7. Version changes (target: within 1.3x of a hand-written handler)')
p()
p('An old-version (v1) response of 100 products, each with a nested category, from a handler written once for the head')
p('(v5) and migrated down 4 steps of declared changes (renames in both shapes, a type change, a removed field, an enum')
p('value and an added field), against a handler that builds the v1 shape directly. Both determine the version in a')
p('middleware, and both bodies are read to the end. In `changes` the handler answers with `c.json()`, which goes through')
p('the history\'s JSON step (the value is copied along its layout and migrated, then serialised once); in `changesParsed`')
p('it builds its Response itself, which the response step parses and serialises again. Both run through')
p('`versionMiddleware({ scheme, changes })`.')
p()
p('| runtime | hand-written | changes | ratio | changesParsed | ratio | target (changes) |')
p('|---|---:|---:|---:|---:|---:|---|')
for (const r of runtimes) {
  const c = r.changes
  // compare() reports base/case; the cost ratio is its inverse.
  const cost = (x) => 1 / x.ratio
  p(`| ${r.runtime.name} | ${us(c.handWritten.ns)} | ${us(c.changes.ns)} | ${f(cost(c.changes), 2)}x | ${us(c.changesParsed.ns)} | ${f(cost(c.changesParsed), 2)}x | ${met(cost(c.changes) <= 1.3)} |`)
}
p()
writeFileSync(join(root, 'BENCHMARKS.md'), `${lines.join('\n')}\n`)
console.log('bench: wrote BENCHMARKS.md')
