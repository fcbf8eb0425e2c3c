#!/usr/bin/env node
// `npm test`: type-checks, then runs the behaviour suites on four runtimes,
// and the differential test against Django REST framework (skipped only
// outside CI when it is not installed), and prints what each ran. Node and workerd run under vitest (projects "node"
// and "workerd"); Bun runs `bun test` and Deno `deno test` on the same suite
// files, chosen by folder (test/runtimes/suites.ts: every test/**/*.test.ts
// outside test/node, test/docs, test/e2e, test/workers and test/runtimes).
// A runtime that fails, or runs no test, fails the whole run. Extra arguments
// are ignored; run a runner directly to filter.
//
// What a person reads: one progress line per test file (vitest), the failures
// with their errors (every runner), and a summary. Each runner's whole output
// goes to .tmp/test-logs/<run>.log; the console gets it without the runtimes'
// noise: workerd's warning for every header value with non-ASCII characters
// (the hostile-input suites send thousands, one echoing a 1 MB header byte by
// byte), Bun's and Deno's line per passing test, and the rest of any line over
// 1,000 characters. Failures are never filtered: a runner's exit status and
// test counts decide the result, and its failure reports reach the console.
import { spawn } from 'node:child_process'
import { createWriteStream, globSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { NOT_PORTABLE, SUITES } from '../test/runtimes/suites.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name) => join(root, 'node_modules/.bin', name)
/** The suites every runtime runs, as vitest.config.ts gives them to workerd. */
const portable = globSync(SUITES, { cwd: root, exclude: NOT_PORTABLE }).sort()
const scratch = join(root, '.tmp')
const logs = join(scratch, 'test-logs')
mkdirSync(logs, { recursive: true })

// No color codes in the output we parse (and they are stripped anyway).
const env = { ...process.env, NO_COLOR: '1' }
delete env.FORCE_COLOR
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '')

const LONG_LINE = 1000
/** workerd's warning about a header value with non-ASCII characters: its first line, and its last (the value may hold line breaks). */
const HEADER_WARNING_START = /^A header value for ".*" contains non-ASCII characters: /
const HEADER_WARNING_END = 'Consider encoding this string in ASCII for compatibility with browser implementations of the Fetch specification.'

/** How much of a line's end is kept, to recognise the end of a warning. */
const TAIL = 200

/**
 * A line filter for one output stream of one runner: drops the noise listed
 * above (counting what it drops) and shortens long lines. A line comes as
 * its first LONG_LINE + 1 characters, its last TAIL, and its length, so a
 * megabyte-long line costs no more than a short one.
 */
function lineFilter(dropPassing, counts) {
  // Lines of the warning being read; a warning that has not ended within 100 lines was not one, and what
  // follows is printed again.
  let inWarning = 0
  return (head, tail, length) => {
    if ((inWarning > 0 && inWarning < 100) || HEADER_WARNING_START.test(head)) {
      inWarning = tail.endsWith(HEADER_WARNING_END) ? 0 : inWarning + 1
      if (inWarning === 0) counts.warnings++
      return null
    }
    inWarning = 0
    if (length > LONG_LINE) {
      counts.shortened++
      return `${head.slice(0, LONG_LINE)} … (${length - LONG_LINE} more characters)`
    }
    if (dropPassing(head)) {
      counts.passing++
      return null
    }
    return head
  }
}

/**
 * Splits a stream's text into lines for `filter`, keeping of the line being
 * read only its head, tail and length (the runner's whole output goes to its
 * log file, not through here), and passes each kept line to `keep`.
 */
function lineReader(filter, keep) {
  let head = ''
  let tail = ''
  let length = 0
  const piece = (text) => {
    if (head.length <= LONG_LINE) head += text.slice(0, LONG_LINE + 1 - head.length)
    tail = (tail + text.slice(-TAIL)).slice(-TAIL)
    length += text.length
  }
  const line = () => {
    const kept = filter(plain(head).replace(/\r$/, ''), plain(tail).replace(/\r$/, ''), length)
    if (kept !== null) keep(kept)
    head = ''
    tail = ''
    length = 0
  }
  return {
    take(text) {
      let start = 0
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        piece(text.slice(start, end))
        line()
        start = end + 1
      }
      piece(text.slice(start))
    },
    end() {
      if (length > 0) line()
    },
  }
}

const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** Runs a command, its whole output to .tmp/test-logs/<label>.log and the filtered lines to the console. */
function run(label, command, args, dropPassing = () => false) {
  console.log(`\n=== ${label}: ${[command, ...args].map((a) => a.replace(root, '')).join(' ')}`)
  const started = Date.now()
  const logFile = join(logs, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`)
  const log = createWriteStream(logFile)
  const counts = { warnings: 0, passing: 0, shortened: 0 }
  let output = ''
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const pipe = (stream) => {
      const reader = lineReader(lineFilter(dropPassing, counts), (kept) => {
        output += `${kept}\n`
        process.stdout.write(`${kept}\n`)
      })
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        log.write(chunk)
        reader.take(chunk)
      })
      stream.on('end', () => reader.end())
    }
    pipe(child.stdout)
    pipe(child.stderr)
    let startError = null
    child.on('error', (error) => {
      startError = error
    })
    child.on('close', (code) => {
      log.end()
      if (startError) console.log(`${label}: could not start: ${startError.message}`)
      const left = [
        counts.warnings > 0 ? `${plural(counts.warnings, 'workerd warning')} about non-ASCII header values` : '',
        counts.passing > 0 ? `${plural(counts.passing, 'line')} of passing tests` : '',
        counts.shortened > 0 ? `the rest of ${plural(counts.shortened, 'long line')}` : '',
      ].filter(Boolean)
      if (left.length > 0) console.log(`(left out here: ${left.join(', ')}; the whole output is in ${logFile.replace(root, '')})`)
      resolve({ status: code ?? 1, output, seconds: (Date.now() - started) / 1000 })
    })
  })
}

const rows = []

function record(runtime, { status, seconds }, counts, note) {
  const ok = status === 0 && counts !== null && counts.total > 0 && counts.failed === 0
  rows.push({ runtime, ...(counts ?? { total: 0, passed: 0, failed: 0 }), seconds, ok, note: note ?? (counts === null ? 'no test count found' : counts.total === 0 ? 'ran no test' : status !== 0 ? `exit ${status}` : '') })
  const row = rows.at(-1)
  console.log(`--- ${runtime}: ${row.passed} passed, ${row.failed} failed of ${row.total} (${seconds.toFixed(1)} s)${ok ? '' : `: FAILED ${row.note}`}`)
}

// 1. Types: src alone (no Node types), then tests, example and src together.
const types = await run('types', bin('tsc'), ['-p', 'tsconfig.json'])
const testTypes = types.status === 0 ? await run('types (tests)', bin('tsc'), ['-p', 'test/tsconfig.json']) : types
if (types.status !== 0 || testTypes.status !== 0) {
  console.log('\nType check failed: no tests run.')
  process.exit(1)
}

// 2. Node and workerd, under vitest: a line per test file, and the failures.
async function vitestCounts(project) {
  const report = join(scratch, `vitest-${project}.json`)
  const result = await run(project, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`])
  let counts = null
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    counts = { total: json.numTotalTests, passed: json.numPassedTests, failed: json.numFailedTests }
  } catch {
    // no report: the run failed before it could write one
  }
  record(project, result, counts)
}
await vitestCounts('node')
await vitestCounts('workerd')

// 3. Bun: `bun test` reads vitest imports as its own; failures only.
{
  const result = await run('bun', bin('bun'), ['test', '--only-failures', ...portable.map((f) => `./${f}`), './test/runtimes/bun.test.ts'])
  const ran = /Ran (\d+) tests? across/.exec(result.output)
  const passed = /^\s*(\d+) pass\s*$/m.exec(result.output)
  const failed = /^\s*(\d+) fail\s*$/m.exec(result.output)
  record('bun', result, ran ? { total: Number(ran[1]), passed: Number(passed?.[1] ?? 0), failed: Number(failed?.[1] ?? 0) } : null)
}

// 4. Deno: `deno test` with a vitest shim mapped in (test/runtimes/deno.json); its dot reporter, dots left out.
{
  const args = ['test', '--no-check', '--allow-read', '--allow-env', '--reporter', 'dot', '--config', 'test/runtimes/deno.json', ...portable, 'test/runtimes/deno.test.ts']
  const result = await run('deno', bin('deno'), args, (line) => /^\.+$/.test(line))
  const summary = /(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed/.exec(result.output)
  record('deno', result, summary ? { total: Number(summary[1]) + Number(summary[3]), passed: Number(summary[1]), failed: Number(summary[3]) } : null)
}

// 5. Differential conformance against Django REST framework itself (Debian's
//    python3-djangorestframework; .ci/run installs it). Skipped only when it is not installed
//    (exit 2 and its "not run" line) outside CI; in CI (CI set to any value) that fails the run.
{
  const result = await run('drf', process.execPath, ['test/drf/differential.ts'])
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
console.log(`\nWhole outputs: ${logs.replace(root, '')}/`)
const passed = rows.reduce((n, r) => n + r.passed, 0)
const failed = rows.reduce((n, r) => n + r.failed, 0) + rows.filter((r) => !r.ok && r.failed === 0).length
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(rows.length >= 4 && rows.every((r) => r.ok) ? 0 : 1)
