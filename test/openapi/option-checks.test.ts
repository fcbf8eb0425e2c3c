/**
 * The factories that serve documents (openAPIRoutes, openAPIDocs, apiCatalog
 * and its entries, openAPILink) refuse an unknown option, or options that are
 * not an object, at construction, with the sentence every other factory uses.
 * A portable file: it runs on all four runtimes.
 */
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, HostNameVersioning, route } from '../../src/index.ts'
import { apiCatalog, openAPILink, openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'

const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), routes: defineRoutes([route('items', '/items')]) })
const entry = { documents: docs, api: '/api', path: '/openapi' }
const DOCS_OPTIONS = 'page, path, cdn, pageTitle, scalar, contentSecurityPolicy'

describe('the serving factories refuse mistaken options at construction', () => {
  it.each([
    ['openAPIRoutes: an unknown option', () => openAPIRoutes(docs, { paht: '/openapi' } as never), 'openAPIRoutes: unknown option "paht" (did you mean "path"?); the only option is path.'],
    ['openAPIRoutes: null', () => openAPIRoutes(docs, null as never), 'openAPIRoutes: pass an options object with path.'],
    ['openAPIDocs: an unknown option', () => openAPIDocs(docs, { title: 'API' } as never), `openAPIDocs: unknown option "title"; the options are ${DOCS_OPTIONS}.`],
    ['openAPIDocs: null', () => openAPIDocs(docs, null as never), `openAPIDocs: pass an options object with ${DOCS_OPTIONS}.`],
    ['apiCatalog: an unknown option', () => apiCatalog([entry], { host: 'https://api.test' } as never), 'apiCatalog: unknown option "host"; the only option is origin.'],
    ['apiCatalog: null options', () => apiCatalog([entry], null as never), 'apiCatalog: pass an options object with origin.'],
    ['apiCatalog: an entry with an unknown option', () => apiCatalog([entry, { ...entry, docs: '/docs' }] as never), 'apiCatalog: entry 1: unknown option "docs"; the options are documents, api, path, page, title.'],
    ['openAPILink: an unknown option', () => openAPILink(docs, { path: '/openapi', rel: 'openapi' } as never), 'openAPILink: unknown option "rel"; the only option is path.'],
    ['openAPILink: no options', () => openAPILink(docs, undefined as never), 'openAPILink: pass an options object with path.'],
    ['openAPILink: null', () => openAPILink(docs, null as never), 'openAPILink: pass an options object with path.'],
    // Plain JavaScript: a Map's entries are no keys, so its options (or names) were read as none, silently.
    ['openAPIRoutes: a Map', () => openAPIRoutes(docs, new Map([['path', '/docs']]) as never), 'openAPIRoutes: pass an options object with path.'],
    ['openAPIDocs: scalar as a Map', () => openAPIDocs(docs, { scalar: new Map([['theme', 'purple']]) as never }), "openAPIDocs: scalar must be an object of Scalar's settings such as { theme: 'purple' }."],
    ['openAPIDocs: contentSecurityPolicy as a Map', () => openAPIDocs(docs, { contentSecurityPolicy: new Map([['frame-ancestors', "'none'"]]) as never }), 'openAPIDocs: contentSecurityPolicy must be false (no policy) or an object of directives such as { "frame-ancestors": "\'self\' https://portal.example.com" }.'],
    ['versionedOpenAPI: shapes as a Map', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('items', '/items')]), shapes: new Map([['Item', 'ItemOut']]) as never }), "versionedOpenAPI: shapes must map shape names to component schema names, such as { Product: 'ProductOut' }."],
    ['versionedOpenAPI: methods as a Map', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('items', '/items')]), methods: new Map([['items', ['get', 'post']]]) as never }), "versionedOpenAPI: methods must be an object of method lists by route name, such as { 'user-detail': ['get', 'delete'] }."],
    ['versionedOpenAPI: info as a list', () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('items', '/items')]), info: ['Items API'] as never }), "versionedOpenAPI: info must be an object such as { title: 'Catalog API', description: 'Markdown text' }."],
  ])('%s', (_, build, message) => {
    expect(build).toThrow(new Error(message))
  })

  it('takes their documented options', () => {
    expect(openAPIRoutes(docs)).toBeDefined()
    expect(openAPIRoutes(docs, { path: '/specs' })).toBeDefined()
    expect(openAPIDocs(docs, { page: '/docs', path: '/openapi', pageTitle: 'API' })).toBeDefined()
    expect(apiCatalog([{ ...entry, page: '/docs', title: 'Items' }], { origin: 'https://api.test' })).toBeDefined()
    expect(typeof openAPILink(docs, { path: '/openapi' })).toBe('function')
  })
})

// Before, any text URL parsing took was written into each document's servers: a javascript: or data: URL (a blank
// before the scheme included, which URL parsing drops), markup, or a protocol-relative "//host".
describe('versionedOpenAPI serverUrl', () => {
  const made = (serverUrl: string) => () => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1'] }), routes: defineRoutes([route('items', '/items')]), serverUrl })
  it.each([['javascript:alert(1)'], [' javascript:alert(1)'], ['data:text/html,<script>alert(1)</script>'], ['https://api.test/"><script>alert(1)</script>'], ['/api b\n'], ['//evil.test/api']])('refuses %j', (serverUrl) => {
    expect(made(serverUrl)).toThrow(
      new Error(
        'versionedOpenAPI: serverUrl must be an http or https URL or a path starting with one "/", in URI characters (no spaces, quotes, "<" or ">"), such as "https://api.example.com" or "https://{version}.example.com"; tools follow it, so no javascript: or data: URL and no "//host".',
      ),
    )
  })

  // Before, a user name or password in serverUrl was written into every document's servers, shown to every reader.
  it.each([['https://docs:s3cret@api.example.com'], ['https://token@api.example.com/api'], ['HTTPS://:s3cret@api.example.com']])('refuses the credentials in %j', (serverUrl) => {
    expect(made(serverUrl)).toThrow(
      new Error(
        'versionedOpenAPI: serverUrl holds a user name or password (before "@"), which every document and docs page would show to every reader; give a URL that needs none, such as "https://api.example.com" or "https://{version}.example.com".',
      ),
    )
  })

  it.each([['https://api.example.com/api'], ['http://localhost:8787'], ['https://api.example.com/users/@me'], ['/api'], ['/'], ['https://api.example.com/a%20b/~x']])('takes %j', (serverUrl) => {
    expect((made(serverUrl)().document('v1') as { servers?: unknown }).servers).toEqual([{ url: serverUrl }])
  })
})

describe('the serverUrl a refusal suggests for HostNameVersioning is one the scheme reads', () => {
  const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] })
  const routes = defineRoutes([route('items', '/items')])
  /** The URL with "{version}" that `make`'s refusal gives as an example (its last one). */
  const suggested = (make: () => unknown): string => {
    let sentence = ''
    try {
      make()
    } catch (error) {
      sentence = (error as Error).message
    }
    const urls = sentence.match(/"https:\/\/\{version\}[^"]*"/g) ?? []
    expect(urls.length, sentence).toBeGreaterThan(0)
    return JSON.parse(urls[urls.length - 1] as string) as string
  }
  it.each([
    ['no serverUrl', () => versionedOpenAPI({ scheme, routes })],
    ['a host the scheme would not read', () => versionedOpenAPI({ scheme, routes, serverUrl: 'https://api.{version}.example.com' })],
    ['a serverUrl that is no URL', () => versionedOpenAPI({ scheme, routes, serverUrl: 'api.example.com' })],
  ])('%s: the example given is accepted, and each version reads from its host', async (_, make) => {
    const serverUrl = suggested(make)
    const docs = versionedOpenAPI({ scheme, routes, serverUrl })
    for (const version of ['v1', 'v2']) {
      const host = new URL(serverUrl.replace('{version}', version)).host
      expect(scheme.determineVersion(new Request(`https://${host}/items`))).toBe(version)
      expect(docs.document(version).servers).toEqual([{ url: serverUrl.replace('{version}', version) }])
    }
  })
})
