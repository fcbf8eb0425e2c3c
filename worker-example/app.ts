/**
 * One Hono app serving the catalogue under all five schemes, each on its own
 * prefix with its own route table and middleware:
 *
 * | prefix | scheme | ask for v2 with |
 * |---|---|---|
 * | /accept | AcceptHeaderVersioning | `Accept: application/json; version=v2` |
 * | /path/v2 | URLPathVersioning | the path |
 * | /ns/v2 | NamespaceVersioning | the path (the namespace it is included under) |
 * | /host | HostNameVersioning | `Host: v2.catalog.test` |
 * | /query | QueryParameterVersioning | `?version=v2` |
 */
import { Hono } from 'hono'
import {
  AcceptHeaderVersioning,
  defineRoutes,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
} from '../src/index.ts'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import { catalogViews } from './views.ts'

const catalog = [
  route('product-list', '/products'),
  route('product-detail', '/products/:id{[0-9]+}'),
  route('category-list', '/categories'),
  route('category-detail', '/categories/:slug{[a-z-]+}'),
] as const

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }

export const accept = apiVersioning({
  scheme: new AcceptHeaderVersioning(versions),
  routes: defineRoutes([include('/accept', catalog)]),
})
export const path = apiVersioning({
  scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([include('/path/:version{v[0-9]+}', catalog)]),
})
export const namespace = apiVersioning({
  scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([
    include('/ns/v1', catalog, { namespace: 'v1' }),
    include('/ns/v2', catalog, { namespace: 'v2' }),
    // Retired: still routed, but v3 is not an allowed version, so 404.
    include('/ns/v3', catalog, { namespace: 'v3' }),
  ]),
})
export const host = apiVersioning({
  scheme: new HostNameVersioning(versions),
  routes: defineRoutes([include('/host', catalog)]),
})
export const query = apiVersioning({
  scheme: new QueryParameterVersioning(versions),
  routes: defineRoutes([include('/query', catalog)]),
})

export const app = new Hono()

app.get('/', (c) =>
  c.json({
    accept: new URL('/accept/products', c.req.url).href,
    path: new URL('/path/v1/products', c.req.url).href,
    namespace: new URL('/ns/v1/products', c.req.url).href,
    host: new URL('/host/products', c.req.url).href,
    query: new URL('/query/products', c.req.url).href,
  }),
)

app.use('/accept/*', accept)
app.use('/path/*', path)
app.use('/ns/*', namespace)
app.use('/host/*', host)
app.use('/query/*', query)

// Each call is checked against its own table.
mountRoutes(app, accept, catalogViews)
mountRoutes(app, path, catalogViews)
mountRoutes(app, namespace, catalogViews)
mountRoutes(app, host, catalogViews)
mountRoutes(app, query, catalogViews)
