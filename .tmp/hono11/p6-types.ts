// Probe 6 (types, checked by tsc): c.var / c.get typing in composed apps, hc typing, validators in chains.
import { Hono } from 'hono'
import { hc } from 'hono/client'
import { createMiddleware } from 'hono/factory'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { defineRoutes, include, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware, appRoutes, named, type VersioningEnv, type AppRoutesEnv } from '../../src/hono/index.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const expectType = <T extends true>(_: T) => {}

const routes = defineRoutes([include('/:version{v[0-9]+}', [route('user-detail', '/users/:id{[0-9]+}')])])
const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
const versioning = apiVersioning({ scheme, routes })

// 1. Chained: c.var.reverse typed, c.get('version') typed.
const chained = new Hono().use(versioning).get('/x', (c) => {
  expectType<Equal<typeof c.var.version, string | null>>(true)
  const v: string | null = c.get('version')
  c.var.reverse('user-detail', { kwargs: { id: 1 } })
  // @ts-expect-error unknown route name
  c.var.reverse('nope')
  return c.json({ v })
})

// 2. In a sub-app declared with VersioningEnv
type Env = VersioningEnv<typeof routes, typeof scheme>
const sub = new Hono<Env>()
sub.use('*', versioning)
const mounted = mountRoutes(sub, versioning, {
  'user-detail': (c) => {
    const id: string = c.req.param('id')
    void id
    return c.json({ id: c.req.param('id'), v: c.var.version })
  },
})
const app = new Hono().route('/api', mounted)
const client = hc<typeof app>('https://api.example.com')
const res = client.api[':version'].users[':id'].$get({ param: { version: 'v1', id: '7' } })
type Body = Awaited<ReturnType<Awaited<typeof res>['json']>>
expectType<Equal<Body, { id: string; v: string | null }>>(true)

// 3. createMiddleware reading the version
const mw = createMiddleware<Env>(async (c, next) => {
  const v: string | null = c.var.version
  c.var.reverse('user-detail', { kwargs: { id: 1 } })
  void v
  await next()
})

// 4. versionMiddleware with appRoutes
const plain = new Hono<AppRoutesEnv<typeof scheme, 'user'>>()
plain.use('/:version/*', versionMiddleware({ scheme, routes: appRoutes<'user'>(plain) }))
plain.get('/:version/users/:id', named('user'), zValidator('query', z.object({ q: z.string() })), (c) => {
  c.var.reverse('user', { params: { version: 'v1', id: 1 } })
  // @ts-expect-error unknown name
  c.var.reverse('other')
  return c.json({ q: c.req.valid('query').q, id: c.req.param('id') })
})
export { chained, mw, client }
