/**
 * A custom scheme's `vary` (the request headers its version is read from) reaches the `Vary` header of every
 * response: names that cannot make a header value are refused when the middleware is made, with a sentence saying
 * what to list, rather than failing every request with a 500; whatever a runtime's headers take is served.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, versionMiddleware } from '../../src/hono/index.ts'
import { BaseVersioning, defineRoutes, route } from '../../src/index.ts'
import type { VersionRequest } from '../../src/schemes/base.ts'

/** A scheme reading `X-Version`, listing `names` as the headers it reads. */
function schemeVarying(names: unknown): BaseVersioning {
  class Custom extends BaseVersioning {
    override readonly vary = names as readonly string[]
    override determineVersion(request: VersionRequest): string | null {
      return request.headers.get('x-version') ?? this.defaultVersion
    }
  }
  return new Custom({ allowedVersions: ['1', '2'], defaultVersion: '1' })
}

const sentence = (names: unknown) => `Vary: a scheme's vary must list request header names such as ["Api-Version"], got ${JSON.stringify(names)}.`

describe("a custom scheme's vary", () => {
  it.each([
    ['a line break and a header', ['X-Version\r\nSet-Cookie: a=b']],
    ['a NUL', ['X-Version\0']],
    ['a line break inside the second name', ['X-Version', 'Acc\nept']],
    ['a string rather than a list', 'X-Version'],
  ])('listing %s is refused when the middleware is made', (_name, names) => {
    expect(() => versionMiddleware({ scheme: schemeVarying(names) })).toThrow(sentence(names))
    expect(() => apiVersioning({ scheme: schemeVarying(names), routes: defineRoutes([route('things', '/things')]) })).toThrow(sentence(names))
  })

  it.each([
    ['a header name', ['X-Version']],
    ['a space', ['X Version']],
    ['text above Latin-1', ['X-Versión-✓']],
    ['a number', [42]],
    ['nothing', []],
  ])('listing %s: refused when made, or served (never a 500)', async (_name, names) => {
    let app: Hono
    try {
      app = new Hono()
      app.use('*', versionMiddleware({ scheme: schemeVarying(names) }))
    } catch (error) {
      expect((error as Error).message).toBe(sentence(names))
      return
    }
    app.get('/things', (c) => c.json({ version: c.var.version }))
    const res = await app.request('/things', { headers: { 'X-Version': '2' } })
    expect([res.status, await res.json()]).toEqual([200, { version: '2' }])
  })

  it('header names are listed in Vary', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: schemeVarying(['X-Version', 'Accept']) }))
    app.get('/things', (c) => c.json({ version: c.var.version }))
    const res = await app.request('/things', { headers: { 'X-Version': '2' } })
    expect([res.status, res.headers.get('vary'), await res.json()]).toEqual([200, 'X-Version, Accept', { version: '2' }])
  })
})
