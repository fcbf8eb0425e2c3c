/**
 * A version-neutral route (`versionNeutral()`) is answered whatever version a
 * request names: an unknown version, two of them, an Accept asking for an
 * unserved version or a host of no version all reach its handler. Its
 * operation in each document lists none of the toolkit's version refusals
 * (404, 406, 400 for two versions, 410), as docs/openapi.md says they are on
 * every versioned operation; the versioned route beside it keeps them.
 * Before, a neutral operation documented 404, 406 and 400 it is never
 * answered with. Each scheme's refusals are sent, and the neutral route's
 * status compared with its document.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import {
  AcceptHeaderVersioning,
  CombinedVersioning,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  QueryParameterVersioning,
  route,
  versionNeutral,
  type BaseVersioning,
} from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }
const schemes: [string, BaseVersioning][] = [
  ['HeaderVersioning', new HeaderVersioning(versions)],
  ['QueryParameterVersioning', new QueryParameterVersioning(versions)],
  ['AcceptHeaderVersioning', new AcceptHeaderVersioning(versions)],
  ['HostNameVersioning', new HostNameVersioning(versions)],
  ['CombinedVersioning', new CombinedVersioning({ ...versions, schemes: [new HeaderVersioning(), new QueryParameterVersioning(), new AcceptHeaderVersioning()] })],
]

/** Requests each naming a version the scheme refuses, or two versions. */
function refused(): Request[] {
  const twice = new Headers({ Accept: 'application/json; version=v9' })
  twice.append('Api-Version', 'v1')
  twice.append('Api-Version', 'v2')
  return [
    new Request('https://v9.example.com/PATH?version=v9', { headers: { 'Api-Version': 'v9', Accept: 'application/json; version=v9' } }),
    new Request('https://v1.example.com/PATH?version=v2', { headers: twice }),
    new Request('https://api.other.example.com/PATH'),
  ]
}

describe.each(schemes)('%s', (_, scheme) => {
  const routes = defineRoutes([route('user-list', '/users'), versionNeutral(route('health', '/health'))])
  const app = new Hono()
  mountRoutes(app, apiVersioning({ scheme, routes }), { 'user-list': (c) => c.json([]), health: (c) => c.json({ ok: true }) })
  const docs = versionedOpenAPI({ scheme, routes, app, ...(scheme instanceof HostNameVersioning ? { serverUrl: 'https://{version}.example.com' } : {}) })
  const statuses = (version: string, path: string): string[] => Object.keys(docs.document(version).paths[path]?.get?.responses ?? {})

  it('the neutral operation documents 200 alone, and is answered 200 to every request the versioned one is refused', async () => {
    for (const version of ['v1', 'v2']) expect(statuses(version, '/health')).toEqual(['200'])
    for (const request of refused()) {
      const res = await app.request(new Request(request.url.replace('PATH', 'health'), request))
      expect(res.status).toBe(200)
    }
  })

  it('the versioned operation keeps the refusals it is answered with', async () => {
    const answered = new Set<string>()
    for (const request of refused()) {
      const res = await app.request(new Request(request.url.replace('PATH', 'users'), request))
      answered.add(String(res.status))
    }
    answered.delete('200')
    expect(answered.size).toBeGreaterThan(0)
    for (const status of answered) expect(statuses('v1', '/users')).toContain(status)
  })
})
