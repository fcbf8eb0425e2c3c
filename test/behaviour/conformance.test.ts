/**
 * Every runtime gives identical results: each observation of the worker
 * example on its fixed clock equals the golden file's, which was recorded
 * once (npm run conformance:update). The golden file must also agree with the
 * answers written by hand in test/support/conformance-cases.ts, and so must
 * the example on other clocks: past every sunset, and on the real one.
 */
import { describe, expect, it } from 'vitest'
import { app, createApp } from '../../worker-example/app.ts'
import { caseName, cases, disagreements, expectedAt, observe, reportedAt, type ConformanceCase, type Observation } from '../support/conformance-cases.ts'
import golden from '../support/conformance.golden.json' with { type: 'json' }
import { EXAMPLE_NOW_MS } from '../support/example-clock.ts'

const expected = golden as Record<string, Observation>
const named = cases.map((c) => [caseName(c), c] as const)

describe('the worker example answers every case as recorded', () => {
  it('has a recorded answer for every case, and no stale ones', () => {
    expect(Object.keys(expected).sort()).toEqual(cases.map(caseName).sort())
  })

  it.each(named)('%s', async (name, c) => {
    expect(await observe(c)).toEqual(expected[name])
  })
})

describe('the recorded answers agree with the ones written by hand', () => {
  it.each(named)('%s', (name, c) => {
    const recorded = expected[name]
    expect(recorded).toBeDefined()
    expect(disagreements(recorded as Observation, expectedAt(c, EXAMPLE_NOW_MS))).toEqual([])
  })
})

// The sunsets of the example: 2024-01-01 on 2026-01-01, 2025-01-01 on 2027-06-01 (the last).
const LAST_SUNSET = Date.UTC(2027, 5, 1)
const clockDependent = cases.filter((c) => c.sunset !== undefined)

describe.each([
  ['at the last sunset instant (2027-06-01T00:00:00Z)', LAST_SUNSET],
  ['past every sunset (2030-01-01)', Date.UTC(2030, 0, 1)],
])('the worker example %s', (_when, now) => {
  const late = createApp({ now: () => now })

  it('refuses every sunset version with 410 Gone and its lifecycle headers', async () => {
    // Both dated releases with a sunset, by each way of naming them.
    expect(clockDependent.map(caseName).sort()).toEqual(
      [
        'http://api.test/releases/products {"api-version":"2024-06-01"}',
        'http://api.test/releases/products {"api-version":"2025-06-30"}',
        'http://api.test/releases/products/1 {"accept":"application/vnd.catalog.2025-01-01+json"}',
        'http://api.test/releases/top-categories {"api-version":"2025-03-01"}',
      ].sort(),
    )
    for (const c of clockDependent) {
      const observed = await observe(c, late)
      expect(observed.status, caseName(c)).toBe(410)
      expect(observed.contentType, caseName(c)).toBe('application/problem+json')
      expect(observed.body, caseName(c)).toMatchObject({ status: 410, detail: 'This API version has been sunset.', code: 'ApiVersionSunset' })
      // The 410 says when and why: the refused version's Sunset and Deprecation, and its links.
      expect(observed.lifecycle['sunset'], caseName(c)).toMatch(/^(Thu, 01 Jan 2026|Tue, 01 Jun 2027) 00:00:00 GMT$/)
      expect(disagreements(observed, expectedAt(c, now)), caseName(c)).toEqual([])
    }
  })

  it.each(named)('%s', async (name, c) => {
    const observed = await observe(c, late)
    expect(disagreements(observed, expectedAt(c, now))).toEqual([])
    // A case whose version has no sunset answers as recorded, but for the versions past their sunset, which no list reports.
    const recorded = expected[name] as Observation
    if (c.sunset === undefined) expect(observed).toEqual({ ...recorded, lifecycle: reportedAt(recorded.lifecycle, now) })
  })
})

describe('the worker example on the real clock', () => {
  /** What holds at any date: the answer before or after the sunset of the case's version, as the clock says. */
  async function check(c: ConformanceCase): Promise<void> {
    const before = Date.now()
    const observed = await observe(c, app)
    const after = Date.now()
    // The clock could pass a sunset during the request: either side is then right.
    const accepted = [expectedAt(c, before), expectedAt(c, after)].map((e) => disagreements(observed, e))
    expect(accepted.some((d) => d.length === 0), JSON.stringify(accepted)).toBe(true)
    if (c.sunset === undefined) expect(observed).toEqual(expected[caseName(c)])
  }

  it('answers every case as written by hand for the date it runs at, and the cases without a sunset as recorded', async () => {
    for (const c of cases) await check(c)
  })
})
