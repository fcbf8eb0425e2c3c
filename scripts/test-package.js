#!/usr/bin/env node
// `npm run test:package`: the package as users install it. Lints the packed
// package (publint, are-the-types-wrong), dry-runs the JSR publish, packs it, installs
// the tarball into throwaway apps made of the README's quick-start files, type
// checks app.ts against the published types, and serves the app on Node
// (@hono/node-server), Bun, Deno and a Worker (wrangler), each on a loopback
// port, checking a versioned request and a rejected one. Node is also run
// with the lowest hono the peer range allows, every entry point imported, and the quick start is served
// on the lowest Node package.json's `engines` allows (its binary from npm,
// the quick start's TypeScript bundled by esbuild, since that Node runs no .ts).
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './lib/free-port.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
const HONO = '4.13.19'
const HONO_MIN = '4.12.20'
const NODE_SERVER = '2.1.8'
/** The optional peer of `hono-api-versioning/openapi/scalar`. */
const SCALAR = '@scalar/hono-api-reference'
/** The optional peer of `hono-api-versioning/contracts`. */
const CFWORKER = '@cfworker/json-schema'
const quiet = { CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_HIDE_BANNER: 'true', NO_COLOR: '1' }

/** The README's quick-start files: code blocks whose info string names a file (```ts app.ts). */
function quickStartFiles() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const files = new Map()
  for (const m of readme.matchAll(/```\w+ ([\w./-]+)\n([\s\S]*?)```/g)) files.set(m[1], m[2])
  for (const needed of ['app.ts', 'node/server.ts', 'bun/server.ts', 'deno/server.ts', 'worker/index.ts', 'worker/wrangler.toml']) {
    if (!files.has(needed)) throw new Error(`README.md has no quick-start block for ${needed}`)
  }
  return files
}

function sh(command, args, cwd, env = {}) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...quiet, ...env } })
}


function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, timeout: 5000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode, text }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end()
  })
}

/** Serves the surface Worker on wrangler dev and compares what it answers with `expected`. */
async function serveSurface(expected, cwd) {
  return withServer('surface worker', process.execPath, (port) => [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false'], cwd, async (port) => {
    const { status, text } = await get(port, '/')
    if (status !== 200 || text !== JSON.stringify(expected)) throw new Error(`the Worker answered ${status} ${text}, expected ${JSON.stringify(expected)}`)
    return `${Object.keys(expected).length} entry points`
  })
}

/** Starts a server, waits until it answers, checks it, and stops it. */
async function serveAndCheck(label, command, args, cwd) {
  return withServer(label, command, args, cwd, async (port) => {
    const ok = await get(port, '/v2/users/7')
    const expectedOk = JSON.stringify({ version: 'v2', self: `http://127.0.0.1:${port}/v2/users/7` })
    const rejected = await get(port, '/v3/users/7')
    const expectedRejected = JSON.stringify({ detail: 'Invalid version in URL path.' })
    const problems = []
    if (ok.status !== 200 || ok.text !== expectedOk) problems.push(`GET /v2/users/7 gave ${ok.status} ${ok.text}, expected 200 ${expectedOk}`)
    if (rejected.status !== 404 || rejected.text !== expectedRejected) problems.push(`GET /v3/users/7 gave ${rejected.status} ${rejected.text}, expected 404 ${expectedRejected}`)
    if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`)
    return `200 ${ok.text} / 404 ${rejected.text}`
  })
}

/** Starts a server on a free port, waits until it answers `/`, runs `check(port)`, and stops it. */
async function withServer(label, command, args, cwd, check) {
  const port = await freePort()
  let log = ''
  const child = spawn(command, typeof args === 'function' ? args(port) : args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...quiet, PORT: String(port) } })
  child.stdout.on('data', (c) => (log += c))
  child.stderr.on('data', (c) => (log += c))
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  try {
    const deadline = Date.now() + 90_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${log}`)
      try {
        await get(port, '/')
        break
      } catch {
        if (Date.now() > deadline) throw new Error(`${label} did not answer in 90 s:\n${log}`)
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    return await check(port)
  } finally {
    stop()
  }
}

/** The package's entry points (package.json `exports`) and what each exports at run time, read from the source. */
async function expectedSurface() {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const surface = {}
  for (const [subpath, entry] of Object.entries(exports)) {
    const source = join(root, entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'))
    surface[subpath] = Object.keys(await import(source)).sort()
  }
  return surface
}

/** A module importing every entry point of the installed package by name, and what each exports. */
function surfaceModule(subpaths) {
  const lines = subpaths.map((subpath, i) => `import * as entry${i} from 'hono-api-versioning${subpath.slice(1)}'`)
  lines.push(`export const surface: Record<string, string[]> = {`)
  subpaths.forEach((subpath, i) => lines.push(`  ${JSON.stringify(subpath)}: Object.keys(entry${i}).sort(),`))
  lines.push('}', '')
  return lines.join('\n')
}

/** Runs `command` in `cwd` and compares the surface it prints with `expected`. */
function checkSurface(label, expected, command, args, cwd) {
  const printed = execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...quiet } })
  const got = JSON.parse(printed.trim().split('\n').pop())
  const want = JSON.stringify(expected)
  if (JSON.stringify(got) !== want) throw new Error(`${label} sees ${JSON.stringify(got)}, expected ${want}`)
  return `${Object.keys(got).length} entry points, ${Object.values(got).flat().length} exports`
}

/** Writes the quick-start files and a package.json into a new app folder and installs it (with `peers`: optional peers, by version). */
function makeApp(dir, tarball, hono, subpaths, peers = {}) {
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of quickStartFiles()) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  const pkg = { name: 'scratch-app', private: true, type: 'module', dependencies: { 'hono-api-versioning': `file:${tarball}`, hono, '@hono/node-server': NODE_SERVER, ...peers } }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  // Every entry point, imported by name: printed by each runtime, served by a Worker.
  writeFileSync(join(dir, 'surface.ts'), surfaceModule(subpaths))
  writeFileSync(join(dir, 'print-surface.ts'), `import { surface } from './surface.ts'\nconsole.log(JSON.stringify(surface))\n`)
  mkdirSync(join(dir, 'surface-worker'), { recursive: true })
  writeFileSync(join(dir, 'surface-worker/index.ts'), `import { surface } from '../surface.ts'\n\nexport default { fetch: (): Response => Response.json(surface) }\n`)
  writeFileSync(join(dir, 'surface-worker/wrangler.toml'), `name = "surface"\nmain = "index.ts"\ncompatibility_date = "2026-08-15"\n`)
  const tsconfig = {
    compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023', 'DOM'], types: [], allowImportingTsExtensions: true, noEmit: true },
    files: ['app.ts', 'surface.ts'],
  }
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
  sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir)
}

/** The lowest Node package.json's `engines` allows (`>=20` is 20.0.0). */
function nodeFloor() {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines?.node ?? '')
  if (m === null) throw new Error(`package.json: engines.node must be ">=<version>", got ${JSON.stringify(engines?.node)}`)
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`
}

/** The npm package holding Node's binary for this machine, as the \`node\` package's installer names it. */
function floorPackage(version) {
  return `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@${version}`
}

/** Node `version`'s binary, unpacked from its npm package into `dir`: its path. */
function fetchNode(version, dir) {
  mkdirSync(dir, { recursive: true })
  const [packed] = JSON.parse(execFileSync('npm', ['pack', floorPackage(version), '--json', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...quiet } }))
  sh('tar', ['xzf', packed.filename], dir)
  const node = join(dir, 'package', 'bin', process.platform === 'win32' ? 'node.exe' : 'node')
  const reported = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  if (reported !== `v${version}`) throw new Error(`${floorPackage(version)} runs ${reported}, expected v${version}`)
  return node
}

const work = mkdtempSync(join(tmpdir(), 'hono-api-versioning-apps-'))
const results = []
let failed = false
async function step(label, fn) {
  const started = Date.now()
  try {
    const detail = await fn()
    results.push({ label, ok: true, detail: detail ?? '', seconds: (Date.now() - started) / 1000 })
    return detail
  } catch (error) {
    failed = true
    results.push({ label, ok: false, detail: String(error.message ?? error).split('\n')[0], seconds: (Date.now() - started) / 1000 })
    console.error(`\n${label} failed:\n${error.message ?? error}`)
  }
}

try {
  // publint packs without running prepack: build first.
  await step('npm run build (ESM and .d.ts into dist/)', () => sh('npm', ['run', 'build'], root))
  await step('publint --strict', () => sh(bin('publint'), ['--strict'], root))
  await step('are-the-types-wrong (ESM-only profile)', () => sh(bin('attw'), ['--pack', '.', '--profile', 'esm-only'], root))
  // Without --allow-slow-types: the ContextVariableMap augmentation of 'hono' (src/hono/context-variables.ts) is
  // outside the modules JSR checks, reached by a reference directive that Deno and the built .d.ts both follow.
  await step('deno publish --dry-run (JSR)', () => sh(bin('deno'), ['publish', '--dry-run', '--allow-dirty'], root))

  const packDir = join(work, 'pack')
  mkdirSync(packDir)
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...quiet } }))
  const tarball = join(packDir, packed.filename)
  const files = packed.files.map((f) => f.path)
  console.log(`packed ${packed.filename}: ${files.length} files, ${packed.size} bytes`)

  await step('the tarball holds dist/, package.json, README.md and LICENSE only', () => {
    const stray = files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f))
    if (stray.length > 0) throw new Error(`unexpected files: ${stray.join(', ')}`)
    const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    for (const needed of Object.values(exports).flatMap((entry) => [entry.types, entry.default].map((p) => p.slice(2)))) {
      if (!files.includes(needed)) throw new Error(`missing ${needed}`)
    }
    return `${files.length} files`
  })

  const app = join(work, 'app')
  const surface = await expectedSurface()
  const subpaths = Object.keys(surface)
  // The docs page's entry point imports its optional peer, which users of that entry install (at our tested version).
  const { [SCALAR]: scalar, [CFWORKER]: cfworker } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies
  await step(`install the tarball with hono ${HONO}, ${SCALAR} ${scalar} and ${CFWORKER} ${cfworker}`, () => makeApp(app, tarball, HONO, subpaths, { [SCALAR]: scalar, [CFWORKER]: cfworker }))
  await step('app.ts type-checks against the published types (strict, NodeNext)', () => sh(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app))
  await step('every entry point imports on Node, with the exports of its source', () => checkSurface('Node', surface, process.execPath, ['print-surface.ts'], app))
  await step('every entry point imports on Bun', () => checkSurface('Bun', surface, bin('bun'), ['print-surface.ts'], app))
  await step('every entry point imports on Deno', () => checkSurface('Deno', surface, bin('deno'), ['run', '--allow-read', '--allow-env', 'print-surface.ts'], app))
  await step('every entry point imports in a Worker (wrangler dev, workerd)', () => serveSurface(surface, join(app, 'surface-worker')))
  await step('Node (@hono/node-server)', () => serveAndCheck('node', process.execPath, ['server.ts'], join(app, 'node')))
  await step('Bun (Bun.serve)', () => serveAndCheck('bun', bin('bun'), ['server.ts'], join(app, 'bun')))
  await step('Deno (Deno.serve)', () => serveAndCheck('deno', bin('deno'), ['run', '--allow-net', '--allow-env', '--allow-read', 'server.ts'], join(app, 'deno')))
  await step('Worker: wrangler deploy --dry-run bundles it', () => {
    sh(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', 'dist'], join(app, 'worker'))
    return `${readFileSync(join(app, 'worker/dist/index.js')).length} bytes`
  })
  await step('Worker (wrangler dev, workerd)', () =>
    serveAndCheck(
      'worker',
      process.execPath,
      (port) => [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'dev', '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false'],
      join(app, 'worker'),
    ),
  )

  const floor = nodeFloor()
  const floorNode = await step(`Node ${floor}, the lowest package.json's engines allows, from npm (${floorPackage(floor)})`, () => fetchNode(floor, join(work, 'node-floor')))
  await step(`every entry point imports on Node ${floor}`, () => {
    if (floorNode === undefined) throw new Error(`no Node ${floor} to run`)
    sh(bin('esbuild'), ['print-surface.ts', '--bundle', '--packages=external', '--format=esm', '--platform=node', '--outfile=print-surface-floor.mjs', '--log-level=warning'], app)
    return checkSurface(`Node ${floor}`, surface, floorNode, ['print-surface-floor.mjs'], app)
  })
  await step(`Node ${floor} (@hono/node-server)`, () => {
    if (floorNode === undefined) throw new Error(`no Node ${floor} to run`)
    sh(bin('esbuild'), ['node/server.ts', '--bundle', '--packages=external', '--format=esm', '--platform=node', '--outfile=node/server-floor.mjs', '--log-level=warning'], app)
    return serveAndCheck(`node ${floor}`, floorNode, ['server-floor.mjs'], join(app, 'node'))
  })

  const minimal = join(work, 'app-min')
  await step(`install the tarball with hono ${HONO_MIN}`, () => makeApp(minimal, tarball, HONO_MIN, subpaths, { [SCALAR]: scalar, [CFWORKER]: cfworker }))
  await step(`app.ts type-checks with hono ${HONO_MIN}`, () => sh(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], minimal))
  await step(`every entry point imports on Node with hono ${HONO_MIN}`, () => checkSurface(`Node with hono ${HONO_MIN}`, surface, process.execPath, ['print-surface.ts'], minimal))
  await step(`Node with hono ${HONO_MIN}`, () => serveAndCheck('node (hono min)', process.execPath, ['server.ts'], join(minimal, 'node')))
} finally {
  rmSync(work, { recursive: true, force: true })
}

console.log('\n| check | result | seconds | detail |')
console.log('|---|---|---|---|')
for (const r of results) console.log(`| ${r.label} | ${r.ok ? 'ok' : 'FAILED'} | ${r.seconds.toFixed(1)} | ${r.detail.replaceAll('|', '\\|')} |`)
const passed = results.filter((r) => r.ok).length
console.log(`\n${passed} passed, ${results.length - passed} failed`)
process.exit(failed ? 1 : 0)
