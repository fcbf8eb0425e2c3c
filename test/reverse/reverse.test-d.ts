/**
 * Compile-time checking of reversal: a wrong route name or a missing or
 * unknown param is a type error. Each `@ts-expect-error` line must fail to
 * compile (tsc reports an unused directive otherwise).
 */
import { describe, expectTypeOf, it } from 'vitest'
import { createReverse, defineRoutes, include, NamespaceVersioning, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { type KwargsOf, type PathParams, type RouteName } from '../../src/routes/types.ts'
import type { ParamValue } from '../../src/routes/types.ts'
import type { RouteDefinition } from '../../src/routes/definitions.ts'
import type { RouteEntriesOf } from '../../src/routes/table.ts'

const routes = defineRoutes([
  route('home', '/'),
  route('user-detail', '/users/:pk{[0-9]+}'),
  route('search', '/search/:q?'),
  route('pattern-with-braces', '/codes/:code{[A-Z]{2,3}}'),
  route('another', '/another/'),
  route('another', '/:version{v1|v2}/another/'),
  route('versioned', '/:version{v1|v2}/things/:pk'),
  include('/v1', [route('item', '/items/:id'), include('/nested', [route('deep', '/deep/:slug')], { namespace: 'inner' })], {
    namespace: 'v1',
  }),
])

describe('path params from Hono syntax', () => {
  it('extracts required, patterned and optional params', () => {
    expectTypeOf<PathParams<'/users/:pk{[0-9]+}/posts/:slug'>>().toEqualTypeOf<{ readonly pk: ParamValue; readonly slug: ParamValue }>()
    expectTypeOf<PathParams<'/search/:q?'>>().toEqualTypeOf<{ readonly q?: ParamValue }>()
    expectTypeOf<PathParams<'/codes/:code{[A-Z]{2,3}}?'>>().toEqualTypeOf<{ readonly code?: ParamValue }>()
    expectTypeOf<PathParams<'/static/page'>>().toEqualTypeOf<{}>()
  })

  it('a pattern with "/" inside its braces takes any params (checked at run time)', () => {
    expectTypeOf<PathParams<'/files/:path{[a-z/]+}/raw'>>().toEqualTypeOf<Readonly<Record<string, ParamValue>>>()
    const files = defineRoutes([route('file', '/files/:path{[a-z/]+}/raw')])
    expectTypeOf(files.reverse('file', { kwargs: { path: 'a/b' } })).toEqualTypeOf<string>()
  })

  it('a path known only at run time takes any params', () => {
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Readonly<Record<string, ParamValue>>>()
  })
})

describe('the names of a table', () => {
  it('are namespaced through nested includes', () => {
    expectTypeOf<RouteName<RouteEntriesOf<typeof routes>>>().toEqualTypeOf<
      'home' | 'user-detail' | 'search' | 'pattern-with-braces' | 'another' | 'versioned' | 'v1:item' | 'v1:inner:deep'
    >()
  })

  it('an include without a namespace keeps the names as declared', () => {
    const plain = defineRoutes([include('/api', [route('x', '/x/:id'), include('/deeper', [route('y', '/y')])])])
    expectTypeOf<RouteName<RouteEntriesOf<typeof plain>>>().toEqualTypeOf<'x' | 'y'>()
    plain.reverse('x', { kwargs: { id: 1 } })
    // @ts-expect-error: no namespace was declared
    plain.reverse('api:x', { kwargs: { id: 1 } })
  })

  it('a table built from a list not known at compile time takes any name and params', () => {
    const list: RouteDefinition[] = [route('x', '/x/:id')]
    const dynamic = defineRoutes(list)
    expectTypeOf(dynamic.reverse('x', { kwargs: { id: 1 } })).toEqualTypeOf<string>()
    expectTypeOf(dynamic.reverse('anything')).toEqualTypeOf<string>()
  })

  it('a name declared twice takes either set of params', () => {
    type E = { readonly name: 'another'; readonly path: '/another/' } | { readonly name: 'another'; readonly path: '/:version/another/' }
    expectTypeOf<KwargsOf<E, 'another'>>().toEqualTypeOf<{} | { readonly version: ParamValue }>()
  })
})

describe('table.reverse', () => {
  it('accepts right names and params', () => {
    expectTypeOf(routes.reverse('home')).toEqualTypeOf<string>()
    routes.reverse('user-detail', { kwargs: { pk: 1 } })
    routes.reverse('user-detail', { args: [1] })
    routes.reverse('search')
    routes.reverse('search', { kwargs: { q: 'hono' } })
    routes.reverse('another')
    routes.reverse('another', { kwargs: { version: 'v1' } })
    routes.reverse('v1:item', { kwargs: { id: 'x' }, request: new Request('http://t/') })
    routes.reverse('v1:inner:deep', { kwargs: { slug: 's' }, format: 'json' })
  })

  it('rejects a wrong name', () => {
    // @ts-expect-error: no route is named "nope"
    routes.reverse('nope')
    // @ts-expect-error: the plain table needs the namespaced name
    routes.reverse('item', { kwargs: { id: 1 } })
  })

  it('rejects missing and unknown params', () => {
    // @ts-expect-error: "pk" is required, so options are too
    routes.reverse('user-detail')
    // @ts-expect-error: "pk" is missing
    routes.reverse('user-detail', { kwargs: {} })
    // @ts-expect-error: "id" is not a param of user-detail
    routes.reverse('user-detail', { kwargs: { pk: 1, id: 2 } })
    // @ts-expect-error: a param value is a string or a number
    routes.reverse('user-detail', { kwargs: { pk: true } })
    // @ts-expect-error: args and kwargs together
    routes.reverse('user-detail', { kwargs: { pk: 1 }, args: [1] })
    // The table's reverse takes a version only to skip routes that do not exist in it (versioned()).
    routes.reverse('home', { version: 'v1' })
    // @ts-expect-error: a version is a string
    routes.reverse('home', { version: 1 })
  })
})

describe('createReverse', () => {
  it('with no scheme, is the table reversal plus version and request', () => {
    const reverse = createReverse(routes)
    reverse('user-detail', { kwargs: { pk: 1 }, version: 'v1' })
    // @ts-expect-error: unknown name
    reverse('item')
  })

  it('with NamespaceVersioning, also takes names without their namespace', () => {
    const reverse = createReverse(routes, new NamespaceVersioning())
    reverse('item', { kwargs: { id: 1 }, version: 'v1' })
    reverse('deep', { kwargs: { slug: 's' }, version: 'v1:inner' })
    reverse('inner:deep', { kwargs: { slug: 's' }, version: 'v1' })
    reverse('v1:item', { kwargs: { id: 1 } })
    reverse('home')
    // @ts-expect-error: "pk" is not a param of any "item" route
    reverse('item', { kwargs: { pk: 1 } })
    // @ts-expect-error: no route ends with "nope"
    reverse('nope')
  })

  it('with URLPathVersioning, the version param is supplied by the scheme', () => {
    const reverse = createReverse(routes, new URLPathVersioning())
    reverse('versioned', { kwargs: { pk: 1 }, version: 'v1' })
    reverse('versioned', { kwargs: { pk: 1, version: 'v2' } })
    // @ts-expect-error: "pk" is still required
    reverse('versioned', { kwargs: {}, version: 'v1' })
    // @ts-expect-error: names without namespace are a NamespaceVersioning feature
    reverse('item', { kwargs: { id: 1 } })
  })

  it('with a custom versionParam, that param is the optional one', () => {
    const reverse = createReverse(routes, new URLPathVersioning({ versionParam: 'pk' }))
    reverse('versioned', { kwargs: { version: 'v1' }, version: '3' })
    // @ts-expect-error: "version" is an ordinary param here
    reverse('versioned', { kwargs: {}, version: '3' })
  })

  it('with other schemes, checks names and params as the table does', () => {
    const reverse = createReverse(routes, new QueryParameterVersioning())
    expectTypeOf(reverse('user-detail', { kwargs: { pk: 1 }, version: '2' })).toEqualTypeOf<string>()
    // @ts-expect-error: unknown param
    reverse('user-detail', { kwargs: { pk: 1, page: 2 }, version: '2' })
  })
})
