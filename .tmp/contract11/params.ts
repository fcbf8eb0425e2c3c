/** Parameter validation per version, documented: query scheme and header scheme, table and plain. */
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, QueryParameterVersioning, route, type BaseVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { change, enumValuesAdded, queryParamRenamed, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { requestValidation } from '../../src/validation/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { writeFileSync } from 'node:fs'

const Filter = shape('Filter')
const Hdrs = shape('Hdrs')
export function paramsApp(scheme: BaseVersioning, key: string) {
  const history = versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('status', [queryParamRenamed(key, { older: 'state', newer: 'status' }), enumValuesAdded(Filter, 'status', ['preorder'], { fallback: 'active' }), requestHeaderRenamed(key, { older: 'X-Tenant', newer: 'X-Org' })])] },
    ],
    validation: requestValidation({
      schemas: {
        Filter: { type: 'object', properties: { status: { type: 'string', enum: ['active', 'archived', 'preorder'] }, page: { type: 'integer', minimum: 1 } }, additionalProperties: false },
        Hdrs: { type: 'object', properties: { 'X-Org': { type: 'string', pattern: '^[a-z]+$' } }, required: ['X-Org'] },
      },
      parameters: { [key]: { query: Filter, headers: Hdrs } },
    }),
  })
  return history
}
const head = {
  openapi: '3.1.0',
  info: { title: 'P', version: '2' },
  paths: { '/products': { get: { parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'archived', 'preorder'] } }, { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }, { name: 'X-Org', in: 'header', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } } },
}
export function build(kind: 'query' | 'header', style: 'table' | 'plain') {
  const scheme = kind === 'query' ? new QueryParameterVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }) : new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const handler = (c: any) => c.json({ status: c.req.query('status') ?? null, page: c.req.query('page') ?? null, org: c.req.header('X-Org') ?? null })
  if (style === 'table') {
    const history = paramsApp(scheme, 'product-list')
    const routes = defineRoutes([route('product-list', '/products')])
    const v = apiVersioning({ scheme, routes, changes: history })
    const app = mountRoutes(new Hono(), v, { 'product-list': handler })
    return { app, docs: versionedOpenAPI({ scheme, routes, app, document: head, changelog: history }) }
  }
  const history = paramsApp(scheme, 'GET /products')
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, changes: history }))
  app.get('/products', handler)
  return { app, docs: versionedOpenAPI({ scheme, app, document: head, changelog: history }) }
}
for (const kind of ['query', 'header'] as const) for (const style of ['table', 'plain'] as const) {
  const { app, docs } = build(kind, style)
  for (const version of ['1', '2']) {
    const d = docs.document(version)
    writeFileSync(new URL(`./out/params-${kind}-${style}-v${version}.json`, import.meta.url), JSON.stringify(d, null, 1))
    const op = d.paths['/products']?.get as any
    console.log(kind, style, version, JSON.stringify(op.parameters.map((p: any) => [p.name, p.in, p.required ?? false, JSON.stringify(p.schema)])), Object.keys(op.responses))
  }
  const v = (q: string, h: Record<string, string>) => app.request(`/products${q}`, { headers: h })
  const send1 = kind === 'query' ? (q: string, h: Record<string, string>) => v(q + (q ? '&' : '?') + 'version=1', h) : (q: string, h: Record<string, string>) => v(q, { ...h, 'Api-Version': '1' })
  for (const [q, h] of [['?state=archived&page=2', { 'X-Tenant': 'acme' }], ['', { 'X-Tenant': 'acme' }], ['?state=preorder', { 'X-Tenant': 'acme' }], ['?state=archived', {}], ['?state=archived', { 'X-Tenant': 'ACME' }], ['?status=archived', { 'X-Tenant': 'acme' }]] as const) {
    const r = await send1(q, h)
    console.log('   v1', q, JSON.stringify(h), r.status, (await r.text()).slice(0, 200))
  }
}
process.exit(0)
