// Probe: openAPIDocs's `scalar` and `pageTitle` options written into the page.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'
const documents = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('u', '/u')]) })
for (const [label, opts] of [
  ['customCss', { scalar: { customCss: '</style></script><script>alert(1)</script>' } }],
  ['theme', { scalar: { theme: '</script><script>alert(1)</script>' } }],
  ['pageTitle', { pageTitle: '</title><script>alert(1)</script>' }],
  ['pageTitle number', { pageTitle: 5 }],
  ['scalar string', { scalar: 'x' }],
] as const) {
  try {
    const app = new Hono()
    app.route('/docs', openAPIDocs(documents, { cdn: '/s.js', ...(opts as object) }))
    const res = await app.request('http://localhost/docs')
    const html = await res.text()
    console.log(label, res.status, 'script tags:', (html.match(/<script/gi) ?? []).length, 'raw alert script:', html.includes('<script>alert(1)'))
    if (label === 'customCss') console.log(html.slice(0, 3000))
  } catch (e) { console.log(label, 'THROW', (e as Error).message) }
}
