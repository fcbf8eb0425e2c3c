/**
 * Differential conformance against Django REST framework itself: every case of
 * ./cases.ts, and 20,000 random ones from ./fuzz.ts (a fixed seed: the same on every run; DRF_FUZZ_SEED and
 * DRF_FUZZ_CASES choose others), goes through DRF (./drf_app.py, Debian's python3-djangorestframework)
 * and through the TypeScript twin (./twin.ts); status, detail, version and the
 * reversed URLs must agree, or the disagreement must be one of the documented
 * differences below (docs/drf-differences.md), each pinned
 * by a passing test in test/behaviour/drf-differences.test.ts. A difference explains a
 * disagreement only when our side is the answer docs/drf-differences.md documents, checked
 * here too: a wrong answer of ours (a 500 included) stays unexplained.
 *
 * Usage: [DRF_FUZZ_SEED=n] [DRF_FUZZ_CASES=n] node test/drf/differential.ts [--python /usr/bin/python3]
 * Prints the counts; exits 1 on an unexplained disagreement, or when DRF is
 * installed but broken; exits 2, printing "DRF differential: not run", only
 * when Python or Django REST framework is not installed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { allCases } from './cases.ts'
import { DIFFERENCES, mismatches, type Difference, type Mismatch, type Reference } from './compare.ts'
import { fuzzCases, type FuzzCase } from './fuzz.ts'
import { runTwin, type DrfCase, type DrfResult } from './twin.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const pythonArg = process.argv.indexOf('--python')
const python = pythonArg === -1 ? '/usr/bin/python3' : (process.argv[pythonArg + 1] as string)

// Not installed (exit 2): no Python, or no module named django or rest_framework. Installed but failing to import: exit 1.
const PROBE = `import importlib.util, sys
missing = [name for name in ('django', 'rest_framework') if importlib.util.find_spec(name) is None]
if missing:
    print('missing:', ', '.join(missing))
    sys.exit(3)
import rest_framework, django
print(rest_framework.VERSION, django.get_version())`
const probe = spawnSync(python, ['-c', PROBE], { encoding: 'utf8' })
if ((probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' || probe.status === 3) {
  const what = probe.status === 3 ? probe.stdout.trim() : 'no such program'
  console.log(`DRF differential: not run: Django REST framework is not installed for ${python} (${what}; apt-get install python3-djangorestframework).`)
  process.exit(2)
}
if (probe.status !== 0) {
  console.log(`DRF differential: Django REST framework is installed for ${python} but does not import:\n${probe.stderr}${probe.error?.message ?? ''}`)
  process.exit(1)
}

// The fixed cases, then random ones (./fuzz.ts): a fixed seed, so every run sends the same; DRF_FUZZ_SEED and
// DRF_FUZZ_CASES explore others (a failing seed is then a reproducible report).
const fixed = allCases()
const seed = Number(process.env['DRF_FUZZ_SEED'] ?? 20261128)
const fuzz = fuzzCases(seed, Number(process.env['DRF_FUZZ_CASES'] ?? 20000))
const cases: DrfCase[] = [...fixed, ...fuzz.cases]

/** DRF's answers to `batch`, from one Python process. */
function drfAnswers(batch: readonly DrfCase[]): { drf: string; django: string; results: DrfResult[] } {
  // A fixed hash seed: DRF keeps media ranges of equal precedence in a set, whose order follows it.
  const reference = spawnSync(python, [`${here}drf_app.py`], {
    input: JSON.stringify(batch),
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, PYTHONHASHSEED: '0' },
  })
  if (reference.status !== 0) {
    console.log(`DRF reference failed:\n${reference.stderr}`)
    process.exit(1)
  }
  return JSON.parse(reference.stdout) as { drf: string; django: string; results: DrfResult[] }
}
const { drf: drfVersion, django: djangoVersion, results } = drfAnswers(cases)
const caseKey = (c: DrfCase): string => JSON.stringify([c.scheme, c.options, c.path, c.host, c.accept, c.reverse])
const byCase = new Map(cases.map((c, i) => [caseKey(c), results[i] as DrfResult]))
// DRF's answers to other requests the explanations ask for (without the header, one range alone, ...): asked in a
// second batch, after the first pass over the disagreements has named them.
const asked = new Map<string, DrfCase>()
const drfAnswer: Reference = (c) => {
  const key = caseKey(c)
  const answer = byCase.get(key)
  if (answer === undefined) asked.set(key, c)
  return answer
}

const ours: DrfResult[] = []
for (const c of cases) ours.push(await runTwin(c))
const found = cases.map((_c, i) => mismatches(results[i] as DrfResult, ours[i] as DrfResult))
for (const [i, c] of cases.entries()) for (const m of found[i] as Mismatch[]) DIFFERENCES.find((d) => d.explains(c, m, results[i] as DrfResult, ours[i] as DrfResult, drfAnswer))
if (asked.size > 0) {
  const more = [...asked.values()]
  drfAnswers(more).results.forEach((r, i) => byCase.set(caseKey(more[i] as DrfCase), r))
}

interface Counts {
  agreements: number
  documented: number
}
const counts = { fixed: { agreements: 0, documented: 0 } as Counts, random: { agreements: 0, documented: 0 } as Counts }
const explained = new Map<string, number>()
const unexplained: { c: DrfCase; drf: DrfResult; ours: DrfResult; m: Mismatch }[] = []
for (const [i, c] of cases.entries()) {
  const drf = results[i] as DrfResult
  const answer = ours[i] as DrfResult
  const count = i < fixed.length ? counts.fixed : counts.random
  if ((found[i] as Mismatch[]).length === 0) {
    count.agreements++
    continue
  }
  let allExplained = true
  const ids = new Set<string>()
  for (const m of found[i] as Mismatch[]) {
    const difference = DIFFERENCES.find((d) => d.explains(c, m, drf, answer, drfAnswer))
    if (difference === undefined) {
      allExplained = false
      unexplained.push({ c, drf, ours: answer, m })
    } else {
      ids.add(difference.id)
    }
  }
  if (allExplained) {
    count.documented++
    for (const id of ids) explained.set(id, (explained.get(id) ?? 0) + 1)
  }
}

console.log(`DRF differential (Django REST framework ${drfVersion}, Django ${djangoVersion}, via ${python})`)
const agreements = counts.fixed.agreements + counts.random.agreements
const documented = counts.fixed.documented + counts.random.documented
const failing = cases.length - agreements - documented
console.log(`cases: ${cases.length}, agreements: ${agreements}, documented differences: ${documented}, unexplained: ${failing}`)
const line = (n: number, c: Counts): string => `agreements: ${c.agreements}, documented differences: ${c.documented}, unexplained: ${n - c.agreements - c.documented}`
console.log(`  fixed (./cases.ts): ${fixed.length}, ${line(fixed.length, counts.fixed)}`)
console.log(
  `  random (./fuzz.ts, DRF_FUZZ_SEED=${seed}): ${fuzz.cases.length}, ${line(fuzz.cases.length, counts.random)}; ${fuzz.rewrittenHosts} hosts sent to DRF as the URL writes them, ${fuzz.unmakeable} requests no Request can carry not run`,
)
for (const d of DIFFERENCES) console.log(`  ${d.id}: ${explained.get(d.id) ?? 0} cases`)
for (const { c, m } of unexplained.slice(0, Number(process.env['DIFF_SHOW'] ?? 40))) {
  const request = `${c.scheme} ${JSON.stringify(c.options)} ${c.host}${c.path}${c.accept === null ? '' : ` Accept: ${JSON.stringify(c.accept)}`}`
  const raw = 'raw' in c ? `\n  as generated: ${JSON.stringify((c as FuzzCase).raw)}` : ''
  const what = m.field === 'url' ? `reverse ${JSON.stringify(c.reverse[m.index])}` : 'outcome'
  console.log(`\nUNEXPLAINED ${request}${raw}\n  ${what}\n  drf:  ${JSON.stringify(m.drf)}\n  ours: ${JSON.stringify(m.ours)}`)
}

// Every difference has its reason in docs/drf-differences.md and a test, named after its id, that passes: the pinning
// tests are run here (vitest, Node), and each id needs a passed test whose name starts with it.
const root = fileURLToPath(new URL('../..', import.meta.url))
const readme = readFileSync(`${root}docs/drf-differences.md`, 'utf8')
const section = readme.slice(readme.indexOf('# Deliberate differences from DRF'))
const passedTests = pinningTests()
const undocumented: Difference[] = DIFFERENCES.filter((d) => !section.includes(`\`${d.id}\``) || !passedTests.some((title) => title.startsWith(`'${d.id}': `)))
if (!readme.includes('# Deliberate differences from DRF')) undocumented.push(...DIFFERENCES)
if (undocumented.length > 0) {
  console.log(`\ndifferences without a documented reason or a passing pinning test in test/behaviour/drf-differences.test.ts: ${undocumented.map((d) => d.id).join(', ')}`)
}

process.exit(failing === 0 && undocumented.length === 0 ? 0 : 1)

/** The names of the tests of test/behaviour/drf-differences.test.ts that passed, run now. */
function pinningTests(): string[] {
  mkdirSync(`${root}.tmp`, { recursive: true })
  const report = `${root}.tmp/drf-differences.json`
  rmSync(report, { force: true })
  const run = spawnSync(
    process.execPath,
    [`${root}node_modules/vitest/vitest.mjs`, 'run', '--project', 'node', 'test/behaviour/drf-differences.test.ts', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  )
  if (!existsSync(report)) {
    console.log(`the pinning tests did not run:\n${run.stdout}${run.stderr}`)
    return []
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: { title: string; status: string }[] }[] }
  return json.testResults.flatMap((file) => file.assertionResults.filter((t) => t.status === 'passed').map((t) => t.title))
}
