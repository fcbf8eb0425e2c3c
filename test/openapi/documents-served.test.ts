/**
 * `hono-api-versioning/openapi` on every runtime: documents made from a
 * route table for four schemes (URL path, header, query parameter, vendor
 * media type), a version policy and a changelog history, served through
 * `openAPIRoutes` on a Hono app and read back with `app.request()`.
 * Asserted structurally (paths, parameters, operationIds, lifecycle, every
 * `$ref` resolving); the expected values are written out here from the
 * table's definition. Validation against the official OpenAPI 3.1 schema,
 * which needs a Node-only validator, is in test/node/openapi/documents.test.ts.
 *
 * A portable file: Web APIs, hono and vitest only (no `node:*`), so it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HeaderVersioning,
  include,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  versioned,
  versionNeutral,
  type BaseVersioning,
  
} from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'
import type { RouteDefinition } from '../../src/routes/definitions.ts'
import type { Changelog } from '../../src/changes/changelog.ts'
import type { OpenAPIDocument, OperationObject } from '../../src/openapi/types.ts'
import type { VersionedOpenAPI } from '../../src/openapi/documents.ts'
import { danglingRefs, operation as get } from '../support/document-readers.ts'

/** Products and orders in both versions; categories only in v2; orders were purchases in v1 (the changelog). */
const catalog = (): RouteDefinition[] => [
  route('product-list', '/products'),
  route('product-detail', '/products/:id{[0-9]+}'),
  versioned(['v2'], route('category-detail', '/categories/:slug')),
  route('order-list', '/orders'),
]

const changelog: Changelog = {
  head: 'v2',
  versions: [
    {
      version: 'v2',
      changes: [{ id: 'orders', description: 'Purchases are now orders.', instructions: [{ type: 'route.path.changed', route: 'order-list', older: '/purchases', newer: '/orders' }] }],
    },
  ],
}
/** The version changes' history, as versionedOpenAPI takes it: anything with a changelog() method. */
const history = { changelog: (): Changelog => changelog }

/** v1 is deprecated (2026-01-01) and goes away on 2099-01-01. */
const policy = (): ReturnType<typeof versionPolicy> => versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z' } } })
/** RFC 9745: `@` and the seconds since the epoch of 2026-01-01T00:00:00Z. */
const DEPRECATION = '@1767225600'
/** RFC 8594: the IMF-fixdate of 2099-01-01, written out by hand. */
const SUNSET = 'Thu, 01 Jan 2099 00:00:00 GMT'

/** Each version's operations before the scheme places the version: path, operationId. */
const operations: Record<string, [string, string][]> = {
  v2: [
    ['/products', 'product-list'],
    ['/products/{id}', 'product-detail'],
    ['/categories/{slug}', 'category-detail'],
    ['/orders', 'order-list'],
  ],
  v1: [
    ['/products', 'product-list'],
    ['/products/{id}', 'product-detail'],
    ['/purchases', 'order-list'],
  ],
}
/** The path params of the table, with the JSON Schema each must have. */
const PATH_PARAMS: Record<string, object> = { id: { type: 'string', pattern: '^(?:[0-9]+)$' }, slug: { type: 'string' } }

interface Case {
  readonly name: string
  readonly mount: string
  readonly scheme: BaseVersioning
  readonly routes: RouteDefinition[]
  /** A relative path as the version's document has it. */
  readonly path: (version: string, relative: string) => string
  /** The version parameters of a versioned operation: name, in, required. */
  readonly versionParams: (version: string) => [string, string, boolean][]
  /** The media types of a versioned operation's 200 response, when the scheme puts the version there. */
  readonly mediaTypes?: (version: string) => string[]
}

const allowed = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }
const health = versionNeutral(route('health', '/health'))

const cases: Case[] = [
  {
    name: 'URLPathVersioning',
    mount: '/path',
    scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    routes: [include('/api/:version{v[12]}', catalog()), health],
    path: (v, p) => `/api/${v}${p}`,
    versionParams: () => [],
  },
  {
    name: 'HeaderVersioning',
    mount: '/header',
    scheme: new HeaderVersioning(allowed),
    routes: [include('/api', catalog()), health],
    path: (_, p) => `/api${p}`,
    versionParams: (v) => [['Api-Version', 'header', v !== 'v2']],
  },
  {
    name: 'QueryParameterVersioning',
    mount: '/query',
    scheme: new QueryParameterVersioning(allowed),
    routes: [include('/api', catalog()), health],
    path: (_, p) => `/api${p}`,
    versionParams: (v) => [['version', 'query', v !== 'v2']],
  },
  {
    name: 'AcceptHeaderVersioning (vendor media type)',
    mount: '/accept',
    scheme: new AcceptHeaderVersioning({ ...allowed, vendorMediaType: 'application/vnd.acme.{version}+json' }),
    routes: [include('/api', catalog()), health],
    path: (_, p) => `/api${p}`,
    versionParams: () => [],
    // The media type the server sends: the version travels in the request's Accept header (x-api-version says how).
    mediaTypes: () => ['application/json'],
  },
]

describe.each(cases)('$name: documents from the table, served by openAPIRoutes', (c) => {
  const docs = versionedOpenAPI({ scheme: c.scheme, routes: defineRoutes(c.routes), policy: policy(), changelog: history })
  const app = new Hono()
  app.route(c.mount, openAPIRoutes(docs))

  async function fetchDocument(version: string): Promise<OpenAPIDocument> {
    const res = await app.request(`${c.mount}/openapi/${version}.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    return (await res.json()) as OpenAPIDocument
  }

  it('GET /openapi: both versions, newest first, with their document URLs and lifecycle', async () => {
    const res = await app.request(`${c.mount}/openapi`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      versions: [
        { version: 'v2', url: `${c.mount}/openapi/v2.json`, latest: true, deprecated: false, deprecation: null, sunset: null, sunsetPassed: false },
        {
          version: 'v1',
          url: `${c.mount}/openapi/v1.json`,
          latest: false,
          deprecated: true,
          deprecation: '2026-01-01T00:00:00.000Z',
          sunset: '2099-01-01T00:00:00.000Z',
          sunsetPassed: false,
        },
      ],
    })
  })

  it.each(['v2', 'v1'])('GET /openapi/%s.json: exactly that version\'s paths, each with its operationId', async (version) => {
    const document = await fetchDocument(version)
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe(version)
    const expected = (operations[version] ?? []).map(([path, id]) => [c.path(version, path), id])
    expected.push(['/health', 'health'])
    expect(Object.keys(document.paths)).toEqual(expected.map(([path]) => path))
    for (const [path, id] of expected) expect(get(document, path as string).operationId).toBe(id)
    expect(Object.keys(document.paths).filter((p) => p.includes('{version}'))).toEqual([])
    expect(danglingRefs(document, document)).toEqual([])
  })

  it.each(['v2', 'v1'])('%s: path params as {name} with their patterns, and the version where the scheme puts it', async (version) => {
    const document = await fetchDocument(version)
    for (const [relative] of operations[version] ?? []) {
      const path = c.path(version, relative)
      const op = get(document, path)
      const params = op.parameters ?? []
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string)
      expect(params.filter((p) => p.in === 'path')).toEqual(names.map((name) => ({ name, in: 'path', required: true, schema: PATH_PARAMS[name] })))
      const versionParams = params.filter((p) => p.in !== 'path')
      expect(versionParams.map((p) => [p.name, p.in, p.required])).toEqual(c.versionParams(version))
      for (const p of versionParams) expect(p.schema).toEqual({ type: 'string', enum: [version] })
      const content = op.responses['200']?.content
      if (c.mediaTypes === undefined) expect(content).toBeUndefined()
      else expect(Object.keys(content ?? {})).toEqual(c.mediaTypes(version))
    }
    // The version-neutral health check has no version parameter.
    expect(get(document, '/health').parameters).toBeUndefined()
  })

  it('v1 is deprecated: its operations say so and document the Deprecation and Sunset headers; v2 has neither', async () => {
    const v1 = await fetchDocument('v1')
    for (const item of Object.values(v1.paths)) expect((item['get'] as OperationObject).deprecated).toBe(true)
    const detail = get(v1, c.path('v1', '/products/{id}'))
    expect(detail.responses['200']?.headers).toEqual({ Deprecation: { $ref: '#/components/headers/Deprecation' }, Sunset: { $ref: '#/components/headers/Sunset' } })
    expect(v1.components?.headers?.['Deprecation']?.schema).toEqual({ type: 'string', examples: [DEPRECATION] })
    expect(v1.components?.headers?.['Sunset']?.schema).toEqual({ type: 'string', examples: [SUNSET] })
    const v2 = await fetchDocument('v2')
    for (const item of Object.values(v2.paths)) expect((item['get'] as OperationObject).deprecated).toBeUndefined()
    // Only the toolkit's error body: no lifecycle headers.
    expect(Object.keys(v2.components ?? {})).toEqual(['schemas'])
  })

  it('each description carries the changelog from the history: v2 lists its change, v1 has none', async () => {
    expect((await fetchDocument('v2')).info.description).toContain('## Changelog\n\n### v2 (this version)\n\n- Purchases are now orders.')
    expect((await fetchDocument('v1')).info.description).not.toContain('## Changelog')
  })

  it('an unknown version is a fixed 404 that reflects nothing', async () => {
    for (const file of ['v3.json', '%3Cb%3Ev1%3C%2Fb%3E.json']) {
      const res = await app.request(`${c.mount}/openapi/${file}`)
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('{"detail":"No OpenAPI document for this version."}')
    }
  })
})

describe('openAPIRoutes with documents made on the first request, at a path of its own (the changelog as JSON)', () => {
  let made = 0
  const make = (): Promise<VersionedOpenAPI> => {
    made++
    return Promise.resolve(versionedOpenAPI({ scheme: new HeaderVersioning(allowed), routes: defineRoutes([include('/api', catalog())]), changelog }))
  }
  const app = new Hono()
  app.route('/', openAPIRoutes(make, { path: '/specs' }))

  it('serves the index and each document at that path, making the documents once', async () => {
    expect(made).toBe(0)
    const index = (await (await app.request('/specs')).json()) as { versions: { version: string; url: string }[] }
    expect(index.versions.map((v) => [v.version, v.url])).toEqual([
      ['v2', '/specs/v2.json'],
      ['v1', '/specs/v1.json'],
    ])
    for (const { version, url } of index.versions) {
      const document = (await (await app.request(url)).json()) as OpenAPIDocument
      expect(Object.keys(document.paths)).toEqual((operations[version] ?? []).map(([path]) => `/api${path}`))
    }
    expect(made).toBe(1)
    expect((await app.request('/openapi')).status).toBe(404)
  })
})
