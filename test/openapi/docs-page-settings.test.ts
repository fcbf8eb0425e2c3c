/**
 * openAPIDocs's `pageTitle` and `scalar` settings: Scalar writes them into the
 * page as they are (`customCss` into a `<style>`, the rest into the
 * configuration `<script>`), so text that would end or change either is
 * refused when the page is made, and so is a title that is not text (before,
 * each request for the page answered 500). A portable file.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'
import { cyclic as cycle, nestedIn as nested } from '../support/hostile-values.ts'

const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes: defineRoutes([route('user-list', '/users')]) })

describe('openAPIDocs refuses, when the page is made', () => {
  it.each<[string, () => unknown, string]>([
    ['customCss that ends its <style>', () => openAPIDocs(docs, { scalar: { customCss: '</style><script>alert(1)</script>' } }), 'openAPIDocs: scalar.customCss holds "</" or "<!--", which would end or change the page\'s script or style; remove it.'],
    ['a setting that ends the <script>', () => openAPIDocs(docs, { scalar: { theme: '</SCRIPT><script>alert(1)</script>' } }), 'openAPIDocs: scalar.theme holds "</" or "<!--"'],
    ['a nested setting that opens a comment in the <script>', () => openAPIDocs(docs, { scalar: { metaData: { title: '<!--<script>' } } }), 'openAPIDocs: scalar.metaData.title holds "</" or "<!--"'],
    ['a setting name that ends the <script> (Scalar writes names as they are)', () => openAPIDocs(docs, { scalar: { '</script><script>alert(1)</script>': 1 } }), 'openAPIDocs: scalar has a setting named "</script><script>alert(1)</script>", which is no name of Scalar\'s'],
    ['a function setting whose name leaves its quotes (Scalar writes it unescaped before the source)', () => openAPIDocs(docs, { scalar: { 'a": alert(1), "b': () => 1 } }), 'openAPIDocs: scalar has a setting named "a\\": alert(1), \\"b"'],
    ['a nested name that ends the <script>', () => openAPIDocs(docs, { scalar: { metaData: { '</script>': 'x' } } }), 'openAPIDocs: scalar.metaData.</script> holds "</" or "<!--"'],
    ['a setting name with a CR LF, 1 MiB long: escaped and cut', () => openAPIDocs(docs, { scalar: { [`x\r\n${'n'.repeat(2 ** 20)}`]: 1 } }), `openAPIDocs: scalar has a setting named "x\\r\\n${'n'.repeat(73)}…, which is no name of Scalar's; use its settings' names (letters, digits, "_" and "$").`],
    ['a nested name with a CR LF and a control character, 1 MiB long, whose text ends the <script>: escaped and cut', () => openAPIDocs(docs, { scalar: { metaData: { [`k\r\n\u0000${'m'.repeat(2 ** 20)}`]: '</script>' } } }), `openAPIDocs: scalar.metaData.k\\r\\n\\u0000${'m'.repeat(68)}… holds "</" or "<!--", which would end or change the page's script or style; remove it.`],
    ['a text 40 objects deep that ends the <script>', () => openAPIDocs(docs, { scalar: { metaData: nested(40, '</script><script>alert(1)</script>') } }), `openAPIDocs: scalar.metaData${'.a'.repeat(40)} holds "</" or "<!--"`],
    ['a toJSON whose result ends the <script>', () => openAPIDocs(docs, { scalar: { metaData: { toJSON: () => '<' + '/script><script>alert(1)</script>' } } }), 'openAPIDocs: scalar.metaData holds "</" or "<!--"'],
    ['a bundle URL, which Scalar writes into the script unescaped', () => openAPIDocs(docs, { scalar: { bundle: "x'; alert(1); '" } }), 'openAPIDocs: scalar.bundle would load another bundle than cdn'],
    ['bundle: true, which loads an unpinned bundle instead of cdn', () => openAPIDocs(docs, { scalar: { bundle: true } }), 'openAPIDocs: scalar.bundle would load another bundle than cdn'],
    ['a cycle (each request for the page answered 500)', () => openAPIDocs(docs, { scalar: { metaData: cycle() } }), 'openAPIDocs: scalar cannot be written into the page ('],
    ['a BigInt (each request for the page answered 500)', () => openAPIDocs(docs, { scalar: { metaData: { n: 1n } } }), 'openAPIDocs: scalar cannot be written into the page ('],
    ['a pageTitle that is not text', () => openAPIDocs(docs, { pageTitle: 5 as never }), 'openAPIDocs: pageTitle must be a string such as "Catalog API".'],
    ['scalar settings that are not an object', () => openAPIDocs(docs, { scalar: 'purple' as never }), "openAPIDocs: scalar must be an object of Scalar's settings such as { theme: 'purple' }."],
  ])('%s', (_case, make, message) => {
    expect(make).toThrow(message)
  })

  it('serves settings that stay inside their element, and a title with markup escaped', async () => {
    const app = new Hono()
    app.route('/docs', openAPIDocs(docs, { cdn: '/standalone.js', pageTitle: '<b>Users</b>', scalar: { customCss: 'a > b { color: red }', metaData: { title: 'A < B' } } }))
    const res = await app.request('/docs')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>&lt;b&gt;Users&lt;/b&gt;</title>')
    expect(html).toContain('a > b { color: red }')
    // The page's own scripts only: the prelude the policy needs (src/openapi/docs-policy.ts), the bundle and the configuration.
    expect(html.match(/<script\b/gi)?.length).toBe(3)
  })

  it('serves a function setting, bundle: false and a nonce, the bundle still the pinned cdn', async () => {
    const onLoaded = (): void => undefined
    const app = new Hono()
    app.route('/docs', openAPIDocs(docs, { cdn: '/standalone.js', scalar: { bundle: false, nonce: 'n"0', onLoaded, metaData: nested(40, 'deep') } }))
    const res = await app.request('/docs')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<script src="/standalone.js" nonce="n&quot;0"></script>')
    expect(html).toContain(`"onLoaded": ${String(onLoaded)}`)
    expect(html.match(/<script\b/gi)?.length).toBe(3)
  })

  it("loads the default bundle with its integrity, beside a nonce, so the CDN's bytes are pinned and not only its URL", async () => {
    const app = new Hono()
    app.route('/docs', openAPIDocs(docs, { scalar: { nonce: 'n0' } }))
    const html = await (await app.request('/docs')).text()
    expect(html).toMatch(/<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@[0-9.]+\/dist\/browser\/standalone\.js" integrity="sha384-[A-Za-z0-9+/]{64}" crossorigin="anonymous" nonce="n0"><\/script>/)
    expect(html.match(/<script\b/gi)?.length).toBe(3)
  })
})
