/**
 * Every runtime gives identical results: each observation equals the golden
 * file's, which was recorded once (npm run conformance:update).
 */
import { describe, expect, it } from 'vitest'
import { caseName, cases, observe, type Observation } from './conformance-cases.ts'
import golden from './conformance.golden.json' with { type: 'json' }

const expected = golden as Record<string, Observation>

describe('the worker example answers every case as recorded', () => {
  it('has a recorded answer for every case, and no stale ones', () => {
    expect(Object.keys(expected).sort()).toEqual(cases.map(caseName).sort())
  })

  it.each(cases.map((c) => [caseName(c), c] as const))('%s', async (name, c) => {
    expect(await observe(c)).toEqual(expected[name])
  })
})
