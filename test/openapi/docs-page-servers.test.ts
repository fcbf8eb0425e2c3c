/**
 * openAPIDocs's first request makes no document: the servers its policy
 * lets "Test Request" fetch from are what `versionedOpenAPI`'s documents say
 * of each version from their options (`serverUrl`, the head document's
 * `servers`), the same as the documents give when made; documents of your
 * own are still asked for each document. (Making every version's document
 * for its servers took seconds at a few thousand versions: the CPU budget
 * of a Worker's request.) Counted, never timed. A portable file.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, HostNameVersioning, route } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { VersionedOpenAPI } from '../../src/openapi/documents.ts'
import { openAPIDocs } from '../../src/openapi/scalar.ts'

const routes = defineRoutes([route('user-list', '/users'), route('user-detail', '/users/:id')])
const VERSIONS = Array.from({ length: 40 }, (_, i) => `v${i + 1}`)

/** `docs`, counting the documents made through it. */
function counted(docs: VersionedOpenAPI): { docs: VersionedOpenAPI; made: () => number } {
  let made = 0
  const document = docs.document.bind(docs)
  docs.document = (version) => {
    made++
    return document(version)
  }
  return { docs, made: () => made }
}

/** The page's connect-src sources. */
async function connect(docs: VersionedOpenAPI): Promise<string[]> {
  const app = new Hono()
  app.route('/docs', openAPIDocs(docs, { cdn: '/standalone.js' }))
  const res = await app.request('/docs')
  expect(res.status).toBe(200)
  const policy = res.headers.get('content-security-policy') ?? ''
  const directive = policy.split('; ').find((d) => d.startsWith('connect-src ')) ?? ''
  return directive.split(' ').slice(1)
}

/** The origins of the absolute URLs of every documented version's made document's servers, as the page lists them (once each). */
const madeOrigins = (docs: VersionedOpenAPI): string[] => [
  ...new Set(docs.versions.flatMap((v) => (docs.document(v.version).servers ?? []).flatMap((s) => (/^https?:\/\//.test(s.url) ? [new URL(s.url).origin] : [])))),
]

describe("openAPIDocs: the documents' servers without making a document", () => {
  it("a host per version (serverUrl with {version}): each version's origin, no document made", async () => {
    const made = counted(versionedOpenAPI({ scheme: new HostNameVersioning({ allowedVersions: VERSIONS }), routes, serverUrl: 'https://{version}.example.com' }))
    const sources = await connect(made.docs)
    expect(made.made()).toBe(0)
    expect(sources).toEqual(["'self'", ...VERSIONS.toReversed().map((v) => `https://${v}.example.com`)])
    expect(sources.slice(1)).toEqual(madeOrigins(made.docs))
  })

  it("the head document's servers, absolute and relative: what each made document gives, none made for the page", async () => {
    const head = {
      openapi: '3.1.0',
      info: { title: 'Users', version: 'v40' },
      servers: [{ url: 'https://api.example.com/base' }, { url: '/relative' }],
      paths: { '/users': { get: { responses: { 200: { description: 'The users' } } } } },
    }
    const made = counted(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: VERSIONS, defaultVersion: 'v40' }), routes, document: head }))
    const sources = await connect(made.docs)
    expect(made.made()).toBe(0)
    expect(sources.slice(1)).toEqual(madeOrigins(made.docs))
    expect(sources).toEqual(["'self'", 'https://api.example.com'])
  })

  it('documents of your own are asked for each version', async () => {
    const own = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['v1', 'v2'] }), routes, serverUrl: 'https://api.example.com' })
    const made = counted({ versions: own.versions, document: (version) => own.document(version) })
    expect(await connect(made.docs)).toEqual(["'self'", 'https://api.example.com'])
    expect(made.made()).toBe(2)
  })
})
