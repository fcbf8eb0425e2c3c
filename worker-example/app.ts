/**
 * One Hono app serving the catalogue under all five schemes, each on its own
 * prefix with its own route table and middleware:
 *
 * | prefix | scheme | ask for v2 with |
 * |---|---|---|
 * | /accept | AcceptHeaderVersioning | `Accept: application/json; version=v2` |
 * | /path/v2 | URLPathVersioning | the path |
 * | /ns/v2 | NamespaceVersioning | the path (the namespace it is included under) |
 * | /host | HostNameVersioning (hosts: `*.catalog.test`, loopback) | `Host: v2.catalog.test` |
 * | /query | QueryParameterVersioning | `?version=v2` |
 *
 * Two more sections show the version lifecycle (beyond DRF):
 *
 * | prefix | scheme | ask for a version with |
 * |---|---|---|
 * | /releases | CombinedVersioning of `Api-Version`, `?version=` and `application/vnd.catalog.<version>+json`, date versions | `Api-Version: 2025-06-30` (resolves to `2025-01-01`) |
 * | /semver | HeaderVersioning of `Accept-Version`, semantic versions | `Accept-Version: 1.x` (resolves to `1.1.0`) |
 *
 * /releases has a version policy (deprecation, sunset, supported versions,
 * 410 after a sunset, the resolved version echoed), problem-details errors,
 * a version-neutral `/releases/health`, `/releases/top-categories`, which
 * exists only from `2026-06-01`, and its changelog (`/releases/changelog`,
 * `/releases/changelog.md`).
 *
 * The views (views.ts) are written once, for the newest version of every
 * section; each section's middleware serves the older versions from the
 * declared changes (changes.ts).
 *
 * /releases also pins each client to its version, as Stripe pins accounts
 * (`clientPins`): `Authorization: Bearer <key>` with one of the app's API
 * keys names the client (an unknown key is refused with a 401; no key is
 * anonymous), known by a keyed hash of its key, never the key. A request
 * that names no version is answered in the key's pinned version, a new key
 * is pinned to the default once its first request is answered, and each
 * call is counted for the operator (`/operator/callers/:version`,
 * `/operator/pins/:client`, served when an operator key is given). `app`
 * keeps pins and calls in memory, with `Bearer demo-2025` pinned to
 * `2025-01-01`; the Worker (index.ts) keeps pins in D1 read through Workers
 * KV, and counts calls in D1.
 *
 * `app` runs on the real clock; `createApp({ now })` builds the same app on
 * another (the tests fix it, so that sunsets do not change their answers).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { bearerClient, clientPins, memoryPinStore, memoryUsage, UpgradeRefused, type PinStore } from '../src/client-pins/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, HostNameVersioning, include, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../src/index.ts'
import { dateVersions, semver } from '../src/formats/index.ts'
import { versionPolicy } from '../src/lifecycle/index.ts'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import { problemDetails } from '../src/lifecycle/index.ts'
import { catalogRoutes, categories, releasesRoutes } from './catalog.ts'
import { catalogHistory, releasesChangelog, releasesHistory, semverHistory } from './changes.ts'
import { streamRoutes } from './streams.ts'
import { answerUnmatched, detailErrors } from './unmatched.ts'
import { catalogViews, productWrites } from './views.ts'

const catalog = catalogRoutes

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }

export const accept = apiVersioning({
  scheme: new AcceptHeaderVersioning(versions),
  routes: defineRoutes([include('/accept', catalog)]),
  changes: catalogHistory,
})
export const path = apiVersioning({
  scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([include('/path/:version{v[0-9]+}', catalog)]),
  changes: catalogHistory,
})
export const namespace = apiVersioning({
  scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([
    include('/ns/v1', catalog, { namespace: 'v1' }),
    include('/ns/v2', catalog, { namespace: 'v2' }),
    // Retired: still routed, but v3 is not an allowed version, so 404.
    include('/ns/v3', catalog, { namespace: 'v3' }),
  ]),
  changes: catalogHistory,
})
export const host = apiVersioning({
  scheme: new HostNameVersioning(versions),
  routes: defineRoutes([include('/host', catalog)]),
  // Links carry the request's host: only these are served (Django's ALLOWED_HOSTS); any other is a 400.
  allowedHosts: ['.catalog.test', '127.0.0.1', 'localhost', '[::1]'],
  changes: catalogHistory,
})
export const query = apiVersioning({
  scheme: new QueryParameterVersioning(versions),
  routes: defineRoutes([include('/query', catalog)]),
  changes: catalogHistory,
})

/** How /releases answers its errors: problem details. */
const releasesErrors = problemDetails({ typeBase: 'https://catalog.test/problems/' })

/** The version policy of /releases: 2024-01-01 past its sunset, 2025-01-01 deprecated; `now`: its clock (default `Date.now`). */
export const releasesPolicyOn = (now?: () => number): ReturnType<typeof versionPolicy> =>
  versionPolicy({
    versions: {
      '2024-01-01': { deprecation: '2025-01-01T00:00:00Z', sunset: '2026-01-01T00:00:00Z' },
      '2025-01-01': {
        deprecation: '2026-06-01T00:00:00Z',
        sunset: '2027-06-01T00:00:00Z',
        deprecationLink: 'https://catalog.test/docs/changelog#2026-06-01',
        sunsetLink: 'https://catalog.test/docs/sunset/2025-01-01',
      },
    },
    reportVersions: true,
    echoHeader: 'api-version',
    refuseAfterSunset: true,
    ...(now === undefined ? {} : { now }),
  })

/** The /releases policy on the real clock (the docs read its lifecycle). */
export const releasesPolicy: ReturnType<typeof versionPolicy> = releasesPolicyOn()

/**
 * Dated releases, as Stripe dates them: a request names a date and gets the
 * latest release on or before it. 2024-01-01 is past its sunset (410);
 * 2025-01-01 is deprecated and has a sunset ahead (2027-06-01). `now`: the
 * policy's clock (default `Date.now`).
 */
export const releasesOn = (now?: () => number, pins?: ClientPins) =>
  apiVersioning({
    scheme: new CombinedVersioning({
      schemes: [
        new HeaderVersioning({ header: 'Api-Version' }),
        new QueryParameterVersioning(),
        new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.catalog.{version}+json' }),
      ],
      allowedVersions: ['2024-01-01', '2025-01-01', '2026-06-01'],
      defaultVersion: '2026-06-01',
      versionFormat: dateVersions(),
    }),
    routes: defineRoutes(releasesRoutes),
    policy: releasesPolicyOn(now),
    errorResponse: releasesErrors,
    changes: releasesHistory,
    ...(pins === undefined ? {} : { clientVersion: pins }),
  })

/** The API keys /releases accepts in the demo (the Worker: its `API_KEYS` secret, in .dev.vars for `wrangler dev`). */
export const DEMO_KEYS: readonly string[] = ['demo-2025', 'demo-new']

/** The secret that keys client ids in memory (the Worker: its `PIN_SECRET` secret, in .dev.vars for `wrangler dev`). */
export const DEMO_SECRET = 'demo only: replace with wrangler secret put PIN_SECRET'

/** The pins of /releases, and its usage log: what `clientPins` and the usage recorders give. */
type ClientPins = ReturnType<typeof clientPins>
export type UsageLog = ReturnType<typeof memoryUsage>

/** The pins the demo starts with, by key: `demo-2025` is pinned to `2025-01-01` (stores hold its id, never the key). */
export const DEMO_PINS: Readonly<Record<string, string>> = { 'demo-2025': '2025-01-01' }

/** The id of `demo-2025` under DEMO_SECRET: `await bearerClient({ secret: DEMO_SECRET }).idOf('demo-2025')`. */
export const DEMO_ID = '40a880ce259b140c1e033cea895f21b360611500592cffb88567b2c4b709cd11'

/** Where /releases keeps its clients' pins and counts their calls, and who its clients are. */
export interface ReleasesClients {
  readonly store: PinStore
  readonly usage: UsageLog
  /** The secret that keys client ids (at least 32 characters). */
  readonly secret: string
  /** The API keys /releases accepts. */
  readonly keys: readonly string[]
}

/** The client pins of /releases: a keyed hash of `Authorization: Bearer <key>` names the client; `now`: the policy's clock. */
export const releasesPins = ({ store, usage, secret }: ReleasesClients, now?: () => number): ClientPins =>
  clientPins({ store, client: bearerClient({ secret }), usage, policy: releasesPolicyOn(now) })

/** Pins and calls in memory (Node, Bun, Deno, the tests), with the demo keys and pins. */
export const memoryClients = (): ReleasesClients => ({ store: memoryPinStore({ [DEMO_ID]: '2025-01-01' }), usage: memoryUsage(), secret: DEMO_SECRET, keys: DEMO_KEYS })

/**
 * Refuses a bearer key that is not one of `keys` (401); a request without
 * `Authorization` is anonymous. Only the keys it lets through are pinned
 * and counted: /releases' pins read the key from the request, and nothing
 * is written for a request answered 401 or 403. It reads the key as
 * `bearerClient` does (whitespace before it skipped, none after), so a key
 * it lets in is always the client the pins name.
 */
function apiKeys(keys: readonly string[]): MiddlewareHandler {
  const known = new Set(keys)
  return async (c, next) => {
    const header = c.req.header('Authorization')
    if (header !== undefined && !(header.slice(0, 7).toLowerCase() === 'bearer ' && known.has(header.slice(7).trimStart()))) {
      return c.json({ detail: 'Unknown API key.' }, 401, { 'WWW-Authenticate': 'Bearer' })
    }
    return next()
  }
}

const defaultClients = memoryClients()
const defaultPins = releasesPins(defaultClients)

/** The /releases section on the real clock, its pins in memory. */
export const releases: ReturnType<typeof releasesOn> = releasesOn(undefined, defaultPins)

/** The policy of /semver: each answer echoes its version in `api-version` (its documents list that header). */
export const semverPolicy: ReturnType<typeof versionPolicy> = versionPolicy({ echoHeader: 'api-version' })

/** Semantic versions, as Fastify and restify read them: `Accept-Version: 1.x` gets the highest 1.y.z. */
export const semantic = apiVersioning({
  scheme: new HeaderVersioning({
    header: 'Accept-Version',
    allowedVersions: ['1.0.0', '1.1.0', '2.0.0'],
    defaultVersion: '2.0.0',
    versionFormat: semver(),
  }),
  routes: defineRoutes([include('/semver', catalog)]),
  policy: semverPolicy,
  changes: semverHistory,
})

/** Options of `createApp`. */
export interface AppOptions {
  /** The clock of the /releases version policy. @default Date.now */
  readonly now?: (() => number) | undefined
  /** Where /releases keeps pins and calls. @default in memory, with DEMO_PINS */
  readonly clients?: ReleasesClients | undefined
  /** The key of `Authorization: Bearer <key>` that opens /operator/*; without one, /operator/* is not served. */
  readonly operatorKey?: string | undefined
}

/** The catalogue app. */
export function createApp({ now, clients, operatorKey }: AppOptions = {}) {
  const app = new Hono()
  const own = clients ?? (now === undefined ? defaultClients : memoryClients())
  const pins = own === defaultClients && now === undefined ? defaultPins : releasesPins(own, now)
  const dated = pins === defaultPins ? releases : releasesOn(now, pins)

  app.get('/', (c) =>
    c.json({
      accept: new URL('/accept/products', c.req.url).href,
      path: new URL('/path/v1/products', c.req.url).href,
      namespace: new URL('/ns/v1/products', c.req.url).href,
      host: new URL('/host/products', c.req.url).href,
      query: new URL('/query/products', c.req.url).href,
      releases: new URL('/releases/products', c.req.url).href,
      semver: new URL('/semver/products', c.req.url).href,
    }),
  )

  app.use('/accept/*', accept)
  app.use('/path/*', path)
  app.use('/ns/*', namespace)
  app.use('/host/*', host)
  app.use('/query/*', query)
  app.use('/releases/*', apiKeys(own.keys))
  app.use('/releases/*', dated)
  app.use('/semver/*', semantic)

  // Each call is checked against its own table, and returns the app typed with its routes too (for hc).
  const withAccept = mountRoutes(app, accept, catalogViews)
  const withPath = mountRoutes(withAccept, path, catalogViews)
  const withNamespace = mountRoutes(withPath, namespace, catalogViews)
  const withHost = mountRoutes(withNamespace, host, catalogViews)
  const withQuery = mountRoutes(withHost, query, catalogViews)
  const withReleases = mountRoutes(withQuery, dated, {
    ...catalogViews,
    'product-list': { get: catalogViews['product-list'], post: productWrites.create },
    'product-detail': { get: catalogViews['product-detail'], put: productWrites.replace },
    'top-categories': (c) => c.json({ version: c.var.version, categories: categories.slice(0, 2).map((cat) => c.var.reverse('category-detail', { kwargs: { slug: cat.slug } })) }),
    health: (c) => c.json({ status: 'ok', version: c.var.version }),
    changelog: (c) =>
      c.req.param('format') === 'md' ? c.text(releasesChangelog.markdown, 200, { 'Content-Type': 'text/markdown; charset=UTF-8' }) : c.json(releasesChangelog.json),
  })
  const typed = mountRoutes(withReleases, semantic, catalogViews)
  if (operatorKey !== undefined && operatorKey !== '') operator(app, operatorKey, pins, own.usage)
  streamRoutes(app)
  // A path under a section that no route serves: 404 as the section writes its errors, after its routes.
  for (const prefix of ['/accept', '/path', '/ns', '/host', '/query', '/semver']) answerUnmatched(app, prefix, detailErrors)
  answerUnmatched(app, '/releases', releasesErrors)
  return typed
}

/** The catalogue app's type, with its routes: what `hc` and the typed clients of `hono-api-versioning/typed-client` take. */
export type CatalogApp = ReturnType<typeof createApp>

/**
 * The operator's questions, behind `Authorization: Bearer <operatorKey>`,
 * about clients known by id (`bearerClient({ secret }).idOf(key)`): who
 * called a version in a period, a page at a time
 * (`GET /operator/callers/2025-01-01?since=2026-01-01&limit=100&after=<next>`),
 * a client's pin (`GET /operator/pins/<id>`), moving it
 * (`PUT /operator/pins/<id>` with `{"version": "2026-06-01"}`) and taking the
 * move back within the rollback window (`POST /operator/pins/<id>/rollback`).
 */
function operator(app: Hono, key: string, pins: ClientPins, usage: UsageLog): void {
  app.use('/operator/*', bearerAuth({ token: key }))
  app.get('/operator/callers/:version', async (c) => {
    const date = (name: string): number | undefined => {
      const text = c.req.query(name)
      return text === undefined ? undefined : Date.parse(text)
    }
    const since = date('since')
    const until = date('until')
    if (Number.isNaN(since) || Number.isNaN(until)) return c.json({ detail: 'since and until must be ISO 8601 dates such as 2026-01-01.' }, 400)
    const limitText = c.req.query('limit')
    const limit = limitText === undefined ? undefined : /^[0-9]{1,4}$/.test(limitText) ? Number(limitText) : NaN
    const version = c.req.param('version')
    try {
      const page = await usage.callers(version, { since, until, limit, after: c.req.query('after') })
      return c.json({ version, ...page })
    } catch (error) {
      // A limit or an after that is not one: the sentence names neither value.
      if (error instanceof RangeError) return c.json({ detail: 'limit must be 1 to 1000, and after the next of a previous page.' }, 400)
      throw error
    }
  })
  app.get('/operator/pins/:client', async (c) => {
    const pin = await pins.pinOf(c.req.param('client')).catch((error: unknown) => (error instanceof UpgradeRefused ? null : Promise.reject(error)))
    return pin === null ? c.json({ detail: 'No pin for this client.' }, 404) : c.json({ client: c.req.param('client'), ...pin })
  })
  app.put('/operator/pins/:client', async (c) => {
    const body: unknown = await c.req.json().catch(() => null)
    const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined
    if (typeof version !== 'string') return c.json({ detail: 'Send {"version": "<a version>"}.' }, 400)
    return refusedAs400(c, async () => ({ client: c.req.param('client'), version: await pins.upgrade(c.req.param('client'), version) }))
  })
  app.post('/operator/pins/:client/rollback', (c) => refusedAs400(c, async () => ({ client: c.req.param('client'), version: await pins.rollback(c.req.param('client')) })))
}

/** The answer of an operator's move, or its refusal as a 400 with the refusal's sentence. */
async function refusedAs400(c: Context, move: () => Promise<Record<string, string>>): Promise<Response> {
  try {
    return c.json(await move())
  } catch (error) {
    if (error instanceof UpgradeRefused) return c.json({ detail: error.message }, 400)
    throw error
  }
}

/** The catalogue app on the real clock (`npm start`). */
export const app: CatalogApp = createApp()
