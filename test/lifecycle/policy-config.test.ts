/**
 * `versionPolicy` configuration that would put a version where a response's
 * meaning lives (a header HTTP defines, two settings on one header), a link no
 * client can follow, or a date a `Sunset` header cannot write: each refused
 * when the policy is made, with a sentence that names the option and says
 * what to do. A portable file (Web APIs, hono and vitest only).
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'

const where = 'versionPolicy'

describe('versionPolicy refuses, when it is made', () => {
  it.each<[string, () => unknown, string]>([
    // Plain JavaScript: a clock of text never passed a sunset (the comparison read NaN), silently; a Date is no number either.
    ['a clock giving text', () => versionPolicy({ now: () => '2028-01-01' as never }), `${where}: now must be a function returning milliseconds since the epoch.`],
    ['a clock giving a Date', () => versionPolicy({ now: () => new Date() as never }), `${where}: now must be a function returning milliseconds since the epoch.`],
    // Plain JavaScript: a Map's entries are no keys, so no version had a lifecycle, silently.
    ['versions as a Map', () => versionPolicy({ versions: new Map([['v1', { sunset: '2027-06-01' }]]) as never }), `${where}: versions must be an object of lifecycles by version, such as { v1: { sunset: '2027-06-01' } } (not a Map or a list).`],
    ['echoHeader: Set-Cookie (the version would become a cookie)', () => versionPolicy({ echoHeader: 'Set-Cookie' }), `${where}: echoHeader is "Set-Cookie", a header HTTP gives a meaning of its own; choose a name of yours such as "api-version".`],
    ['echoHeader: Content-Length (the version would frame the body)', () => versionPolicy({ echoHeader: 'content-length' }), `${where}: echoHeader is "content-length", a header HTTP gives a meaning of its own`],
    ['echoHeader: Content-Type', () => versionPolicy({ echoHeader: 'Content-Type' }), `${where}: echoHeader is "Content-Type"`],
    ['echoHeader: Link (the policy sends its own)', () => versionPolicy({ echoHeader: 'Link' }), `${where}: echoHeader is "Link"`],
    ['echoHeader: Vary', () => versionPolicy({ echoHeader: 'VARY' }), `${where}: echoHeader is "VARY"`],
    ['echoHeader: Access-Control-Allow-Origin', () => versionPolicy({ echoHeader: 'Access-Control-Allow-Origin' }), `${where}: echoHeader is "Access-Control-Allow-Origin"`],
    ['reportVersions.supported: Sunset', () => versionPolicy({ reportVersions: { supported: 'Sunset' } }), `${where}: reportVersions.supported is "Sunset", a header HTTP gives a meaning of its own`],
    ['supported and deprecated on one header', () => versionPolicy({ reportVersions: { supported: 'x-versions', deprecated: 'X-Versions' } }), `${where}: reportVersions.supported and reportVersions.deprecated are both "X-Versions"; give each its own header name.`],
    ['echoHeader on a reportVersions header', () => versionPolicy({ echoHeader: 'api-supported-versions', reportVersions: true }), `${where}: echoHeader and reportVersions.supported are both "api-supported-versions"; give each its own header name.`],
    ['a javascript: sunsetLink', () => versionPolicy({ versions: { v1: { sunset: '2027-06-01', sunsetLink: 'javascript:alert(1)' } } }), `${where}: version "v1": sunsetLink must be an http or https URL such as "https://api.example.com/docs/sunset", got "javascript:alert(1)".`],
    ['a data: deprecationLink', () => versionPolicy({ versions: { v1: { deprecation: '2026-06-01', deprecationLink: 'data:text/plain,x' } } }), `${where}: version "v1": deprecationLink must be an http or https URL`],
    // Before, these were taken: the version went into a header HTTP (or a browser) acts on, and the link's password to every client.
    ['echoHeader: Refresh (a browser would reload the page every few seconds)', () => versionPolicy({ echoHeader: 'Refresh' }), `${where}: echoHeader is "Refresh", a header HTTP gives a meaning of its own; choose a name of yours such as "api-version".`],
    ['echoHeader: Authorization', () => versionPolicy({ echoHeader: 'Authorization' }), `${where}: echoHeader is "Authorization", a header HTTP gives a meaning of its own`],
    ['reportVersions.deprecated: Cross-Origin-Resource-Policy', () => versionPolicy({ reportVersions: { deprecated: 'Cross-Origin-Resource-Policy' } }), `${where}: reportVersions.deprecated is "Cross-Origin-Resource-Policy", a header HTTP gives a meaning of its own`],
    ['reportVersions with a misspelt key', () => versionPolicy({ reportVersions: { suported: 'x-supported' } as never }), `${where}: reportVersions has an unknown key "suported" (did you mean "supported"?); its keys are supported, deprecated.`],
    ['a sunsetLink with a password', () => versionPolicy({ versions: { v1: { sunset: '2027-06-01', sunsetLink: 'https://docs:s3cret@a.example/sunset' } } }), `${where}: version "v1": sunsetLink holds a user name or password (before "@"), which every response would show to every client; link to a page that needs none.`],
    ['a deprecationLink with a user name', () => versionPolicy({ versions: { v1: { deprecation: '2026-06-01', deprecationLink: 'https://ops@a.example/d' } } }), `${where}: version "v1": deprecationLink holds a user name or password (before "@")`],
    // Before, refused as if it were no date and time with an offset: "must be a Date, a date such as ...".
    ['a sunset at a leap second', () => versionPolicy({ versions: { v1: { sunset: '2016-12-31T23:59:60Z' } } }), `${where}: version "v1": sunset is a leap second (:60), which a Sunset header cannot write; give the second before it (:59) or the one after.`],
    ['a sunset after the year 9999', () => versionPolicy({ versions: { v1: { sunset: new Date(Date.UTC(10000, 0, 1)) } } }), `${where}: version "v1": sunset must fall between the years 1 and 9999, which a Sunset header can write; got the year 10000.`],
    ['a deprecation before the year 1', () => versionPolicy({ versions: { v1: { deprecation: new Date(Date.UTC(-1, 0, 1)) } } }), `${where}: version "v1": deprecation must fall between the years 1 and 9999`],
  ])('%s', (_case, make, message) => {
    expect(make).toThrow(message)
  })

  it('keeps what was valid: a name of your own, the scheme\'s own header, http and https links, years 1 to 9999', () => {
    expect(() => versionPolicy({ echoHeader: 'Api-Version', reportVersions: { supported: 'x-supported', deprecated: 'x-deprecated' } })).not.toThrow()
    expect(() => versionPolicy({ versions: { v1: { deprecation: '0001-01-01', sunset: '9999-12-31', sunsetLink: 'http://a.example/s', deprecationLink: 'HTTPS://a.example/d' } } })).not.toThrow()
  })
})

describe('a policy in the middleware', () => {
  it('no policy the middleware can be given writes a version into a header HTTP defines', async () => {
    const routes = defineRoutes([route('user-list', '/users')])
    const app = new Hono()
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }), routes, allowedHosts: ['localhost'], policy: versionPolicy({ echoHeader: 'api-version' }) })
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ ok: true }) })
    const res = await app.request('http://localhost/users')
    expect(res.headers.get('api-version')).toBe('v1')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(() => apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes, policy: versionPolicy({ echoHeader: 'Set-Cookie' }) })).toThrow(`${where}: echoHeader is "Set-Cookie"`)
  })
})

describe('reported versions fit in a response', () => {
  const routes = defineRoutes([route('user-list', '/users')])
  const versions = (n: number) => Array.from({ length: n }, (_, i) => `2020-01-01.${i}`)

  // 2,000 versions put 32,888 characters in api-supported-versions on every response: Node's fetch refuses a response
  // with over 16 KiB of headers (UND_ERR_HEADERS_OVERFLOW), so no client of that kind could read any answer.
  it('refuses, when the middleware is made, a list longer than 8,192 characters', () => {
    expect(() => apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: versions(2_000) }), routes, policy: versionPolicy({ reportVersions: true }) })).toThrow(
      new Error(`${where}: reportVersions would put 32888 characters of versions in the headers of every response (at most 8192: clients such as Node's fetch refuse a response with over 16 KiB of headers); allow fewer versions, or turn reportVersions off.`),
    )
  })

  it('takes 500 versions, and any number without reportVersions', async () => {
    const app = new Hono()
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: versions(500), defaultVersion: '2020-01-01.0' }), routes, policy: versionPolicy({ reportVersions: true }) })
    app.use('*', versioning)
    mountRoutes(app, versioning, { 'user-list': (c) => c.json({ ok: true }) })
    expect((await app.request('http://localhost/users')).headers.get('api-supported-versions')?.length).toBe(7888)
    expect(() => apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: versions(2_000) }), routes, policy: versionPolicy({ echoHeader: 'api-version' }) })).not.toThrow()
  })
})
