/**
 * Released versions frozen, checked by a tool nobody here wrote: Optic's
 * breaking-change diff (`optic diff <before> <after> --check`) between each
 * released version's document as the worker example's committed lock
 * recorded it and the document the code makes now finds no change; the same
 * document with a response field renamed, as an undeclared change to the
 * head would leave it, fails Optic's check with the field it names.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import frozen from '../../../worker-example/contracts.ts'

type Json = Record<string, unknown>

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/optic/`
const lock = JSON.parse(readFileSync(`${root}worker-example/contracts.lock.json`, 'utf8')) as { released: Record<string, { document: Json }> }

/** Optic's check of `after` against `before`: its exit status and what it printed. */
function opticDiff(before: Json, after: Json, name: string): { status: number | null; output: string } {
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}${name}-before.json`, JSON.stringify(before))
  writeFileSync(`${dir}${name}-after.json`, JSON.stringify(after))
  // In its own folder: with CI set, Optic writes ci-run-details.json where it runs.
  const result = spawnSync(`${root}node_modules/.bin/optic`, ['diff', `${dir}${name}-before.json`, `${dir}${name}-after.json`, '--check'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe("Optic's breaking-change check on the released versions", () => {
  rmSync(dir, { recursive: true, force: true })
  // Optic is a CLI of its own: a run takes seconds, more on a loaded machine (the spawn's own limit is 120 s).
  const OPTIC_BUDGET = 120_000
  const released = Object.keys(lock.released)
  // A version past its sunset has no document (the lock records null), and still has none.
  const documented = released.filter((version) => lock.released[version]?.document !== null)

  it('every released version the lock documents is checked', async () => {
    expect(documented).toEqual(['2025-01-01'])
    const now = (await frozen.record()).released
    for (const version of released.filter((v) => !documented.includes(v))) expect(now[version]?.document).toBeNull()
  })

  it.each(documented)('%s: the document the code makes now is the one the lock recorded', async (version) => {
    const now = (await frozen.record()).released[version]?.document as Json
    const { status, output } = opticDiff(lock.released[version]?.document as Json, now, version)
    expect(output).toContain('No operations changed')
    expect(status).toBe(0)
  }, OPTIC_BUDGET)

  it('a response field renamed in a released version fails the check, naming the field', () => {
    const before = lock.released[documented[0] as string]?.document as Json
    const after = JSON.parse(JSON.stringify(before)) as { components: { schemas: { Category: { properties: Json; required: string[] } } } }
    const category = after.components.schemas.Category
    category.properties['label'] = category.properties['slug']
    delete category.properties['slug']
    category.required = category.required.map((field) => (field === 'slug' ? 'label' : field))
    const { status, output } = opticDiff(before, after as unknown as Json, 'renamed')
    expect(output).toContain("cannot remove response property 'slug'. This is a breaking change.")
    expect(status).toBe(1)
  }, OPTIC_BUDGET)
})
