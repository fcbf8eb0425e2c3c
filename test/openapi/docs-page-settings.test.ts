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

const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes: defineRoutes([route('user-list', '/users')]) })

describe('openAPIDocs refuses, when the page is made', () => {
  it.each<[string, () => unknown, string]>([
    ['customCss that ends its <style>', () => openAPIDocs(docs, { scalar: { customCss: '</style><script>alert(1)</script>' } }), 'openAPIDocs: scalar.customCss holds "</" or "<!--", which would end or change the page\'s script or style; remove it.'],
    ['a setting that ends the <script>', () => openAPIDocs(docs, { scalar: { theme: '</SCRIPT><script>alert(1)</script>' } }), 'openAPIDocs: scalar.theme holds "</" or "<!--"'],
    ['a nested setting that opens a comment in the <script>', () => openAPIDocs(docs, { scalar: { metaData: { title: '<!--<script>' } } }), 'openAPIDocs: scalar.metaData.title holds "</" or "<!--"'],
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
    // The page's own scripts only: the bundle and the configuration.
    expect(html.match(/<script\b/gi)?.length).toBe(2)
  })
})
