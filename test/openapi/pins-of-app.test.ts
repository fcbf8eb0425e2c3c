/**
 * `pins` tells the documents that a request without a version gets the
 * client's pinned one (so each version parameter is required) and which
 * security scheme names the client. Given the app, documents not given
 * `pins` for a middleware with client pins, or given them for one without,
 * are refused when they are made, with a sentence saying what to give:
 * before, the default version's document said a request without a version
 * gets it, which a pinned client's did not.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientPins, memoryPinStore } from '../../src/client-pins/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const routes = defineRoutes([route('user-list', '/users')])

/** A table app whose middleware pins `key-1` to v1 (with `pinned`), and answers each request with its version. */
function appWith(pinned: boolean) {
  const pins = clientPins({ store: memoryPinStore({ 'key-1': 'v1' }), client: (c) => c.req.header('Authorization')?.replace(/^Bearer /, '') ?? null })
  const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes, ...(pinned ? { clientVersion: pins } : {}) })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ version: c.var.version }) })
  return { app, scheme: versioning.scheme }
}

describe("the documents' pins are the app's middleware's", () => {
  it('a middleware with client pins, documents without: refused (a pinned client without a version does not get the default)', async () => {
    const { app, scheme } = appWith(true)
    expect(await (await app.request('/users', { headers: { Authorization: 'Bearer key-1' } })).json()).toEqual({ version: 'v1' })
    expect(() => versionedOpenAPI({ scheme, routes, app })).toThrow(
      new Error(
        "versionedOpenAPI: the app's versioning middleware has client pins (clientVersion), which these documents are not given: a pinned client that sends no version gets its pinned one, not the default they would say, and its key is no security scheme of theirs; give pins: {} (or the security scheme that carries the key).",
      ),
    )
    const docs = versionedOpenAPI({ scheme, routes, app, pins: {} })
    expect(docs.document('v2').paths['/users']?.get?.parameters?.find((p) => p.in === 'header')?.required).toBe(true)
  })

  it('documents with pins, a middleware without: refused', () => {
    const { app, scheme } = appWith(false)
    expect(() => versionedOpenAPI({ scheme, routes, app, pins: {} })).toThrow(
      new Error("versionedOpenAPI: pins is given, but the app's versioning middleware has no client pins (clientVersion): the documents would require a client key it never reads; give the middleware clientPins(...), or leave pins out here."),
    )
    expect(versionedOpenAPI({ scheme, routes, app }).versions).toHaveLength(2)
  })
})
