/**
 * openAPIDocs's Content-Security-Policy: the page's scripts are Scalar's
 * bundle and its own inline scripts (by their hashes, made again when the
 * version list changes), fetches go to the page's origin and the documents'
 * servers, and a policy given is checked as a header value when the page is
 * made. The browser test (test/e2e/openapi-docs-browser.test.ts) shows the
 * page works under it. A portable file.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, HostNameVersioning, route } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs, type OpenAPIDocsOptions } from '../../src/openapi/scalar.ts'

const routes = defineRoutes([route('user-list', '/users')])
const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes, info: { description: 'Users. <script>alert(1)</script>' } })
const DEFAULT_BUNDLE = /^https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@\d+\.\d+\.\d+\/dist\/browser\/standalone\.js$/
const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/

/** The page at `at` (the sub-app mounted at `mount`): its policy header and its HTML. */
async function page(options: OpenAPIDocsOptions = {}, mount = '/docs', at = mount, source = docs): Promise<{ policy: string | null; html: string }> {
  const app = new Hono()
  app.route(mount, openAPIDocs(source, options))
  const res = await app.request(at)
  expect(res.status).toBe(200)
  return { policy: res.headers.get('content-security-policy'), html: await res.text() }
}

/** The policy's directives, by name. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).not.toBeNull()
  return Object.fromEntries((policy as string).split('; ').map((d) => d.split(' ')).map(([name, ...sources]) => [name as string, sources]))
}

/** The page's inline scripts (no `src`). */
const inline = (html: string): number => [...html.matchAll(/<script\b([^>]*)>/gi)].filter((m) => !(m[1] as string).includes('src=')).length

describe('openAPIDocs: the page\'s Content-Security-Policy', () => {
  it('by default: scripts from the pinned bundle and the page\'s own by hash, inline styles, Scalar\'s fonts, fetches to the page\'s origin, framed by it alone', async () => {
    const { policy, html } = await page()
    const d = directives(policy)
    expect(Object.keys(d)).toEqual(['default-src', 'script-src', 'style-src', 'font-src', 'img-src', 'connect-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors'])
    const [bundle, ...hashes] = d['script-src'] as string[]
    expect(bundle).toMatch(DEFAULT_BUNDLE)
    expect(html).toContain(`<script src="${bundle}" integrity="sha384-`)
    // One hash per inline script of the page (the prelude and the configuration), and nothing that allows any other.
    expect(hashes).toHaveLength(inline(html))
    expect(inline(html)).toBe(2)
    for (const hash of hashes) expect(hash).toMatch(HASH)
    expect(policy).not.toContain('unsafe-eval')
    expect(d).toMatchObject({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'font-src': ['https://fonts.scalar.com'],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'self'"],
    })
  })

  it("a document's description never reaches the page: it is fetched as JSON, and only the page's own scripts are allowed", async () => {
    const { policy, html } = await page({ cdn: '/standalone.js' })
    expect(html).not.toContain('alert(1)')
    expect(directives(policy)['script-src']?.filter((s) => !HASH.test(s))).toEqual(["'self'"])
  })

  it.each([
    ['/standalone.js', "'self'"],
    ['assets/standalone.js', "'self'"],
    ['https://cdn.example.com/scalar/standalone.js?v=1#x', 'https://cdn.example.com/scalar/standalone.js'],
    ['HTTPS://CDN.Example.com:8443/a;b,c/standalone.js', 'https://cdn.example.com:8443/a%3Bb%2Cc/standalone.js'],
    ['//cdn.example.com/standalone.js', 'cdn.example.com/standalone.js'],
  ])('cdn %s: script-src allows %s', async (cdn, source) => {
    const { policy, html } = await page({ cdn })
    expect(html).toContain(`<script src="${cdn}"></script>`)
    expect(directives(policy)['script-src']?.[0]).toBe(source)
  })

  it('the hashes follow the version list: the same page gets the same policy, a page at another mount another one', async () => {
    const app = new Hono()
    const sub = openAPIDocs(docs, { cdn: '/standalone.js' })
    app.route('/docs', sub)
    app.route('/other/docs', sub)
    const policyAt = async (path: string): Promise<string | null> => (await app.request(path)).headers.get('content-security-policy')
    const first = await policyAt('/docs')
    expect(await policyAt('/docs')).toBe(first)
    const other = await policyAt('/other/docs')
    expect(other).not.toBe(first)
    // The prelude's hash stays; the configuration's (its version list holds the documents' URLs) changes.
    const hashes = (policy: string | null): string[] => (directives(policy)['script-src'] as string[]).slice(1)
    expect(hashes(other)[0]).toBe(hashes(first)[0])
    expect(hashes(other)[1]).not.toBe(hashes(first)[1])
    expect(await policyAt('/docs')).toBe(first)
  })

  it('pages asked at once under a mount with params each list their own documents, under a policy of their own scripts', async () => {
    const app = new Hono().route('/t/:tenant/docs', openAPIDocs(docs, { cdn: '/standalone.js' }))
    const answers = await Promise.all(['alpha', 'beta', 'alpha', 'beta'].map(async (tenant) => ({ tenant, res: await app.request(`/t/${tenant}/docs`) })))
    for (const { tenant, res } of answers) {
      const html = await res.text()
      expect(html).toContain(`/t/${tenant}/docs/openapi`)
      expect(html).not.toContain(`/t/${tenant === 'alpha' ? 'beta' : 'alpha'}/`)
      // The page's inline scripts, hashed as a browser does, are those the policy allows.
      const texts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !(m[1] as string).includes('src=')).map((m) => m[2] as string)
      const sha256 = async (text: string) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`
      expect(directives(res.headers.get('content-security-policy'))['script-src']).toEqual(["'self'", ...(await Promise.all(texts.map(sha256)))])
    }
  })

  it('the hashes are made again when a sunset passes (the selector marks the version: the configuration script changes)', async () => {
    let now = Date.parse('2026-06-01T00:00:00Z')
    const policy = versionPolicy({ versions: { v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z' } }, now: () => now })
    const dated = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes, policy })
    const app = new Hono().route('/docs', openAPIDocs(dated, { cdn: '/standalone.js' }))
    const read = async (): Promise<{ hashes: string[]; html: string }> => {
      const res = await app.request('/docs')
      return { hashes: (directives(res.headers.get('content-security-policy'))['script-src'] as string[]).slice(1), html: await res.text() }
    }
    const before = await read()
    expect(before.html).toContain('"title":"v1 (deprecated)"')
    now = Date.parse('2027-06-01T00:00:00Z')
    const after = await read()
    expect(after.html).not.toContain('"title":"v1 (deprecated)"')
    expect(after.hashes[0]).toBe(before.hashes[0])
    expect(after.hashes[1]).not.toBe(before.hashes[1])
    expect((await read()).hashes).toEqual(after.hashes)
  })

  it("the documents' servers and Scalar's proxyUrl are fetched from; withDefaultFonts: false loads no fonts", async () => {
    const byHost = versionedOpenAPI({ scheme: new HostNameVersioning({ allowedVersions: ['v1', 'v2'] }), routes, serverUrl: 'https://{version}.example.com' })
    const { policy } = await page({ cdn: '/standalone.js', scalar: { proxyUrl: 'https://proxy.example.com/relay', withDefaultFonts: false } }, '/docs', '/docs', byHost)
    const d = directives(policy)
    expect(d['connect-src']).toEqual(["'self'", 'https://proxy.example.com', 'https://v2.example.com', 'https://v1.example.com'])
    expect(d['font-src']).toBeUndefined()
  })

  it('directives given replace the page\'s own of their name; script-src keeps the page\'s hashes', async () => {
    const { policy } = await page({
      cdn: '/standalone.js',
      contentSecurityPolicy: { 'frame-ancestors': "'self' https://portal.example.com", 'script-src': "'self' https://cdn.example.com", 'upgrade-insecure-requests': '', 'font-src': ' https://fonts.example.com   data: ' },
    })
    const d = directives(policy)
    expect(d['frame-ancestors']).toEqual(["'self'", 'https://portal.example.com'])
    expect(d['script-src']?.slice(0, 2)).toEqual(["'self'", 'https://cdn.example.com'])
    expect(d['script-src']?.slice(2)).toHaveLength(2)
    expect(d['font-src']).toEqual(['https://fonts.example.com', 'data:'])
    expect(d['upgrade-insecure-requests']).toEqual([])
    expect(policy).toMatch(/; upgrade-insecure-requests$/)
  })

  it('contentSecurityPolicy: false sends none, and the page is as Scalar writes it', async () => {
    const { policy, html } = await page({ cdn: '/standalone.js', contentSecurityPolicy: false })
    expect(policy).toBeNull()
    expect(inline(html)).toBe(1)
  })
})

describe('openAPIDocs refuses a policy that is no header value, when the page is made', () => {
  it.each<[string, unknown, string]>([
    ['a line break, which would end the header', { 'frame-ancestors': "'self'\r\nSet-Cookie: a=1" }, 'openAPIDocs: contentSecurityPolicy["frame-ancestors"] is "\'self\'\\r\\nSet-Cookie: a=1"; a directive\'s sources are printable ASCII without ";" or "," (no line break or other control character), so it cannot end the header or start another directive.'],
    ['a NUL', { 'img-src': "'self'\u0000" }, 'openAPIDocs: contentSecurityPolicy["img-src"] is "\'self\'\\u0000"; a directive\'s sources are printable ASCII'],
    ['";", which would start another directive', { 'frame-ancestors': "*; script-src 'unsafe-inline'" }, 'openAPIDocs: contentSecurityPolicy["frame-ancestors"] is "*; script-src \'unsafe-inline\'"; a directive\'s sources are printable ASCII without ";" or ","'],
    ['",", which would start another policy', { 'img-src': "'self', https:" }, 'without ";" or ","'],
    ['text beyond ASCII', { 'img-src': 'https://bücher.example' }, 'a directive\'s sources are printable ASCII'],
    ['a directive name that is none', { 'Frame Ancestors': "'self'" }, 'openAPIDocs: contentSecurityPolicy has a directive named "Frame Ancestors"; directive names are lower-case letters, digits and "-", such as "frame-ancestors".'],
    ['a value that is not text', { 'frame-ancestors': ['*'] }, 'openAPIDocs: contentSecurityPolicy["frame-ancestors"] must be a string of sources such as "\'self\'".'],
    ['a policy as one string', "default-src 'self'", 'openAPIDocs: contentSecurityPolicy must be false (no policy) or an object of directives such as { "frame-ancestors": "\'self\' https://portal.example.com" }.'],
    ['true', true, 'openAPIDocs: contentSecurityPolicy must be false (no policy) or an object of directives'],
  ])('%s', (_case, given, message) => {
    expect(() => openAPIDocs(docs, { contentSecurityPolicy: given as never })).toThrow(message)
  })

  // Before, the page wrote a cdn's user name and password into its HTML (<script src="https://u:p@...">), shown to every reader.
  it.each([['https://docs:s3cret@cdn.example.com/standalone.js'], ['//token@cdn.example.com/standalone.js'], ['HTTP://:s3cret@cdn.example.com/standalone.js']])('a cdn holding a user name or password (%j)', (cdn) => {
    expect(() => openAPIDocs(docs, { cdn })).toThrow(
      new Error('openAPIDocs: cdn holds a user name or password (before "@"), which the page would show to every reader; serve the bundle from a URL that needs none, or from a path such as "/standalone.js".'),
    )
  })

  it('a cdn of another scheme than http or https, from which no policy should allow scripts', () => {
    expect(() => openAPIDocs(docs, { cdn: 'data:text/javascript,alert(1)' })).toThrow(
      new Error('openAPIDocs: cdn must be a path such as "/standalone.js" or an http or https URL, from which the page\'s policy allows the bundle.'),
    )
  })
})
