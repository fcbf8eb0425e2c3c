/**
 * Differential conformance against Django REST framework itself: every case of
 * ./cases.ts goes through DRF (./drf_app.py, Debian's python3-djangorestframework)
 * and through the TypeScript twin (./twin.ts); status, detail, version and the
 * reversed URLs must agree, or the disagreement must be one of the documented
 * differences below (README, "Deliberate differences from DRF"), each pinned
 * by a test in test/drf-differences.test.ts.
 *
 * Usage: node test/drf/differential.ts [--python /usr/bin/python3]
 * Prints the counts; exits 1 on an unexplained disagreement, 2 when DRF is missing.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseAccept } from '../../src/http/accept.ts'
import { allCases } from './cases.ts'
import { runTwin, type DrfCase, type DrfResult } from './twin.ts'

/** One field on which DRF and the twin disagree: the outcome, or the URL of one reversal. */
export interface Mismatch {
  /** `outcome` (status, detail, version) or `url` (the reversal at `index`). */
  readonly field: 'outcome' | 'url'
  readonly index: number
  readonly drf: unknown
  readonly ours: unknown
}

export interface Difference {
  readonly id: string
  /** Whether this documented difference explains the mismatch. */
  readonly explains: (c: DrfCase, m: Mismatch, drf: DrfResult, ours: DrfResult) => boolean
}

const sortedQuery = (url: unknown): unknown => {
  if (typeof url !== 'string' || !url.includes('?')) return url
  const [base, query] = url.split('?') as [string, string]
  return `${base}?${query.split('&').sort().join('&')}`
}

/** The deliberate differences; README.md ("Deliberate differences from DRF") gives each id its reason. */
export const DIFFERENCES: readonly Difference[] = [
  {
    id: 'blank-accept',
    // DRF: 406 "Could not satisfy"; we negotiate */*, then the version check decides.
    explains: (c, m, drf) => c.accept !== null && c.accept.trim() === '' && m.field === 'outcome' && drf.detail === 'Could not satisfy the request Accept header.',
  },
  {
    id: 'equal-ranges',
    explains: (c, m) => {
      if (c.accept === null || m.field !== 'outcome') return false
      const json = parseAccept(c.accept).filter((r) => (r.type === '*' || r.type === 'application') && (r.subtype === '*' || r.subtype === 'json'))
      const top = Math.max(...json.map((r) => r.precedence))
      return json.filter((r) => r.precedence === top).length > 1
    },
  },
  {
    id: 'malformed-value',
    explains: (c, m, _drf, ours) => c.accept !== null && /=[^;,"\s]+[ \t]+[^;,\s]/.test(c.accept) && m.field === 'outcome' && ours.status === 406,
  },
  {
    id: 'query-order',
    explains: (_c, m) => m.field === 'url' && m.drf !== m.ours && sortedQuery(m.drf) === sortedQuery(m.ours),
  },
  {
    id: 'lower-cased-host',
    // The same answer but for case, or DRF refusing the upper-case version that we read lower-cased.
    explains: (c, m, drf, ours) =>
      c.host !== c.host.toLowerCase() &&
      (JSON.stringify(m.drf).toLowerCase() === JSON.stringify(m.ours).toLowerCase() ||
        (drf.detail === 'Invalid version in hostname.' && ours.version === (c.host.split('.')[0] ?? '').toLowerCase())),
  },
  {
    id: 'django-host-validation',
    // Django's host grammar: letters, digits, "." and "-", or a bracketed IPv6 address, and a port.
    explains: (c, m, drf) => m.field === 'outcome' && drf.status === 400 && !/^([a-z0-9.-]+|\[[a-f0-9:.]+\])(:[0-9]+)?$/i.test(c.host),
  },
  {
    id: 'current-namespace',
    // Under /api/v1/ (namespace api:v1) we link to api:v1:<name>; DRF to the top-level v1:<name>.
    explains: (c, m) =>
      c.scheme === 'namespace' && m.field === 'url' && typeof m.drf === 'string' && m.ours === m.drf.replace('://testserver/v1/', '://testserver/api/v1/'),
  },
  {
    id: 'url-path-fallback',
    explains: (c, m) => c.scheme === 'url-path' && m.field === 'url' && m.drf === null && typeof m.ours === 'string' && c.reverse[m.index]?.kwargs !== undefined,
  },
]

const here = fileURLToPath(new URL('.', import.meta.url))
const pythonArg = process.argv.indexOf('--python')
const python = pythonArg === -1 ? '/usr/bin/python3' : (process.argv[pythonArg + 1] as string)

const probe = spawnSync(python, ['-c', 'import rest_framework, django; print(rest_framework.VERSION, django.get_version())'], { encoding: 'utf8' })
if (probe.status !== 0) {
  console.log(`DRF differential: Django REST framework is not importable by ${python} (apt-get install python3-djangorestframework).`)
  process.exit(2)
}

const cases = allCases()
// A fixed hash seed: DRF keeps media ranges of equal precedence in a set, whose order follows it.
const reference = spawnSync(python, [`${here}drf_app.py`], {
  input: JSON.stringify(cases),
  encoding: 'utf8',
  maxBuffer: 512 * 1024 * 1024,
  env: { ...process.env, PYTHONHASHSEED: '0' },
})
if (reference.status !== 0) {
  console.log(`DRF reference failed:\n${reference.stderr}`)
  process.exit(1)
}
const { drf: drfVersion, django: djangoVersion, results } = JSON.parse(reference.stdout) as { drf: string; django: string; results: DrfResult[] }

const normalise = (r: DrfResult): DrfResult => (r.status === 200 ? { status: 200, version: r.version ?? null, urls: r.urls ?? [] } : { status: r.status, ...(r.detail === undefined ? {} : { detail: r.detail }) })
const outcome = (r: DrfResult): string => JSON.stringify({ status: r.status, version: r.version ?? null, detail: r.detail ?? null })

/** The fields on which two results differ; reversals are compared only when both answered 200. */
function mismatches(drf: DrfResult, ours: DrfResult): Mismatch[] {
  if (outcome(drf) !== outcome(ours)) return [{ field: 'outcome', index: -1, drf: normalise(drf), ours: normalise(ours) }]
  const out: Mismatch[] = []
  const a = drf.urls ?? []
  const b = ours.urls ?? []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) out.push({ field: 'url', index: i, drf: a[i], ours: b[i] })
  }
  return out
}

let agreements = 0
let documented = 0
const explained = new Map<string, number>()
const unexplained: { c: DrfCase; drf: DrfResult; ours: DrfResult; m: Mismatch }[] = []
for (const [i, c] of cases.entries()) {
  const drf = results[i] as DrfResult
  const ours = await runTwin(c)
  const found = mismatches(drf, ours)
  if (found.length === 0) {
    agreements++
    continue
  }
  let allExplained = true
  const ids = new Set<string>()
  for (const m of found) {
    const difference = DIFFERENCES.find((d) => d.explains(c, m, drf, ours))
    if (difference === undefined) {
      allExplained = false
      unexplained.push({ c, drf, ours, m })
    } else {
      ids.add(difference.id)
    }
  }
  if (allExplained) {
    documented++
    for (const id of ids) explained.set(id, (explained.get(id) ?? 0) + 1)
  }
}

console.log(`DRF differential (Django REST framework ${drfVersion}, Django ${djangoVersion}, via ${python})`)
// Every difference has its reason in the README and a test that pins our behaviour.
const root = fileURLToPath(new URL('../..', import.meta.url))
const readme = readFileSync(`${root}README.md`, 'utf8')
const section = readme.slice(readme.indexOf('## Deliberate differences from DRF'))
const pins = readFileSync(`${root}test/drf-differences.test.ts`, 'utf8')
const undocumented = DIFFERENCES.filter((d) => !section.includes(`\`${d.id}\``) || !pins.includes(`'${d.id}'`))
if (!readme.includes('## Deliberate differences from DRF') || undocumented.length > 0) {
  console.log(`differences without a README reason or a pinning test: ${undocumented.map((d) => d.id).join(', ')}`)
  process.exit(1)
}

const failing = cases.length - agreements - documented
console.log(`cases: ${cases.length}, agreements: ${agreements}, documented differences: ${documented}, unexplained: ${failing}`)
for (const d of DIFFERENCES) console.log(`  ${d.id}: ${explained.get(d.id) ?? 0} cases`)
for (const { c, m } of unexplained.slice(0, Number(process.env['DIFF_SHOW'] ?? 40))) {
  const request = `${c.scheme} ${JSON.stringify(c.options)} ${c.host}${c.path}${c.accept === null ? '' : ` Accept: ${c.accept}`}`
  const what = m.field === 'url' ? `reverse ${JSON.stringify(c.reverse[m.index])}` : 'outcome'
  console.log(`\nUNEXPLAINED ${request}\n  ${what}\n  drf:  ${JSON.stringify(m.drf)}\n  ours: ${JSON.stringify(m.ours)}`)
}
process.exit(failing === 0 ? 0 : 1)
