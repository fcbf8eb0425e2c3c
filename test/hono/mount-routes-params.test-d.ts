/**
 * Types of `c.req.param` in the handlers of `mountRoutes`: typed from the
 * route's path in the table, as `app.get(path, handler)` types it, in every
 * form a handler takes (one function, one per method, a name without its
 * namespace, each function of a chain); a key no path has is
 * `string | undefined`, as in Hono. A chain's handler gets the input of the
 * validators before it, as `app.post(path, validator, handler)` gives it.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
import { hc, type InferRequestType } from 'hono/client'
import { createFactory } from 'hono/factory'
import { validator } from 'hono/validator'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
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

describe('a chain written inline in mountRoutes is typed as app.get(path, validator, handler)', () => {
  const versioning = apiVersioning({
    scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }),
    routes: defineRoutes([route('person-list', '/people'), route('person-detail', '/people/:id')]),
    origin: 'https://api.example.com',
  })
  const Person = z.object({ name: z.string(), age: z.number() })
  const personBody = zValidator('json', Person)

  it('a validator held in a variable: every function has the app\'s Env and the path\'s params, the handler the validator\'s output', () => {
    mountRoutes(new Hono(), versioning, {
      'person-detail': {
        put: [
          personBody,
          async (c, next) => {
            expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
            expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
            await next()
          },
          (c) => {
            expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
            expectTypeOf(c.req.valid('json')).toEqualTypeOf<{ name: string; age: number }>()
            c.var.reverse('person-detail', { kwargs: { id: c.req.param('id') } })
            // @ts-expect-error the path has no "pk": Hono's string | undefined
            const pk: string = c.req.param('pk')
            // @ts-expect-error the validated body's name is a string
            const name: number = c.req.valid('json').name
            // @ts-expect-error no validator read the query
            c.req.valid('query')
            return c.json({ id: c.req.param('id'), pk, name }, 200)
          },
        ],
      },
      'person-list': [personBody, (c) => c.json(c.req.valid('json'), 201)],
    })
  })

  it('validators of two targets: the handler gets both, and the client sends both', () => {
    const byName = zValidator('query', z.object({ q: z.string() }))
    const app = mountRoutes(new Hono(), versioning, {
      'person-list': {
        post: [
          byName,
          personBody,
          (c) => {
            expectTypeOf(c.req.valid('query')).toEqualTypeOf<{ q: string }>()
            expectTypeOf(c.req.valid('json')).toEqualTypeOf<{ name: string; age: number }>()
            return c.json({ id: 1 }, 201)
          },
        ],
      },
    })
    const client = hc<typeof app>('https://api.example.com')
    expectTypeOf<InferRequestType<typeof client.people.$post>>().toEqualTypeOf<{ query: { q: string } } & { json: { name: string; age: number } }>()
  })

  it('a validator called inline is typed after the handler: the handler\'s params and variables are typed, its valid input is any, and the client still sends the validator\'s input', () => {
    const app = mountRoutes(new Hono(), versioning, {
      'person-detail': {
        put: [
          zValidator('json', Person),
          (c) => {
            expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
            expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
            expectTypeOf(c.req.valid('json')).toBeAny()
            return c.json({ id: c.req.param('id') }, 200)
          },
        ],
        get: [validator('param', (value) => ({ id: Number(value['id']) })), (c: Context) => c.json({ id: 1 })],
      },
    })
    const client = hc<typeof app>('https://api.example.com')
    expectTypeOf<InferRequestType<(typeof client.people)[':id']['$put']>>().toEqualTypeOf<{ json: { name: string; age: number } } & { param: { id: string } }>()
    expectTypeOf<InferRequestType<(typeof client.people)[':id']['$get']>>().toEqualTypeOf<{ param: { id: string } }>()
  })

  it('a chain of Hono\'s factory keeps its own types: its Env, and the path its factory was given (any: string | undefined)', () => {
    const factory = createFactory()
    const typedPath = createFactory<{}, '/people/:id'>()
    mountRoutes(new Hono(), versioning, {
      'person-list': factory.createHandlers(personBody, (c) => {
        expectTypeOf(c.req.valid('json')).toEqualTypeOf<{ name: string; age: number }>()
        return c.json({ id: 1 }, 201)
      }),
      'person-detail': {
        get: factory.createHandlers((c) => {
          expectTypeOf(c.req.param('id')).toEqualTypeOf<string | undefined>()
          return c.text('')
        }),
        put: typedPath.createHandlers(personBody, (c) => {
          expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
          return c.json({ id: c.req.param('id') })
        }),
      },
    })
  })
})
