/**
 * Bundle-size case: the url-path Worker (./url-path.ts) plus its OpenAPI
 * documents served by `openAPIRoutes` (hono-api-versioning/openapi, without
 * the Scalar docs page). test/node/openapi/tree-shaking.test.ts checks that none
 * of src/openapi reaches the Workers that do not import it, and that this
 * one carries no Scalar.
 */
import { Hono } from 'hono/tiny'
import { defineRoutes, include, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'

const versioning = apiVersioning({
  scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([include('/:version{v[0-9]+}', [route('item-detail', '/items/:id{[0-9]+}')])]),
})

const app = new Hono()

app.use('/v*', versioning)

mountRoutes(app, versioning, {
  'item-detail': (c) => {
    const id = c.req.param('id') ?? ''
    return c.json({ id, version: c.var.version, self: c.var.reverse('item-detail', { kwargs: { id } }) })
  },
})

app.route('/', openAPIRoutes(versionedOpenAPI({ scheme: versioning.scheme, routes: versioning.routes })))

export default app
