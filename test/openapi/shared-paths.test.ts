/**
 * Two table routes limited to versions apart at one path (`/things`: a v1
 * route serving GET, a v2 route serving GET and POST), served by
 * `mountRoutes`: each version's document lists the methods of its own
 * route there, as the server answers them (v1 does not serve POST: no
 * operation of the v1 document, nor in the Allow of its 405), whether the documents are made from the
 * table alone or from a head document listing both methods.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route, versioned } from '../../src/index.ts'
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
