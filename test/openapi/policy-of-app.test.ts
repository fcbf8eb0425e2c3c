/**
 * `policy` gives the documents the version policy's headers, deprecated
 * versions and 410. Given the app, documents whose `policy` is not the one
 * its versioning middleware (in front of a documented path) has are refused
 * when they are made, with a sentence saying what to give: before, a
 * middleware's `Deprecation` and `Sunset` went undocumented (and its 410
 * after the sunset, its version still documented) when the documents were
 * not given the policy, and documents given one the middleware lacks listed
 * headers it never sends. A policy made alike (same settings) is the same.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import type { VersionPolicy } from '../../src/lifecycle/policy.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('user-list', '/users')])
const NOW = Date.parse('2026-06-01T00:00:00Z')
const policyOf = (sunset = '2027-01-01T00:00:00Z'): VersionPolicy => versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset } }, refuseAfterSunset: true, now: () => NOW })

/** A table app whose middleware has `policy` (or none). */
function appWith(policy: VersionPolicy | undefined) {
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes, ...(policy === undefined ? {} : { policy }) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json([]) })
  return { app, scheme: versioning.scheme }
}

describe("the documents' policy is the app's middleware's", () => {
  it('a middleware with a policy, documents without: refused (its headers would be undocumented)', async () => {
    const { app, scheme } = appWith(policyOf())
    const res = await app.request('/users', { headers: { 'Api-Version': 'v1' } })
    expect([res.headers.get('deprecation'), res.headers.get('sunset')]).toEqual(['@1767225600', 'Fri, 01 Jan 2027 00:00:00 GMT'])
    expect(() => versionedOpenAPI({ scheme, routes, app })).toThrow(
      new Error(
        "versionedOpenAPI: the app's versioning middleware has a version policy, which these documents are not given: its Deprecation, Sunset and Link headers, its deprecated versions and its 410 after a sunset would be missing; give policy: the middleware's versionPolicy(...).",
      ),
    )
  })

  it('documents with a policy, a middleware without: refused (they would list headers it never sends)', () => {
    const { app, scheme } = appWith(undefined)
    expect(() => versionedOpenAPI({ scheme, routes, app, policy: policyOf() })).toThrow(
      new Error("versionedOpenAPI: policy is given, but the app's versioning middleware has no version policy: the documents would list headers and a 410 it never sends; give the middleware the policy, or leave policy out here."),
    )
  })

  it('the same policy, or one made alike, is accepted; one with another sunset is refused', () => {
    const policy = policyOf()
    const { app, scheme } = appWith(policy)
    const same = versionedOpenAPI({ scheme, routes, app, policy })
    expect(same.document('v1').paths['/users']?.get?.deprecated).toBe(true)
    expect(versionedOpenAPI({ scheme, routes, app, policy: policyOf() }).versions.map((v) => v.version)).toEqual(['v2', 'v1'])
    expect(() => versionedOpenAPI({ scheme, routes, app, policy: policyOf('2028-01-01T00:00:00Z') })).toThrow(
      new Error("versionedOpenAPI: policy differs from the app's versioning middleware's (its versions' dates and links, reportVersions, echoHeader or refuseAfterSunset); give the middleware's versionPolicy(...)."),
    )
  })

  it('without app, the documents cannot tell, and take the policy they are given', () => {
    const { scheme } = appWith(policyOf())
    expect(versionedOpenAPI({ scheme, routes }).versions.map((v) => v.version)).toEqual(['v2', 'v1'])
  })
})
