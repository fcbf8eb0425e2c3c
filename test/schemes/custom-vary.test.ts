/**
 * A custom scheme's `vary` (the request headers its version is read from) reaches the `Vary` header of every
 * response: a name that is not a header name is refused when the middleware is made, with a sentence saying what to
 * list, rather than failing every request with a 500.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { apiVersioning, versionMiddleware } from '../../src/hono/index.ts'
import { BaseVersioning, defineRoutes, route, type VersionRequest } from '../../src/index.ts'

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

const sentence = (shown: string) =>
  `Vary: a scheme's (or an extension's) vary lists ${shown}, which is not a header name; list the request headers the version is read from, such as "Api-Version".`

describe("a custom scheme's vary", () => {
  const bad: [string, unknown, string][] = [
    ['a line break and a header', ['X-Version\r\nSet-Cookie: a=b'], sentence('"X-Version\\r\\nSet-Cookie: a=b"')],
    ['a space', ['X Version'], sentence('"X Version"')],
    ['text above Latin-1', ['X-Versión-✓'], sentence('"X-Versión-✓"')],
    ['an empty name', [''], sentence('""')],
    ['a number', [42], sentence('a number')],
  ]
  it.each(bad)('listing %s is refused when the middleware is made', (_name, names, message) => {
    expect(() => versionMiddleware({ scheme: schemeVarying(names) })).toThrow(message)
    expect(() => apiVersioning({ scheme: schemeVarying(names), routes: defineRoutes([route('things', '/things')]) })).toThrow(message)
  })

  it('a string rather than a list is refused too', () => {
    expect(() => versionMiddleware({ scheme: schemeVarying('X-Version') })).toThrow(`Vary: a scheme's (or an extension's) vary must be a list of request header names such as ["Api-Version"].`)
  })

  it('header names are served, and listed in Vary', async () => {
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: schemeVarying(['X-Version']) }))
    app.get('/things', (c) => c.json({ version: c.var.version }))
    const res = await app.request('/things', { headers: { 'X-Version': '2' } })
    expect([res.status, res.headers.get('vary'), await res.json()]).toEqual([200, 'X-Version', { version: '2' }])
  })
})
