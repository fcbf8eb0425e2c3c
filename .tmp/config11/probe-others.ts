// Probe: the other factories' options, wrong types and hostile values; what fails at construction, what per request.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, QueryParameterVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { bearerClient, clientPins, memoryPinStore } from '../../src/client-pins/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { versionHistory } from '../../src/changes/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { attempt } from './probe-schemes.ts'

const routes = defineRoutes([route('user-list', '/users')])
const scheme = () => new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
async function serve(label: string, extra: () => Record<string, unknown>, init: RequestInit = {}) {
  try {
    const versioning = apiVersioning({ scheme: scheme(), routes, allowedHosts: ['localhost'], ...extra() } as never)
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
    const res = await app.request('http://localhost/users', init)
    console.log(`REQ   ${label}: ${res.status} ${JSON.stringify([...res.headers])} ${(await res.text()).slice(0, 160)}`)
  } catch (e) {
    console.log(`THROW ${label}: ${(e as Error).message.slice(0, 300)}`)
  }
}
const auth = { headers: { Authorization: 'Bearer abc' } }
await serve('pins: cacheTtl -1', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'x'.repeat(32) }), cacheTtl: -1 }) }), auth)
await serve('pins: cacheSize "10"', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'x'.repeat(32) }), cacheSize: '10' as never }) }), auth)
await serve('pins: vary ["Authorization\\r\\n"]', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'x'.repeat(32) }), vary: ['Authorization\r\n'] }) }), auth)
await serve('pins: vary ["a b"]', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'x'.repeat(32) }), vary: ['a b'] }) }), auth)
await serve('pins: short secret', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'x' }) }) }), auth)
await serve('pins: initial pin of a version not served', () => ({ clientVersion: clientPins({ store: memoryPinStore({ [''.padEnd(0)]: 'v9' } as never), client: () => 'c1' }) }), {})
await serve('pins: client returns a number', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: (() => 5) as never }) }), {})
await serve('pins: client throws', () => ({ clientVersion: clientPins({ store: memoryPinStore(), client: () => { throw new Error('boom') } }) }), {})
await serve('pins: store get returns markup version', () => ({ clientVersion: clientPins({ store: { get: async () => ({ version: '<script>', previous: null, movedAt: 0 }), claim: async () => ({ version: '<script>', previous: null, movedAt: 0 }), put: async () => {} } as never, client: () => 'c1' }) }), {})
await serve('errorResponse returns non-Response', () => ({ errorResponse: () => 'nope' }), { headers: { 'Api-Version': 'v9' } })
await serve('errorResponse throws', () => ({ errorResponse: () => { throw new Error('boom') } }), { headers: { 'Api-Version': 'v9' } })
attempt('problemDetails typeBase "errors/"', () => problemDetails({ typeBase: 'errors/' }))
attempt('problemDetails typeBase javascript:x/', () => problemDetails({ typeBase: 'javascript:alert(1)//' }))
attempt('validation status 500', () => requestValidation({ schemas: {}, status: 500 as never }))
attempt('validation maxIssues 0', () => requestValidation({ schemas: {}, maxIssues: 0 }))
attempt('validation schemas hostile pattern', () => requestValidation({ schemas: { User: { type: 'object', properties: { a: { type: 'string', pattern: '(a+)+b' } } } } }))
attempt('history validation wrong', () => versionHistory({ versions: [{ version: 'v1' }], validation: {} as never }))
attempt('typed client url bad', () => versionedClient('not a url' as never, {} as never))
attempt('typed client scheme missing', () => versionedClient('https://a.example', {} as never))
void QueryParameterVersioning
