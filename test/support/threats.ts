/**
 * The hostile, huge and deeply nested inputs of the threat tables of the
 * feature pages that read a request (or a response) without a store:
 * docs/schemes.md, security.md, routes.md, lifecycle.md, hono-apps.md,
 * contracts.md, openapi.md, typed-client.md and middleware.md. Each case makes
 * its app once and gives a function that sends the input once and says what
 * came back (status and body, or the result). bench/threats.ts times them and
 * prints the tables; test/docs/threat-tables.test.ts checks each page's table
 * says what they give.
 * Web APIs only.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { versionHistory } from '../../src/changes/index.ts'
import { openAPIRoutes, versionedOpenAPI } from '../../src/openapi/index.ts'
import { openAPIDocs, type OpenAPIDocsOptions } from '../../src/openapi/scalar.ts'
import { contracts, validateResponses } from '../../src/contracts/index.ts'
import { apiVersioning, appRoutes, mountRoutes, named, versionMiddleware, type AppRoutesEnv, type VersioningExtension } from '../../src/hono/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'
import { cyclic, nestedIn } from './hostile-values.ts'
import { PARAMETER_THREATS } from './parameter-threats.ts'
import {
  AcceptHeaderVersioning,
  createReverse,
  defineRoutes,
  HeaderVersioning,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  route,
  URLPathVersioning,
  VersioningError,
  type BaseVersioning,
} from '../../src/index.ts'

/** One input of a threat table: its row's first cell, and a way to send it. */
export interface ThreatCase {
  readonly input: string
  /** Builds the app (once); the function it gives sends the input once and says what came back. */
  prepare(): Promise<() => Promise<string>> | (() => Promise<string>)
}

const KIB_64 = 64 * 1024
const versions = { allowedVersions: ['1', '2'], defaultVersion: '2' }

/** What a response says: its status and its body, cut at 120 characters. */
async function answer(response: Response): Promise<string> {
  const text = await response.text()
  const body = text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text
  return body === '' ? String(response.status) : `${response.status} \`${body}\``
}

/** An app of `versionMiddleware` with `scheme` (on the routes `at` matches), answering the version at `path`. */
function middlewareApp(scheme: BaseVersioning, path = '/users', at = '*'): Hono {
  const app = new Hono()
  app.use(at, versionMiddleware({ scheme }))
  app.get(path, (c) => c.json({ version: c.var.version }))
  return app
}

/** A case sending `request()` to `app()`. */
function sent(input: string, app: () => Hono, request: () => Request): ThreatCase {
  return {
    input,
    prepare() {
      const built = app()
      return async () => answer(await built.fetch(request()))
    },
  }
}

const manyRanges = Array.from({ length: 10_000 }, (_, i) => `application/vnd.example+json; version=${i + 3}`).join(', ')
const deep = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)

/** A 429 an extension refuses with: its detail is fixed, nothing of the request in it. */
class TooManyRequests extends VersioningError {
  override readonly status = 429
  constructor() {
    super('Too many requests for this version; try again in a minute.', 'RateLimited')
  }
}

/**
 * An app of `versionMiddleware` (HeaderVersioning, versions 1 and 2) with one extension whose `request` step does
 * what `refuse` says; its answer, then the steps that ran (`version`, `request`, `response`).
 */
function extensionCase(input: string, refuse: 'nothing' | 'versioning-error' | 'error', headers: Record<string, string>): ThreatCase {
  return {
    input,
    prepare() {
      let ran: string[] = []
      const extension: VersioningExtension = {
        bind: () => ({
          version: () => (ran.push('version'), { choice: undefined }),
          request: () => {
            ran.push('request')
            if (refuse === 'versioning-error') return new TooManyRequests()
            if (refuse === 'error') throw new Error('the extension failed')
            return undefined
          },
          response: (_exchange, response) => (ran.push('response'), response),
        }),
      }
      const app = new Hono()
      app.use('*', versionMiddleware({ scheme: new HeaderVersioning(versions), extensions: [extension] }))
      app.get('/users', (c) => c.json({ version: c.var.version }))
      // The middleware's rejections are HTTPExceptions holding their answer; any other error is the app's.
      app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`app.onError: ${error.message}`, 500)))
      return async () => {
        ran = []
        const said = await answer(await app.fetch(new Request('https://api.test/users', { headers })))
        return `${said}; steps run: ${ran.join(', ')}`
      }
    },
  }
}

/** The rows, by page. */
export const THREAT_TABLES: Readonly<Record<string, readonly ThreatCase[]>> = {
  'docs/version-changes.md': PARAMETER_THREATS,
  'docs/schemes.md': [
    sent('`Accept` of 10,000 media ranges none of which is served (AcceptHeaderVersioning)', () => middlewareApp(new AcceptHeaderVersioning(versions)), () => new Request('https://api.test/users', { headers: { accept: manyRanges } })),
    sent('`Accept: application/json; version=<script>`', () => middlewareApp(new AcceptHeaderVersioning(versions)), () => new Request('https://api.test/users', { headers: { accept: 'application/json; version=<script>' } })),
    sent('a 64 KiB `Accept` of one range', () => middlewareApp(new AcceptHeaderVersioning(versions)), () => new Request('https://api.test/users', { headers: { accept: `application/json; version=${'9'.repeat(KIB_64)}` } })),
    sent('a 64 KiB `Api-Version` header (HeaderVersioning)', () => middlewareApp(new HeaderVersioning(versions)), () => new Request('https://api.test/users', { headers: { 'api-version': '9'.repeat(KIB_64) } })),
    sent('`Api-Version: 1, 2` (two versions in one request)', () => middlewareApp(new HeaderVersioning(versions)), () => new Request('https://api.test/users', { headers: { 'api-version': '1, 2' } })),
    sent('a 64 KiB `?version=` (QueryParameterVersioning)', () => middlewareApp(new QueryParameterVersioning(versions)), () => new Request(`https://api.test/users?version=${'9'.repeat(KIB_64)}`)),
    sent('10,000 query parameters, none of them `version`', () => middlewareApp(new QueryParameterVersioning(versions)), () => new Request(`https://api.test/users?${Array.from({ length: 10_000 }, (_, i) => `p${i}=x`).join('&')}`)),
    sent('a 64 KiB version segment (URLPathVersioning, `/:version/users`)', () => middlewareApp(new URLPathVersioning(versions), '/:version/users', '/:version/*'), () => new Request(`https://api.test/${'9'.repeat(KIB_64)}/users`)),
    sent('a host of 127 one-letter labels (HostNameVersioning)', () => middlewareApp(new HostNameVersioning(versions)), () => new Request(`https://${Array.from({ length: 127 }, () => 'a').join('.')}/users`)),
    sent("`Host: 1.evil.net`, a version on a domain not served (HostNameVersioning, the middleware's `allowedHosts: ['.example.com']`)", () => hostsApp(new HostNameVersioning(versions), ['.example.com']), () => new Request('https://1.evil.net/users')),
    {
      input: 'a 64 KiB namespace segment (NamespaceVersioning, `/v1/...` and `/v2/...` in the table)',
      prepare() {
        const api = [route('user-list', '/users')] as const
        const routes = defineRoutes([include('/v1', api, { namespace: '1' }), include('/v2', api, { namespace: '2' })])
        const versioning = apiVersioning({ scheme: new NamespaceVersioning(versions), routes, origin: 'https://api.test' })
        const app = new Hono()
        app.use('*', versioning)
        mountRoutes(app, versioning, { 'user-list': (c) => c.json({ version: c.var.version }) })
        return async () => answer(await app.fetch(new Request(`https://api.test/${'9'.repeat(KIB_64)}/users`)))
      },
    },
  ],
  'docs/security.md': [
    sent('`Host: evil.example.net` with `allowedHosts: [\'api.example.com\']`', () => hostsApp(), () => new Request('https://evil.example.net/users')),
    sent('a host of 127 one-letter labels', () => hostsApp(), () => new Request(`https://${Array.from({ length: 127 }, () => 'a').join('.')}/users`)),
    sent('a look-alike suffix (`api.example.com.evil.net`)', () => hostsApp(), () => new Request('https://api.example.com.evil.net/users')),
  ],
  'docs/routes.md': [
    sent('`?format=<script>` carried over to a link (`c.var.reverse`)', () => reverseApp(), () => new Request('https://api.test/users?format=%3Cscript%3E')),
    sent('a 64 KiB `?format=` value', () => reverseApp(), () => new Request(`https://api.test/users?format=${'x'.repeat(KIB_64)}`)),
    reversed('a 64 KiB `kwargs` value for `:pk{[0-9]+}` (`reverse`, from the app)', '1'.repeat(KIB_64)),
    reversed('a 64 KiB `kwargs` value that does not match `:pk{[0-9]+}`', 'x'.repeat(KIB_64)),
  ],
  'docs/lifecycle.md': [
    sent('a request for a version past its sunset (`refuseAfterSunset`)', () => policyApp(), () => new Request('https://api.test/users', { headers: { 'api-version': '1' } })),
    sent('a 64 KiB `Api-Version` (the scheme refuses it before the policy reads anything)', () => policyApp(), () => new Request('https://api.test/users', { headers: { 'api-version': '9'.repeat(KIB_64) } })),
    sent('a request for the head version', () => policyApp(), () => new Request('https://api.test/users', { headers: { 'api-version': '2' } })),
    { input: "`problemDetails({ typeBase: ' javascript:alert(1)//' })` (a blank before the scheme, which URL parsing drops)", prepare: () => async () => thrownBy(() => problemDetails({ typeBase: ' javascript:alert(1)//' })) },
    { input: "`problemDetails({ typeBase: 'java\\tscript:alert(1)//' })` (a tab inside the scheme)", prepare: () => async () => thrownBy(() => problemDetails({ typeBase: 'java\tscript:alert(1)//' })) },
    { input: "`versionPolicy({ versions: { v1: { sunset: '2027-06-01', sunsetLink: 'https://docs:s3cret@api.example.com/v1' } } })` (a password every response would show)", prepare: () => async () => thrownBy(() => versionPolicy({ versions: { v1: { sunset: '2027-06-01', sunsetLink: 'https://docs:s3cret@api.example.com/v1' } } })) },
    { input: "`versionPolicy({ echoHeader: 'Refresh' })` (a browser would reload the page every few seconds)", prepare: () => async () => thrownBy(() => versionPolicy({ echoHeader: 'Refresh' })) },
  ],
  'docs/hono-apps.md': [
    sent('a path no route serves (`/admin`)', () => plainApp(), () => new Request('https://api.test/admin')),
    sent('a path param of `%00%0D%0A<script>` a `named()` route puts in a link (`c.var.reverse`)', () => plainApp(), () => new Request('https://api.test/users/%00%0D%0A%3Cscript%3E')),
    sent('a 64 KiB path param a `named()` route puts in a link (`c.var.reverse`)', () => plainApp(), () => new Request(`https://api.test/users/${'7'.repeat(KIB_64)}`)),
    sent('a hostile `Host` with `origin` set', () => plainApp(), () => new Request('https://evil.example.net/users/7')),
    sent('a prefix param of `%00%0D%0A<script>` a link carries (a sub-app mounted at `/t/:tenant`)', () => new Hono().route('/t/:tenant', plainApp()), () => new Request('https://api.test/t/%00%0D%0A%3Cscript%3E/users/7')),
  ],
  'docs/contracts.md': [
    {
      input: 'a response body of 100,000 wrong-typed items (`validateResponses`)',
      prepare: () => contractsApp(JSON.stringify({ items: Array.from({ length: 100_000 }, (_, i) => ({ id: `x${i}` })) })),
    },
    {
      input: 'a response body nested 10,000 arrays deep',
      prepare: () => contractsApp(deep(10_000)),
    },
    {
      input: 'a response body of 1 MiB that its document allows',
      prepare: () => contractsApp(JSON.stringify({ items: Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: 'x'.repeat(90) })) })),
    },
    {
      input: 'a lock (`check`) with a released version named with 1 MiB, CR LF first',
      prepare: () => lockCase((lock) => void (lock.released[`\r\nv${'9'.repeat(MIB)}`] = lock.released['v1'] as LockVersion)),
    },
    {
      input: 'a lock with a malformed response to a request named with 1 MiB',
      prepare: () => lockCase((lock) => void ((lock.released['v1'] as LockVersion).responses[`\r\n${'r'.repeat(MIB)}`] = { status: '200' })),
    },
    {
      input: 'a lock with a recorded header named with 16 KiB',
      prepare: () => lockCase((lock) => void (((lock.released['v1'] as LockVersion).responses['item 1'] as { headers: Record<string, string> }).headers[`x\n${'h'.repeat(16 * 1024)}`] = 'yes')),
    },
    {
      input: 'a lock with a recorded body of 200,000 keys (each a difference)',
      prepare: () => lockCase((lock) => void (((lock.released['v1'] as LockVersion).responses['item 1'] as { body: unknown }).body = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i])))),
    },
  ],
  'docs/openapi.md': [
    {
      input: '`GET /t/%3Cscript%3E%0D%0A/openapi`: the index of `openAPIRoutes` mounted at `/t/:tenant`',
      prepare() {
        const app = new Hono().route('/t/:tenant', openAPIRoutes(versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), routes: defineRoutes([route('user-list', '/users')]) })))
        return async () => {
          const response = await app.fetch(new Request('https://api.test/t/%3Cscript%3E%0D%0A/openapi'))
          const { versions } = (await response.json()) as { versions: { url: string }[] }
          return `${response.status}, the urls ${versions.map((v) => `\`${v.url}\``).join(' and ')}`
        }
      },
    },
    docsPage('a `scalar` setting named `</script><script>alert(1)</script>`', { scalar: { '</script><script>alert(1)</script>': 1 } }),
    docsPage('a `scalar` text holding `</script>` 40 objects deep', { scalar: { metaData: nestedIn(40, '</script><script>alert(1)</script>') } }),
    docsPage('`scalar: { bundle: "x\'; alert(1); \'" }` (a URL Scalar writes into its script as it is)', { scalar: { bundle: "x'; alert(1); '" } }),
    docsPage('a `scalar` setting holding a cycle', { scalar: { metaData: cyclic() } }),
    docsPage('a `pageTitle` of `</title><script>alert(1)</script>`', { pageTitle: '</title><script>alert(1)</script>' }),
    docsPage("a document's description holding `<script>alert(1)</script>` (Markdown Scalar renders in the page)", {}, { description: '<script>alert(1)</script>' }),
    docsPage("`contentSecurityPolicy: { 'frame-ancestors': \"'self'\\r\\nSet-Cookie: a=1\" }` (a header line of its own)", { contentSecurityPolicy: { 'frame-ancestors': "'self'\r\nSet-Cookie: a=1" } }),
    docsPage("`contentSecurityPolicy: { 'frame-ancestors': \"*; script-src 'unsafe-inline'\" }` (a directive of its own)", { contentSecurityPolicy: { 'frame-ancestors': "*; script-src 'unsafe-inline'" } }),
    { input: "`versionedOpenAPI({ serverUrl: ' javascript:alert(1)' })` (a document's servers)", prepare: () => async () => thrownBy(() => versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1'] }), routes: defineRoutes([route('user-list', '/users')]), serverUrl: ' javascript:alert(1)' })) },
  ],
  'docs/typed-client.md': [
    {
      input: 'a server\'s `Link` of 5,000 links and a 64 KiB `Sunset`',
      prepare: () => clientCase({ Deprecation: '@1780272000', Sunset: 'x'.repeat(KIB_64), Link: Array.from({ length: 5000 }, (_, i) => `<https://x.test/${i}>; rel="r${i}"`).join(', ') }),
    },
    {
      input: '`Deprecation: @999999999999999` (a date JavaScript cannot hold)',
      prepare: () => clientCase({ Deprecation: '@999999999999999' }),
    },
    {
      input: 'a `Link` of 64 KiB of `;` and spaces inside one link',
      prepare: () => clientCase({ Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT', Link: `<https://x.test/>${'; '.repeat(KIB_64 / 2)}rel="sunset"` }),
    },
    madeClient('a version with a character past Latin-1 (`v1版`), `Api-Version` placement', { in: 'header' }, 'v1版'),
    madeClient('the version `..`, `path` placement', { in: 'path' }, '..'),
    madeClient('`scheme: { in: \'__proto__\', name: \'x\' }`', { in: '__proto__', name: 'x' }, '1'),
  ],
  'docs/middleware.md': [
    extensionCase('a 64 KiB `Api-Version` (the scheme refuses it)', 'nothing', { 'Api-Version': '9'.repeat(KIB_64) }),
    extensionCase('`Api-Version: <script>` (the scheme refuses it)', 'nothing', { 'Api-Version': '<script>' }),
    extensionCase('a `request` step returning a `VersioningError` (a 429 of your own)', 'versioning-error', { 'Api-Version': '1' }),
    extensionCase('a `request` step that throws an `Error`', 'error', { 'Api-Version': '1' }),
  ],
}

/** A case reversing `/users/:pk{[0-9]+}` with `pk`: the link's length, or the error's message. */
function reversed(input: string, pk: string): ThreatCase {
  return {
    input,
    prepare() {
      const reverse = createReverse(defineRoutes([route('user-detail', '/users/:pk{[0-9]+}')]), new HeaderVersioning(versions))
      return async () => {
        try {
          return `returns a link of ${reverse('user-detail', { kwargs: { pk } }).length} characters`
        } catch (error) {
          const { name, message } = error as Error
          return `throws ${name}, a message of ${message.length} characters ending \`${message.slice(-90)}\``
        }
      }
    },
  }
}

/** An app of `versionMiddleware` with `scheme` and `allowedHosts`, answering the version at /users. */
function hostsApp(scheme: BaseVersioning = new HeaderVersioning(versions), allowedHosts: readonly string[] = ['api.example.com']): Hono {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme, allowedHosts }))
  app.get('/users', (c) => c.json({ version: c.var.version }))
  return app
}

function reverseApp(): Hono {
  const routes = defineRoutes([route('user-list', '/users')])
  const versioning = apiVersioning({ scheme: new HeaderVersioning(versions), routes, origin: 'https://api.test' })
  const app = new Hono()
  app.use('*', versioning)
  mountRoutes(app, versioning, { 'user-list': (c) => c.json({ self: c.var.reverse('user-list') }) })
  return app
}

function policyApp(): Hono {
  const policy = versionPolicy({ versions: { '1': { deprecation: '2020-01-01', sunset: '2021-01-01' } }, refuseAfterSunset: true })
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning(versions), policy, errorResponse: problemDetails() }))
  app.get('/users', (c) => c.json({ version: c.var.version }))
  return app
}

function plainApp(): Hono {
  const app = new Hono<AppRoutesEnv>()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning(versions), routes: appRoutes(app), origin: 'https://api.test' }))
  app.get('/users/:id', named('user-detail'), (c) => c.json({ self: c.var.reverse('user-detail', { params: { id: c.req.param('id') } }) }))
  return app as unknown as Hono
}

async function contractsApp(text: string): Promise<() => Promise<string>> {
  const served = new Hono()
  served.get('/items', named('item-list'), (c) => c.json({ items: [] }))
  const scheme = new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' })
  const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } }
  const document = { openapi: '3.1.0', info: { title: 'Items', version: '1' }, paths: { '/items': { get: { responses: { '200': { description: 'Items.', content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: item } } } } } } } } } } }
  const documents = versionedOpenAPI({ scheme, app: served, document })
  const app = new Hono()
  app.use('*', validateResponses(documents, { enabled: true }))
  app.use('*', versionMiddleware({ scheme }))
  app.get('/items', named('item-list'), (c) => c.body(text, 200, { 'content-type': 'application/json' }))
  app.onError((error, c) => c.text(`${error.name}: ${error.message.split('does not allow: ')[1] ?? error.message}`, 500))
  return async () => {
    const response = await app.fetch(new Request('https://api.test/items'))
    const body = await response.text()
    return response.status === 200 ? `200, the body as the handler sent it (${body === text ? 'unchanged' : 'changed'})` : `${response.status} through \`app.onError\`: ${body}`
  }
}

const MIB = 1024 * 1024
type LockVersion = { responses: Record<string, unknown> }

/** A lock recorded from a small app, changed by `damage`, then checked: the report's length and its first difference, or the error. */
async function lockCase(damage: (lock: { released: Record<string, LockVersion> }) => void): Promise<() => Promise<string>> {
  const app = new Hono().get('/items/1', (c) => c.json({ id: 1 }))
  const frozen = contracts({ app, versions: ['v1', 'v2'], requests: { 'item 1': () => new Request('https://api.test/items/1') } })
  const recorded = JSON.stringify(await frozen.record())
  return async () => {
    const lock = JSON.parse(recorded) as { released: Record<string, LockVersion> }
    damage(lock)
    try {
      const report = await frozen.check(lock)
      return `a report of ${report.message.length} characters: \`${report.differences[0]?.sentence ?? 'none'}\``
    } catch (error) {
      return `throws (${(error as Error).message.length} characters): \`${(error as Error).message}\``
    }
  }
}

function clientCase(headers: Record<string, string>): () => Promise<string> {
  const server = new Hono().get('/status', (c) => c.json({ ok: true }, 200, headers))
  let reported = 'onLifecycle not called'
  const history = versionHistory({ versions: [{ version: '1' }] })
  const api = versionedClient<typeof server, typeof history>('https://api.test', {
    scheme: { in: 'header', name: 'Api-Version' },
    fetch: (input, init) => server.request(input, init),
    onLifecycle: (lifecycle) => {
      reported = `onLifecycle gets ${JSON.stringify(lifecycle)}`
    },
  })('1')
  return async () => {
    reported = 'onLifecycle not called'
    // A new client each time would report again; this one reports once, so the figures are of the parse.
    const res = await api.status.$get()
    await res.text()
    return `${res.status}; ${reported}`
  }
}

/** What making `make()` gives: its error's name and message (cut at 120 characters), or `made`. */
function thrownBy(make: () => unknown): string {
  try {
    make()
    return 'made'
  } catch (error) {
    const { name, message } = error as Error
    return `throws ${name} when made: \`${message.length > 120 ? `${message.slice(0, 120)}…` : message}\``
  }
}

/**
 * A case making `openAPIDocs` with `options` (once per call): its error, or the page's answer, how many scripts it
 * holds, and the scripts its policy allows.
 */
function docsPage(input: string, options: OpenAPIDocsOptions, info?: { readonly description: string }): ThreatCase {
  const docs = versionedOpenAPI({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'] }), routes: defineRoutes([route('user-list', '/users')]), ...(info === undefined ? {} : { info }) })
  return {
    input,
    prepare: () => async () => {
      let app: Hono | undefined
      const thrown = thrownBy(() => (app = new Hono().route('/docs', openAPIDocs(docs, { cdn: '/standalone.js', ...options }))))
      if (app === undefined) return thrown
      const response = await app.fetch(new Request('https://api.test/docs'))
      const html = await response.text()
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? []
      const hashes = scriptSrc.filter((source) => source.startsWith("'sha256-")).length
      const allowed = `; the policy's script-src: ${scriptSrc.filter((source) => !source.startsWith("'sha256-")).map((source) => `\`${source}\``).join(', ')} and ${hashes} hashes`
      return `${response.status}, a page of ${html.match(/<script\b/gi)?.length ?? 0} scripts (its own three)${html.includes('<title>&lt;/title&gt;') ? ', the title escaped' : ''}${html.includes('<script>alert(1)') ? ', a `<script>alert(1)` in it' : ''}${allowed}`
    },
  }
}

/** A case making a typed client's client of `version` with `scheme` (once per call): its error, or `made`. */
function madeClient(input: string, scheme: object, version: string): ThreatCase {
  return {
    input,
    prepare: () => async () => thrownBy(() => versionedClient('https://api.test', { scheme: scheme as never, fetch: () => new Response() })(version as never)),
  }
}
