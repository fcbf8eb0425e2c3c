/**
 * Two table routes limited to versions apart at one path (`/things`: a v1
 * route serving GET, a v2 route serving GET and POST), served by
 * `mountRoutes`: each version's document lists the methods of its own
 * route there, as the server answers them (v1 does not serve POST: no
 * operation of the v1 document, nor in the Allow of its 405), whether the documents are made from the
 * table alone or from a head document listing both methods. The POST
 * v1 lacks is answered 404 there, not 405: each 405 the documents describe
 * says so, here and where a version change removed one method of a route
 * (`routeRemoved('DELETE things')`), under the header and the Accept header
 * schemes (406 there for a route the version lacks).
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, routeRemoved, versionHistory } from '../../src/changes/index.ts'
import { AcceptHeaderVersioning, defineRoutes, HeaderVersioning, route, versioned, type BaseVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
const routes = defineRoutes([versioned(['v1'], route('things-v1', '/things')), versioned(['v2'], route('things', '/things'))])
const versioning = apiVersioning({ scheme, routes })
const app = new Hono()
mountRoutes(app, versioning, {
  'things-v1': { get: (c) => c.json([]) },
  things: { get: (c) => c.json([]), post: (c) => c.json({}, 201) },
})

const head = {
  openapi: '3.1.0',
  info: { title: 'Things', version: 'v2' },
  paths: { '/things': { get: { responses: { '200': { description: 'OK' } } }, post: { responses: { '201': { description: 'Created' } } } } },
}

/** What the 405 a document describes at a path says. */
const described = (document: OpenAPIDocument, path: string): string | undefined => ((document.paths?.[path] ?? {}) as Record<string, { description?: string } | undefined>)['x-methodNotAllowed']?.description

/** The methods a document lists at a path (upper case, sorted), and the Allow its x-methodNotAllowed says. */
function said(document: OpenAPIDocument, path: string): { methods: string[]; allow: string | null } {
  const item = (document.paths?.[path] ?? {}) as Record<string, unknown>
  const methods = ['get', 'put', 'post', 'delete', 'options', 'patch', 'query'].filter((m) => item[m] !== undefined).map((m) => m.toUpperCase())
  const allow = (item['x-methodNotAllowed'] as { headers: { Allow: { schema: { examples: string[] } } } } | undefined)?.headers.Allow.schema.examples[0] ?? null
  return { methods, allow }
}

describe.each([
  ['the table alone', () => versionedOpenAPI({ scheme, routes, app })],
  ['a head document', () => versionedOpenAPI({ scheme, routes, app, document: head })],
])('two version-limited routes at one path, documents from %s', (_, make) => {
  const docs = make()

  it('the server: v2 serves POST, v1 does not (a POST only v2 has: 404), and answers PUT with 405 and the methods it serves', async () => {
    const answer = async (method: string, version: string) => {
      const res = await app.request('/things', { method, headers: { 'Api-Version': version } })
      return [res.status, res.headers.get('allow')]
    }
    expect(await answer('POST', 'v2')).toEqual([201, null])
    expect(await answer('POST', 'v1')).toEqual([404, null])
    expect(await answer('PUT', 'v1')).toEqual([405, 'GET, HEAD'])
    expect(await answer('PUT', 'v2')).toEqual([405, 'GET, HEAD, POST'])
  })

  it('each version\'s document lists the methods that version serves there, and the Allow of its 405', () => {
    expect(said(docs.document('v1'), '/things')).toEqual({ methods: ['GET'], allow: 'GET, HEAD' })
    expect(said(docs.document('v2'), '/things')).toEqual({ methods: ['GET', 'POST'], allow: 'GET, HEAD, POST' })
  })
})

describe("a method the app serves at a path in other versions only: the 405 described there says it is answered 404", () => {
  it('v1 of two version-limited routes: POST, which v1 lacks, is 404 (the server), as its 405 says', async () => {
    const v1 = versionedOpenAPI({ scheme, routes, app }).document('v1')
    expect((await app.request('/things', { method: 'POST', headers: { 'Api-Version': 'v1' } })).status).toBe(404)
    expect(described(v1, '/things')).toBe('405: the toolkit answers a method this path does not serve (in a version it serves), with Allow: GET, HEAD. POST, which the app serves at this path in other versions only, is answered 404 instead (406 where the version travels in the Accept header).')
    expect(described(versionedOpenAPI({ scheme, routes, app }).document('v2'), '/things')).toBe('405: the toolkit answers a method this path does not serve (in a version it serves), with Allow: GET, HEAD, POST.')
  })

  const opts = { allowedVersions: ['1', '2'], defaultVersion: '2' }
  it.each<[string, BaseVersioning, Record<string, string>, number]>([
    ['a header', new HeaderVersioning(opts), { 'Api-Version': '1' }, 404],
    ['the Accept header', new AcceptHeaderVersioning(opts), { Accept: 'application/json; version=1' }, 406],
  ])('under %s: the method a version change removed, and the one a version-limited route lacks', async (_, limited, v1, lacking) => {
    const history = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Things are no longer deleted.', [routeRemoved('DELETE things')])] }] })
    const table = defineRoutes([versioned(['1'], route('things-v1', '/things')), versioned(['2'], route('things', '/things'))])
    const served = mountRoutes(new Hono(), apiVersioning({ scheme: limited, routes: table, changes: history }), {
      'things-v1': { get: (c) => c.json([]), delete: (c) => c.body(null, 204) },
      things: { get: (c) => c.json([]), post: (c) => c.json({}, 201), delete: (c) => c.body(null, 204) },
    })
    const docs = versionedOpenAPI({ scheme: limited, routes: table, app: served, changelog: history })
    const v2 = limited instanceof HeaderVersioning ? { 'Api-Version': '2' } : { Accept: 'application/json; version=2' }
    expect((await served.request('/things', { method: 'POST', headers: v1 })).status).toBe(lacking)
    expect((await served.request('/things', { method: 'DELETE', headers: v2 })).status).toBe(404)
    expect(described(docs.document('1'), '/things')).toMatch(/with Allow: GET, HEAD, DELETE\. POST, which the app serves at this path in other versions only, is answered 404 instead \(406 where the version travels in the Accept header\)\.$/)
    expect(described(docs.document('2'), '/things')).toMatch(/with Allow: GET, HEAD, POST\. DELETE, which the app serves at this path in other versions only, is answered 404 instead/)
  })
})
