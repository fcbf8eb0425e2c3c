/**
 * semver() against npm's `semver` package (the reference Fastify, restify and
 * npm itself resolve ranges with): for any released list and any request of
 * the grammar semver() documents, the version chosen is `maxSatisfying`'s.
 * dateVersions() against a model: the latest release on or before the date.
 * Node only (npm's package is CommonJS); fast-check drives both.
 */
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateVersions } from '../../../src/formats/date.ts'
import { semver } from '../../../src/formats/semver.ts'
import { assertProperty } from '../../support/property-runs.ts'

const npmSemver = createRequire(import.meta.url)('semver') as { maxSatisfying(versions: readonly string[], range: string): string | null }

/** npm's answer; an invalid range is no answer. */
function reference(released: readonly string[], request: string): string | null {
  try {
    return npmSemver.maxSatisfying(released, request)
  } catch {
    return null
  }
}

const number = fc.constantFrom('0', '1', '2', '3', '10')
const release = fc.tuple(number, number, number).map((parts) => parts.join('.'))
const releases = fc.uniqueArray(release, { minLength: 1, maxLength: 12 })
const part = fc.constantFrom('0', '1', '2', '3', '10', '7', 'x', 'X', '*')
/**
 * Requests of semver()'s grammar: an optional `^`/`~`, an optional `v`, and
 * one to three parts. A number after a wildcard (`1.x.3`) is left out: npm
 * reads it as the wildcard, semver() refuses it as malformed (README).
 */
const request = fc
  .tuple(fc.constantFrom('', '^', '~'), fc.constantFrom('', 'v'), fc.array(part, { minLength: 1, maxLength: 3 }))
  .filter(([, , parts]) => parts.every((p, i) => i === 0 || /[0-9]/.test(p) === false || parts.slice(0, i).every((q) => /[0-9]/.test(q))))
  .map(([op, v, parts]) => `${op}${v}${parts.join('.')}`)

describe('semver() chooses what npm semver.maxSatisfying chooses', () => {
  it('for random releases and requests', () => {
    assertProperty(
      fc.property(releases, request, (released, text) => {
        expect(semver().compile(released, 'T')(text)).toBe(reference(released, text))
      }),
      { numRuns: 5000 },
    )
  })

  it('for every request over a fixed set of releases', () => {
    const released = ['0.0.1', '0.0.3', '0.1.0', '0.1.5', '0.2.0', '1.0.0', '1.2.0', '1.2.7', '1.10.0', '2.0.0', '3.4.5']
    const resolve = semver().compile(released, 'T')
    const parts = ['0', '1', '2', '3', '10', '4', '5', '7', 'x', '*']
    let compared = 0
    for (const op of ['', '^', '~', 'v', '^v', '~v']) {
      for (const a of parts) {
        for (const b of ['', ...parts]) {
          for (const c of b === '' ? [''] : ['', ...parts]) {
            const text = [a, b, c].filter((p) => p !== '').join('.')
            if (/[x*]\.[0-9]/.test(text)) continue
            expect(resolve(op + text), op + text).toBe(reference(released, op + text))
            compared++
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(3000)
  })
})

describe('dateVersions() chooses the latest release on or before the date', () => {
  const day = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  it('for random releases and dates', () => {
    assertProperty(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 20 }), day, (released, requested) => {
        const model = [...released].sort().filter((r) => r <= requested).at(-1) ?? null
        expect(dateVersions().compile(released, 'T')(requested)).toBe(model)
      }),
      { numRuns: 5000 },
    )
  })
})
