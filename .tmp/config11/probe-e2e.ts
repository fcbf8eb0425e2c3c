// Probe: hostile configured values (versions, titles, links) reaching headers and HTML, through the public API.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionHistory } from '../../src/changes/index.ts'
import { apiCatalog, openAPILink, openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'
import { attempt } from './probe-schemes.ts'

const routes = defineRoutes([route('user-list', '/users')])

async function serve(label: string, versions: string[], extra: (v: string[]) => Record<string, unknown> = () => ({}), headers: Record<string, string> = {}) {
  try {
    const scheme = new HeaderVersioning({ allowedVersions: versions, defaultVersion: versions[0] })
    const versioning = apiVersioning({ scheme, routes, allowedHosts: ['localhost'], ...extra(versions) } as never)
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ v: c.var.version }) })
    const res = await app.request('http://localhost/users', { headers })
    console.log(`REQ   ${label}: ${res.status} ${JSON.stringify([...res.headers])} ${(await res.text()).slice(0, 200)}`)
  } catch (e) {
    console.log(`THROW ${label}: ${(e as Error).message}`)
  }
}

const hostile = ['v1\r\nX-Injected: 1', '<script>alert(1)</script>', 'vé', 'v 1', 'v1"', '']
for (const v of hostile) {
  await serve(`policy echo ${JSON.stringify(v)}`, [v, 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'api-version', reportVersions: true }) }))
  await serve(`policy lifecycle ${JSON.stringify(v)}`, [v, 'v2'], () => ({ policy: versionPolicy({ versions: { [v]: { deprecation: '2026-01-01' } } }) }))
  await serve(`history ${JSON.stringify(v)}`, [v, 'v2'], () => ({ changes: versionHistory({ versions: [{ version: v }, { version: 'v2' }] }) }))
}
// policy mistakes
attempt('policy sunset before deprecation', () => versionPolicy({ versions: { v1: { deprecation: '2026-06-01', sunset: '2026-01-01' } } }))
attempt('policy date "June 2026"', () => versionPolicy({ versions: { v1: { sunset: 'June 2026' } } }))
attempt('policy date without offset', () => versionPolicy({ versions: { v1: { sunset: '2026-06-01T00:00:00' } } }))
attempt('policy Invalid Date', () => versionPolicy({ versions: { v1: { sunset: new Date('x') } } }))
attempt('policy date as number', () => versionPolicy({ versions: { v1: { sunset: 1780000000000 as never } } }))
attempt('policy link with CRLF', () => versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'https://a.example/x\r\nX: y' } } }))
attempt('policy link with quote', () => versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'https://a.example/x">' } } }))
attempt('policy link with non-ASCII', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'https://bücher.example/ä' } } }).describe().versions.get('v1')?.headers))
attempt('policy link javascript:', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'javascript:alert(1)' } } }).describe().versions.get('v1')?.headers))
attempt('policy link relative', () => versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: '/docs/sunset' } } }))
attempt('policy link with comma', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'https://a.example/x,y;rel=z' } } }).describe().versions.get('v1')?.headers))
attempt('policy link with > after percent', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: '2026-06-01', sunsetLink: 'https://a.example/%3E' } } }).describe().versions.get('v1')?.headers))
attempt('policy sunsetLink without sunset', () => JSON.stringify(versionPolicy({ versions: { v1: { sunsetLink: 'https://a.example/x' } } }).describe().versions.get('v1')?.headers))
attempt('policy echoHeader "Api Version"', () => versionPolicy({ echoHeader: 'Api Version' }))
attempt('policy echoHeader "Content-Type"', () => versionPolicy({ echoHeader: 'Content-Type' }))
attempt('policy echoHeader "Set-Cookie"', () => versionPolicy({ echoHeader: 'Set-Cookie' }))
attempt('policy echoHeader ""', () => versionPolicy({ echoHeader: '' }))
attempt('policy reportVersions "yes"', () => versionPolicy({ reportVersions: 'yes' as never }))
attempt('policy reportVersions same names', () => versionPolicy({ reportVersions: { supported: 'x-v', deprecated: 'x-v' } }))
attempt('policy versions array', () => versionPolicy({ versions: [] as never }))
attempt('policy versions key unknown field', () => versionPolicy({ versions: { v1: { sunsetDate: '2026-01-01' } as never } }))
attempt('policy now: 5', () => versionPolicy({ now: 5 as never }))
attempt('policy year 10000', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: new Date(8.64e15) } } }).describe().versions.get('v1')?.headers))
attempt('policy year 0001', () => JSON.stringify(versionPolicy({ versions: { v1: { sunset: '0001-01-01' } } }).describe().versions.get('v1')?.headers))
attempt('policy undefined options', () => versionPolicy(undefined as never))
await serve('policy version not allowed', ['v1', 'v2'], () => ({ policy: versionPolicy({ versions: { v3: { sunset: '2026-01-01' } } }) }))
await serve('policy reportVersions same names', ['v1', 'v2'], () => ({ policy: versionPolicy({ reportVersions: { supported: 'x-v', deprecated: 'x-v' }, versions: { v1: { deprecation: '2020-01-01' } } }) }))
await serve('policy echoHeader Content-Type', ['v1', 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'Content-Type' }) }))
await serve('policy echoHeader Vary', ['v1', 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'Vary' }) }))
await serve('policy echoHeader = scheme header', ['v1', 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'Api-Version' }) }))
await serve('policy echoHeader Set-Cookie', ['v1', 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'Set-Cookie' }) }))
await serve('policy echoHeader Content-Length', ['v1', 'v2'], () => ({ policy: versionPolicy({ echoHeader: 'Content-Length' }) }))

// openapi / docs
async function docs(label: string, versions: string[], opts: Record<string, unknown> = {}, docsOpts: Record<string, unknown> = {}, path = '/docs') {
  try {
    const scheme = new HeaderVersioning({ allowedVersions: versions, defaultVersion: versions[versions.length - 1] })
    const documents = versionedOpenAPI({ scheme, routes, ...opts } as never)
    const app = new Hono()
    app.route('/docs', openAPIDocs(documents, { cdn: '/standalone.js', ...docsOpts }))
    app.route('/', openAPIRoutes(documents, { path: '/openapi' }))
    app.route('/', apiCatalog([{ documents, api: '/users', path: '/openapi', page: '/docs', title: (opts as { catalogTitle?: string }).catalogTitle }] as never))
    const res = await app.request(`http://localhost${path}`)
    const html = await res.text()
    const scripts = [...html.matchAll(/<script[^>]*>/g)].length
    const titleAt = html.indexOf('<title>')
    console.log(`DOCS  ${label}: ${res.status} scripts=${scripts} title=${html.slice(titleAt, html.indexOf('</title>') + 8)} injected=${/<script>alert|<img|onerror/i.test(html)}`)
    const idx = await app.request('http://localhost/openapi')
    console.log(`      index ${idx.status} ${(await idx.text()).slice(0, 300)}`)
    const cat = await app.request('http://localhost/.well-known/api-catalog')
    console.log(`      catalog ${cat.status} ${(await cat.text()).slice(0, 300)}`)
    const one = await app.request(`http://localhost/openapi/${encodeURIComponent(versions[0] as string)}.json`)
    const doc = (await one.json()) as { info: unknown }
    console.log(`      doc ${one.status} info=${JSON.stringify(doc.info)}`)
  } catch (e) {
    console.log(`THROW ${label}: ${(e as Error).message.slice(0, 400)}`)
  }
}
await docs('plain', ['v1', 'v2'])
await docs('info title <script>', ['v1', 'v2'], { info: { title: '</title><script>alert(1)</script>' } })
await docs('pageTitle <script>', ['v1', 'v2'], {}, { pageTitle: '</title><script>alert(1)</script><img src=x onerror=alert(1)>' })
await docs('version </script>', ['</script><script>alert(1)</script>', 'v2'])
await docs('version CRLF', ['v1\r\nX: y', 'v2'])
await docs('scalar config hostile', ['v1', 'v2'], {}, { scalar: { customCss: '</style></script><script>alert(1)</script>', theme: '"><img src=x onerror=alert(1)>' } })
await docs('cdn javascript:', ['v1', 'v2'], {}, { cdn: 'javascript:alert(1)' })
await docs('catalog title <script>', ['v1', 'v2'], { catalogTitle: '<script>alert(1)</script>' } as never)
await docs('page path hostile', ['v1', 'v2'], {}, {}, '/docs/%22%3E%3Cscript%3E')
attempt('openAPIDocs page "docs"', () => openAPIDocs(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes }), { page: 'docs' }))
attempt('openAPIDocs page "/a b"', () => openAPIDocs(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes }), { page: '/a b' }))
attempt('openAPIDocs pageTitle 5', () => openAPIDocs(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes }), { pageTitle: 5 as never }))
attempt('openAPILink path "x"', () => openAPILink(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes }), { path: 'x' }))
attempt('versionedOpenAPI no allowed', () => versionedOpenAPI({ scheme: new HeaderVersioning(), routes }))
attempt('versionedOpenAPI versions not allowed', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes, versions: ['v9'] }))
attempt('versionedOpenAPI versions dup', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes, versions: ['v1', 'v1'] }))
attempt('versionedOpenAPI serverUrl bad', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes, serverUrl: 'not a url' }))
attempt('versionedOpenAPI info title 5', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes, info: { title: 5 as never } }))
attempt('versionedOpenAPI scheme dup versions', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v1'] }), routes }).versions.map((v) => v.version).join())
attempt('versionedOpenAPI scheme out of order', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v2', 'v1'] }), routes }).versions.map((v) => v.version).join())
attempt('versionedOpenAPI empty version', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['', 'v1'] }), routes }).versions.map((v) => v.version).join())
attempt('versionedOpenAPI query scheme', () => versionedOpenAPI({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1'], versionParam: 'a&b' }), routes }).versions.map((v) => v.version).join())
void URLPathVersioning
