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
 * (`clientPins`): `Authorization: Bearer <key>` names the client, a request
 * that names no version is answered in the key's pinned version, a new key
 * is pinned to the default at its first request, and each call is counted
 * for the operator (`/operator/callers/:version`, `/operator/pins/:client`,
 * served when an operator key is given). `app` keeps pins and calls in
 * memory, with `Bearer demo-2025` pinned to `2025-01-01`; the Worker
 * (index.ts) keeps them in Workers KV and D1.
 *
 * `app` runs on the real clock; `createApp({ now })` builds the same app on
 * another (the tests fix it, so that sunsets do not change their answers).
 */
import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { bearerClient, clientPins, memoryPinStore, memoryUsage, UpgradeRefused, type ClientPins, type PinStore, type UsageLog } from '../src/clients/index.ts'
import { AcceptHeaderVersioning, CombinedVersioning, defineRoutes, HeaderVersioning, HostNameVersioning, include, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../src/index.ts'
import { dateVersions, semver } from '../src/formats/index.ts'
import { versionPolicy } from '../src/lifecycle/index.ts'
import { apiVersioning, mountRoutes } from '../src/hono/index.ts'
import { problemDetails } from '../src/lifecycle/index.ts'
import { catalogRoutes, categories, releasesRoutes } from './catalog.ts'
import { catalogHistory, releasesChangelog, releasesHistory, semverHistory } from './changes.ts'
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

/** The lifecycle of the dated releases (the docs read it too). */

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
    errorResponse: problemDetails({ typeBase: 'https://catalog.test/problems/' }),
    changes: releasesHistory,
    ...(pins === undefined ? {} : { clientVersion: pins }),
  })

/** The pins the demo starts with: the key `demo-2025` is pinned to `2025-01-01`. */
export const DEMO_PINS: Readonly<Record<string, string>> = { 'demo-2025': '2025-01-01' }

/** Where /releases keeps its clients' pins and counts their calls. */
export interface ReleasesClients {
  readonly store: PinStore
  readonly usage: UsageLog
}

/** The client pins of /releases: `Authorization: Bearer <key>` names the client; `now`: the policy's clock. */
export const releasesPins = ({ store, usage }: ReleasesClients, now?: () => number): ClientPins =>
  clientPins({ store, client: bearerClient(), usage, policy: releasesPolicyOn(now) })

/** Pins and calls in memory (Node, Bun, Deno, the tests), with the demo pins. */
export const memoryClients = (): ReleasesClients => ({ store: memoryPinStore(DEMO_PINS), usage: memoryUsage() })

const defaultClients = memoryClients()
const defaultPins = releasesPins(defaultClients)

/** The /releases section on the real clock, its pins in memory. */
export const releases: ReturnType<typeof releasesOn> = releasesOn(undefined, defaultPins)

/** Semantic versions, as Fastify and restify read them: `Accept-Version: 1.x` gets the highest 1.y.z. */
export const semantic = apiVersioning({
  scheme: new HeaderVersioning({
    header: 'Accept-Version',
    allowedVersions: ['1.0.0', '1.1.0', '2.0.0'],
    defaultVersion: '2.0.0',
    versionFormat: semver(),
  }),
  routes: defineRoutes([include('/semver', catalog)]),
  policy: versionPolicy({ echoHeader: 'api-version' }),
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
  return typed
}

/** The catalogue app's type, with its routes: what `hc` and the typed clients of `hono-api-versioning/client` take. */
export type CatalogApp = ReturnType<typeof createApp>

/**
 * The operator's questions, behind `Authorization: Bearer <operatorKey>`:
 * who called a version in a period (`GET /operator/callers/2025-01-01?since=2026-01-01`),
 * and moving a client's pin (`PUT /operator/pins/<client>` with `{"version": "2026-06-01"}`).
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
    const version = c.req.param('version')
    return c.json({ version, callers: await usage.callers(version, { since, until }) })
  })
  app.put('/operator/pins/:client', async (c) => {
    const body: unknown = await c.req.json().catch(() => null)
    const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined
    if (typeof version !== 'string') return c.json({ detail: 'Send {"version": "<a version>"}.' }, 400)
    try {
      return c.json({ client: c.req.param('client'), version: await pins.upgrade(c.req.param('client'), version) })
    } catch (error) {
      if (error instanceof UpgradeRefused) return c.json({ detail: error.message }, 400)
      throw error
    }
  })
}

/** The catalogue app on the real clock (`npm start`). */
export const app: CatalogApp = createApp()
