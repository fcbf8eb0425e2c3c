/**
 * `check()` of the schemes whose carrier cannot hold every text: a version
 * listed in `allowedVersions` that no request can name is almost always a
 * mistake, so `check()` (and the middleware's) says which and why, as it does
 * for a default outside the list. The version decided for each request is
 * unchanged. A portable file.
 */
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, HostNameVersioning, route } from '../../src/index.ts'
import { apiVersioning } from '../../src/hono/index.ts'

const header = (v: string, name = 'Api-Version') =>
  `HeaderVersioning: allowedVersions lists ${JSON.stringify(v)}, which no "${name}" header can name (its value is trimmed, split at commas, and holds no line break nor a character above U+00FF); rename the version.`
const host = (v: string) =>
  `HostNameVersioning: allowedVersions lists ${JSON.stringify(v)}, which no host name can carry (its first label is lower-case letters and digits, as URLs write host names); rename the version, such as "v2".`

describe('HeaderVersioning.check()', () => {
  it('names each allowed version no header can carry', () => {
    const scheme = new HeaderVersioning({ header: 'Accept-Version', allowedVersions: ['v1', 'v1,v2', ' v3', '', 'v4\r\n', 'v5\u0100', null], defaultVersion: 'v1' })
    expect(scheme.check()).toEqual([header('v1,v2', 'Accept-Version'), header(' v3', 'Accept-Version'), header('', 'Accept-Version'), header('v4\r\n', 'Accept-Version'), header('v5\u0100', 'Accept-Version')])
  })

  it('says nothing of versions a header carries, Latin-1 included', () => {
    expect(new HeaderVersioning({ allowedVersions: ['v1', '2026-06-01', '1.2.0', 'vé', null], defaultVersion: 'v1' }).check()).toEqual([])
  })

  it('reaches the middleware\'s check(), and leaves the decision as it was', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '1,2'], defaultVersion: '1' })
    expect(apiVersioning({ scheme, routes: defineRoutes([route('a', '/a')]), allowedHosts: ['api.example.com'] }).check()).toEqual([header('1,2')])
    expect(scheme.determineVersion(new Request('https://api.example.com/a', { headers: { 'Api-Version': '1' } }))).toBe('1')
  })
})

describe('HostNameVersioning.check()', () => {
  it('names each allowed version no host name carries', () => {
    expect(new HostNameVersioning({ allowedVersions: ['v1', 'V2', 'v-3', '1.0', null], defaultVersion: 'v1' }).check()).toEqual([host('V2'), host('v-3'), host('1.0')])
  })

  it('says nothing of lower-case letters and digits', () => {
    expect(new HostNameVersioning({ allowedVersions: ['v1', '2', 'beta'], defaultVersion: 'v1' }).check()).toEqual([])
  })
})
