/**
 * Bundle-size case: the baseline Worker (./bare.ts) with the middleware and
 * one scheme, URLPathVersioning, serving the same route versioned and
 * reversing once. Everything else the library exports must tree-shake away.
 */
import { Hono } from 'hono/tiny'
import { defineRoutes, include, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'

const versioning = apiVersioning({
  scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([include('/:version{v[0-9]+}', [route('item-detail', '/items/:id{[0-9]+}')])]),
})

const app = new Hono()

app.use('*', versioning)

mountRoutes(app, versioning, {
  'item-detail': (c) => {
    const id = c.req.param('id') ?? ''
    return c.json({ id, version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id } }) })
  },
})

export default app
