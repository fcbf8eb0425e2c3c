/**
 * The middleware's context variables are typed: `c.var.version` everywhere
 * (ContextVariableMap), `c.var.reverse` against the table and scheme in
 * mounted handlers, chained apps and `VersioningEnv` users.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { describe, expectTypeOf, it } from 'vitest'
import { apiVersioning, mountRoutes, type VersioningEnv } from '../../src/hono/index.ts'
import { BaseVersioning, defineRoutes, include, NamespaceVersioning, route, URLPathVersioning } from '../../src/index.ts'

const routes = defineRoutes([
  include('/v1', [route('user-list', '/users'), route('user-detail', '/users/:pk{[0-9]+}')], { namespace: 'v1' }),
  route('thing', '/:version{v[12]}/things/:id'),
])
const scheme = new NamespaceVersioning({ allowedVersions: ['v1'] })
const versioning = apiVersioning({ scheme, routes })

describe('c.var.version and c.var.versioningScheme', () => {
  it('are typed on any app, through ContextVariableMap', () => {
    const app = new Hono()
    app.use('*', versioning)
    app.get('/', (c) => {
      expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
      expectTypeOf(c.get('version')).toEqualTypeOf<string | null>()
      expectTypeOf(c.var.versioningScheme).toExtend<BaseVersioning>()
      return c.text('ok')
    })
  })
})

describe('c.var.reverse', () => {
  it('is typed in handlers given to mountRoutes', () => {
    mountRoutes(new Hono(), versioning, {
      'user-list': (c) => {
        expectTypeOf(c.var.reverse('user-detail', { kwargs: { pk: 1 } })).toEqualTypeOf<string>()
        c.var.reverse('v1:user-list')
        c.var.reverse('thing', { kwargs: { version: 'v1', id: 2 }, format: 'json' })
        // @ts-expect-error: no route is named "nope"
        c.var.reverse('nope')
        // @ts-expect-error: "pk" is missing
        c.var.reverse('user-detail', { kwargs: {} })
        // @ts-expect-error: the request and version are bound
        c.var.reverse('user-list', { version: 'v2' })
        expectTypeOf(c.var.versioningScheme).toExtend<NamespaceVersioning>()
        return c.text('ok')
      },
      // @ts-expect-error: mountRoutes only takes the table's names
      'user-lists': (c) => c.text('no'),
    })
  })

  it('follows the scheme: URLPathVersioning supplies the version param', () => {
    const pathVersioning = apiVersioning({ scheme: new URLPathVersioning(), routes })
    mountRoutes(new Hono(), pathVersioning, {
      thing: (c) => {
        c.var.reverse('thing', { kwargs: { id: 2 } })
        // @ts-expect-error: "id" is still required
        c.var.reverse('thing', { kwargs: {} })
        // @ts-expect-error: names without namespace belong to NamespaceVersioning
        c.var.reverse('user-list')
        return c.text('ok')
      },
    })
  })

  it('is typed on a chained app', () => {
    new Hono().use(versioning).get('/', (c) => {
      c.var.reverse('user-detail', { kwargs: { pk: 1 } })
      // @ts-expect-error: unknown param
      c.var.reverse('user-detail', { kwargs: { pk: 1, x: 2 } })
      return c.text('ok')
    })
  })

  it('is typed through VersioningEnv, for new Hono<Env>() and createMiddleware<Env>', () => {
    type Env = VersioningEnv<typeof routes, typeof scheme>
    new Hono<Env>().get('/', (c) => {
      c.var.reverse('user-list')
      // @ts-expect-error: unknown name
      c.var.reverse('admin')
      return c.text('ok')
    })
    createMiddleware<Env>(async (c, next) => {
      expectTypeOf(c.var.version).toEqualTypeOf<string | null>()
      c.var.reverse('user-detail', { kwargs: { pk: 2 } })
      await next()
    })
  })
})
