/**
 * Types of apps whose routes name themselves: `hc<typeof app>` over a
 * @hono/zod-openapi app (and a plain Hono app with `named()` markers) that
 * uses `versionMiddleware` still types its routes; `c.var.reverse` is typed
 * by the middleware's Env (`AppRoutesEnv`), with the names `appRoutes<N>`
 * declares, and absent without `routes`.
 */
import { $, createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type MiddlewareHandler } from 'hono'
import { hc, type InferRequestType, type InferResponseType } from 'hono/client'
import { describe, expectTypeOf, it } from 'vitest'
import {
  appRoutes,
  named,
  versionMiddleware,
  
  
  type AppRoutesEnv,
  type VersioningEnv,
} from '../../src/hono/index.ts'
import { QueryParameterVersioning } from '../../src/index.ts'
import type { AppReverse, AppRouteTable } from '../../src/hono/app-routes.ts'

const scheme = new QueryParameterVersioning({ allowedVersions: ['1', '2'] })
const User = z.object({ id: z.number(), fullName: z.string(), self: z.string() })
const getUser = createRoute({
  operationId: 'getUser',
  method: 'get',
  path: '/users/{id}',
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { description: 'The user', content: { 'application/json': { schema: User } } } },
})
const createUser = createRoute({
  operationId: 'createUser',
  method: 'post',
  path: '/users',
  request: { body: { content: { 'application/json': { schema: z.object({ fullName: z.string() }) } }, required: true } },
  responses: { 201: { description: 'Created', content: { 'application/json': { schema: User } } } },
})

describe('versionMiddleware({ routes })', () => {
  it('is a middleware of AppRoutesEnv, with the names appRoutes declares; without routes, of VersioningEnv<null, S>', () => {
    const app = new Hono()
    const routes = appRoutes<'getUser' | 'createUser'>(app)
    expectTypeOf(routes).toEqualTypeOf<AppRouteTable<'getUser' | 'createUser'>>()
    expectTypeOf(versionMiddleware({ scheme, routes })).toExtend<MiddlewareHandler<AppRoutesEnv<typeof scheme, 'getUser' | 'createUser'>>>()
    expectTypeOf(versionMiddleware({ scheme, routes: appRoutes(app) })).toExtend<MiddlewareHandler<AppRoutesEnv<typeof scheme, string>>>()
    expectTypeOf(versionMiddleware({ scheme })).toExtend<MiddlewareHandler<VersioningEnv<null, typeof scheme>>>()
    expectTypeOf<AppRoutesEnv<typeof scheme>['Variables']['reverse']>().toEqualTypeOf<AppReverse<string>>()
    // origin is a string; routes come from appRoutes.
    // @ts-expect-error: origin is a string
    versionMiddleware({ scheme, routes, origin: new URL('https://api.example.com') })
    // @ts-expect-error: a route table is not the app's routes
    versionMiddleware({ scheme, routes: { routes: [] } })
  })
})

describe('hc<typeof app> over an @hono/zod-openapi app that uses the middleware', () => {
  it('types its routes, with the middleware registered apart (the Env declared for c.var.reverse)', () => {
    const base = new OpenAPIHono<AppRoutesEnv<typeof scheme, 'getUser' | 'createUser'>>()
    base.use('*', versionMiddleware({ scheme, routes: appRoutes<'getUser' | 'createUser'>(base) }))
    const app = base
      .openapi(getUser, (c) => {
        const id = Number(c.req.valid('param').id)
        expectTypeOf(c.var.reverse).toEqualTypeOf<AppReverse<'getUser' | 'createUser'>>()
        expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
        // @ts-expect-error: no route is named "nope"
        c.var.reverse('nope')
        // @ts-expect-error: params, not kwargs
        c.var.reverse('getUser', { kwargs: { id } })
        return c.json({ id, fullName: 'Ada', self: c.var.reverse('getUser', { params: { id }, query: { expand: ['a', 'b'], draft: false } }) }, 200)
      })
      .openapi(createUser, (c) => c.json({ id: 7, fullName: c.req.valid('json').fullName, self: c.var.reverse('getUser', { params: { id: 7 } }) }, 201))
    const client = hc<typeof app>('https://api.example.com')
    expectTypeOf<InferRequestType<typeof client.users[':id']['$get']>>().toEqualTypeOf<{ param: { id: string } }>()
    expectTypeOf<InferResponseType<typeof client.users[':id']['$get'], 200>>().toEqualTypeOf<{ id: number; fullName: string; self: string }>()
    expectTypeOf<InferRequestType<typeof client.users['$post']>>().toEqualTypeOf<{ json: { fullName: string } }>()
    expectTypeOf<InferResponseType<typeof client.users['$post'], 201>>().toEqualTypeOf<{ id: number; fullName: string; self: string }>()
  })

  it('types its routes with the middleware chained ($ restores OpenAPIHono): the middleware\'s Env types c.var.reverse', () => {
    const root = new OpenAPIHono()
    const app = $(root.use('*', versionMiddleware({ scheme, routes: appRoutes<'getUser'>(root), allowedHosts: ['api.example.com'] }))).openapi(getUser, (c) => {
      const id = Number(c.req.valid('param').id)
      expectTypeOf(c.var.reverse).toEqualTypeOf<AppReverse<'getUser'>>()
      expectTypeOf(c.var.versioningScheme).toExtend<QueryParameterVersioning>()
      // @ts-expect-error: no route is named "createUser" in this app's declared names
      c.var.reverse('createUser')
      return c.json({ id, fullName: 'Ada', self: c.var.reverse('getUser', { params: { id } }) }, 200)
    })
    const client = hc<typeof app>('https://api.example.com')
    expectTypeOf<InferResponseType<typeof client.users[':id']['$get'], 200>>().toEqualTypeOf<{ id: number; fullName: string; self: string }>()
  })

  it('without routes, a chained middleware sets no c.var.reverse', () => {
    new Hono().use('*', versionMiddleware({ scheme })).get('/', (c) => {
      expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
      // @ts-expect-error: no routes, no reverse
      c.var.reverse('home')
      return c.text('ok')
    })
  })
})

describe('named() in a plain Hono chain', () => {
  it('keeps the route\'s params, its handler\'s types and hc\'s', () => {
    const app = new Hono<AppRoutesEnv>().get('/users/:id', named('user-detail'), (c) => {
      expectTypeOf(c.req.param('id')).toEqualTypeOf<string>()
      expectTypeOf(c.var.reverse).toEqualTypeOf<AppReverse<string>>()
      return c.json({ id: c.req.param('id'), self: c.var.reverse('user-detail', { params: { id: c.req.param('id') } }) })
    })
    const client = hc<typeof app>('https://api.example.com')
    expectTypeOf<InferRequestType<typeof client.users[':id']['$get']>>().toEqualTypeOf<{ param: { id: string } }>()
    expectTypeOf<InferResponseType<typeof client.users[':id']['$get']>>().toEqualTypeOf<{ id: string; self: string }>()
  })

  it('takes a name, nothing else', () => {
    expectTypeOf(named).parameter(0).toEqualTypeOf<string>()
    expectTypeOf(named('user-detail')).toExtend<MiddlewareHandler>()
  })
})
