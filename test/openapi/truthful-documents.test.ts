/**
 * `hono-api-versioning/openapi` on every runtime: documents that say what
 * the server does. A header-versioned API with a policy, problem details,
 * client pins, request validation and a route added in v2; its documents
 * give each operation the toolkit's own answers (with the error format's
 * media type), each version's request schema as validation derives it, a
 * required version parameter, `x-api-version` and `x-changelog`; a body the
 * v1 document's request schema refuses is refused by the server, one it
 * accepts is accepted. `apiCatalog` lists the documents as an RFC 9264
 * linkset; `openAPILink` links each answer to its version's document.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Validator } from '@cfworker/json-schema'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { changelogWithRoutes } from '../../src/changes/changelog.ts'
import { change, fieldChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { defineRoutes, HeaderVersioning, include, route, versioned } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { apiCatalog, openAPILink, openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument, OperationObject } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

interface Item {
  readonly id: number
  readonly size: { readonly cm: number }
}
const Item = shape<Item>('Item')
const sizes = change('Sizes are objects in centimetres instead of a text.', [
  fieldChanged(Item, 'size', { down: (size) => `${size.cm} cm`, up: (text) => ({ cm: Number.parseInt(String(text), 10) }), olderSchema: { type: 'string', pattern: '^[0-9]+ cm$' } }),
])
const ItemInput = { type: 'object', properties: { size: { type: 'object', properties: { cm: { type: 'integer', minimum: 1 } }, required: ['cm'] } }, required: ['size'] }
const bodies = { 'POST item-list': { request: Item, response: Item } }
const schemas = { Item: ItemInput }
const history = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [sizes] }], bodies, validation: requestValidation({ schemas }) })
const routes = defineRoutes([include('/api', [route('item-list', '/items'), versioned(['v2'], route('stats', '/stats'))])])
const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-01-01T00:00:00Z' } }, refuseAfterSunset: true })
const versioning = apiVersioning({
  scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }),
  routes,
  policy,
  changes: history,
  errorResponse: problemDetails(),
})
const changelog = changelogWithRoutes(history.changelog(), routes)
const docs = versionedOpenAPI({ scheme: versioning.scheme, routes, policy, changelog, errors: 'problem-details', requests: { schemas, bodies }, pins: {}, methods: { 'item-list': ['post'] } })

const app = new Hono()
app.use('/api/*', openAPILink(docs, { path: '/openapi' }), versioning)
mountRoutes(app, versioning, {
  'item-list': {
    post: async (c) => {
      const body = (await c.req.json()) as { size?: { cm?: unknown } }
      return c.json({ id: 1, size: { cm: Number(body.size?.cm) } }, 201)
    },
  },
  stats: (c) => c.json({ items: 1 }),
})
app.route('/', openAPIRoutes(docs))
app.route('/', apiCatalog([{ documents: docs, api: '/api', path: '/openapi', page: '/docs', title: 'Items' }], { origin: 'https://items.test' }))

const post = (document: OpenAPIDocument): OperationObject => document.paths['/api/items']?.post as OperationObject

describe('documents that say what the server does', () => {
  it('the changelog has the route the table adds in v2, and each document carries it', () => {
    expect(changelog.versions[0]?.changes.at(-1)).toEqual({ id: 'stats-added', description: 'Adds `/api/stats`.', instructions: [{ type: 'route.added', route: 'stats' }] })
    expect(docs.document('v2')['x-changelog']).toEqual(changelog)
    // v1's: the changes of v1 and older (none), as its description has them; releasing v2 left it as it was.
    expect(docs.document('v1')['x-changelog']).toEqual({ head: 'v1', versions: [{ version: 'v1', changes: [] }] })
    expect(Object.keys(docs.document('v1').paths)).toEqual(['/api/items'])
  })

  it('hide leaves a served route out of every document, on purpose; a name that is no route is refused', () => {
    const hiding = versionedOpenAPI({ scheme: versioning.scheme, routes, changelog, hide: ['stats'] })
    expect(Object.keys(hiding.document('v2').paths)).toEqual(['/api/items'])
    expect(() => versionedOpenAPI({ scheme: versioning.scheme, routes, hide: ['nope'] })).toThrow('versionedOpenAPI: hide names "nope", which no documented operation has; give a route name, "METHOD name" or "METHOD /path".')
  })

  it("each operation documents the toolkit's own answers, as problem details", () => {
    const v1 = post(docs.document('v1'))
    expect(Object.keys(v1.responses)).toEqual(['400', '404', '410', '413', '415', '422', 'default'])
    expect(Object.keys(v1.responses['422']?.content ?? {})).toEqual(['application/problem+json'])
    // The head's body is the app's to check: no 415 or 422 from the toolkit.
    expect(Object.keys(post(docs.document('v2')).responses)).toEqual(['400', '404', 'default'])
  })

  it('the version parameter is required in every document (clients are pinned), and info says how to send it', () => {
    for (const version of ['v1', 'v2']) {
      const document = docs.document(version)
      expect(post(document).parameters).toEqual([{ name: 'Api-Version', in: 'header', required: true, description: `The API version: ${version}.`, schema: { type: 'string', enum: [version] }, example: version }])
      // Required: what a request without it gets is no part of this document (a newer release would change it).
      expect(document.info['x-api-version']).toEqual({ version, send: [{ in: 'header', name: 'Api-Version', value: version, required: true }] })
      expect(post(document)['security']).toEqual([{ clientKey: [] }, {}])
    }
  })

  it("v1's request schema is the one its validation checks: what it refuses, the server refuses; what it accepts, the server accepts", async () => {
    const v1 = docs.document('v1')
    expect(post(v1)['requestBody']).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemRequest' } } } })
    const schema = { $ref: '#/$defs/ItemRequest', $defs: JSON.parse(JSON.stringify(v1.components?.schemas).replace(/#\/components\/schemas\//g, '#/$defs/')) as object }
    const validator = new Validator(schema as never, '2020-12', false)
    for (const body of [{ size: '12 cm' }, { size: 12 }, { size: 'large' }, {}, { size: { cm: 12 } }]) {
      const res = await app.request('/api/items', { method: 'POST', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status === 422, JSON.stringify(body)).toBe(!validator.validate(body).valid)
    }
  })

  it("an older PATCH's request schema is the partial one its validation checks: a body leaving fields out is valid by both", async () => {
    const patchBodies = { 'PATCH item-list': { request: Item, response: Item } }
    const patchHistory = versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [sizes] }], bodies: patchBodies, validation: requestValidation({ schemas }) })
    const patching = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes, changes: patchHistory })
    const patchApp = mountRoutes(new Hono(), patching, { 'item-list': { patch: async (c) => c.json({ id: 1, ...((await c.req.json()) as object) }) } })
    const patchDocs = versionedOpenAPI({ scheme: patching.scheme, routes, changelog: patchHistory.changelog(), requests: { schemas, bodies: patchBodies }, methods: { 'item-list': ['patch'] } })
    const v1 = patchDocs.document('v1')
    expect((v1.paths['/api/items']?.patch as OperationObject)['requestBody']).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemPatchRequest' } } } })
    expect(v1.components?.schemas?.['ItemPatchRequest']).not.toHaveProperty('required')
    const schema = { $ref: '#/$defs/ItemPatchRequest', $defs: JSON.parse(JSON.stringify(v1.components?.schemas).replace(/#\/components\/schemas\//g, '#/$defs/')) as object }
    const validator = new Validator(schema as never, '2020-12', false)
    for (const body of [{}, { size: '12 cm' }, { size: 12 }, { size: 'large' }, { size: { cm: 12 } }]) {
      const res = await patchApp.request('/api/items', { method: 'PATCH', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status === 422, JSON.stringify(body)).toBe(!validator.validate(body).valid)
    }
    expect(validator.validate({}).valid).toBe(true)
  })

  it('apiCatalog lists each version\'s document, its page and its lifecycle', async () => {
    const res = await app.request('https://items.test/.well-known/api-catalog')
    expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')
    expect(await res.json()).toEqual({
      linkset: [
        {
          anchor: 'https://items.test/api',
          'service-desc': [
            { href: 'https://items.test/openapi/v2.json', type: 'application/vnd.oai.openapi+json;version=3.1', title: 'Items, version v2 (latest)', version: ['v2'] },
            {
              href: 'https://items.test/openapi/v1.json',
              type: 'application/vnd.oai.openapi+json;version=3.1',
              title: 'Items, version v1 (deprecated)',
              version: ['v1'],
              deprecation: ['2026-01-01T00:00:00.000Z'],
              sunset: ['2099-01-01T00:00:00.000Z'],
            },
          ],
          'service-doc': [{ href: 'https://items.test/docs', type: 'text/html' }],
        },
      ],
    })
  })

  it('without an origin, the links are relative: nothing of the request (its Host) reaches the catalog', async () => {
    const relative = apiCatalog([{ documents: docs, api: '/api', path: '/openapi' }])
    const res = await relative.request('https://evil.test/.well-known/api-catalog', { headers: { Host: 'evil.test' } })
    const text = await res.text()
    expect(text).not.toContain('evil')
    expect((JSON.parse(text) as { linkset: { anchor: string; 'service-desc': { href: string }[] }[] }).linkset[0]?.['service-desc'].map((l) => l.href)).toEqual(['/openapi/v2.json', '/openapi/v1.json'])
    expect(() => apiCatalog([{ documents: docs, api: '/api', path: '/openapi' }], { origin: 'https://api.test/v1' })).toThrow('apiCatalog: origin must be an origin such as "https://api.example.com" (a scheme and a host, no path).')
  })

  it('openAPILink links each answer to the document of the version that answered it', async () => {
    const v2 = await app.request('/api/stats', { headers: { 'Api-Version': 'v2' } })
    expect(v2.headers.get('link')).toBe('</openapi/v2.json>; rel="openapi"; type="application/vnd.oai.openapi+json;version=3.1"')
    const v1 = await app.request('/api/items', { method: 'POST', headers: { 'Api-Version': 'v1', 'Content-Type': 'application/json' }, body: '{"size":"3 cm"}' })
    expect(v1.status).toBe(201)
    expect(v1.headers.get('link')).toContain('</openapi/v1.json>; rel="openapi"')
  })
})
