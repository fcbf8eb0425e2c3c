/**
 * The typed client's placement (src/typed-client/placement.ts): given the
 * server's scheme, the client puts the version where that scheme reads it,
 * read from the scheme's one `placement`; a scheme of your own that places
 * nothing is refused with a sentence.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { AcceptHeaderVersioning, BaseVersioning, CombinedVersioning, HeaderVersioning, HostNameVersioning, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { clientPlacement } from '../../src/typed-client/placement.ts'

describe("the client's placement, from the scheme's", () => {
  it("puts the version where each scheme reads it, a combination's first way", () => {
    expect([
      clientPlacement(new HeaderVersioning({ header: 'X-Version' })),
      clientPlacement(new AcceptHeaderVersioning({ versionParam: 'v' })),
      clientPlacement(new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.shop.{version}+json' })),
      clientPlacement(new QueryParameterVersioning()),
      clientPlacement(new URLPathVersioning({ versionParam: 'api' })),
      clientPlacement(new HostNameVersioning()),
      clientPlacement(new NamespaceVersioning()),
      clientPlacement(new CombinedVersioning({ schemes: [new QueryParameterVersioning(), new HeaderVersioning()] })),
    ]).toEqual([
      { in: 'header', name: 'X-Version' },
      { in: 'accept', mediaType: 'application/json', parameter: 'v' },
      { in: 'accept', mediaType: 'application/vnd.shop.{version}+json', parameter: 'version' },
      { in: 'query', name: 'version' },
      { in: 'path', param: 'api' },
      { in: 'host' },
      { in: 'namespace' },
      { in: 'query', name: 'version' },
    ])
  })

  it('a placement given as such is kept', () => {
    const given = { in: 'header', name: 'Api-Version' } as const
    expect(clientPlacement(given)).toBe(given)
  })

  it("a client made with the server's scheme sends each version where that scheme reads it", async () => {
    const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const app = new Hono().use('*', versionMiddleware({ scheme })).get('/me', (c) => c.json({ version: c.var.version }))
    const client = versionedClient<typeof app, never>('https://api.test', { scheme, fetch: (input, init) => app.request(input, init) })
    const answers = await Promise.all((['1', '2'] as never[]).map(async (v) => (await (await client(v).me.$get()).json()) as unknown))
    expect(answers).toEqual([{ version: '1' }, { version: '2' }])
  })

  it('a scheme of your own that says nowhere where it reads the version is refused', () => {
    class Mine extends BaseVersioning {
      override determineVersion(): string | null {
        return null
      }
    }
    expect(() => versionedClient('https://api.test', { scheme: new Mine() })).toThrow(
      "versionedClient: the scheme Mine says nowhere where it reads the version; give scheme as { in: 'header', name: 'Api-Version' } (or wherever it reads it).",
    )
  })
})

describe('the host template a refusal suggests is one the default HostNameVersioning reads', () => {
  /** The host template ("{version}." and its labels) that the refusal of `template` gives as an example. */
  const suggested = (template: string): string => {
    let sentence = ''
    try {
      versionedClient('https://api.test', { scheme: { in: 'host', host: template } })
    } catch (error) {
      sentence = (error as Error).message
    }
    const examples = sentence.match(/"\{version\}\.[^"]*"/g) ?? []
    expect(examples.length, sentence).toBe(1)
    return JSON.parse(examples[0] as string) as string
  }

  it.each([['api.test'], ['not a host {version}']])('refusing %j: the example given is accepted, and each version is read from its host', async (template) => {
    const host = suggested(template)
    const scheme = new HostNameVersioning({ allowedVersions: ['v1', 'v2'] })
    const app = new Hono().use('*', versionMiddleware({ scheme })).get('/me', (c) => c.json({ version: c.var.version }))
    const client = versionedClient<typeof app, never>('https://api.test', { scheme: { in: 'host', host }, fetch: (input, init) => app.request(input, init) })
    const answers = await Promise.all((['v1', 'v2'] as never[]).map(async (v) => (await (await client(v).me.$get()).json()) as unknown))
    expect(answers).toEqual([{ version: 'v1' }, { version: 'v2' }])
  })
})

describe('a host placement without a template: the host it makes is one the server reads the version from', () => {
  /** What version `app` (HostNameVersioning behind `scheme`) answers a client of `version` made on `base`. */
  const served = async (scheme: HostNameVersioning, base: string, version: string): Promise<unknown> => {
    const app = new Hono().use('*', versionMiddleware({ scheme })).get('/me', (c) => c.json({ version: c.var.version }))
    const client = versionedClient<typeof app, never>(base, { scheme, fetch: (input, init) => app.request(input, init) })
    return (await (await client(version as never).me.$get()).json()) as unknown
  }
  const refusal = (version: string, host: string): Error =>
    new Error(
      `versionedClient: a client of version "${version}" would send the host "${host}" (the version before the base URL's host), from which the server's HostNameVersioning does not read that version (by default it reads the first of three labels of letters and digits): it would answer another version. Give the host the server reads as a template, such as scheme: { in: 'host', host: '{version}.example.com' }.`,
    )

  // Before, each was made, and every call was answered in the server's default version, typed as the client's own.
  it.each([
    ['a base host of three labels (four with the version)', 'https://api.example.com', 'v1.api.example.com'],
    ['localhost', 'http://localhost:8787', 'v1.localhost'],
    ['an IP address', 'http://127.0.0.1:8787', 'v1.127.0.0.1'],
  ])('%s is refused when the client is made', (_, base, host) => {
    expect(() => versionedClient(base, { scheme: { in: 'host' } })).toThrow(refusal('v1', host))
    expect(() => versionedClient(base, { scheme: new HostNameVersioning({ allowedVersions: ['v1'], defaultVersion: 'v1' }) })).toThrow(refusal('v1', host))
  })

  it('a version the host name would carry in other letters, or one the pattern does not read, is refused when its client is made', () => {
    const client = versionedClient('https://example.com', { scheme: { in: 'host' } })
    expect(() => client('V2' as never)).toThrow(refusal('V2', 'v2.example.com'))
    expect(() => client('2025-01-01' as never)).toThrow(refusal('2025-01-01', '2025-01-01.example.com'))
  })

  it("given the server's scheme, its own hostnameRegex decides, and each version is answered in its own", async () => {
    class ApiHosts extends HostNameVersioning {
      override readonly hostnameRegex = /^([a-z0-9-]+)\.api\.example\.com$/
    }
    const scheme = new ApiHosts({ allowedVersions: ['v1', 'v2', '2025-01-01'], defaultVersion: 'v2' })
    expect(await served(scheme, 'https://api.example.com', 'v1')).toEqual({ version: 'v1' })
    expect(await served(scheme, 'https://api.example.com', '2025-01-01')).toEqual({ version: '2025-01-01' })
    const combined = new CombinedVersioning({ schemes: [new ApiHosts(), new HeaderVersioning()], allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' })
    const app = new Hono().use('*', versionMiddleware({ scheme: combined })).get('/me', (c) => c.json({ version: c.var.version }))
    const client = versionedClient<typeof app, never>('https://api.example.com', { scheme: combined, fetch: (input, init) => app.request(input, init) })
    expect(await (await client('v1' as never).me.$get()).json()).toEqual({ version: 'v1' })
    expect(await served(new HostNameVersioning({ allowedVersions: ['v1', 'v2'], defaultVersion: 'v2' }), 'https://example.com', 'v1')).toEqual({ version: 'v1' })
  })

  it('a template is the host the user says the server reads: not checked', () => {
    expect(() => versionedClient('https://api.example.com', { scheme: { in: 'host', host: '{version}.api.example.com' } })('v1' as never)).not.toThrow()
  })
})
