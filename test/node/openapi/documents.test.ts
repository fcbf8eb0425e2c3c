/**
 * OpenAPI documents from the route table alone: for a table whose routes
 * are added, removed and moved across three versions (by `versioned()` and
 * by the changelog), each version's document holds exactly the right paths,
 * parameters and media types, for every scheme; every document validates
 * against the official OpenAPI 3.1 schema. No snapshots: each expectation
 * is written out.
 */
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  CombinedVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  versioned,
  versionNeutral,
  type BaseVersioning,
  
} from '../../../src/index.ts'
import { versionPolicy } from '../../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { operation, operationsOf } from '../../support/document-readers.ts'
import { expectValidOpenAPI31 } from '../../support/openapi-helpers.ts'
import type { RouteDefinition } from '../../../src/routes/definitions.ts'
import type { Changelog } from '../../../src/changes/changelog.ts'
import type { OpenAPIDocument } from '../../../src/openapi/types.ts'

/** The API of every case: routes added in v2 (teams), removed in v2 (reports), moved in v3 (purchases → orders). */
const catalog = (): RouteDefinition[] => [
  route('product-list', '/products'),
  route('product-detail', '/products/:id{[0-9]+}'),
  versioned(['v2', 'v3'], route('team-list', '/teams')),
  versioned(['v1'], route('report-list', '/reports')),
  route('order-list', '/orders'),
]

const changelog: Changelog = {
  head: 'v3',
  versions: [
    {
      version: 'v3',
      changes: [{ id: 'orders', description: 'Purchases are now orders: `GET /orders`.', instructions: [{ type: 'route.path.changed', route: 'order-list', older: '/purchases', newer: '/orders' }] }],
    },
    {
      version: 'v2',
      changes: [
        { id: 'teams', description: 'Adds teams.', instructions: [{ type: 'route.added', route: 'team-list' }] },
        { id: 'reports', description: 'Removes reports.', instructions: [{ type: 'route.removed', route: 'report-list' }] },
      ],
    },
  ],
}

const versions = { allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' }

/** The relative paths of each version (before the scheme places the version). */
const expected: Record<string, string[]> = {
  v3: ['/products', '/products/{id}', '/teams', '/orders'],
  v2: ['/products', '/products/{id}', '/teams', '/purchases'],
  v1: ['/products', '/products/{id}', '/reports', '/purchases'],
}

interface Case {
  readonly name: string
  readonly scheme: BaseVersioning
  readonly routes: RouteDefinition[]
  readonly serverUrl?: string
  /** The GET paths of a version's document. */
  readonly paths: (version: string) => string[]
  /** The parameters, besides `path id`, of a versioned operation in `version`. */
  readonly versionParams: (version: string) => { name: string; in: string; required: boolean }[]
  /** The media types of a versioned operation's 200 response, or undefined for none. */
  readonly mediaTypes?: (version: string) => string[]
  readonly servers?: (version: string) => string[]
}

const none = (): { name: string; in: string; required: boolean }[] => []

const cases: Case[] = [
  {
    name: 'HeaderVersioning',
    scheme: new HeaderVersioning(versions),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    versionParams: (v) => [{ name: 'Api-Version', in: 'header', required: v !== 'v3' }],
  },
  {
    name: 'QueryParameterVersioning',
    scheme: new QueryParameterVersioning(versions),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    versionParams: (v) => [{ name: 'version', in: 'query', required: v !== 'v3' }],
  },
  {
    name: 'AcceptHeaderVersioning (media type parameter)',
    scheme: new AcceptHeaderVersioning(versions),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    versionParams: none,
    // The media type the server sends: the version travels in the request's Accept header (x-api-version says how).
    mediaTypes: () => ['application/json'],
  },
  {
    name: 'AcceptHeaderVersioning (vendor media type)',
    scheme: new AcceptHeaderVersioning({ ...versions, vendorMediaType: 'application/vnd.acme.{version}+json' }),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    versionParams: none,
    mediaTypes: () => ['application/json'],
  },
  {
    name: 'URLPathVersioning',
    scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
    routes: [include('/api/:version{v[0-9]+}', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api/${v}${p}`), '/health'],
    versionParams: none,
  },
  {
    name: 'NamespaceVersioning',
    scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2', 'v3'] }),
    routes: [
      include('/api/v1', catalog(), { namespace: 'v1' }),
      include('/api/v2', catalog(), { namespace: 'v2' }),
      include('/api/v3', catalog(), { namespace: 'v3' }),
      versionNeutral(route('health', '/health')),
    ],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api/${v}${p}`), '/health'],
    versionParams: none,
  },
  {
    name: 'HostNameVersioning',
    scheme: new HostNameVersioning(versions),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    serverUrl: 'https://{version}.api.example',
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    versionParams: none,
    servers: (v) => [`https://${v}.api.example`],
  },
  {
    name: 'CombinedVersioning (header, query, vendor media type)',
    scheme: new CombinedVersioning({
      schemes: [new HeaderVersioning(), new QueryParameterVersioning(), new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.acme.{version}+json' })],
      ...versions,
    }),
    routes: [include('/api', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api${p}`), '/health'],
    // The first way is required, unless a request without a version gets this one; the others are alternatives.
    versionParams: (v) => [
      { name: 'Api-Version', in: 'header', required: v !== 'v3' },
      { name: 'version', in: 'query', required: false },
    ],
    mediaTypes: () => ['application/json'],
  },
  {
    name: 'CombinedVersioning (URL path and header)',
    scheme: new CombinedVersioning({ schemes: [new URLPathVersioning(), new HeaderVersioning()], allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' }),
    routes: [include('/api/:version{v[0-9]+}', catalog()), versionNeutral(route('health', '/health'))],
    paths: (v) => [...(expected[v] ?? []).map((p) => `/api/${v}${p}`), '/health'],
    versionParams: () => [{ name: 'Api-Version', in: 'header', required: false }],
  },
]

describe.each(cases)('$name: one document per version from the table alone', (c) => {
  const docs = versionedOpenAPI({ scheme: c.scheme, routes: defineRoutes(c.routes), changelog, ...(c.serverUrl === undefined ? {} : { serverUrl: c.serverUrl }) })

  it('documents v3, v2, v1, newest first', () => {
    expect(docs.versions.map((v) => v.version)).toEqual(['v3', 'v2', 'v1'])
    expect(docs.versions.map((v) => v.latest)).toEqual([true, false, false])
  })

  it.each(['v3', 'v2', 'v1'])('%s: validates against the OpenAPI 3.1 schema', async (version) => {
    await expectValidOpenAPI31(docs.document(version))
  })

  it.each(['v3', 'v2', 'v1'])('%s: exactly the routes of that version, at its paths', (version) => {
    const document = docs.document(version)
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe(version)
    expect(operationsOf(document)).toEqual(c.paths(version).map((p) => `GET ${p}`))
  })

  it.each(['v3', 'v2', 'v1'])('%s: path params with their patterns, operationIds from route names, the version where the scheme puts it', (version) => {
    const document = docs.document(version)
    const paths = c.paths(version)
    const detail = operation(document, paths[1] as string)
    expect(detail.operationId).toBe('product-detail')
    const id = detail.parameters?.find((p) => p.in === 'path' && p.name === 'id')
    expect(id).toEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^(?:[0-9]+)$' } })
    expect(detail.parameters?.filter((p) => p.in !== 'path').map((p) => ({ name: p.name, in: p.in, required: p.required }))).toEqual(c.versionParams(version))
    // The version is never left as a path template.
    expect(Object.keys(document.paths).filter((p) => p.includes('{version}'))).toEqual([])
    for (const p of detail.parameters?.filter((p) => p.in !== 'path') ?? []) expect(p.schema).toEqual({ type: 'string', enum: [version] })
    expect(operation(document, paths[0] as string).operationId).toBe('product-list')
    // The neutral health check answers every version: no version parameter, no versioned media type.
    const health = operation(document, '/health')
    expect(health.parameters).toBeUndefined()
    expect(health.responses['200']?.content === undefined || Object.keys(health.responses['200'].content).every((t) => !t.includes('version'))).toBe(true)
    if (c.mediaTypes !== undefined) expect(Object.keys(detail.responses['200']?.content ?? {})).toEqual(c.mediaTypes(version))
    else expect(detail.responses['200']?.content).toBeUndefined()
    if (c.servers !== undefined) expect(document.servers?.map((s) => s.url)).toEqual(c.servers(version))
    else expect(document.servers).toBeUndefined()
  })

  it('each description says where the version travels, and carries the changelog up to that version', () => {
    const v3 = docs.document('v3').info.description ?? ''
    const v2 = docs.document('v2').info.description ?? ''
    const v1 = docs.document('v1').info.description ?? ''
    expect(v3).toContain('## Changelog')
    expect(v3).toContain('### v3 (this version)\n\n- Purchases are now orders: `GET /orders`.')
    expect(v3).toContain('### v2\n\n- Adds teams.\n- Removes reports.')
    expect(v2).not.toContain('### v3')
    expect(v2).toContain('### v2 (this version)')
    expect(v1).not.toContain('## Changelog')
    if (c.scheme.kind !== 'custom') expect(v1).toMatch(/version/i)
  })
})

describe('documents and the version lifecycle', () => {
  const routes = defineRoutes([include('/api', [route('user-list', '/users')])])
  const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v3' })
  const now = (): number => Date.parse('2026-09-01T00:00:00Z')
  const lifecycles = {
    v1: { deprecation: '2025-01-01', sunset: '2026-01-01' },
    v2: { deprecation: '2026-06-01', sunset: '2027-06-01', deprecationLink: 'https://api.example/deprecation/v2', sunsetLink: 'https://api.example/sunset/v2' },
  }

  it('a deprecated version marks its operations deprecated and documents Deprecation, Sunset and Link', async () => {
    const docs = versionedOpenAPI({ scheme, routes, policy: versionPolicy({ versions: lifecycles, refuseAfterSunset: true, now }) })
    const v2 = docs.document('v2')
    await expectValidOpenAPI31(v2)
    const op = operation(v2, '/api/users')
    expect(op.deprecated).toBe(true)
    expect(op.responses['200']?.headers).toEqual({
      Deprecation: { $ref: '#/components/headers/Deprecation' },
      Sunset: { $ref: '#/components/headers/Sunset' },
      Link: { $ref: '#/components/headers/Link' },
    })
    const headers = v2.components?.headers ?? {}
    expect(headers['Deprecation']?.schema).toEqual({ type: 'string', examples: ['@1780272000'] })
    expect(headers['Sunset']?.schema).toEqual({ type: 'string', examples: ['Tue, 01 Jun 2027 00:00:00 GMT'] })
    expect(headers['Link']?.schema).toEqual({ type: 'string', examples: ['<https://api.example/deprecation/v2>; rel="deprecation", <https://api.example/sunset/v2>; rel="sunset"'] })
    expect(v2.info.description).toContain('**Deprecated:** version `v2` is deprecated since 2026-06-01 and goes away on 2027-06-01. See https://api.example/deprecation/v2.')
    const v3 = docs.document('v3')
    expect(operation(v3, '/api/users').deprecated).toBeUndefined()
    expect(operation(v3, '/api/users').responses['200']?.headers).toBeUndefined()
    // Only the toolkit's error body: no lifecycle headers.
    expect(Object.keys(v3.components ?? {})).toEqual(['schemas'])
  })

  it('a version past its sunset is left out when the policy refuses it (410)', () => {
    const docs = versionedOpenAPI({ scheme, routes, policy: versionPolicy({ versions: lifecycles, refuseAfterSunset: true, now }) })
    expect(docs.versions.map((v) => [v.version, v.deprecated, v.sunsetPassed])).toEqual([
      ['v3', false, false],
      ['v2', true, false],
    ])
    expect(() => docs.document('v1')).toThrow('versionedOpenAPI: version "v1" has no document; the documented versions are v3, v2.')
  })

  it('a version past its sunset that the policy still serves is documented, flagged', async () => {
    const docs = versionedOpenAPI({ scheme, routes, policy: versionPolicy({ versions: lifecycles, now }) })
    expect(docs.versions.map((v) => [v.version, v.sunsetPassed])).toEqual([
      ['v3', false],
      ['v2', false],
      ['v1', true],
    ])
    const v1 = docs.document('v1')
    await expectValidOpenAPI31(v1)
    expect(operation(v1, '/api/users').deprecated).toBe(true)
    expect(v1.info.description).toContain('**Sunset:** version `v1` went away on 2026-01-01; it is documented for reference only.')
  })

  it('the policy reports versions and echoes them: those headers are documented too', () => {
    const docs = versionedOpenAPI({ scheme, routes, policy: versionPolicy({ reportVersions: true, echoHeader: 'api-version' }) })
    const op = operation(docs.document('v3'), '/api/users')
    expect(Object.keys(op.responses['200']?.headers ?? {})).toEqual(['api-supported-versions', 'api-deprecated-versions', 'api-version'])
  })
})

describe('methods, optional params, format suffixes', () => {
  it('a route with several methods gets an operation per method, each operationId from the route name and the method', async () => {
    const docs = versionedOpenAPI({
      scheme: new HeaderVersioning({ allowedVersions: ['1'] }),
      routes: defineRoutes([route('user-detail', '/users/:id'), route('user-list', '/users')]),
      methods: { 'user-detail': ['get', 'delete'] },
    })
    const document = docs.document('1')
    await expectValidOpenAPI31(document)
    expect(operationsOf(document)).toEqual(['GET /users/{id}', 'DELETE /users/{id}', 'GET /users'])
    expect(operation(document, '/users/{id}', 'delete').operationId).toBe('user-detail-delete')
    // Hono's default pattern (any segment) is no pattern at all.
    expect(operation(document, '/users/{id}').parameters?.[0]?.schema).toEqual({ type: 'string' })
  })

  it('an optional last param gives a path with it and one without; format suffixes a path with {format}', async () => {
    const docs = versionedOpenAPI({
      scheme: new QueryParameterVersioning({ allowedVersions: ['1'] }),
      routes: defineRoutes([route('page', '/pages/:slug?'), route('report', '/reports/:year{[0-9]{4}}', { formats: ['json', 'csv'] })]),
    })
    const document = docs.document('1')
    await expectValidOpenAPI31(document)
    expect(operationsOf(document)).toEqual(['GET /pages/{slug}', 'GET /pages', 'GET /reports/{year}', 'GET /reports/{year}.{format}'])
    expect(operation(document, '/pages').operationId).toBe('page-without-slug')
    expect(operation(document, '/reports/{year}.{format}').parameters?.find((p) => p.name === 'format')?.schema).toEqual({ type: 'string', pattern: '^(?:json|csv)$' })
  })

  it('a URL path version pattern that refuses a version leaves the route out of it', () => {
    const docs = versionedOpenAPI({
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
      routes: defineRoutes([include('/:version{v1}', [route('old', '/old')]), include('/:version{v[12]}', [route('both', '/both')])]),
    })
    expect(Object.keys(docs.document('v1').paths)).toEqual(['/v1/old', '/v1/both'])
    expect(Object.keys(docs.document('v2').paths)).toEqual(['/v2/both'])
  })

  it('documents are made once and shared, deeply frozen', () => {
    const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1'] }), routes: defineRoutes([route('a', '/a')]) })
    const first: OpenAPIDocument = docs.document('1')
    expect(docs.document('1')).toBe(first)
    expect(Object.isFrozen(first.paths['/a']?.get?.responses)).toBe(true)
  })
})

describe('the changelog as a history (an object with a changelog() method)', () => {
  const routes = defineRoutes([include('/api', catalog())])
  const scheme = new HeaderVersioning(versions)

  it('gives the same documents as the JSON its changelog() returns, read once, at construction', () => {
    let calls = 0
    const history = { changelog: (): Changelog => (calls++, changelog) }
    const fromHistory = versionedOpenAPI({ scheme, routes, changelog: history })
    const fromJson = versionedOpenAPI({ scheme, routes, changelog })
    expect(calls).toBe(1)
    for (const version of ['v3', 'v2', 'v1']) expect(fromHistory.document(version)).toEqual(fromJson.document(version))
    expect(Object.keys(fromHistory.document('v1').paths)).toEqual(['/api/products', '/api/products/{id}', '/api/reports', '/api/purchases'])
    expect(calls).toBe(1)
  })

  it('a history whose changelog() returns no changelog is refused, saying what to pass', () => {
    expect(() => versionedOpenAPI({ scheme, routes, changelog: { changelog: () => null as never } })).toThrow(
      new Error("versionedOpenAPI: changelog must be a version history (with a changelog() method) or the object its changelog() returns, such as { head: 'v2', versions: [{ version: 'v2', changes: [...] }] }."),
    )
  })
})

describe('configuration mistakes fail at construction, saying what to fix', () => {
  const routes = defineRoutes([route('a', '/a')])
  const header = new HeaderVersioning({ allowedVersions: ['v1', 'v2'] })
  it.each<[string, () => unknown, string]>([
    ['neither routes nor document', () => versionedOpenAPI({ scheme: header }), 'versionedOpenAPI: give routes (a table made with defineRoutes), a head-version document, or both.'],
    ['an unknown option', () => versionedOpenAPI({ scheme: header, routes, title: 'x' } as never), 'versionedOpenAPI: unknown option "title"; the options are scheme, routes, document, app, policy, changelog, versions, info, serverUrl, methods, shapes, errors, requests, bodies, pins, hide.'],
    ['no scheme', () => versionedOpenAPI({ routes } as never), "versionedOpenAPI: scheme must be a versioning scheme such as new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })."],
    [
      'a scheme that allows every version, without versions',
      () => versionedOpenAPI({ scheme: new HeaderVersioning(), routes }),
      "versionedOpenAPI: the scheme allows every version (no allowedVersions), so list the versions to document, newest first, such as versions: ['v2', 'v1'].",
    ],
    ['a version the scheme refuses', () => versionedOpenAPI({ scheme: header, routes, versions: ['v3'] }), 'versionedOpenAPI: versions has "v3", which the scheme does not allow; allowed: v1, v2.'],
    // Before, accepted: the oldest was documented as the latest (the selector's label, the first document served).
    ['versions oldest first', () => versionedOpenAPI({ scheme: header, routes, versions: ['v1', 'v2'] }), 'versionedOpenAPI: versions must be listed newest first (the first is documented as the latest), such as ["v2", "v1"].'],
    [
      'dated versions out of order',
      () => versionedOpenAPI({ scheme: new HeaderVersioning(), routes, versions: ['2025-01-01', '2023-01-01', '2024-06-01'] }),
      'versionedOpenAPI: versions must be listed newest first (the first is documented as the latest), such as ["2025-01-01", "2024-06-01", "2023-01-01"].',
    ],
    [
      'HostNameVersioning without serverUrl',
      () => versionedOpenAPI({ scheme: new HostNameVersioning({ allowedVersions: ['v1'] }), routes }),
      'versionedOpenAPI: HostNameVersioning puts the version in the host name, so give serverUrl with "{version}" in its host, such as "https://{version}.example.com".',
    ],
    [
      'HostNameVersioning with a host the scheme would not read',
      () => versionedOpenAPI({ scheme: new HostNameVersioning({ allowedVersions: ['v1'] }), routes, serverUrl: 'https://api.{version}.example.com' }),
      `versionedOpenAPI: serverUrl gives the host "api.v1.example.com" for version "v1", whose version the scheme would not read from it; put "{version}" where the scheme's hostnameRegex reads the version (the default reads the first of three labels, such as "https://{version}.example.com").`,
    ],
    ['NamespaceVersioning without routes', () => versionedOpenAPI({ scheme: new NamespaceVersioning({ allowedVersions: ['v1'] }), document: { openapi: '3.1.0' } }), 'versionedOpenAPI: with NamespaceVersioning, give routes: the namespace of each route tells its version.'],
    [
      'a changelog whose head is not the newest version',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v1', versions: [] } }),
      'versionedOpenAPI: the changelog\'s head is "v1" but the newest documented version is "v2"; document the versions the changelog describes, newest first.',
    ],
    [
      'a changelog version that is not documented',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v2', versions: [{ version: 'v9', changes: [] }] } }),
      'versionedOpenAPI: the changelog has version "v9", which is not one of the versions (v2, v1).',
    ],
    [
      'a changelog head with a CR LF and a control character, 1 MiB long: escaped and cut',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: `v\r\n\u0085${'9'.repeat(2 ** 20)}`, versions: [] } }),
      `versionedOpenAPI: the changelog's head is "v\\r\\n\\u0085${'9'.repeat(67)}… but the newest documented version is "v2"; document the versions the changelog describes, newest first.`,
    ],
    [
      'a changelog version with a CR LF and a control character, 1 MiB long: escaped and cut',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v2', versions: [{ version: `v\r\n\u0085${'9'.repeat(2 ** 20)}`, changes: [] }] } }),
      `versionedOpenAPI: the changelog has version "v\\r\\n\\u0085${'9'.repeat(67)}…, which is not one of the versions (v2, v1).`,
    ],
    [
      'a changelog version that is a list of a 1 MiB string, or a BigInt: written as JavaScript writes it, cut',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v2', versions: [{ version: [`v\r\n${'9'.repeat(2 ** 20)}`] as never, changes: [] }] } }),
      `versionedOpenAPI: the changelog has version ["v\\r\\n${'9'.repeat(72)}…, which is not one of the versions (v2, v1).`,
    ],
    [
      'a changelog version that is a BigInt: named, not a TypeError from JSON',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v2', versions: [{ version: 2n as never, changes: [] }] } }),
      'versionedOpenAPI: the changelog has version 2n, which is not one of the versions (v2, v1).',
    ],
    [
      'a changelog out of order',
      () => versionedOpenAPI({ scheme: header, routes, changelog: { head: 'v2', versions: [{ version: 'v1', changes: [] }, { version: 'v2', changes: [] }] } }),
      'versionedOpenAPI: the changelog lists "v2" out of order; the versions go newest first (v2, v1).',
    ],
    [
      // The same rule as the history's (changes/route-life.ts): a changelog written by hand cannot document a route the server would refuse.
      'a changelog that adds a route which already exists',
      () =>
        versionedOpenAPI({
          scheme: header,
          routes,
          changelog: { head: 'v2', versions: [{ version: 'v2', changes: [{ id: 'a-is-new', description: 'a is new.', instructions: [{ type: 'route.added', route: 'a' }] }] }, { version: 'v1', changes: [{ id: 'a-is-new', description: 'a is new.', instructions: [{ type: 'route.added', route: 'a' }] }] }] },
        }),
      'versionedOpenAPI: route "a" is added in version "v2", but it already exists in the version before; remove one of the changes.',
    ],
    ['methods of an unknown route', () => versionedOpenAPI({ scheme: header, routes, methods: { b: ['get'] } }), 'versionedOpenAPI: methods names no route "b"; the names are a.'],
    ['methods in upper case', () => versionedOpenAPI({ scheme: header, routes, methods: { a: ['GET' as never] } }), "versionedOpenAPI: the methods of \"a\" must be a non-empty list of lower-case methods such as ['get', 'post']."],
    [
      'a document that is not OpenAPI 3.0 or 3.1',
      () => versionedOpenAPI({ scheme: header, document: { swagger: '2.0' } as never }),
      'versionedOpenAPI: document must be an OpenAPI 3.0 or 3.1 object (openapi: "3.1.0"), such as hono-openapi\'s generateSpecs(app) or @hono/zod-openapi\'s app.getOpenAPI31Document(...) returns.',
    ],
    [
      'a policy that is not versionPolicy(...) (an extension without describe())',
      () => versionedOpenAPI({ scheme: header, routes, policy: { bind: () => ({}) } as never }),
      'versionedOpenAPI: policy must be a version policy made with versionPolicy({...}).',
    ],
    ['a serverUrl that is no URL', () => versionedOpenAPI({ scheme: header, routes, serverUrl: 'api.example.com' }), 'versionedOpenAPI: serverUrl must be an absolute URL or a path, such as "https://api.example.com" or "https://{version}.example.com".'],
  ])('%s', (_name, make, message) => {
    expect(make).toThrow(new Error(message))
  })
})
