#!/usr/bin/env node
// Measures what hono-api-versioning adds to a Cloudflare Worker, bundled
// exactly as `wrangler deploy --minify` bundles it, against the budgets.
//
// Each entry of bench/bundle/ is built by wrangler itself (`deploy --dry-run
// --minify --outdir`, with a throwaway wrangler.toml whose `main` is the
// entry), and the output measured raw and gzipped (node:zlib, default level).
// The deltas are over bench/bundle/bare.ts, a Worker on hono/tiny without the
// library. The tree-shaking checks look for text that only the other schemes
// carry in the URLPathVersioning bundle. The opt-in OpenAPI entry point is
// reported on its own (bench/bundle/openapi.ts: the url-path Worker serving
// its documents; no budget): its bytes over url-path, and that none of its
// text reaches the Workers that do not import it, nor Scalar this one.
//
// Usage: node bench/drivers/bundle-budget.js [--json] [--breakdown]
//   --json       print one JSON object instead of the markdown report
//   --breakdown  also report each source file's minified bytes in every
//                bundle, bare's included (hono's own modules a Worker carries
//                anyway; wrangler's --metafile; the bundle itself is the
//                same), and how much of each budgeted delta is sentences
// Reports only: exits 0 whether or not a budget is met (the tree-shaking
// tests, test/node/behaviour/ and test/node/openapi/, assert regression
// ceilings), and 1 when a build fails.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('../..', import.meta.url))
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js')
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true' }
const COMPATIBILITY_DATE = '2026-08-15'

/**
 * The Workers measured: every bench/bundle/*.ts, by the key it has in the JSON
 * report (its file name in camelCase; version-middleware.ts is `middleware`).
 * A new case is a file dropped there: it is measured and reported over bare.
 */
const KEY_OF = { 'version-middleware': 'middleware' }
const camel = (name) => name.replace(/-([a-z0-9])/g, (_, ch) => ch.toUpperCase())
const ENTRIES = Object.fromEntries(
  readdirSync(join(root, 'bench/bundle'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => {
      const name = basename(file, '.ts')
      return [KEY_OF[name] ?? camel(name), `bench/bundle/${file}`]
    }),
)
for (const key of ['bare', 'middleware', 'urlPath', 'everything']) {
  if (!(key in ENTRIES)) throw new Error(`bundle-budget: bench/bundle/ lacks the ${key} case`)
}

/**
 * The decided regression ceilings (min+gzip bytes a Worker grows by over
 * bare), reported as met or missed: versionMiddleware with one scheme
 * (URLPathVersioning), and the common table Worker, apiVersioning +
 * URLPathVersioning + mountRoutes (with reverse). They catch accidents, not
 * design: there is no byte budget (cold start is what users feel). Every
 * other case (everything, and each later entry point: version changes,
 * OpenAPI) is reported without one.
 */
const BUDGETS = { middleware: 4096, urlPath: 11264 }

/**
 * Text only the other schemes (or the Accept parser) carry, all plain string
 * literals that survive minification. None may be in the URLPathVersioning
 * bundle; each must be in the everything bundle, or its check proves nothing.
 */
const MARKERS = {
  hostName: 'Invalid version in hostname.',
  queryParameter: 'Invalid version in query parameter.',
  acceptHeader: 'Invalid version in "Accept" header.',
  acceptNegotiation: 'Could not satisfy the request Accept header.',
  namespace: 'Does not match any version namespace',
  // The token character table of src/http/accept.ts (its quote characters left out).
  acceptParser: '+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  // The version lifecycle (opt-in): none of it may reach a Worker that does not use it.
  headerScheme: 'HeaderVersioning: header must be a header name',
  combinedScheme: 'schemes must list two or more schemes',
  vendorMediaType: 'vendorMediaType must be a media type',
  semver: 'when versionFormat is semver()',
  dateVersions: 'when versionFormat is dateVersions()',
  routeVersions: 'versioned: versions must be',
  versionPolicy: 'reportVersions must be true, false',
  problemDetails: 'Ambiguous API version',
  // Version changes (hono-api-versioning/changes, src/changes/).
  versionChanges: 'or [] for a change of behaviour alone',
  // Older requests validated in their own version (hono-api-versioning/validation, src/validation/).
  requestValidation: 'status must be 400 or 422.',
}

/**
 * Text only src/openapi carries (plain string literals that survive
 * minification), one per module a Worker serving documents needs: each must
 * be in the openapi bundle, and in no other.
 */
const OPENAPI_MARKERS = {
  documents: 'a head-version document, or both',
  placement: 'Send the version in any one of',
  changelog: 'the changelog lists',
  serve: 'No OpenAPI document for this version.',
  schemaChanges: 'Not described in this version',
}

/** Text only the route table carries: the versionMiddleware bundle must not have it. */
const TABLE_MARKER = 'pass an array of route(...) and include(...) entries'

const json = process.argv.includes('--json')
const breakdown = process.argv.includes('--breakdown')

async function build(key, entry) {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-budget-'))
  try {
    const config = join(dir, 'wrangler.toml')
    const outdir = join(dir, 'out')
    const metafile = join(dir, 'meta.json')
    writeFileSync(
      config,
      [`name = "bundle-budget-${basename(entry, '.ts')}"`, `main = ${JSON.stringify(join(root, entry))}`, `compatibility_date = "${COMPATIBILITY_DATE}"`, ''].join('\n'),
    )
    const args = [wrangler, 'deploy', '--dry-run', '--minify', '--outdir', outdir, '--config', config, ...(breakdown ? ['--metafile', metafile] : [])]
    try {
      await promisify(execFile)(process.execPath, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 })
    } catch (error) {
      throw new Error(`wrangler failed to bundle ${entry}:\n${error.stderr || error.stdout || error.message}`)
    }
    // wrangler names the bundle after the entry (url-path.js); index.js for an index.ts entry.
    const outputs = readdirSync(outdir).filter((name) => name.endsWith('.js'))
    if (outputs.length !== 1) throw new Error(`expected one bundle for ${entry}, wrangler wrote ${outputs.join(', ') || 'none'}`)
    const code = readFileSync(join(outdir, outputs[0]))
    const result = { entry, bytes: code.length, gzipBytes: gzipSync(code).length, code: code.toString('utf8') }
    if (breakdown) result.files = filesOf(JSON.parse(readFileSync(metafile, 'utf8')), dir)
    return [key, result]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * `code` with its sentences (string and template literals of 25+ characters
 * holding a space) emptied, or `null` when a literal runs on for over 400
 * characters: a quote in a regexp literal started it, so the scan read code
 * as text (this is a scan, not a parser).
 */
function withoutSentences(code) {
  let runaway = false
  const out = code.replace(/`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (text) => {
    if (text.length > 400) runaway = true
    return text.length >= 25 && text.includes(' ') ? '""' : text
  })
  return runaway ? null : out
}

/** Minified bytes each input contributes to the bundle, largest first; metafile paths are relative to `dir` (wrangler's project root). */
function filesOf(meta, dir) {
  const output = Object.entries(meta.outputs).find(([name]) => name.endsWith('.js'))
  if (output === undefined) return {}
  const rows = Object.entries(output[1].inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path, input]) => [relative(root, resolve(dir, path)), input.bytesInOutput])
  return Object.fromEntries(rows.sort((a, b) => b[1] - a[1]))
}

// Every build settles (and removes its temp dir) before a failure is reported.
const settled = await Promise.allSettled(Object.entries(ENTRIES).map(([key, entry]) => build(key, entry)))
const failures = settled.filter((s) => s.status === 'rejected')
if (failures.length > 0) {
  for (const failure of failures) console.error(failure.reason instanceof Error ? failure.reason.message : failure.reason)
  process.exit(1)
}
const built = Object.fromEntries(settled.map((s) => s.value))

const size = ({ entry, bytes, gzipBytes, files }) => ({ entry, bytes, gzipBytes, ...(files === undefined ? {} : { files }) })
const measured = Object.keys(ENTRIES).filter((key) => key !== 'bare')
const budgeted = Object.keys(BUDGETS)
const deltas = Object.fromEntries(measured.map((key) => [key, built[key].gzipBytes - built.bare.gzipBytes]))
const rawDeltas = Object.fromEntries(measured.map((key) => [key, built[key].bytes - built.bare.bytes]))
const withinBudget = Object.fromEntries(budgeted.map((key) => [key, deltas[key] <= BUDGETS[key]]))
const markers = Object.fromEntries(
  Object.entries(MARKERS).map(([name, text]) => [
    name,
    {
      text,
      inMiddleware: built.middleware.code.includes(text),
      inUrlPath: built.urlPath.code.includes(text),
      inEverything: built.everything.code.includes(text),
      inBare: built.bare.code.includes(text),
    },
  ]),
)
const treeShaken = Object.fromEntries(Object.entries(markers).map(([name, m]) => [name, !m.inUrlPath && !m.inMiddleware]))
const routeTable = { text: TABLE_MARKER, inMiddleware: built.middleware.code.includes(TABLE_MARKER), inUrlPath: built.urlPath.code.includes(TABLE_MARKER) }
const openapiMarkers = Object.fromEntries(
  Object.entries(OPENAPI_MARKERS).map(([name, text]) => [
    name,
    {
      text,
      inOpenapi: built.openapi.code.includes(text),
      inUrlPath: built.urlPath.code.includes(text),
      inMiddleware: built.middleware.code.includes(text),
      inEverything: built.everything.code.includes(text),
    },
  ]),
)
const openapi = {
  ...size(built.openapi),
  /** min+gzip and min bytes over the url-path Worker it extends. */
  overUrlPath: built.openapi.gzipBytes - built.urlPath.gzipBytes,
  rawOverUrlPath: built.openapi.bytes - built.urlPath.bytes,
  /** Without the docs page (openapi/scalar), the bundle carries nothing of Scalar. */
  scalarFree: !/scalar/i.test(built.openapi.code) && !built.openapi.code.includes('createApiReference'),
  // The schema changes module derives request validation's older schemas too: the everything bundle uses both.
  treeShaken: Object.fromEntries(Object.entries(openapiMarkers).map(([name, m]) => [name, !m.inUrlPath && !m.inMiddleware && (name === 'schemaChanges' || !m.inEverything)])),
  markers: openapiMarkers,
}

const report = {
  ...Object.fromEntries(Object.keys(ENTRIES).map((key) => [key, size(built[key])])),
  entries: ENTRIES,
  deltas,
  rawDeltas,
  budgets: BUDGETS,
  withinBudget,
  treeShaken,
  markers,
  routeTable,
  openapi,
}

if (json) {
  console.log(JSON.stringify(report, null, 2))
} else {
  const kb = (n) => `${(n / 1024).toFixed(2)} KiB`
  console.log(`Worker bundles (wrangler deploy --dry-run --minify, compatibility_date ${COMPATIBILITY_DATE}; gzip at zlib's default level)\n`)
  console.log('| bundle | entry | min bytes | min+gzip bytes | Δ min over bare | Δ min+gzip over bare | decided ceiling (min+gzip) | |')
  console.log('|---|---|---:|---:|---:|---:|---:|---|')
  for (const key of ['bare', ...measured]) {
    const r = built[key]
    const budget = key in BUDGETS ? [BUDGETS[key], withinBudget[key] ? 'met' : `**missed: over by ${deltas[key] - BUDGETS[key]}**`] : ['none', 'reported']
    const delta = key === 'bare' ? ['', '', '', ''] : [rawDeltas[key], `${deltas[key]} (${kb(deltas[key])})`, ...budget]
    console.log(`| ${key} | ${r.entry} | ${r.bytes} | ${r.gzipBytes} | ${delta.join(' | ')} |`)
  }
  console.log('\nTree shaking (text of the other schemes and of the opt-in lifecycle must not be in the one-scheme bundles):\n')
  console.log('| check | text | in middleware | in url-path | in everything | |')
  console.log('|---|---|---|---|---|---|')
  const yes = (b) => (b ? 'yes' : 'no')
  for (const [name, m] of Object.entries(markers)) {
    const status = !m.inEverything ? '**marker not found in everything: update MARKERS**' : m.inUrlPath || m.inMiddleware ? '**not tree-shaken**' : 'ok'
    console.log(`| ${name} | \`${m.text}\` | ${yes(m.inMiddleware)} | ${yes(m.inUrlPath)} | ${yes(m.inEverything)} | ${status} |`)
  }
  const tableStatus = !routeTable.inUrlPath ? '**marker not found in url-path: update TABLE_MARKER**' : routeTable.inMiddleware ? '**not tree-shaken**' : 'ok'
  console.log(`| routeTable | \`${routeTable.text}\` | ${yes(routeTable.inMiddleware)} | ${yes(routeTable.inUrlPath)} | | ${tableStatus} |`)
  console.log('\nOpt-in entry point hono-api-versioning/openapi (no budget): the url-path Worker serving its documents (openAPIRoutes, no docs page):\n')
  console.log('| bundle | entry | min bytes | min+gzip bytes | Δ min over url-path | Δ min+gzip over url-path | Scalar in it |')
  console.log('|---|---|---:|---:|---:|---:|---|')
  console.log(`| openapi | ${openapi.entry} | ${openapi.bytes} | ${openapi.gzipBytes} | ${openapi.rawOverUrlPath} | ${openapi.overUrlPath} (${kb(openapi.overUrlPath)}) | ${openapi.scalarFree ? 'no' : '**yes**'} |`)
  console.log('\nIts text must be in the openapi bundle and in no other:\n')
  console.log('| check | text | in openapi | in middleware | in url-path | in everything | |')
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, m] of Object.entries(openapiMarkers)) {
    const status = !m.inOpenapi ? '**marker not found in openapi: update OPENAPI_MARKERS**' : openapi.treeShaken[name] ? 'ok' : '**not tree-shaken**'
    console.log(`| ${name} | \`${m.text}\` | ${yes(m.inOpenapi)} | ${yes(m.inMiddleware)} | ${yes(m.inUrlPath)} | ${yes(m.inEverything)} | ${status} |`)
  }
  if (breakdown) {
    // How much of each budgeted delta is sentences (configuration errors, rejections, check()): the same bundles
    // with every string or template literal of 25+ characters that holds a space replaced by "", bare's too.
    const bareWithout = gzipSync(withoutSentences(built.bare.code) ?? built.bare.code).length
    console.log('\nSentences (string literals of 25+ characters with a space) in each delta:\n')
    console.log('| bundle | Δ min+gzip over bare | Δ without sentences | sentences |')
    console.log('|---|---:|---:|---:|')
    for (const key of budgeted) {
      const code = withoutSentences(built[key].code)
      if (code === null) {
        console.log(`| ${key} | ${deltas[key]} | not measured: a regexp literal reads as a string | |`)
        continue
      }
      const without = gzipSync(code).length - bareWithout
      console.log(`| ${key} | ${deltas[key]} | ${without} | ${deltas[key] - without} |`)
    }
    for (const key of ['bare', ...measured, 'openapi']) {
      console.log(`\nMinified bytes by input, ${key} (wrangler's metafile):\n`)
      console.log('| input | min bytes |')
      console.log('|---|---:|')
      for (const [file, bytes] of Object.entries(built[key].files)) console.log(`| ${file} | ${bytes} |`)
    }
  }
}
