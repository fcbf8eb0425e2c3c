/**
 * The 400 for a request naming two versions is documented where the scheme
 * answers it: a repeated `HeaderVersioning` header, or two ways of a
 * `CombinedVersioning`. A repeated query parameter gives its last value and
 * a host name carries one version, so `QueryParameterVersioning` and
 * `HostNameVersioning` alone never answer it, and their documents do not
 * list it (an operation whose body the toolkit reads still has its 400).
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { BaseVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, HostNameVersioning, QueryParameterVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const options = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }
const routes = defineRoutes([route('user-list', '/users')])

/** Each scheme, the request that names v1 and v2 in its way, and what the server answers it. */
const cases: [string, () => BaseVersioning, string, Record<string, string>, number][] = [
  ['HeaderVersioning', () => new HeaderVersioning(options), 'https://api.test/users', { 'Api-Version': 'v1, v2' }, 400],
  ['CombinedVersioning', () => new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], ...options }), 'https://api.test/users?version=v1', { 'Api-Version': 'v2' }, 400],
  ['QueryParameterVersioning', () => new QueryParameterVersioning(options), 'https://api.test/users?version=v1&version=v2', {}, 200],
  ['HostNameVersioning', () => new HostNameVersioning(options), 'https://v1.api.test/users', {}, 200],
]

describe('the 400 for two versions is in the documents of the schemes that answer it', () => {
  it.each(cases)('%s', async (_name, make, url, headers, status) => {
    const scheme = make()
    const versioning = apiVersioning({ scheme, routes })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json([]) })
    const docs = versionedOpenAPI({ scheme, routes, app, ...(scheme instanceof HostNameVersioning ? { serverUrl: 'https://{version}.api.test' } : {}) })
    const res = await app.request(url, { headers })
    expect(res.status).toBe(status)
    for (const { version } of docs.versions) {
      const statuses = Object.keys(docs.document(version).paths['/users']?.get?.responses ?? {})
      expect(statuses.includes('400')).toBe(status === 400)
    }
  })
})
