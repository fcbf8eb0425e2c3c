// Probe: request-time payloads in every place a version is read, on every scheme; look for reflection, 5xx, header injection.
import { Hono } from 'hono'
import {
  AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, HostNameVersioning, include, NamespaceVersioning,
  QueryParameterVersioning, route, URLPathVersioning, type BaseVersioning,
} from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'

const PAYLOADS = ['<script>alert(1)</script>', '"};alert(1);//', 'v1\r\nX-Injected: 1', '%0d%0aX-Injected:%201', '../../etc', 'ä€😀', '__proto__', 'constructor', 'a'.repeat(5000), '${7*7}', '\u0000', '1,2', '*']
const MARKERS = ['<script', '"};', 'alert', 'X-Injected', 'etc', '€', '😀', 'aaaaaaaa', '7*7', 'constructor', '__proto__']

type Built = { name: string; scheme: BaseVersioning; app: Hono; requests: (p: string) => Request[] }

function build(name: string, scheme: BaseVersioning, table: ReturnType<typeof defineRoutes>, requests: (p: string) => Request[], allowed = true, extra: Record<string, unknown> = {}): Built {
  const versioning = apiVersioning({ scheme, routes: table, ...(allowed ? { allowedHosts: ['.example.com', 'localhost'] } : {}), ...extra } as never)
  const app = new Hono()
  app.use('*', versioning)
  const handlers: Record<string, unknown> = {}
  for (const r of table.routes ?? []) handlers[(r as { name: string }).name] = (c: { json: (v: unknown) => Response; var: { version: unknown } }) => c.json({ ok: true })
  mountRoutes(app, versioning, { 'user-list': (c: { json: (v: unknown) => Response; var: { version: unknown } }) => c.json({ ok: true, v: c.var.version }) } as never)
  void handlers
  return { name, scheme, app, requests }
}

const flat = defineRoutes([route('user-list', '/users')])
const pathTable = defineRoutes([route('user-list', '/:version/users')])
const ns = defineRoutes([include('/v1', [route('user-list', '/users')], { namespace: 'v1' }), include('/v2', [route('user-list', '/users')], { namespace: 'v2' })])
const opts = (over: Record<string, unknown> = {}) => ({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1', ...over })
const enc = encodeURIComponent
const safeReq = (url: string, init?: RequestInit) => { try { return [new Request(url, init)] } catch { return [] } }

const builds: Built[] = []
for (const [suffix, extra] of [['', {}], [' +problem', { errorResponse: problemDetails() }], [' +policy', { policy: versionPolicy({ reportVersions: true, echoHeader: 'api-version' }) }]] as const) {
  builds.push(
    build('accept' + suffix, new AcceptHeaderVersioning(opts()), flat, (p) => [...safeReq('http://localhost/users', { headers: { Accept: `application/json; version=${p}` } }), ...safeReq('http://localhost/users', { headers: { Accept: `application/json; version="${p.replace(/"/g, '\\"')}"` } }), ...safeReq('http://localhost/users', { headers: { Accept: p } })], true, extra),
    build('vendor' + suffix, new AcceptHeaderVersioning({ ...opts(), vendorMediaType: 'application/vnd.acme.{version}+json' }), flat, (p) => safeReq('http://localhost/users', { headers: { Accept: `application/vnd.acme.${p}+json` } }), true, extra),
    build('path' + suffix, new URLPathVersioning(opts()), pathTable, (p) => safeReq(`http://localhost/${enc(p)}/users`), true, extra),
    build('namespace' + suffix, new NamespaceVersioning(opts()), ns, (p) => safeReq(`http://localhost/${enc(p)}/users`), true, extra),
    build('host' + suffix, new HostNameVersioning(opts()), flat, (p) => safeReq(`http://${enc(p)}.example.com/users`), false, extra),
    build('query' + suffix, new QueryParameterVersioning(opts()), flat, (p) => safeReq(`http://localhost/users?version=${enc(p)}`), true, extra),
    build('header' + suffix, new HeaderVersioning(opts()), flat, (p) => safeReq('http://localhost/users', { headers: { 'Api-Version': p } }), true, extra),
    build('combined' + suffix, new CombinedVersioning({ schemes: [new HeaderVersioning(), new QueryParameterVersioning()], ...opts() }), flat, (p) => [...safeReq(`http://localhost/users?version=${enc(p)}`), ...safeReq('http://localhost/users', { headers: { 'Api-Version': p } })], true, extra),
    build('any-version header' + suffix, new HeaderVersioning({}), flat, (p) => safeReq('http://localhost/users', { headers: { 'Api-Version': p } }), true, suffix === ' +policy' ? { policy: versionPolicy({}) } : extra),
  )
}
let problems = 0
for (const b of builds) {
  const statuses = new Map<number, number>()
  for (const p of PAYLOADS) {
    for (const req of b.requests(p)) {
      let res: Response
      try {
        res = await b.app.fetch(req)
      } catch (e) {
        console.log(`CRASH ${b.name} ${JSON.stringify(p.slice(0, 30))}: ${(e as Error).message}`)
        problems++
        continue
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      const body = await res.text()
      const heads = JSON.stringify([...res.headers])
      const reflected = MARKERS.filter((m) => p.includes(m) && (body.includes(m) || heads.includes(m)))
      if (res.status >= 500 || reflected.length > 0 || /x-injected/i.test([...res.headers.keys()].join())) {
        problems++
        console.log(`FIND  ${b.name} ${JSON.stringify(p.slice(0, 30))}: ${res.status} ${heads.slice(0, 200)} ${body.slice(0, 200)} reflected=${reflected}`)
      }
    }
  }
  console.log(`      ${b.name}: ${JSON.stringify([...statuses])}`)
}
// versionMiddleware without a table
{
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning(opts()) }))
  app.get('/users', (c) => c.json({ ok: true }))
  for (const p of PAYLOADS) for (const req of safeReq('http://localhost/users', { headers: { 'Api-Version': p } })) {
    const res = await app.fetch(req); const body = await res.text()
    if (res.status >= 500 || MARKERS.some((m) => p.includes(m) && body.includes(m))) console.log(`FIND versionMiddleware ${res.status} ${body.slice(0, 100)}`)
  }
}
console.log(`problems: ${problems}`)
