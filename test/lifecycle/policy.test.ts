/**
 * The version lifecycle (`versionPolicy`) and problem details
 * (`problemDetails`) through the Hono middleware. One small app per describe,
 * driven with app.request(); most describes run twice: with the middleware
 * (`app.use('*')` + `mountRoutes`) and with `mountRoutes` alone (the handlers
 * determine the version themselves).
 *
 * Expected header values are computed here from their definitions (RFC 9745
 * `Deprecation: @<seconds>`, RFC 8594 `Sunset: <IMF-fixdate>`), never taken
 * from the implementation.
 *
 * A portable file: Web APIs, hono and vitest only (no `node:*`), so it runs on
 * Node, inside workerd, on Bun and on Deno.
 */
import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import type { RouteHandlers } from '../../src/hono/mount-routes.ts'
import { problemDetails } from '../../src/lifecycle/index.ts'
import { AcceptHeaderVersioning, BaseVersioning, defineRoutes, HeaderVersioning, include, QueryParameterVersioning, route, URLPathVersioning, versioned, VersioningError } from '../../src/index.ts'
import { semver } from '../../src/formats/index.ts'
import { versionPolicy, type VersionPolicyOptions } from '../../src/lifecycle/index.ts'
import { type VersioningExtension } from '../../src/pipeline/extension.ts'
import type { ApiVersioningMiddleware } from '../../src/hono/api-versioning.ts'
import type { RouteEntry } from '../../src/routes/types.ts'
import type { RouteTable } from '../../src/routes/table.ts'
import { MOUNT_STYLES, useInStyle, type MountStyle } from '../support/mount-styles.ts'

// ---------------------------------------------------------------------------
// The lifecycle of v1, and the headers it must produce.

const DEPRECATION = '2026-06-01T00:00:00Z'
const SUNSET = '2027-06-01T00:00:00Z'
const DEPRECATION_MS = Date.UTC(2026, 5, 1)
const SUNSET_MS = Date.UTC(2027, 5, 1)
/** RFC 9745: `@` and the seconds since the epoch. */
const DEPRECATION_HEADER = `@${DEPRECATION_MS / 1000}`
/** RFC 9110 §5.6.7 IMF-fixdate, written out by hand. */
const SUNSET_HEADER = 'Tue, 01 Jun 2027 00:00:00 GMT'
const DEPRECATION_LINK = 'https://docs.example/v1-deprecation'
const SUNSET_LINK = 'https://docs.example/v1-sunset'
const DEPRECATION_LINK_VALUE = `<${DEPRECATION_LINK}>; rel="deprecation"`
const SUNSET_LINK_VALUE = `<${SUNSET_LINK}>; rel="sunset"`
const V1 = { deprecation: DEPRECATION, sunset: SUNSET, deprecationLink: DEPRECATION_LINK, sunsetLink: SUNSET_LINK }

const GONE = { detail: 'This API version has been sunset.' }
const AMBIGUOUS = { detail: 'The request carries more than one API version.' }
const QUERY_INVALID = { detail: 'Invalid version in query parameter.' }
const HEADER_INVALID = { detail: 'Invalid version in "Api-Version" header.' }
const ACCEPT_INVALID = { detail: 'Invalid version in "Accept" header.' }
const ACCEPT_UNSATISFIABLE = { detail: 'Could not satisfy the request Accept header.' }

/** Mounts `versioning` on `app` as `mode` says, then its handlers. */
function wire<T extends RouteTable<RouteEntry>, S extends BaseVersioning>(
  app: Hono,
  mode: MountStyle,
  versioning: ApiVersioningMiddleware<T, S>,
  handlers: RouteHandlers<T, S, {}>,
  at: string = '*',
): void {
  useInStyle(app, mode, versioning, at)
  mountRoutes(app, versioning, handlers)
}

const echoVersion = (c: Context): Response => c.json({ version: c.var.version })

/** The lifecycle headers of a response. */
function lifecycleOf(res: Response): { deprecation: string | null; sunset: string | null; link: string | null } {
  return { deprecation: res.headers.get('Deprecation'), sunset: res.headers.get('Sunset'), link: res.headers.get('Link') }
}

const NO_LIFECYCLE = { deprecation: null, sunset: null, link: null }
const V1_LIFECYCLE = { deprecation: DEPRECATION_HEADER, sunset: SUNSET_HEADER, link: `${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}` }

/** The message `fn` throws (fails when it does not throw). */
function thrown(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a throw')
}

// ---------------------------------------------------------------------------

describe('the expected header values themselves', () => {
  it('Deprecation is @ and the Unix seconds of 2026-06-01T00:00:00Z', () => {
    expect(DEPRECATION_HEADER).toBe('@1780272000')
    expect(Date.parse(DEPRECATION)).toBe(DEPRECATION_MS)
  })

  it('Sunset is the IMF-fixdate of 2027-06-01T00:00:00Z (a Tuesday)', () => {
    expect(new Date(SUNSET_MS).getUTCDay()).toBe(2)
    expect(SUNSET_HEADER).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    expect(Date.parse(SUNSET_HEADER)).toBe(SUNSET_MS)
  })
})

describe.each(MOUNT_STYLES)('versionPolicy on success (%s)', (mode) => {
  const routes = defineRoutes([route('items', '/items'), versioned(['v2', 'v3'], route('new-only', '/new'))])

  function appWith(options: VersionPolicyOptions): Hono {
    const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' })
    const versioning = apiVersioning({ scheme, routes, policy: versionPolicy(options) })
    const app = new Hono()
    wire(app, mode, versioning, { items: echoVersion, 'new-only': echoVersion })
    return app
  }

  const app = appWith({ versions: { v1: V1 } })

  it.each<[string, string, string, typeof V1_LIFECYCLE | typeof NO_LIFECYCLE]>([
    ['v1 (deprecated)', '?version=v1', 'v1', V1_LIFECYCLE],
    ['v2', '?version=v2', 'v2', NO_LIFECYCLE],
    ['v3', '?version=v3', 'v3', NO_LIFECYCLE],
    ['the default (v2)', '', 'v2', NO_LIFECYCLE],
  ])('%s', async (_case, query, version, lifecycle) => {
    const res = await app.request(`http://t/items${query}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ version })
    expect(lifecycleOf(res)).toEqual(lifecycle)
    // Off by default: no report headers, no echo.
    expect(res.headers.get('api-supported-versions')).toBeNull()
    expect(res.headers.get('api-deprecated-versions')).toBeNull()
    expect(res.headers.get('api-version')).toBeNull()
  })

  it('Date objects and a date-only ISO string give the same headers', async () => {
    const dated = appWith({ versions: { v1: { deprecation: new Date(DEPRECATION_MS), sunset: '2027-06-01', deprecationLink: DEPRECATION_LINK, sunsetLink: SUNSET_LINK } } })
    expect(lifecycleOf(await dated.request('http://t/items?version=v1'))).toEqual(V1_LIFECYCLE)
  })

  it('a sunset alone: Sunset without Deprecation, and the version stays supported', async () => {
    const sunsetOnly = appWith({ versions: { v1: { sunset: SUNSET } }, reportVersions: true })
    const res = await sunsetOnly.request('http://t/items?version=v1')
    expect(lifecycleOf(res)).toEqual({ deprecation: null, sunset: SUNSET_HEADER, link: null })
    expect(res.headers.get('api-supported-versions')).toBe('v1, v2, v3')
    expect(res.headers.get('api-deprecated-versions')).toBeNull()
  })

  it('only the links given are sent', async () => {
    const one = appWith({ versions: { v1: { deprecation: DEPRECATION, sunset: SUNSET, sunsetLink: SUNSET_LINK } } })
    expect(lifecycleOf(await one.request('http://t/items?version=v1'))).toEqual({ deprecation: DEPRECATION_HEADER, sunset: SUNSET_HEADER, link: SUNSET_LINK_VALUE })
  })

  it.each<[string, VersionPolicyOptions['reportVersions'], Record<string, string | null>]>([
    ['true', true, { 'api-supported-versions': 'v2, v3', 'api-deprecated-versions': 'v1' }],
    ['custom names', { supported: 'x-supported', deprecated: 'x-deprecated' }, { 'x-supported': 'v2, v3', 'x-deprecated': 'v1', 'api-supported-versions': null, 'api-deprecated-versions': null }],
    ['one custom name', { supported: 'x-supported' }, { 'x-supported': 'v2, v3', 'api-deprecated-versions': 'v1', 'api-supported-versions': null }],
    ['false', false, { 'api-supported-versions': null, 'api-deprecated-versions': null }],
  ])('reportVersions %s', async (_case, reportVersions, expected) => {
    const reporting = appWith({ versions: { v1: V1 }, reportVersions })
    for (const query of ['?version=v1', '?version=v2', '']) {
      const res = await reporting.request(`http://t/items${query}`)
      expect(res.status).toBe(200)
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${query} ${name}`).toBe(value)
    }
  })

  it('a route limited to v2 and v3 reports only its versions', async () => {
    const reporting = appWith({ versions: { v1: V1 }, reportVersions: true })
    const res = await reporting.request('http://t/new?version=v3')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ version: 'v3' })
    expect(res.headers.get('api-supported-versions')).toBe('v2, v3')
    expect(res.headers.get('api-deprecated-versions')).toBeNull()
  })

  it('the handler answers a redirect (immutable headers): the lifecycle headers are added to a copy', async () => {
    const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' })
    const table = defineRoutes([route('moved', '/moved')])
    const versioning = apiVersioning({ scheme, routes: table, policy: versionPolicy({ versions: { v1: V1 }, reportVersions: true }) })
    const redirecting = new Hono()
    wire(redirecting, mode, versioning, { moved: () => Response.redirect('https://x.example/elsewhere', 302) })
    const res = await redirecting.request('http://t/moved?version=v1')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('https://x.example/elsewhere')
    expect(lifecycleOf(res)).toEqual(V1_LIFECYCLE)
    expect(res.headers.get('api-supported-versions')).toBe('v2, v3')
  })
})

describe.each(MOUNT_STYLES)('echoHeader with semver() (%s)', (mode) => {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['1.0.0', '1.2.0', '2.0.0'], defaultVersion: '2.0.0', versionFormat: semver() })
  const routes = defineRoutes([route('items', '/items')])
  const versioning = apiVersioning({
    scheme,
    routes,
    policy: versionPolicy({ versions: { '1.2.0': { deprecation: DEPRECATION } }, echoHeader: 'api-version', reportVersions: true }),
  })
  const app = new Hono()
  wire(app, mode, versioning, { items: echoVersion })

  it.each<[string, string, number, string | null, string | null]>([
    ['1.x', '?version=1.x', 200, '1.2.0', DEPRECATION_HEADER],
    ['^1', '?version=%5E1', 200, '1.2.0', DEPRECATION_HEADER],
    ['2', '?version=2', 200, '2.0.0', null],
    ['1.0.0 (exact)', '?version=1.0.0', 200, '1.0.0', null],
    ['none (the default)', '', 200, '2.0.0', null],
    ['3.x (none released)', '?version=3.x', 404, null, null],
  ])('?version=%s', async (_case, query, status, echoed, deprecation) => {
    const res = await app.request(`http://t/items${query}`)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual(status === 200 ? { version: echoed } : QUERY_INVALID)
    expect(res.headers.get('api-version')).toBe(echoed)
    expect(res.headers.get('Deprecation')).toBe(deprecation)
    expect(res.headers.get('api-supported-versions')).toBe('1.0.0, 2.0.0')
    expect(res.headers.get('api-deprecated-versions')).toBe('1.2.0')
  })
})

describe.each(MOUNT_STYLES)('never overwrite what the handler set (%s)', (mode) => {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' })
  const routes = defineRoutes([route('own', '/own'), route('link', '/link/:case')])
  const versioning = apiVersioning({
    scheme,
    routes,
    policy: versionPolicy({ versions: { v1: V1 }, reportVersions: true, echoHeader: 'api-version' }),
  })
  /** The Link each /link/:case handler sets. */
  const LINKS: Record<string, string> = {
    next: '<https://x.example/page2>; rel="next"',
    deprecation: '<https://x.example/old>; rel="deprecation"',
    'deprecation-unquoted': '<https://x.example/old>; rel=deprecation',
    'deprecation-upper': '<https://x.example/old>; REL="Deprecation"',
    both: '<https://x.example/old>; rel="deprecation", <https://x.example/gone>; rel="sunset"',
    'rel list': '<https://x.example/old>; rel="alternate deprecation"',
    'rel in the URL': '<https://x.example/search?rel=deprecation>; rel="next"',
    'rel in the URL, quoted': '<https://x.example/search?q=rel="sunset">; rel="next"',
    'rel in a quoted title': '<https://x.example/a>; title="see; rel=deprecation"; rel="next"',
  }
  const app = new Hono()
  wire(app, mode, versioning, {
    own: (c) => {
      c.header('Deprecation', '@1')
      c.header('Sunset', 'Wed, 01 Jan 2031 00:00:00 GMT')
      c.header('api-supported-versions', 'mine')
      c.header('api-deprecated-versions', 'mine too')
      c.header('api-version', 'handler')
      return c.json({ version: c.var.version })
    },
    link: (c) => {
      c.header('Link', LINKS[c.req.param('case') ?? ''] ?? '')
      return c.json({ version: c.var.version })
    },
  })

  it('Deprecation, Sunset, the report headers and the echo keep the handler values', async () => {
    const res = await app.request('http://t/own?version=v1')
    expect(res.status).toBe(200)
    expect(res.headers.get('Deprecation')).toBe('@1')
    expect(res.headers.get('Sunset')).toBe('Wed, 01 Jan 2031 00:00:00 GMT')
    expect(res.headers.get('api-supported-versions')).toBe('mine')
    expect(res.headers.get('api-deprecated-versions')).toBe('mine too')
    expect(res.headers.get('api-version')).toBe('handler')
    // The handler set no Link: ours are added.
    expect(res.headers.get('Link')).toBe(`${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}`)
  })

  it.each<[string, string]>([
    ['next', `${LINKS['next']}, ${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}`],
    ['deprecation', `${LINKS['deprecation']}, ${SUNSET_LINK_VALUE}`],
    ['deprecation-unquoted', `${LINKS['deprecation-unquoted']}, ${SUNSET_LINK_VALUE}`],
    ['deprecation-upper', `${LINKS['deprecation-upper']}, ${SUNSET_LINK_VALUE}`],
    ['both', `${LINKS['both']}`],
    // RFC 8288 §3.3: rel is a space-separated list of relation types.
    ['rel list', `${LINKS['rel list']}, ${SUNSET_LINK_VALUE}`],
    // Text inside the target URL is not a rel parameter.
    ['rel in the URL', `${LINKS['rel in the URL']}, ${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}`],
    ['rel in the URL, quoted', `${LINKS['rel in the URL, quoted']}, ${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}`],
    // Nor is text inside another parameter's quoted value.
    ['rel in a quoted title', `${LINKS['rel in a quoted title']}, ${DEPRECATION_LINK_VALUE}, ${SUNSET_LINK_VALUE}`],
  ])('a handler Link (%s) keeps its entries; ours are appended once, unless it has that rel', async (name, expected) => {
    const res = await app.request(`http://t/link/${encodeURIComponent(name)}?version=v1`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Link')).toBe(expected)
  })

  it('v2 (no lifecycle): the handler Link is left alone', async () => {
    const res = await app.request('http://t/link/next?version=v2')
    expect(res.headers.get('Link')).toBe(LINKS['next'])
    expect(res.headers.get('api-version')).toBe('v2')
  })
})

describe.each(MOUNT_STYLES)('error responses carry the report headers and Vary, no lifecycle headers (%s)', (mode) => {
  const policy = (): VersioningExtension => versionPolicy({ versions: { v1: V1 }, reportVersions: true, echoHeader: 'api-version' })

  const headerRoutes = defineRoutes([route('items', '/items'), versioned(['v2', 'v3'], route('new-only', '/new'))])
  const headerVersioning = apiVersioning({
    scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' }),
    routes: headerRoutes,
    policy: policy(),
  })
  const headerApp = new Hono()
  wire(headerApp, mode, headerVersioning, { items: echoVersion, 'new-only': echoVersion })

  it.each<[string, string, string | null, number, unknown, string, string | null, boolean]>([
    ['v1', '/items', 'v1', 200, { version: 'v1' }, 'v2, v3', 'v1', true],
    ['v1 repeated', '/items', 'v1, v1', 200, { version: 'v1' }, 'v2, v3', 'v1', true],
    ['no header (v2)', '/items', null, 200, { version: 'v2' }, 'v2, v3', 'v1', false],
    ['not allowed', '/items', 'v9', 404, HEADER_INVALID, 'v2, v3', 'v1', false],
    ['ambiguous (v1, v2)', '/items', 'v1, v2', 400, AMBIGUOUS, 'v2, v3', 'v1', false],
    ['ambiguous (1, 2)', '/items', '1, 2', 400, AMBIGUOUS, 'v2, v3', 'v1', false],
    ['limited route, v3', '/new', 'v3', 200, { version: 'v3' }, 'v2, v3', null, false],
    ['limited route, v1 (not one of its versions)', '/new', 'v1', 404, HEADER_INVALID, 'v2, v3', null, false],
    ['limited route, not allowed', '/new', 'v9', 404, HEADER_INVALID, 'v2, v3', null, false],
    ['limited route, ambiguous', '/new', 'v2, v3', 400, AMBIGUOUS, 'v2, v3', null, false],
  ])('HeaderVersioning: %s', async (_case, path, header, status, body, supported, deprecated, lifecycle) => {
    const res = await headerApp.request(`http://t${path}`, { headers: header === null ? {} : { 'Api-Version': header } })
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(await res.json()).toEqual(body)
    expect(res.headers.get('Vary')).toBe('Api-Version')
    expect(res.headers.get('api-supported-versions')).toBe(supported)
    expect(res.headers.get('api-deprecated-versions')).toBe(deprecated)
    expect(lifecycleOf(res)).toEqual(lifecycle ? V1_LIFECYCLE : NO_LIFECYCLE)
    expect(res.headers.get('api-version')).toBe(status === 200 ? (body as { version: string }).version : null)
  })

  const acceptVersioning = apiVersioning({
    scheme: new AcceptHeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' }),
    routes: defineRoutes([route('items', '/items')]),
    policy: policy(),
  })
  const acceptApp = new Hono()
  wire(acceptApp, mode, acceptVersioning, { items: echoVersion })

  it.each<[string, string, number, unknown, boolean]>([
    ['v1', 'application/json; version=v1', 200, { version: 'v1' }, true],
    ['not allowed', 'application/json; version=v9', 406, ACCEPT_INVALID, false],
    ['no acceptable media type', 'text/html', 406, ACCEPT_UNSATISFIABLE, false],
  ])('AcceptHeaderVersioning: %s', async (_case, accept, status, body, lifecycle) => {
    const res = await acceptApp.request('http://t/items', { headers: { Accept: accept } })
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual(body)
    expect(res.headers.get('Vary')).toBe('Accept')
    expect(res.headers.get('api-supported-versions')).toBe('v2, v3')
    expect(res.headers.get('api-deprecated-versions')).toBe('v1')
    expect(lifecycleOf(res)).toEqual(lifecycle ? V1_LIFECYCLE : NO_LIFECYCLE)
    expect(res.headers.get('api-version')).toBe(status === 200 ? 'v1' : null)
  })

  it('QueryParameterVersioning: 404 with the report headers, no Vary', async () => {
    const versioning = apiVersioning({
      scheme: new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' }),
      routes: defineRoutes([route('items', '/items')]),
      policy: policy(),
    })
    const app = new Hono()
    wire(app, mode, versioning, { items: echoVersion })
    const res = await app.request('http://t/items?version=v9')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(QUERY_INVALID)
    expect(res.headers.get('Vary')).toBeNull()
    expect(res.headers.get('api-supported-versions')).toBe('v2, v3')
    expect(res.headers.get('api-deprecated-versions')).toBe('v1')
    expect(lifecycleOf(res)).toEqual(NO_LIFECYCLE)
  })
})

describe.each(MOUNT_STYLES)('refuseAfterSunset (%s)', (mode) => {
  function appAt(now: number, refuseAfterSunset: boolean | undefined): Hono {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3'], defaultVersion: 'v2' }),
      routes: defineRoutes([route('items', '/items')]),
      policy: versionPolicy({ versions: { v1: V1 }, reportVersions: true, now: () => now, ...(refuseAfterSunset === undefined ? {} : { refuseAfterSunset }) }),
    })
    const app = new Hono()
    wire(app, mode, versioning, { items: echoVersion })
    return app
  }

  it.each<[string, boolean | undefined, number, string, number]>([
    // README: "a 410 Gone from a version's sunset instant on": the instant itself is refused.
    ['v1 at its sunset instant', true, SUNSET_MS, 'v1', 410],
    ['v1 after its sunset', true, SUNSET_MS + 1, 'v1', 410],
    ['v1 a year after its sunset', true, SUNSET_MS + 365 * 86_400_000, 'v1', 410],
    ['v1 just before its sunset', true, SUNSET_MS - 1, 'v1', 200],
    ['v1 after its deprecation, before its sunset', true, DEPRECATION_MS + 1, 'v1', 200],
    ['v2 after the sunset of v1', true, SUNSET_MS + 1, 'v2', 200],
    ['v1 after its sunset, refuseAfterSunset: false', false, SUNSET_MS + 1, 'v1', 200],
    ['v1 after its sunset, refuseAfterSunset unset', undefined, SUNSET_MS + 1, 'v1', 200],
  ])('%s', async (_case, refuse, now, version, status) => {
    const res = await appAt(now, refuse).request('http://t/items', { headers: { 'Api-Version': version } })
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(await res.json()).toEqual(status === 410 ? GONE : { version })
    expect(res.headers.get('Vary')).toBe('Api-Version')
    expect(res.headers.get('api-supported-versions')).toBe('v2, v3')
    // Refused from its sunset on, v1 serves nothing: it is listed in neither header (docs/lifecycle.md).
    expect(res.headers.get('api-deprecated-versions')).toBe(refuse === true && now >= SUNSET_MS ? null : 'v1')
    // The 410 tells when and why: the lifecycle headers of the version refused.
    expect(lifecycleOf(res)).toEqual(version === 'v1' ? V1_LIFECYCLE : NO_LIFECYCLE)
  })
})

// Before, check(app) said nothing: from the default version's sunset on, every request naming no version was a 410.
describe('check(app) names a default version the policy refuses after its sunset', () => {
  const sentence =
    'versionPolicy: the default version "v1" is past its sunset, which the policy refuses (refuseAfterSunset): every request that names no version is answered 410 Gone, and no client is pinned to a version it could use; make a version still served the scheme\'s defaultVersion.'
  it.each<[string, number, boolean, string, readonly string[]]>([
    ['past the sunset', SUNSET_MS, true, 'v1', [sentence]],
    ['before the sunset', SUNSET_MS - 1, true, 'v1', []],
    ['without refuseAfterSunset', SUNSET_MS, false, 'v1', []],
    ['another default', SUNSET_MS, true, 'v2', []],
  ])('%s', async (_, now, refuseAfterSunset, defaultVersion, said) => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion }),
      routes: defineRoutes([route('items', '/items')]),
      policy: versionPolicy({ versions: { v1: V1 }, now: () => now, refuseAfterSunset }),
      origin: 'http://t',
    })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { items: echoVersion })
    expect(versioning.check(app)).toEqual(said)
    if (said.length > 0) expect((await app.request('http://t/items')).status).toBe(410)
  })
})

describe('construction errors', () => {
  const scheme = new QueryParameterVersioning({ allowedVersions: ['v1', 'v2', 'v3'] })
  const routes = defineRoutes([route('items', '/items')])
  const where = 'versionPolicy: version "v1"'

  it.each<[string, () => unknown, string]>([
    [
      'sunset earlier than deprecation',
      () => versionPolicy({ versions: { v1: { deprecation: DEPRECATION, sunset: '2026-01-01T00:00:00Z' } } }),
      `${where}: its sunset (2026-01-01T00:00:00.000Z) is earlier than its deprecation (2026-06-01T00:00:00.000Z); a version is deprecated first.`,
    ],
    [
      'an unknown option',
      () => versionPolicy({ versions: {}, sunset: SUNSET } as VersionPolicyOptions),
      'versionPolicy: unknown option "sunset"; the options are versions, reportVersions, echoHeader, refuseAfterSunset, now.',
    ],
    [
      'an unknown lifecycle key',
      () => versionPolicy({ versions: { v1: { deprecated: DEPRECATION } as never } }),
      `${where} has an unknown key "deprecated" (did you mean "deprecation"?); its keys are deprecation, sunset, deprecationLink, sunsetLink.`,
    ],
    [
      "a bad date string ('June 1st')",
      () => versionPolicy({ versions: { v1: { deprecation: 'June 1st' } } }),
      `${where}: deprecation must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".`,
    ],
    [
      'a date that does not exist (2026-13-45)',
      () => versionPolicy({ versions: { v1: { sunset: '2026-13-45' } } }),
      `${where}: sunset must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".`,
    ],
    [
      'an invalid Date',
      () => versionPolicy({ versions: { v1: { deprecation: new Date('nope') } } }),
      `${where}: deprecation must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".`,
    ],
    [
      'a number as a date',
      () => versionPolicy({ versions: { v1: { sunset: SUNSET_MS as unknown as string } } }),
      `${where}: sunset must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".`,
    ],
    [
      'a relative link',
      () => versionPolicy({ versions: { v1: { sunset: SUNSET, sunsetLink: '/docs/v1' } } }),
      `${where}: sunsetLink must be an absolute URL such as "https://api.example.com/docs/deprecation".`,
    ],
    [
      'a link with a space',
      () => versionPolicy({ versions: { v1: { deprecation: DEPRECATION, deprecationLink: 'https://docs.example/a b' } } }),
      `${where}: deprecationLink must be an absolute URL such as "https://api.example.com/docs/deprecation".`,
    ],
    [
      'a link with ">" (would end the Link target)',
      () => versionPolicy({ versions: { v1: { deprecation: DEPRECATION, deprecationLink: 'https://docs.example/a>; rel="next' } } }),
      `${where}: deprecationLink must be an absolute URL such as "https://api.example.com/docs/deprecation".`,
    ],
    [
      'a link with CRLF (header injection)',
      () => versionPolicy({ versions: { v1: { sunset: SUNSET, sunsetLink: 'https://docs.example/\r\nSet-Cookie: a=b' } } }),
      `${where}: sunsetLink must be an absolute URL such as "https://api.example.com/docs/deprecation".`,
    ],
    [
      'deprecationLink without deprecation',
      () => versionPolicy({ versions: { v1: { sunset: SUNSET, deprecationLink: DEPRECATION_LINK } } }),
      `${where}: deprecationLink needs a deprecation date.`,
    ],
    [
      'echoHeader with a bad header name',
      () => versionPolicy({ echoHeader: 'api version' }),
      'versionPolicy: echoHeader must be a header name such as "api-version", or null.',
    ],
    [
      'echoHeader with CRLF',
      () => versionPolicy({ echoHeader: 'x\r\nSet-Cookie' }),
      'versionPolicy: echoHeader must be a header name such as "api-version", or null.',
    ],
    [
      'reportVersions with a bad header name',
      () => versionPolicy({ reportVersions: { supported: 'x supported' } }),
      'versionPolicy: reportVersions names must be header names such as "api-supported-versions".',
    ],
    [
      'reportVersions with a scheme without allowedVersions',
      () => apiVersioning({ scheme: new QueryParameterVersioning(), routes, policy: versionPolicy({ reportVersions: true }) }),
      "versionPolicy: reportVersions and echoHeader need the scheme's allowedVersions, so headers carry only versions you listed, never a client's text.",
    ],
    [
      'echoHeader with a scheme without allowedVersions',
      () => apiVersioning({ scheme: new HeaderVersioning({ defaultVersion: 'v1' }), routes, policy: versionPolicy({ echoHeader: 'api-version' }) }),
      "versionPolicy: reportVersions and echoHeader need the scheme's allowedVersions, so headers carry only versions you listed, never a client's text.",
    ],
    [
      'a lifecycle for a version the scheme does not allow',
      () => apiVersioning({ scheme, routes, policy: versionPolicy({ versions: { v9: { sunset: SUNSET } } }) }),
      'versionPolicy: versions has a lifecycle for "v9", which the scheme does not allow; allowed: v1, v2, v3.',
    ],
    [
      'a lifecycle for a range (1.x), not a released version',
      () =>
        apiVersioning({
          scheme: new QueryParameterVersioning({ allowedVersions: ['1.0.0', '1.2.0'], versionFormat: semver() }),
          routes,
          policy: versionPolicy({ versions: { '1.x': { sunset: SUNSET } } }),
        }),
      'versionPolicy: versions has a lifecycle for "1.x", which the scheme does not allow; allowed: 1.0.0, 1.2.0.',
    ],
    [
      'policy: {} (not from versionPolicy)',
      () => apiVersioning({ scheme, routes, policy: {} as VersioningExtension }),
      'apiVersioning: policy must come from versionPolicy({...}).',
    ],
  ])('%s', (_case, build, message) => {
    expect(thrown(build)).toBe(message)
  })

  it('a sunset equal to its deprecation is accepted (only an earlier one throws), deprecated and gone at that instant', async () => {
    const same = { deprecation: SUNSET, sunset: SUNSET }
    const at = (now: number): Hono => {
      const versioning = apiVersioning({ scheme, routes, policy: versionPolicy({ versions: { v1: same }, reportVersions: true, refuseAfterSunset: true, now: () => now }) })
      const app = new Hono()
      wire(app, 'app.use + mountRoutes', versioning, { items: echoVersion })
      return app
    }
    const before = await at(SUNSET_MS - 1).request('http://t/items?version=v1')
    expect(before.status).toBe(200)
    expect(lifecycleOf(before)).toEqual({ deprecation: `@${SUNSET_MS / 1000}`, sunset: SUNSET_HEADER, link: null })
    expect(before.headers.get('api-deprecated-versions')).toBe('v1')
    const then = await at(SUNSET_MS).request('http://t/items?version=v1')
    expect(then.status).toBe(410)
    expect(await then.json()).toEqual(GONE)
    expect(lifecycleOf(then)).toEqual({ deprecation: `@${SUNSET_MS / 1000}`, sunset: SUNSET_HEADER, link: null })
    // One millisecond earlier than the deprecation is refused.
    expect(thrown(() => versionPolicy({ versions: { v1: { deprecation: SUNSET, sunset: new Date(SUNSET_MS - 1) } } }))).toBe(
      `${where}: its sunset (2027-05-31T23:59:59.999Z) is earlier than its deprecation (2027-06-01T00:00:00.000Z); a version is deprecated first.`,
    )
  })

  it('a version refused after its sunset is reported in neither list from that instant on, and again before it (a clock set back)', async () => {
    let clock = SUNSET_MS - 1
    const versioning = apiVersioning({
      scheme,
      routes,
      policy: versionPolicy({ versions: { v1: { deprecation: '2027-01-01', sunset: SUNSET } }, reportVersions: true, refuseAfterSunset: true, now: () => clock }),
    })
    const app = new Hono()
    wire(app, 'app.use + mountRoutes', versioning, { items: echoVersion })
    const lists = (res: Response) => [res.status, res.headers.get('api-supported-versions'), res.headers.get('api-deprecated-versions')]
    expect(lists(await app.request('http://t/items?version=v2'))).toEqual([200, 'v2, v3', 'v1'])
    clock = SUNSET_MS
    expect(lists(await app.request('http://t/items?version=v2'))).toEqual([200, 'v2, v3', null])
    expect(lists(await app.request('http://t/items?version=v1'))).toEqual([410, 'v2, v3', null])
    clock = SUNSET_MS - 1
    expect(lists(await app.request('http://t/items?version=v1'))).toEqual([200, 'v2, v3', 'v1'])
  })

  it('without refuseAfterSunset, a version past its sunset is still served and still listed as deprecated', async () => {
    const versioning = apiVersioning({
      scheme,
      routes,
      policy: versionPolicy({ versions: { v1: { deprecation: '2027-01-01', sunset: SUNSET } }, reportVersions: true, now: () => SUNSET_MS + 1 }),
    })
    const app = new Hono()
    wire(app, 'app.use + mountRoutes', versioning, { items: echoVersion })
    const res = await app.request('http://t/items?version=v1')
    expect([res.status, res.headers.get('api-supported-versions'), res.headers.get('api-deprecated-versions')]).toEqual([200, 'v2, v3', 'v1'])
  })

  it('a valid policy on a scheme with allowedVersions constructs', () => {
    expect(() => apiVersioning({ scheme, routes, policy: versionPolicy({ versions: { v1: V1 }, reportVersions: true, echoHeader: 'api-version', refuseAfterSunset: true }) })).not.toThrow()
  })
})

describe('problemDetails()', () => {
  const now = SUNSET_MS + 1
  const items = [route('item-list', '/items')] as const

  function appWith(errorResponse: ReturnType<typeof problemDetails>): Hono {
    const options = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }
    const sections = {
      path: apiVersioning({
        scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
        routes: defineRoutes([include('/path/:version', items)]),
        errorResponse,
      }),
      accept: apiVersioning({ scheme: new AcceptHeaderVersioning(options), routes: defineRoutes([include('/accept', items)]), errorResponse }),
      header: apiVersioning({ scheme: new HeaderVersioning(options), routes: defineRoutes([include('/header', items)]), errorResponse }),
      query: apiVersioning({
        scheme: new QueryParameterVersioning(options),
        routes: defineRoutes([include('/query', items)]),
        errorResponse,
        policy: versionPolicy({ versions: { v1: V1 }, refuseAfterSunset: true, reportVersions: true, now: () => now }),
      }),
    }
    const app = new Hono()
    wire(app, 'app.use + mountRoutes', sections.path, { 'item-list': echoVersion }, '/path/*')
    wire(app, 'app.use + mountRoutes', sections.accept, { 'item-list': echoVersion }, '/accept/*')
    wire(app, 'app.use + mountRoutes', sections.header, { 'item-list': echoVersion }, '/header/*')
    wire(app, 'app.use + mountRoutes', sections.query, { 'item-list': echoVersion }, '/query/*')
    return app
  }

  const plain = appWith(problemDetails())
  const typed = appWith(problemDetails({ typeBase: 'https://errors.example.com/' }))

  it.each<[string, string, Record<string, string>, number, string, string, string, string, string]>([
    ['URL path, not allowed', '/path/v9/items', {}, 404, 'Not Found', 'Invalid version in URL path.', 'UnsupportedApiVersion', 'unsupported-api-version', 'Unsupported API version'],
    ['query, not allowed', '/query/items?version=v9', {}, 404, 'Not Found', 'Invalid version in query parameter.', 'UnsupportedApiVersion', 'unsupported-api-version', 'Unsupported API version'],
    ['header, not allowed', '/header/items', { 'Api-Version': 'v9' }, 404, 'Not Found', 'Invalid version in "Api-Version" header.', 'UnsupportedApiVersion', 'unsupported-api-version', 'Unsupported API version'],
    ['Accept, not allowed', '/accept/items', { Accept: 'application/json; version=v9' }, 406, 'Not Acceptable', 'Invalid version in "Accept" header.', 'UnsupportedApiVersion', 'unsupported-api-version', 'Unsupported API version'],
    ['Accept, no acceptable media type', '/accept/items', { Accept: 'text/html' }, 406, 'Not Acceptable', 'Could not satisfy the request Accept header.', 'NotAcceptableMediaType', 'not-acceptable-media-type', 'Not acceptable media type'],
    ['header, ambiguous', '/header/items', { 'Api-Version': 'v1, v2' }, 400, 'Bad Request', 'The request carries more than one API version.', 'AmbiguousApiVersion', 'ambiguous-api-version', 'Ambiguous API version'],
    ['query, sunset', '/query/items?version=v1', {}, 410, 'Gone', 'This API version has been sunset.', 'ApiVersionSunset', 'api-version-sunset', 'API version sunset'],
  ])('%s', async (_case, path, headers, status, title, detail, code, slug, typedTitle) => {
    const res = await plain.request(`http://t${path}`, { headers })
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toBe('application/problem+json')
    // Exactly these members, in this order.
    expect(await res.text()).toBe(JSON.stringify({ type: 'about:blank', title, status, detail, code }))

    const typedRes = await typed.request(`http://t${path}`, { headers })
    expect(typedRes.status).toBe(status)
    expect(typedRes.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await typedRes.json()).toStrictEqual({ type: `https://errors.example.com/${slug}`, title: typedTitle, status, detail, code })
  })

  it('the default body, written out', async () => {
    const res = await plain.request('http://t/path/v9/items')
    expect(res.status).toBe(404)
    expect(await res.json()).toStrictEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Invalid version in URL path.', code: 'UnsupportedApiVersion' })
  })

  it('the policy headers are on problem responses too; success stays application/json', async () => {
    const gone = await plain.request('http://t/query/items?version=v1')
    expect(gone.status).toBe(410)
    expect(gone.headers.get('api-supported-versions')).toBe('v2')
    // Refused after its sunset, v1 is listed in neither header.
    expect(gone.headers.get('api-deprecated-versions')).toBeNull()
    expect(lifecycleOf(gone)).toEqual(V1_LIFECYCLE)
    const ok = await plain.request('http://t/query/items?version=v2')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('Content-Type')).toBe('application/json')
    expect(await ok.json()).toEqual({ version: 'v2' })
  })

  it.each<[string, unknown]>([
    ['a host without a scheme', 'errors.example.com'],
    ['a relative path', '/errors/'],
    ['empty', ''],
    ['a number', 42],
  ])('a bad typeBase (%s) is a construction error', (_case, typeBase) => {
    expect(thrown(() => problemDetails({ typeBase: typeBase as string }))).toBe('problemDetails: typeBase must be an absolute URI ending in "/" or "#", such as "https://errors.example.com/".')
  })

  it.each<[string, string, Record<string, string>, number, readonly string[]]>([
    // (No encoded slash: %2F is a slash, as Django decodes a path, and the path would match no route.)
    ['<script> in the URL path', '/path/%3Cscript%3Ealert(1)%3C%5Cscript%3E/items', {}, 404, ['<script', 'script', 'alert(1)', '%3C']],
    ['<script> in the query', '/query/items?version=<script>alert(1)</script>', {}, 404, ['<script', 'script', 'alert(1)', '%3C']],
    ['CRLF in the query', '/query/items?version=v1%0D%0ASet-Cookie:%20a=b%0D%0AX-Injected:%201', {}, 404, ['Set-Cookie', 'a=b', 'X-Injected', '\r', '\n']],
    ['CRLF in the path', '/path/v1%0D%0AX-Injected:%201/items', {}, 404, ['X-Injected', '\r', '\n']],
    ['<script> in the header', '/header/items', { 'Api-Version': '<script>alert(1)</script>' }, 404, ['<script', 'script', 'alert(1)']],
    ['encoded CRLF in the header', '/header/items', { 'Api-Version': 'v1%0D%0AX-Injected: 1' }, 404, ['X-Injected', '%0D']],
    ['<script> in the Accept version', '/accept/items', { Accept: 'application/json; version="<script>alert(1)</script>"' }, 406, ['<script', 'script', 'alert(1)']],
    ['<script> as the Accept media type', '/accept/items', { Accept: '<script>/alert(1)' }, 406, ['<script', 'script', 'alert(1)']],
  ])('the body never carries client text: %s', async (_case, path, headers, status, markers) => {
    for (const app of [plain, typed]) {
      const res = await app.request(`http://t${path}`, { headers })
      expect(res.status).toBe(status)
      expect(res.headers.get('Content-Type')).toBe('application/problem+json')
      const body = await res.text()
      const parsed = JSON.parse(body) as Record<string, unknown>
      expect(Object.keys(parsed)).toEqual(['type', 'title', 'status', 'detail', 'code'])
      for (const marker of markers) {
        expect(body).not.toContain(marker)
        res.headers.forEach((value, name) => expect(value, name).not.toContain(marker))
      }
      expect(res.headers.get('Set-Cookie')).toBeNull()
      expect(res.headers.get('X-Injected')).toBeNull()
    }
  })
})

// ---------------------------------------------------------------------------
// Hostile input for the new features.

/** The UTF-8 bytes of `text`, one character per byte: what a server reads from a raw header. */
function latin1(text: string): string {
  return String.fromCharCode(...new TextEncoder().encode(text))
}

const STATUSES = [200, 400, 404, 406, 410]

describe.each(MOUNT_STYLES)('hostile input never throws and never reflects (%s)', (mode) => {
  const released = ['1.0.0', '1.2.0', '2.0.0']
  const vendorVersions = ['v1', 'v2', 'v3']
  const items = [route('item-list', '/items')] as const
  const policy = (deprecated: string): VersioningExtension =>
    versionPolicy({
      versions: { [deprecated]: { deprecation: DEPRECATION, sunset: SUNSET, sunsetLink: SUNSET_LINK } },
      reportVersions: true,
      echoHeader: 'api-version',
      refuseAfterSunset: true,
      now: () => SUNSET_MS + 1,
    })

  function appWith(errorResponse: ReturnType<typeof problemDetails> | undefined): Hono {
    const extra = errorResponse === undefined ? {} : { errorResponse }
    const header = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: released, defaultVersion: '2.0.0', versionFormat: semver() }),
      routes: defineRoutes([include('/h', items)]),
      policy: policy('1.0.0'),
      ...extra,
    })
    const query = apiVersioning({
      scheme: new QueryParameterVersioning({ allowedVersions: released, defaultVersion: '2.0.0', versionFormat: semver() }),
      routes: defineRoutes([include('/q', items)]),
      policy: policy('1.0.0'),
      ...extra,
    })
    const accept = apiVersioning({
      scheme: new AcceptHeaderVersioning({ allowedVersions: vendorVersions, defaultVersion: 'v2', vendorMediaType: 'application/vnd.acme.{version}+json' }),
      routes: defineRoutes([include('/a', items)]),
      policy: policy('v1'),
      ...extra,
    })
    const app = new Hono()
    wire(app, mode, header, { 'item-list': echoVersion }, '/h/*')
    wire(app, mode, query, { 'item-list': echoVersion }, '/q/*')
    wire(app, mode, accept, { 'item-list': echoVersion }, '/a/*')
    return app
  }

  const apps = { detail: appWith(undefined), 'problem details': appWith(problemDetails({ typeBase: 'https://errors.example.com/' })) }

  const hundredKB = 100 * 1024
  const manyRanges = (count: number, range: (i: number) => string): string => Array.from({ length: count }, (_, i) => range(i)).join(', ')

  // [name, path, headers, status (null: any of 200/400/404/406/410), text that must not come back]
  it.each<[string, string, Record<string, string>, number | null, readonly string[]]>([
    // Very long Api-Version headers.
    ['100 KB of digits', '/h/items', { 'Api-Version': '1'.repeat(hundredKB) }, 404, ['1'.repeat(32)]],
    ['100 KB of <script>', '/h/items', { 'Api-Version': '<script>'.repeat(hundredKB / 8) }, 404, ['<script', 'script']],
    ['100 KB: 1.x after 100 KB of spaces inside', '/h/items', { 'Api-Version': `1${' '.repeat(hundredKB)}.x` }, 404, ['    ']],
    ['100 KB of the same range, comma-joined', '/h/items', { 'Api-Version': '1.x,'.repeat(hundredKB / 4) }, 200, ['1.x']],
    ['100 KB of two ranges, comma-joined', '/h/items', { 'Api-Version': '1.x,2.x,'.repeat(hundredKB / 8) }, 400, ['1.x', '2.x']],
    ['100 KB of the sunset version, comma-joined', '/h/items', { 'Api-Version': '1.0.0, '.repeat(hundredKB / 7) }, 410, [',,', '1.0.0, 1.0.0']],
    // 1.x with unicode (header: the UTF-8 bytes; query: percent-encoded UTF-8).
    ['header: fullwidth 1 (１.x)', '/h/items', { 'Api-Version': latin1('１.x') }, 404, [latin1('１')]],
    ['header: fullwidth x (1.ｘ)', '/h/items', { 'Api-Version': latin1('1.ｘ') }, 404, [latin1('ｘ')]],
    ['header: 1.x + zero-width space', '/h/items', { 'Api-Version': latin1('1.x\u200b') }, 404, [latin1('\u200b')]],
    ['header: right-to-left override + 1.x', '/h/items', { 'Api-Version': latin1('\u202e1.x') }, 404, [latin1('\u202e')]],
    ['header: superscript one (¹.x)', '/h/items', { 'Api-Version': '¹.x' }, 404, ['¹']],
    ['header: NBSP + 1.x', '/h/items', { 'Api-Version': '\u00a01.x' }, null, ['\u00a0']],
    ['query: fullwidth 1 (１.x)', '/q/items?version=%EF%BC%91.x', {}, 404, ['１', '%EF']],
    ['query: fullwidth x (1.ｘ)', '/q/items?version=1.%EF%BD%98', {}, 404, ['ｘ', '%EF']],
    ['query: Devanagari one (१.x)', '/q/items?version=%E0%A5%A7.x', {}, 404, ['१']],
    ['query: 1.x + zero-width space', '/q/items?version=1.x%E2%80%8B', {}, 404, ['\u200b']],
    ['query: 1.x + combining acute', '/q/items?version=1.x%CC%81', {}, 404, ['\u0301']],
    ['query: invalid UTF-8', '/q/items?version=1.%ED%A0%80x', {}, 404, ['\ufffd']],
    ['query: NUL', '/q/items?version=1.x%00', {}, 404, ['\u0000']],
    ['query: 100 KB', `/q/items?version=${'9'.repeat(hundredKB)}`, {}, 404, ['9'.repeat(32)]],
    // Comma storms.
    ['header: ,,,,', '/h/items', { 'Api-Version': ',,,,' }, 200, [',,']],
    ['header: 100 KB of commas', '/h/items', { 'Api-Version': ','.repeat(hundredKB) }, 200, [',,']],
    ['header: , , , ,', '/h/items', { 'Api-Version': ', , , ,' }, 200, [', ,']],
    ['header: ,,1,,1.0,,', '/h/items', { 'Api-Version': ',,1,,1.0,,' }, 400, [',,']],
    ['header: ,,1.0.0,,1.0.0,,', '/h/items', { 'Api-Version': ',,1.0.0,,1.0.0,,' }, 410, [',,']],
    ['query: ,,,,', '/q/items?version=,,,,', {}, 404, [',,']],
    ['Accept: ,,,,', '/a/items', { Accept: ',,,,' }, null, [',,']],
    ['Accept: 100 KB of commas', '/a/items', { Accept: ','.repeat(hundredKB) }, null, [',,']],
    // Vendor Accept with 1000 ranges.
    [
      '999 lower-weight vendor ranges, then v2',
      '/a/items',
      { Accept: `${manyRanges(999, (i) => `application/vnd.acme.x${i}+json;q=0.5`)}, application/vnd.acme.v2+json` },
      200,
      ['x500', 'vnd.acme'],
    ],
    ['1000 vendor ranges of versions not allowed', '/a/items', { Accept: manyRanges(1000, (i) => `application/vnd.acme.v${i + 10}+json`) }, 406, ['v10', 'v999', 'vnd.acme']],
    ['1000 vendor ranges, the sunset v1 last and highest', '/a/items', { Accept: `${manyRanges(999, (i) => `application/vnd.acme.x${i}+json;q=0.1`)}, application/vnd.acme.v1+json` }, 410, ['x500', 'vnd.acme']],
    ['1000 ranges of <script>', '/a/items', { Accept: manyRanges(1000, () => 'application/vnd.acme.<script>+json') }, 406, ['<script', 'script']],
    ['1000 ranges of q=0 v2', '/a/items', { Accept: manyRanges(1000, () => 'application/vnd.acme.v2+json;q=0') }, 406, ['vnd.acme']],
    ['1001 ranges, the only valid one past the limit', '/a/items', { Accept: `${manyRanges(1000, (i) => `application/vnd.acme.y${i}+json;q=0.1`)}, application/vnd.acme.v3+json` }, null, ['y500', 'vnd.acme']],
  ])('%s', async (_case, path, headers, status, markers) => {
    for (const [kind, app] of Object.entries(apps)) {
      const res = await app.request(`http://t${path}`, { headers })
      if (status === null) expect(STATUSES, kind).toContain(res.status)
      else expect(res.status, kind).toBe(status)
      const body = await res.text()
      if (res.status === 200) {
        // The version is always one of ours: the resolved one, echoed.
        const { version } = JSON.parse(body) as { version: string }
        expect([...released, ...vendorVersions]).toContain(version)
        expect(res.headers.get('api-version')).toBe(version)
      } else {
        // A rejection echoes nothing; a 410 may echo the released version it refused (never client text).
        if (res.status === 410) expect([...released, ...vendorVersions, null]).toContain(res.headers.get('api-version'))
        else expect(res.headers.get('api-version'), kind).toBeNull()
        const parsed = JSON.parse(body) as Record<string, unknown>
        expect(Object.keys(parsed), kind).toEqual(kind === 'detail' ? ['detail'] : ['type', 'title', 'status', 'detail', 'code'])
      }
      expect(res.headers.get('api-supported-versions'), kind).toBe(path.startsWith('/a/') ? 'v2, v3' : '1.2.0, 2.0.0')
      // The one deprecated version is past its sunset and refused: listed in neither header.
      expect(res.headers.get('api-deprecated-versions'), kind).toBeNull()
      for (const marker of markers) {
        expect(body, `${kind} body`).not.toContain(marker)
        res.headers.forEach((value, name) => expect(value, `${kind} ${name}`).not.toContain(marker))
      }
      // No header grows with the input.
      res.headers.forEach((value, name) => expect(value.length, `${kind} ${name}`).toBeLessThan(200))
      expect(body.length, kind).toBeLessThan(300)
    }
  })

  it('a rejection is a VersioningError of a known status, not a crash (direct scheme calls)', () => {
    const scheme = new HeaderVersioning({ allowedVersions: released, versionFormat: semver() })
    for (const value of ['1'.repeat(hundredKB), ',,,,', latin1('１.x'), '1.x, 2.x']) {
      let outcome: unknown
      try {
        outcome = scheme.determineVersion(new Request('http://t/', { headers: { 'Api-Version': value } }))
      } catch (error) {
        outcome = error
      }
      if (outcome instanceof VersioningError) expect(STATUSES).toContain(outcome.status)
      else expect([...released, null]).toContain(outcome)
    }
  })
})

describe('mistakes in options and custom code, refused or contained', () => {
  it.each([
    ['a date that rolls over (2027-02-30)', '2027-02-30T00:00:00Z'],
    ['a date and time without its offset', '2026-06-01T00:00:00'],
    ['a named time zone', '2026-06-01 12:00 PST'],
  ])('a sunset given as %s is a construction error', (_case, sunset) => {
    expect(thrown(() => versionPolicy({ versions: { v1: { sunset } } }))).toBe(
      'versionPolicy: version "v1": sunset must be a Date, a date such as "2026-06-01", or a date and time with its offset such as "2026-06-01T00:00:00Z".',
    )
  })

  it('a date with an offset and one with fractions of a second are accepted', async () => {
    const policy = versionPolicy({ versions: { v1: { deprecation: '2026-06-01T02:00:00+02:00', sunset: '2027-06-01T00:00:00.5Z' } } })
    const versioning = apiVersioning({ scheme: new QueryParameterVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('items', '/items')]), policy })
    const app = new Hono()
    mountRoutes(app, versioning, { items: (c) => c.text('ok') })
    const res = await app.request('http://t/items?version=v1')
    expect(res.headers.get('Deprecation')).toBe(`@${Date.UTC(2026, 5, 1) / 1000}`)
    expect(res.headers.get('Sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT')
  })

  it('a typeBase without a trailing "/" or "#" is a construction error; with "#" the code is the fragment', async () => {
    expect(thrown(() => problemDetails({ typeBase: 'https://errors.example.com' }))).toBe(
      'problemDetails: typeBase must be an absolute URI ending in "/" or "#", such as "https://errors.example.com/".',
    )
    const res = problemDetails({ typeBase: 'https://docs.example.com/errors#' })(new QueryParameterVersioning().rejection())
    expect(((await res.json()) as { type: string }).type).toBe('https://docs.example.com/errors#unsupported-api-version')
  })

  it('an errorResponse that does not return a Response (an async one) fails loudly, not as an empty 200', async () => {
    const versioning = apiVersioning({
      scheme: new HeaderVersioning({ allowedVersions: ['v1'] }),
      routes: defineRoutes([route('items', '/items')]),
      errorResponse: (async () => new Response('late')) as never,
    })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { items: (c) => c.text('ok') })
    app.onError((error, c) => c.text(error.message, 500))
    const res = await app.request('http://t/items', { headers: { 'Api-Version': 'v9' } })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe('apiVersioning: errorResponse must return a Response (synchronously), got a Promise.')
  })

  it('echoHeader sends only versions the scheme lists, whatever a custom scheme returns', async () => {
    class Loose extends BaseVersioning {
      override determineVersion(request: Request): string | null {
        return request.headers.get('x-version')
      }
    }
    const versioning = apiVersioning({
      scheme: new Loose({ allowedVersions: ['v1'] }),
      routes: defineRoutes([route('items', '/items')]),
      policy: versionPolicy({ echoHeader: 'api-version' }),
    })
    const app = new Hono()
    mountRoutes(app, versioning, { items: (c) => c.text('ok') })
    expect((await app.request('http://t/items', { headers: { 'x-version': 'v1' } })).headers.get('api-version')).toBe('v1')
    const res = await app.request('http://t/items', { headers: { 'x-version': '<script>attacker' } })
    expect(res.headers.get('api-version')).toBeNull()
  })
})
