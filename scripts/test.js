#!/usr/bin/env node
// `npm test`: type-checks, then runs the behaviour suites on four runtimes,
// and the differential test against Django REST framework (skipped only
// outside CI when it is not installed), and prints what each ran. Node and workerd run under vitest (projects "node"
// and "workerd"); Bun runs `bun test` and Deno `deno test` on the same suite
// files (test/portable.json). A runtime that fails, or runs no test, fails
// the whole run. Extra arguments are ignored; run a runner directly to filter.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
const portable = JSON.parse(readFileSync(join(root, 'test/portable.json'), 'utf8')).suites
const scratch = join(root, '.tmp')
mkdirSync(scratch, { recursive: true })

// No color codes in the output we parse (and they are stripped anyway).
const env = { ...process.env, NO_COLOR: '1' }
delete env.FORCE_COLOR
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '')

function run(label, command, args, { capture = false } = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].map((a) => a.replace(root, '')).join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', maxBuffer: 256 * 1024 * 1024 })
  const output = capture ? plain(`${result.stdout ?? ''}${result.stderr ?? ''}`) : ''
  if (capture) process.stdout.write(output)
  if (result.error) console.log(`${label}: could not start: ${result.error.message}`)
  return { status: result.status ?? 1, output, seconds: (Date.now() - started) / 1000 }
}

const rows = []

function record(runtime, { status, seconds }, counts, note) {
  const ok = status === 0 && counts !== null && counts.total > 0 && counts.failed === 0
  rows.push({ runtime, ...(counts ?? { total: 0, passed: 0, failed: 0 }), seconds, ok, note: note ?? (counts === null ? 'no test count found' : counts.total === 0 ? 'ran no test' : status !== 0 ? `exit ${status}` : '') })
}

// 1. Types: src alone (no Node types), then tests, example and src together.
const types = run('types', bin('tsc'), ['-p', 'tsconfig.json'])
const testTypes = types.status === 0 ? run('types (tests)', bin('tsc'), ['-p', 'test/tsconfig.json']) : types
if (types.status !== 0 || testTypes.status !== 0) {
  console.log('\nType check failed: no tests run.')
  process.exit(1)
}

// 2. Node and workerd, under vitest.
function vitestCounts(project) {
  const report = join(scratch, `vitest-${project}.json`)
  const result = run(project, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
  let counts = null
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    counts = { total: json.numTotalTests, passed: json.numPassedTests, failed: json.numFailedTests }
  } catch {
    // no report: the run failed before it could write one
  }
  record(project, result, counts)
}
vitestCounts('node')
vitestCounts('workerd')

// 3. Bun: `bun test` reads vitest imports as its own.
{
  const result = run('bun', bin('bun'), ['test', ...portable.map((f) => `./${f}`), './test/runtimes/bun.test.ts'], { capture: true })
  const ran = /Ran (\d+) tests? across/.exec(result.output)
  const passed = /^\s*(\d+) pass\s*$/m.exec(result.output)
  const failed = /^\s*(\d+) fail\s*$/m.exec(result.output)
  record('bun', result, ran ? { total: Number(ran[1]), passed: Number(passed?.[1] ?? 0), failed: Number(failed?.[1] ?? 0) } : null)
}

// 4. Deno: `deno test` with a vitest shim mapped in (test/runtimes/deno.json).
{
  const args = ['test', '--no-check', '--allow-read', '--allow-env', '--config', 'test/runtimes/deno.json', ...portable, 'test/runtimes/deno.test.ts']
  const result = run('deno', bin('deno'), args, { capture: true })
  const summary = /(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed/.exec(result.output)
  record('deno', result, summary ? { total: Number(summary[1]) + Number(summary[3]), passed: Number(summary[1]), failed: Number(summary[3]) } : null)
}

// 5. Differential conformance against Django REST framework itself (Debian's
//    python3-djangorestframework; .ci/run installs it). Skipped only when it is not installed
//    (exit 2 and its "not run" line) outside CI; in CI (CI set to any value) that fails the run.
{
  const result = run('drf', process.execPath, ['test/drf/differential.ts'], { capture: true })
  const notInstalled = result.status === 2 && /^DRF differential: not run: /m.test(result.output)
  const inCI = (process.env.CI ?? '') !== ''
  if (notInstalled && !inCI) {
    console.log('DRF differential: not run here (Django REST framework is not installed); CI runs it.')
  } else {
    const m = /cases: (\d+), agreements: (\d+), documented differences: (\d+), unexplained: (\d+)/.exec(result.output)
    record('drf differential', result, m ? { total: Number(m[1]), passed: Number(m[2]) + Number(m[3]), failed: Number(m[4]) } : null, notInstalled ? 'DRF not installed, and CI requires it' : undefined)
  }
}

// Summary.
console.log('\n| run | tests | passed | failed | seconds | |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.runtime} | ${r.total} | ${r.passed} | ${r.failed} | ${r.seconds.toFixed(1)} | ${r.ok ? 'ok' : `FAILED ${r.note}`} |`)
const passed = rows.reduce((n, r) => n + r.passed, 0)
const failed = rows.reduce((n, r) => n + r.failed, 0) + rows.filter((r) => !r.ok && r.failed === 0).length
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(rows.length >= 4 && rows.every((r) => r.ok) ? 0 : 1)
