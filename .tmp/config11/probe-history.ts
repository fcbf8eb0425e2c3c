// Probe: history and scheme defaults that resolve to nothing, at construction and per request.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { change, fieldRenamed, fieldRemoved, routeRemoved, shape, versionHistory } from '../../src/changes/index.ts'
import { semver, dateVersions } from '../../src/formats/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'

const routes = defineRoutes([route('user-list', '/users')])
async function run(label: string, make: () => { scheme: HeaderVersioning; extra?: Record<string, unknown> }, headers: Record<string, string> = {}) {
  try {
    const { scheme, extra = {} } = make()
    const versioning = apiVersioning({ scheme, routes, allowedHosts: ['localhost'], ...extra } as never)
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version, name: 'x' }) })
    const res = await app.request('http://localhost/users', { headers })
    console.log(`REQ   ${label}: ${res.status} ${JSON.stringify([...res.headers])} ${(await res.text()).slice(0, 200)} check=${JSON.stringify(versioning.check())}`)
  } catch (e) {
    console.log(`THROW ${label}: ${(e as Error).message.slice(0, 300)}`)
  }
}
const User = shape<{ name: string }>('User')
await run('semver default 2.x not resolving + history', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['1.0.0', '1.1.0'], defaultVersion: '2.x', versionFormat: semver() }), extra: { changes: versionHistory({ versions: [{ version: '1.0.0' }, { version: '1.1.0' }] }) } }))
await run('semver default 2.x not resolving', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['1.0.0', '1.1.0'], defaultVersion: '2.x', versionFormat: semver() }) }))
await run('dates default garbage + policy echo', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['2026-01-01'], defaultVersion: 'garbage', versionFormat: dateVersions() }), extra: { policy: versionPolicy({ echoHeader: 'api-version', reportVersions: true }) } }))
await run('default outside allowed + history', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v0' }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('Renamed', [fieldRenamed(User, { older: 'name', newer: 'title' })])] }], bodies: { 'user-list': { response: User } } }) } }))
await run('history out of order', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v2' }, { version: 'v1' }] }) } }))
await run('history dup', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v1' }] }) } }))
await run('history version scheme lacks', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v3' }] }) } }))
await run('history bodies unknown route', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2' }], bodies: { 'no-such-route': { response: User } } }) } }))
await run('change names unknown field', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('x', [fieldRemoved(User, 'nosuch')])] }], bodies: { 'user-list': { response: User } } }) } }))
await run('routeRemoved unknown route', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('x', [routeRemoved('no-such-route')])] }] }) } }))
await run('two contradicting changes', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('a', [fieldRenamed(User, { older: 'name', newer: 'title' })]), change('b', [fieldRenamed(User, { older: 'name', newer: 'label' })])] }], bodies: { 'user-list': { response: User } } }) } }), { 'Api-Version': 'v1' })
await run('same change id twice', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('a', [fieldRenamed(User, { older: 'name', newer: 'title' })]), change('a', [fieldRemoved(User, 'x')])] }], bodies: { 'user-list': { response: User } } }) } }), { 'Api-Version': 'v1' })
await run('description with markup', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2', changes: [change('<script>alert(1)</script>\r\nX: y', [fieldRenamed(User, { older: 'name', newer: 'title' })])] }], bodies: { 'user-list': { response: User } } }) } }), { 'Api-Version': 'v1' })
await run('maxBodySize -1', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2' }], maxBodySize: -1 }) } }))
await run('maxBodySize "1mb"', () => ({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), extra: { changes: versionHistory({ versions: [{ version: 'v1' }, { version: 'v2' }], maxBodySize: '1mb' as never }) } }))
await run('many versions 2000', () => { const vs = Array.from({ length: 2000 }, (_, i) => `v${i + 1}`); const s = Date.now(); const h = versionHistory({ versions: vs.map((version) => ({ version })) }); console.log(`      built in ${Date.now() - s} ms`); return { scheme: new HeaderVersioning({ allowedVersions: vs }), extra: { changes: h } } }, { 'Api-Version': 'v1' })
