/**
 * The app an absolute-form request target (`GET http://evil.com/... HTTP/1.1`)
 * is sent to, with neither host option, with `allowedHosts`, or with
 * `origin`: its one route answers the absolute link to itself. Served by
 * test/node/hono/allowed-hosts-absolute-form.test.ts (Node) and
 * absolute-form-server.ts (Bun, Deno).
 */
import { Hono } from 'hono'
import { defineRoutes, include, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'

/** The three configurations, by name. */
export const HOST_OPTIONS = {
  neither: {},
  allowedHosts: { allowedHosts: ['api.example.com'] },
  origin: { origin: 'https://api.example.com' },
} as const

export function absoluteFormApp(options: { readonly allowedHosts?: readonly string[]; readonly origin?: string }): Hono {
  const versioning = apiVersioning({
    scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
    routes: defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}')])]),
    ...options,
  })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-detail': (c) => c.json({ self: c.var.reverse('user-detail', { kwargs: { id: 7 } }) }) })
  return app
}
