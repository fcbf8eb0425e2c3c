/**
 * The parts of the model every feature reads: one version order
 * (formats/version-order.ts), the version space, where the version travels
 * (the scheme's placement, the same for reversal and documents), and one
 * rendering of the lifecycle headers (the response's and the document's
 * are the same values). A portable suite: Node, workerd, Bun and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { dateVersions } from '../../src/formats/index.ts'
import { compareVersions, hasKnownOrder } from '../../src/formats/version-order.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, HostNameVersioning, include, NamespaceVersioning, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { schemeVersions, versionSpace } from '../../src/model/version-space.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { waysOf } from '../../src/routes/placement.ts'

describe('one version order', () => {
  it('orders dates, semantic versions (a prerelease before its release), numbered labels and other text', () => {
    const sorted = (list: string[]) => [...list].sort(compareVersions)
    expect(sorted(['2025-01-01', '2024-06-30', '2024-12-31'])).toEqual(['2024-06-30', '2024-12-31', '2025-01-01'])
    expect(sorted(['1.10.0', '1.9.0', '1.10.0-rc.1', '1.10.0-beta', '0.9.9'])).toEqual(['0.9.9', '1.9.0', '1.10.0-beta', '1.10.0-rc.1', '1.10.0'])
    expect(sorted(['v10', 'v2', 'v1', '3'])).toEqual(['v1', 'v2', '3', 'v10'])
    expect(sorted(['beta2', 'beta10', 'alpha'])).toEqual(['alpha', 'beta2', 'beta10'])
  })

  it('knows the order of versions that share a format only', () => {
    expect([hasKnownOrder(['2024-01-01', '2025-01-01']), hasKnownOrder(['1.0.0', '2.0.0']), hasKnownOrder(['v1', '2']), hasKnownOrder(['v1', '2024-01-01']), hasKnownOrder(['alpha', 'beta'])]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })
})

describe('the version space', () => {
  it('lists the scheme\'s versions oldest first, resolves a requested one, and reads namespaces as the scheme does', () => {
    const space = versionSpace(new URLPathVersioning({ allowedVersions: ['2025-01-01', '2024-01-01'], versionFormat: dateVersions(), defaultVersion: '2024-01-01' }))
    expect([space.versions, space.head, space.defaultVersion]).toEqual([['2024-01-01', '2025-01-01'], '2025-01-01', '2024-01-01'])
    expect([space.resolve('2024-07-01'), space.resolve('2023-01-01'), space.compare('2024-01-01', '2025-01-01') < 0]).toEqual(['2024-01-01', null, true])
    const namespaced = versionSpace(new NamespaceVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }))
    expect([namespaced.namespaceVersion('api:v2'), namespaced.namespaceVersion(null), namespaced.namespaceVersion('api')]).toEqual(['v2', 'v1', undefined])
  })

  it('names the scheme\'s versions once each, in its order (what a table\'s light model and a path\'s Allow read), none for one that allows every version', () => {
    expect(schemeVersions(new HeaderVersioning({ allowedVersions: ['2', null, '1'], defaultVersion: '1' }))).toEqual(['2', '1'])
    expect([schemeVersions(new HeaderVersioning({})), schemeVersions(new HeaderVersioning({ defaultVersion: '3' }))]).toEqual([[], ['3']])
  })

  it('keeps versions given in their order (a history\'s)', () => {
    expect(versionSpace(new HeaderVersioning(), { versions: ['first', 'second'] }).versions).toEqual(['first', 'second'])
  })
})

describe('where the version travels: one value each scheme provides', () => {
  it('says every way for every scheme, and a combination\'s ways with the first scheme\'s for links', () => {
    const way = (scheme: { placement: Parameters<typeof waysOf>[0] }) => Object.entries(waysOf(scheme.placement)).filter(([, v]) => v !== null && v !== false)
    expect(way(new URLPathVersioning())).toEqual([['param', 'version']])
    expect(way(new QueryParameterVersioning({ versionParam: 'v' }))).toEqual([['query', 'v']])
    expect(way(new HeaderVersioning({ header: 'X-Version' }))).toEqual([['header', 'X-Version']])
    expect(way(new NamespaceVersioning())).toEqual([['namespace', true]])
    expect(way(new HostNameVersioning())).toEqual([['host', true]])
    expect(way(new AcceptHeaderVersioning({ versionParam: 'Version' }))).toEqual([['accept', { mediaTypes: ['application/json'], param: 'version', vendor: null }]])
    const combined = new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()] })
    expect(way(combined)).toEqual([['query', 'version'], ['header', 'Api-Version'], ['anyOne', true]])
    // Links follow the first scheme: a header puts nothing in a URL.
    expect([combined.placement.param, combined.placement.query, combined.placement.header]).toEqual([null, null, 'Api-Version'])
  })
})

describe('lifecycle headers: one rendering for responses and documents', () => {
  const policy = versionPolicy({
    versions: { v1: { deprecation: '2025-01-01', sunset: '2026-01-01', deprecationLink: 'https://bücher.example/v1', sunsetLink: 'https://api.example.com/sunset?v=1' } },
    now: () => Date.UTC(2025, 5, 1),
  })
  const routes = defineRoutes([include('/:version{v[12]}', [route('user-list', '/users')])])
  const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
  const versioning = apiVersioning({ scheme, routes, policy, allowedHosts: ['api.example.com'] })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json([]) })

  it('sends in a response what the document describes, the link header-safe in both', async () => {
    const res = await app.request('https://api.example.com/v1/users')
    const document = versionedOpenAPI({ scheme, routes, policy }).document('v1')
    const headers = (document.components?.headers ?? {}) as Record<string, { schema: { examples: string[] } }>
    const described = (name: string) => headers[name]?.schema.examples[0]
    expect([described('Deprecation'), described('Sunset'), described('Link')]).toEqual([res.headers.get('Deprecation'), res.headers.get('Sunset'), res.headers.get('Link')])
    expect(res.headers.get('Link')).toBe('<https://xn--bcher-kva.example/v1>; rel="deprecation", <https://api.example.com/sunset?v=1>; rel="sunset"')
    expect(versionSpace(scheme, { policy }).lifecycle('v1').links.map((l) => l.rel)).toEqual(['deprecation', 'sunset'])
    expect(versionSpace(scheme, { policy }).lifecycle('v2')).toEqual({ deprecation: null, sunset: null, links: [] })
  })
})
