/**
 * Serving the documents (`openAPIRoutes`) and the docs page (`openAPIDocs`,
 * Scalar): the index of versions, one document per version made and
 * serialized once, a fixed 404 for other versions, and a page whose
 * version selector lists every version newest first, deprecated ones
 * marked. In-process, with `app.request`; test/e2e/openapi-docs-browser.test.ts
 * drives the page in a real browser.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, include, route, versioned } from '../../../src/index.ts'
import { versionPolicy } from '../../../src/lifecycle/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../../src/openapi/index.ts'
import { openAPIDocs } from '../../../src/openapi/scalar.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'
import type { Changelog } from '../../../src/changes/changelog.ts'
import type { OpenAPIDocument } from '../../../src/openapi/types.ts'
import type { VersionedOpenAPI } from '../../../src/openapi/documents.ts'

const routes = defineRoutes([include('/api', [route('user-list', '/users'), versioned(['v3'], route('team-list', '/teams'))])])
const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' })
const policy = versionPolicy({ versions: { v2: { deprecation: '2026-01-01', sunset: '2099-01-01' }, v1: { deprecation: '2020-01-01', sunset: '2021-01-01' } } })

/** A changelog that counts how often the documents read it: each document made reads it, construction reads it twice. */
function countingChangelog(): { changelog: Changelog; reads: () => number } {
  let reads = 0
  const versions = [{ version: 'v3', changes: [{ id: 'teams', description: 'Adds teams.', instructions: [{ type: 'route.added' as const, route: 'team-list' }] }] }]
  const changelog = {
    head: 'v3',
    get versions() {
      reads++
      return versions
    },
  }
  return { changelog, reads: () => reads }
}

/** The configuration the docs page gives Scalar. */
function scalarConfig(html: string): { sources: { title: string; slug: string; url: string; default: boolean }[] } {
  const found = /createApiReference\('#app', (\{[\s\S]*?\})\)\s*<\/script>/.exec(html)
  expect(found, html.slice(-600)).not.toBeNull()
  return JSON.parse(found?.[1] as string) as never
}

describe('openAPIRoutes', () => {
  const docs = versionedOpenAPI({ scheme, routes, policy })
  const app = new Hono()
  app.route('/reference', openAPIRoutes(docs))

  it('GET /openapi: the index of versions, newest first, with each document URL (v1 is past its sunset and still served: flagged)', async () => {
    const res = await app.request('/reference/openapi')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      versions: [
        { version: 'v3', url: '/reference/openapi/v3.json', latest: true, deprecated: false, deprecation: null, sunset: null, sunsetPassed: false },
        { version: 'v2', url: '/reference/openapi/v2.json', latest: false, deprecated: true, deprecation: '2026-01-01T00:00:00.000Z', sunset: '2099-01-01T00:00:00.000Z', sunsetPassed: false },
        { version: 'v1', url: '/reference/openapi/v1.json', latest: false, deprecated: true, deprecation: '2020-01-01T00:00:00.000Z', sunset: '2021-01-01T00:00:00.000Z', sunsetPassed: true },
      ],
    })
  })

  it.each(['v3', 'v2', 'v1'])('GET /openapi/%s.json: that version\'s document', async (version) => {
    const res = await app.request(`/reference/openapi/${version}.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    const document = (await res.json()) as OpenAPIDocument
    expect(document).toEqual(JSON.parse(JSON.stringify(docs.document(version))))
    expect(document.info.version).toBe(version)
    await expectValidOpenAPI31(document)
  })

  it.each(['/reference/openapi/v4.json', '/reference/openapi/%3Cscript%3Ealert(1)%3C%2Fscript%3E.json', '/reference/openapi/.json'])(
    '%s: a fixed 404 that reflects nothing',
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('{"detail":"No OpenAPI document for this version."}')
    },
  )

  it('makes each document once, whatever the number of requests', async () => {
    const { changelog, reads } = countingChangelog()
    const counted = versionedOpenAPI({ scheme, routes, changelog })
    const served = openAPIRoutes(counted)
    const atConstruction = reads()
    for (let i = 0; i < 5; i++) expect((await served.request('/openapi/v3.json')).status).toBe(200)
    const afterV3 = reads()
    expect(afterV3).toBeGreaterThan(atConstruction)
    for (let i = 0; i < 5; i++) expect((await served.request('/openapi/v3.json')).status).toBe(200)
    expect(reads()).toBe(afterV3)
    expect((await served.request('/openapi/v2.json')).status).toBe(200)
    const afterV2 = reads()
    expect(afterV2).toBeGreaterThan(afterV3)
    await served.request('/openapi/v2.json')
    await served.request('/openapi')
    expect(reads()).toBe(afterV2)
  })

  it('takes a function that makes the documents (a tool that is async), called once, on the first request', async () => {
    let calls = 0
    const served = openAPIRoutes(async () => {
      calls++
      await Promise.resolve()
      return versionedOpenAPI({ scheme, routes })
    })
    expect(calls).toBe(0)
    const [a, b] = await Promise.all([served.request('/openapi/v1.json'), served.request('/openapi')])
    expect([a.status, b.status, calls]).toEqual([200, 200, 1])
  })

  it('a version whose sunset passes while the Worker runs drops out of the index (the policy refuses it)', async () => {
    let now = Date.parse('2026-12-31T23:59:59Z')
    const docsNow = versionedOpenAPI({
      scheme,
      routes,
      policy: versionPolicy({ versions: { v1: { deprecation: '2026-01-01', sunset: '2027-01-01' } }, refuseAfterSunset: true, now: () => now }),
    })
    const served = openAPIRoutes(docsNow)
    const list = async (): Promise<string[]> => ((await (await served.request('/openapi')).json()) as { versions: { version: string }[] }).versions.map((v) => v.version)
    expect(await list()).toEqual(['v3', 'v2', 'v1'])
    expect((await served.request('/openapi/v1.json')).status).toBe(200)
    now = Date.parse('2027-01-01T00:00:00Z')
    expect(await list()).toEqual(['v3', 'v2'])
    expect((await served.request('/openapi/v1.json')).status).toBe(404)
  })

  it.each<[string, () => unknown, string]>([
    ['documents that are not', () => openAPIRoutes({} as VersionedOpenAPI), 'openAPIRoutes: pass the documents made by versionedOpenAPI({...}), or a function that returns them.'],
    ['a path without its slash', () => openAPIRoutes(versionedOpenAPI({ scheme, routes }), { path: 'openapi' }), 'openAPIRoutes: path must be a path such as "/openapi" (no trailing slash, no parameters).'],
    ['a page at the documents\' path', () => openAPIDocs(versionedOpenAPI({ scheme, routes }), { page: '/openapi' }), 'openAPIDocs: page and path must differ; the page is at "/openapi" and the documents under "/openapi".'],
  ])('configuration mistakes: %s', (_name, make, message) => {
    expect(make).toThrow(new Error(message))
  })
})

describe('openAPIDocs: the docs page', () => {
  const docs: VersionedOpenAPI = versionedOpenAPI({ scheme, routes, policy })

  it('lists every version in the selector, newest first, deprecated and sunset ones marked, the newest shown first', async () => {
    const app = new Hono()
    app.route('/docs', openAPIDocs(docs, { cdn: '/standalone.js', pageTitle: 'Users API' }))
    const res = await app.request('/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<title>Users API</title>')
    expect(html).toContain('<script src="/standalone.js"></script>')
    expect(scalarConfig(html).sources).toEqual([
      { title: 'v3 (latest)', slug: 'v3', url: '/docs/openapi/v3.json', default: true },
      { title: 'v2 (deprecated)', slug: 'v2', url: '/docs/openapi/v2.json', default: false },
      { title: 'v1 (sunset)', slug: 'v1', url: '/docs/openapi/v1.json', default: false },
    ])
    // The URLs it lists answer.
    for (const { url } of scalarConfig(html).sources) expect((await app.request(url)).status).toBe(200)
  })

  it('works wherever it is mounted, with the page and the documents where the options put them', async () => {
    const app = new Hono()
    app.route('/', openAPIDocs(docs, { page: '/reference', path: '/specs' }))
    const html = await (await app.request('/reference')).text()
    expect(scalarConfig(html).sources.map((s) => s.url)).toEqual(['/specs/v3.json', '/specs/v2.json', '/specs/v1.json'])
    expect((await app.request('/specs/v2.json')).status).toBe(200)
    expect((await app.request('/specs')).status).toBe(200)
  })

  it('under a mount with parameters, each page lists the documents under its own prefix, with nothing of the path unescaped', async () => {
    const app = new Hono()
    app.route('/:tenant/docs', openAPIDocs(docs))
    const urls = async (path: string): Promise<string[]> => scalarConfig(await (await app.request(path)).text()).sources.map((s) => s.url)
    expect(await urls('/acme/docs')).toEqual(['/acme/docs/openapi/v3.json', '/acme/docs/openapi/v2.json', '/acme/docs/openapi/v1.json'])
    expect((await urls('/a%3C%2Fscript%3E/docs'))[0]).toBe('/a%3C%2Fscript%3E/docs/openapi/v3.json')
    expect((await app.request('/acme/docs/openapi/v2.json')).status).toBe(200)
  })
})
