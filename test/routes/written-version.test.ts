/**
 * `writtenVersion`: a plain route that writes its version in its path
 * (`/v1/special`, a route per version) beside a versioning middleware
 * registered on a path with the version param is read as the version param
 * of that one value; `versionedPaths`: the paths of an app's routes such a
 * middleware is registered on. A portable suite: Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedPaths, writtenVersion } from '../../src/routes/written-version.ts'

describe('writtenVersion', () => {
  const versioned = ['/:version{v[0-9]+}/*']

  it('reads a literal version segment as the version param of that one value', () => {
    expect(writtenVersion('/v1/special', versioned, 'version')).toBe('/:version{v1}/special')
    expect(writtenVersion('/v2/users/:id{[0-9]+}', versioned, 'version')).toBe('/:version{v2}/users/:id{[0-9]+}')
    expect(writtenVersion('/api/1.0/x', ['/api/:version{[0-9.]+}/*'], 'version')).toBe('/api/:version{1\\.0}/x')
  })

  it('leaves a path that carries the version param, or that no middleware path covers, as it is', () => {
    expect(writtenVersion('/:version{v[12]}/users', versioned, 'version')).toBe('/:version{v[12]}/users')
    expect(writtenVersion('/:version/users', versioned, 'version')).toBe('/:version/users')
    expect(writtenVersion('/health', ['/:version{v[0-9]+}/users'], 'version')).toBe('/health')
    expect(writtenVersion('/x1/special', versioned, 'version')).toBe('/x1/special')
    expect(writtenVersion('/other/v1/x', ['/api/:version/*'], 'version')).toBe('/other/v1/x')
    expect(writtenVersion('/v1/special', [], 'version')).toBe('/v1/special')
    expect(writtenVersion('/v1/special', versioned, null)).toBe('/v1/special')
    expect(writtenVersion('/', ['/:version/*'], 'version')).toBe('/')
  })

  it('cannot say for another param in its place, or a literal no pattern writes', () => {
    expect(writtenVersion('/:lang/special', versioned, 'version')).toBeNull()
    expect(writtenVersion('/v1+2/special', ['/:version/*'], 'version')).toBeNull()
  })

  it('reads a sub-app prefix, an exact middleware path, and the first middleware path that covers the route', () => {
    expect(writtenVersion('/api/v3/report', ['/api/:version{v[0-9]+}/*'], 'version')).toBe('/api/:version{v3}/report')
    expect(writtenVersion('/v1/report', ['/:version/report'], 'version')).toBe('/:version{v1}/report')
    expect(writtenVersion('/api/v2/x', ['/:version{v[0-9]+}/*', '/api/:version{v[0-9]+}/*'], 'version')).toBe('/api/:version{v2}/x')
    expect(writtenVersion('/:tenant/v2/x', ['/acme/:version/*'], 'version')).toBe('/:tenant/:version{v2}/x')
  })
})

describe('versionedPaths', () => {
  it("finds the app's wildcard ALL entries with the version param", () => {
    const routes = [
      { method: 'ALL', path: '/:version{v[0-9]+}/*' },
      { method: 'ALL', path: '/:version{v[0-9]+}/*' },
      { method: 'ALL', path: '*' },
      { method: 'GET', path: '/:version/users' },
      { method: 'ALL', path: '/api/:versions/*' },
      { method: 'ALL', path: '/api/:version/*' },
    ]
    expect(versionedPaths(routes, 'version')).toEqual(['/:version{v[0-9]+}/*', '/api/:version/*'])
    expect(versionedPaths(routes, null)).toEqual([])
  })
})
