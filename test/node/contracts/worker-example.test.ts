/**
 * The worker example's contracts (worker-example/contracts.ts and its
 * committed lock): the repository as committed passes `npm run contracts`;
 * a copy where a head field no change mentions (a category's `slug`) is
 * renamed in the types and views fails it, with the sentences that say
 * where; every recorded request, in every documented version, answers as
 * its version's schema says.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { validateResponses } from '../../../src/contracts/index.ts'
import frozen, { app, documents, requests } from '../../../worker-example/contracts.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const lock: unknown = JSON.parse(readFileSync(`${root}worker-example/contracts.lock.json`, 'utf8'))
const PASSED = 'Contracts: 2 released versions answer as the lock recorded them (head 2026-06-01, 9 requests each).'

function runContracts(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [`${root}scripts/contracts.ts`, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('the worker example\'s contracts', () => {
  it('the released versions answer as the committed lock recorded them', async () => {
    expect(frozen.released).toEqual(['2024-01-01', '2025-01-01'])
    const report = await frozen.check(lock)
    expect(report.message).toBe(PASSED)
  })

  it('the committed lock is exactly what npm run contracts -- --update writes', async () => {
    expect(readFileSync(`${root}worker-example/contracts.lock.json`, 'utf8')).toBe(`${JSON.stringify(await frozen.record(), null, 2)}\n`)
  })

  it('npm run contracts passes on the repository as committed', () => {
    const { status, output } = runContracts()
    // The lock's line, then the documents checked against the app (scripts/lib/document-check.ts).
    expect(output.trim().split('\n')).toEqual([
      PASSED,
      'Documents: 77 documented operations called in 8 sections; 0 disagree with their document.',
      'Routes in no document (1):',
      '- GET / (in no document; answers 200: an undocumented route)',
    ])
    expect(status).toBe(0)
  })

  // Before, each printed a stack trace: JSON.parse's SyntaxError, or check's error thrown out of the script.
  it('npm run contracts on a lock a hand edit broke, or that is no lock, exits 1 with a sentence saying what to do', () => {
    const dir = `${root}.tmp/contracts-broken-lock-${process.pid}`
    mkdirSync(dir, { recursive: true })
    try {
      writeFileSync(`${dir}/cut.lock.json`, readFileSync(`${root}worker-example/contracts.lock.json`, 'utf8').slice(0, 300))
      const cut = runContracts('worker-example/contracts.ts', `${dir}/cut.lock.json`)
      expect(cut.status).toBe(1)
      // The parser's own words (JavaScript engines word it their way) between the file and what to do.
      expect(cut.output.trim()).toMatch(/^contracts: \.tmp\/contracts-broken-lock-\d+\/cut\.lock\.json is not JSON \(.*JSON.*\); undo the edit that broke it, or record the lock again with npm run contracts -- --update\.$/)
      writeFileSync(`${dir}/other.lock.json`, '{"format":"something else"}')
      const other = runContracts('worker-example/contracts.ts', `${dir}/other.lock.json`)
      expect([other.status, other.output.trim()]).toEqual([1, 'contracts: check: the lock is not a contracts lock (its "format" is not "hono-api-versioning/contracts@1"); record it again with record() (npm run contracts -- --update in this repository).'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('npm run contracts fails on a copy where a head field no change mentions is renamed in the types and views', () => {
    const copy = `${root}.tmp/contracts-copy/`
    rmSync(copy, { recursive: true, force: true })
    mkdirSync(copy, { recursive: true })
    cpSync(`${root}worker-example`, `${copy}worker-example`, { recursive: true })
    symlinkSync(`${root}src`, `${copy}src`)
    const edit = (file: string, from: string, to: string): void => {
      const text = readFileSync(`${copy}worker-example/${file}`, 'utf8')
      expect(text).toContain(from)
      writeFileSync(`${copy}worker-example/${file}`, text.replace(from, to))
    }
    // `slug` is in no declared change: renaming it in the head reaches every version.
    edit('changes.ts', 'export interface CategoryBody {\n  readonly slug: string', 'export interface CategoryBody {\n  readonly handle: string')
    edit('views.ts', '    slug: category.slug,', '    handle: category.slug,')

    const { status, output } = runContracts(`${copy}worker-example/contracts.ts`)
    expect(status).toBe(1)
    const fix = 'declare it as a version change of the head version 2026-06-01 so that older versions keep answering as recorded, or revert it.'
    const lines = output.split('\n')
    expect(lines[0]).toMatch(/^Contracts: \d+ differences from the lock in 2 released versions \(head 2026-06-01, free to change\):$/)
    expect(lines).toContain(`- 2025-01-01: request "GET /releases/categories/tea", at body.slug: was "tea", now absent; ${fix}`)
    expect(lines).toContain(`- 2025-01-01: request "GET /releases/categories/tea", at body.handle: was absent, now "tea"; ${fix}`)
    expect(lines).toContain(`- 2025-01-01: request "GET /releases/categories", at body[1].slug: was "coffee", now absent; ${fix}`)
    // 2024-01-01 is past its sunset: it answers 410 whatever the views say.
    expect(lines.some((line) => line.startsWith('- 2024-01-01'))).toBe(false)
    expect(output).toContain('If every difference is meant (a released version changing on purpose), record the lock again: npm run contracts -- --update')
  }, 60_000)

  it('every recorded request, in every documented version, answers as its version\'s schema says', async () => {
    const validated = new Hono()
    validated.use('/releases/*', validateResponses(documents, { enabled: true }))
    validated.route('/', app)
    const versions = documents.versions.map((d) => d.version)
    expect(versions).toEqual(['2026-06-01', '2025-01-01'])
    for (const version of versions) {
      for (const [name, request] of Object.entries(requests)) {
        const response = await validated.fetch(request(version))
        expect([name, version, response.status]).not.toEqual([name, version, 500])
      }
    }
  })
})
