/**
 * `checkTable(table)` of the schemes that read the version through the route
 * table, and the middleware's `check()` that calls it: a table none of whose
 * routes carries a version where the scheme reads it served every request the
 * default version, silently. A portable file.
 */
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, include, NamespaceVersioning, QueryParameterVersioning, route, URLPathVersioning } from '../../src/index.ts'
import { apiVersioning } from '../../src/hono/index.ts'

const path = (param: string) =>
  `URLPathVersioning: no route of the table has the path parameter "${param}" the version is read from, so every request gets the default version; put ":${param}" in the versioned routes' paths (such as "/:${param}{v[0-9]+}/users"), or set versionParam to the name they use.`
const NAMESPACE =
  "NamespaceVersioning: no route of the table is included under a namespace that names an allowed version, so every request gets the default version; include the versioned routes as include('/v1', routes, { namespace: 'v1' }), one namespace per version."
const hosts = { allowedHosts: ['api.example.com'] }

describe('URLPathVersioning', () => {
  it('says so when no route has its path parameter', () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
    expect(apiVersioning({ scheme, routes: defineRoutes([route('user-list', '/users')]), ...hosts }).check()).toEqual([path('version')])
    const other = new URLPathVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1', versionParam: 'ver' })
    expect(other.checkTable(defineRoutes([route('user-list', '/:version/users')]))).toEqual([path('ver')])
  })

  it('says nothing when one route has it, beside routes without a version', () => {
    const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] })
    expect(apiVersioning({ scheme, routes: defineRoutes([route('health', '/health'), route('user-list', '/:version{v[12]}/users')]), ...hosts }).check()).toEqual([])
    expect(scheme.checkTable(defineRoutes([]))).toEqual([])
  })
})

describe('NamespaceVersioning', () => {
  it('says so when no route is included under an allowed version', () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' })
    expect(apiVersioning({ scheme, routes: defineRoutes([route('user-list', '/users')]), ...hosts }).check()).toEqual([NAMESPACE])
    expect(scheme.checkTable(defineRoutes([include('/v3', [route('user-list', '/users')], { namespace: 'v3' })]))).toEqual([NAMESPACE])
  })

  it('says nothing when a route is, nested namespaces included', () => {
    const scheme = new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] })
    expect(scheme.checkTable(defineRoutes([include('/api', [include('/v2', [route('user-list', '/users')], { namespace: 'v2' })], { namespace: 'api' })]))).toEqual([])
  })
})

describe('QueryParameterVersioning', () => {
  it('says so when the version and the table\'s ?format= share a query parameter', () => {
    const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1', versionParam: 'format' })
    expect(apiVersioning({ scheme, routes: defineRoutes([route('user-list', '/users')]), ...hosts }).check()).toEqual([
      'QueryParameterVersioning: versionParam "format" is also the table\'s formatQueryParam, so a request\'s ?format= names both its version and its format and links carry the version as a format; give one of them another name, such as versionParam "version".',
    ])
  })

  it('says nothing when they differ, or the table has no format override', () => {
    expect(new QueryParameterVersioning({ versionParam: 'format' }).checkTable(defineRoutes([route('a', '/a')], { formatQueryParam: null }))).toEqual([])
    expect(new QueryParameterVersioning().checkTable(defineRoutes([route('a', '/a')]))).toEqual([])
  })
})

describe('other schemes', () => {
  it('have nothing to say of a table', () => {
    expect(new HeaderVersioning({ allowedVersions: ['1'] }).checkTable(defineRoutes([route('a', '/a')]))).toEqual([])
  })
})
