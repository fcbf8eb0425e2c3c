/**
 * Types of `c.req.param` in the handlers of `mountRoutes`: typed from the
 * route's path in the table, as `app.get(path, handler)` types it, in every
 * form a handler takes (one function, one per method, a name without its
 * namespace); a key no path has is `string | undefined`, as in Hono.
 */
import { Hono } from 'hono'
import { describe, expectTypeOf, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, include, route, URLPathVersioning } from '../../src/index.ts'

describe('c.req.param in mountRoutes handlers is typed from the route\'s path', () => {
  it('one handler and one per method: a path param is a string, an optional one string | undefined', () => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }),
      routes: defineRoutes([route('user-detail', '/users/:id{[0-9]+}'), route('user-posts', '/users/:id/posts/:slug?')]),
      origin: 'https://api.example.com',
    })
    mountRoutes(new Hono(), versioning, {
      'user-detail': {
        get: (c) => {
          expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
          expectTypeOf(c.req.param()).toEqualTypeOf<{ id: string }>()
          return c.json({ id: Number(c.req.param('id')) })
        },
        delete: (c) => {
          expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
          return c.body(null, 204)
        },
      },
      'user-posts': (c) => {
        expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
        expectTypeOf(c.req.param('slug')).toEqualTypeOf<string | undefined>()
        // A key the path does not have (a format suffix's `format`) is Hono's `string | undefined`.
        expectTypeOf(c.req.param('format')).toEqualTypeOf<string | undefined>()
        return c.text('')
      },
    })
  })

  it('namespaced routes, by their full name or their name without the namespace; the version param too', () => {
    const versioning = apiVersioning({
      scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
      routes: defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id')], { namespace: 'users' })]),
      origin: 'https://api.example.com',
    })
    mountRoutes(new Hono(), versioning, {
      'user-detail': (c) => {
        expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
        expectTypeOf(c.req.param('version')).toEqualTypeOf<string>()
        return c.text('')
      },
    })
    mountRoutes(new Hono(), versioning, {
      'users:user-detail': (c) => {
        expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
        return c.text('')
      },
    })
  })

  it('a misspelled param is not typed string', () => {
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'] }), routes: defineRoutes([route('user-detail', '/users/:id')]), origin: 'https://api.example.com' })
    mountRoutes(new Hono(), versioning, {
      'user-detail': (c) => {
        expectTypeOf(c.req.param('pk')).toEqualTypeOf<string | undefined>()
        return c.text('')
      },
    })
  })
})
