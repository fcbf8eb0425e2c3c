/**
 * The docs page's HTML: configured text (version names, the page title) never
 * ends or changes the page's scripts, and the bundle it loads by default is
 * pinned to the `@scalar/api-reference` version the browser test runs, by its
 * URL and by the integrity of its bytes.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { openAPIDocs } from '../../../src/openapi/scalar.ts'

const hostile = '</script><script>alert(1)</script><!--'
const separators = 'v\u2028\u2029&'
const docs = versionedOpenAPI({
  scheme: new HeaderVersioning({ allowedVersions: ['v1', separators, hostile], defaultVersion: hostile }),
  routes: defineRoutes([route('user-list', '/users')]),
})

async function page(options: Parameters<typeof openAPIDocs>[1] = {}): Promise<string> {
  const app = new Hono()
  app.route('/docs', openAPIDocs(docs, options))
  const res = await app.request('/docs')
  expect(res.status).toBe(200)
  return res.text()
}

/** The scripts of a page, as a browser's tokenizer splits them: each ends at the first `</script`. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script/gi)].map((m) => m[1] as string)
}

describe('openAPIDocs: configured text in the page', () => {
  it('a version named with "</script>" stays inside the configuration script, and reads back as configured', async () => {
    const html = await page({ cdn: '/standalone.js' })
    expect(html).not.toContain(hostile)
    expect(html).not.toContain('<script>alert(1)')
    const inline = scripts(html).filter((s) => s.includes('createApiReference'))
    expect(inline).toHaveLength(1)
    const config = /createApiReference\('#app', (\{[\s\S]*\})\)\s*$/.exec(inline[0] as string)?.[1]
    // JSON.parse reads the \u escapes back: the selector shows the names as configured.
    const { sources } = JSON.parse(config as string) as { sources: { title: string; slug: string }[] }
    expect(sources.map((s) => s.slug).sort()).toEqual([hostile, separators, 'v1'].sort())
    expect(sources.find((s) => s.slug === hostile)?.title).toMatch(/^<\/script><script>alert\(1\)<\/script><!--( \(latest\))?$/)
  })

  it('U+2028, U+2029 and & are escaped too', async () => {
    const html = await page({ cdn: '/standalone.js' })
    const inline = scripts(html).find((s) => s.includes('createApiReference')) as string
    expect(inline).not.toMatch(/[\u2028\u2029&<>]/)
    expect(inline).toContain('v\\u2028\\u2029\\u0026')
  })

  it('the page title is HTML-escaped', async () => {
    const html = await page({ cdn: '/standalone.js', pageTitle: '</title><script>alert(1)</script>' })
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>')
  })

  it('a cdn that could leave its attribute, or name another origin by a backslash, is refused when the page is made', () => {
    const refused = new Error('openAPIDocs: cdn must be the URL of Scalar\'s standalone.js, such as "/standalone.js", without spaces, control characters, quotes, "<", ">", "&" or "\\".')
    expect(() => openAPIDocs(docs, { cdn: '/x.js" onload="alert(1)' })).toThrow(refused)
    // Browsers read "\\evil.example/x.js" as "//evil.example/x.js": a script of another origin, not a path.
    expect(() => openAPIDocs(docs, { cdn: '\\\\evil.example/x.js' })).toThrow(refused)
    expect(() => openAPIDocs(docs, { cdn: '/\\evil.example/x.js' })).toThrow(refused)
    // Browsers strip control characters from a URL's ends: "\x01//evil.example/x.js" is "//evil.example/x.js".
    expect(() => openAPIDocs(docs, { cdn: '\x01//evil.example/x.js' })).toThrow(refused)
    expect(() => openAPIDocs(docs, { cdn: '\x1fhttps://evil.example/x.js' })).toThrow(refused)
    expect(() => openAPIDocs(docs, { cdn: '/x.js\x7f' })).toThrow(refused)
  })
})

describe('openAPIDocs: the Content-Security-Policy header', () => {
  it("script-src holds the SHA-256 of each inline script's exact text, as a browser hashes it, and nothing that allows another", async () => {
    for (const options of [{}, { cdn: '/standalone.js', scalar: { customCss: 'a > b { color: red }', onLoaded: () => undefined } }]) {
      const app = new Hono()
      app.route('/docs', openAPIDocs(docs, options))
      const res = await app.request('/docs')
      const html = await res.text()
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)].filter((m) => !(m[1] as string).includes('src=')).map((m) => m[2] as string)
      expect(inline).toHaveLength(2)
      const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ')
      expect(scriptSrc?.slice(1)).toEqual(hashes)
      expect(scriptSrc?.[0]).toBe('cdn' in options ? "'self'" : /<script src="([^"]+)"/.exec(html)?.[1])
    }
  })
})

describe('openAPIDocs: the bundle', () => {
  it('by default, the bundle of the @scalar/api-reference version the browser test runs, pinned on jsDelivr', async () => {
    const pinned = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['@scalar/api-reference']
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    const html = await page()
    expect(html).toContain(`<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference@${pinned}/dist/browser/standalone.js" integrity="`)
    expect(html).not.toContain('import {')
  })

  it("by default, the bundle's script tag carries the integrity of that version's bytes, so a CDN cannot change them", async () => {
    const installed = JSON.parse(readFileSync(new URL('../../../node_modules/@scalar/api-reference/package.json', import.meta.url), 'utf8')) as { version: string }
    const pinned = /@scalar\/api-reference@([^/]+)\//.exec(await page())?.[1]
    expect(installed.version).toBe(pinned)
    const bytes = readFileSync(new URL('../../../node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url))
    const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`
    expect(await page()).toContain(`/dist/browser/standalone.js" integrity="${integrity}" crossorigin="anonymous"></script>`)
    // A bundle you serve yourself is yours to pin: no integrity is made up for it.
    expect(await page({ cdn: '/standalone.js' })).not.toContain('integrity=')
  })

  it('cdn: the bundle where you serve it', async () => {
    expect(await page({ cdn: '/standalone.js' })).toContain('<script src="/standalone.js"></script>')
  })
})
