/**
 * Bundle-size case: the baseline Worker (./bare.ts) using every public export
 * of hono-api-versioning, so nothing can be tree-shaken away. Like
 * worker-example/app.ts, one app serves the same routes under each of the
 * five schemes (each on its own prefix, with its own table and middleware),
 * plus a custom scheme and the standalone helpers.
 *
 * | prefix | scheme |
 * |---|---|
 * | /accept | AcceptHeaderVersioning |
 * | /path/v2 | URLPathVersioning |
 * | /ns/v2 | NamespaceVersioning |
 * | /host | HostNameVersioning |
 * | /query | QueryParameterVersioning |
 * | /custom | a BaseVersioning subclass reading `X-API-Version` |
 * | /lifecycle | CombinedVersioning (header, query, vendor media type), date versions, a version policy, problem details |
 * | /semver | HeaderVersioning with semantic versions |
 * | /changes | version changes (src/changes) through versionMiddleware: every change kind, the changelog, a webhook payload migrated, older request bodies validated (src/validation) |
 */
import type { Context } from 'hono'
import { Hono } from 'hono/tiny'
import { AcceptHeaderVersioning, BaseVersioning, CombinedVersioning, createReverse, HeaderVersioning as LifecycleHeaderVersioning, defineRoutes, HostNameVersioning, include, NamespaceVersioning, NotAcceptable, NotFound, NoReverseMatch, QueryParameterVersioning, route, URLPathVersioning, versioned, VersioningError, versionNeutral, type VersionRequest } from '../../src/index.ts'
import { AmbiguousVersion, Gone, NotImplementedError } from '../../src/errors.ts'
import { RouteTable } from '../../src/routes/table.ts'
import { MAX_MEDIA_RANGES, parseAccept, parseMediaType } from '../../src/http/accept.ts'
import { negotiateList } from '../../src/http/accept-list.ts'
import { dateVersions, semver } from '../../src/formats/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { problemDetails, versionPolicy } from '../../src/lifecycle/index.ts'
import {
  change,
  changelog,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  headerChanged,
  pathChanged,
  queryParamRenamed,
  requestHeaderRenamed,
  routeAdded,
  routeRemoved,
  shape,
  shapeConverted,
  statusChanged,
  versionHistory,
} from '../../src/changes/index.ts'
import { InvalidRequestBody, requestValidation } from '../../src/validation/index.ts'

const items = [
  route('item-list', '/items', { formats: ['json', 'csv'] }),
  route('item-detail', '/items/:id{[0-9]+}'),
] as const

const versions = { allowedVersions: ['v1', 'v2'], defaultVersion: 'v1' }

/** Rejections as `{"detail": ...}` with an error code. */
function errorResponse(error: VersioningError, c: Context): Response {
  const res = c.json({ detail: error.detail }, error.status as 404)
  res.headers.set('X-Error', error instanceof NotAcceptable ? 'not-acceptable' : error instanceof NotFound ? 'not-found' : error instanceof AmbiguousVersion ? 'ambiguous' : error instanceof Gone ? 'gone' : error.name)
  return res
}

/** A custom scheme: the version is the `X-API-Version` header (DRF's "write your own"). */
class HeaderVersioning extends BaseVersioning {
  override readonly kind = 'header' as const
  override readonly invalidVersionMessage: string = 'Invalid version in "X-API-Version" header.'
  override readonly vary: readonly string[] = ['X-API-Version']
  readonly header: string

  constructor(options: { readonly header?: string; readonly allowedVersions?: readonly string[]; readonly defaultVersion?: string } = {}) {
    const { header = 'X-API-Version', ...shared } = options
    super(shared)
    this.header = header
  }

  override determineVersion(request: VersionRequest): string | null {
    const version = request.headers.get(this.header) ?? this.defaultVersion
    if (!this.isAllowedVersion(version)) throw new NotFound(this.invalidVersionMessage)
    return version
  }
}

const accept = apiVersioning({
  scheme: new AcceptHeaderVersioning({ ...versions, mediaTypes: ['application/json', 'application/vnd.example+json'] }),
  routes: defineRoutes([include('/accept', items)]),
  errorResponse,
})
const path = apiVersioning({
  scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([include('/path/:version{v[0-9]+}', items)]),
})
const namespace = apiVersioning({
  scheme: new NamespaceVersioning({ allowedVersions: ['v1', 'v2'] }),
  routes: defineRoutes([
    include('/ns/v1', items, { namespace: 'v1' }),
    include('/ns/v2', items, { namespace: 'v2' }),
    // Retired: still routed, but v3 is not an allowed version, so 404.
    include('/ns/v3', items, { namespace: 'v3' }),
  ]),
})
const host = apiVersioning({
  scheme: new HostNameVersioning(versions),
  routes: defineRoutes([include('/host', items)]),
})
const query = apiVersioning({
  scheme: new QueryParameterVersioning({ ...versions, versionParam: 'version' }),
  routes: defineRoutes([include('/query', items)], { formatQueryParam: 'format' }),
})
const custom = apiVersioning({
  scheme: new HeaderVersioning(versions),
  routes: defineRoutes([include('/custom', items)]),
  errorResponse,
})

const lifecycle = apiVersioning({
  scheme: new CombinedVersioning({
    schemes: [
      new LifecycleHeaderVersioning(),
      new QueryParameterVersioning(),
      new AcceptHeaderVersioning({ vendorMediaType: 'application/vnd.example.{version}+json' }),
    ],
    allowedVersions: ['2025-01-01', '2026-06-01'],
    defaultVersion: '2026-06-01',
    versionFormat: dateVersions(),
  }),
  routes: defineRoutes([
    include('/lifecycle', [...items, versioned(['2026-06-01'], route('item-new', '/new')), versionNeutral(route('health', '/health'))]),
  ]),
  policy: versionPolicy({
    versions: { '2025-01-01': { deprecation: '2026-06-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z', sunsetLink: 'https://api.example/sunset' } },
    reportVersions: true,
    echoHeader: 'api-version',
    refuseAfterSunset: true,
  }),
  errorResponse: problemDetails({ typeBase: 'https://api.example/problems/' }),
})
const semantic = apiVersioning({
  scheme: new LifecycleHeaderVersioning({ header: 'Accept-Version', allowedVersions: ['1.0.0', '2.0.0'], versionFormat: semver() }),
  routes: defineRoutes([include('/semver', items)]),
})

/** A table outside any middleware, reversed with a standalone `createReverse`. */
const links = defineRoutes([route('home', '/'), route('negotiate', '/negotiate'), include('/path/:version{v[0-9]+}', items)])
const linkReverse = createReverse(links, new URLPathVersioning())

const app = new Hono()

app.onError((error, c) => {
  if (error instanceof NoReverseMatch) return c.json({ detail: 'Broken link.', route: error.routeName, reason: error.reason }, 500)
  if (error instanceof NotImplementedError) return c.json({ detail: error.message }, 501)
  if (error instanceof VersioningError) return errorResponse(error, c)
  if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response
  return c.json({ detail: 'Internal error.' }, 500)
})

app.get('/', (c) =>
  c.json({
    home: linkReverse('home', { request: c.req.raw }),
    v2: linkReverse('item-list', { version: 'v2', request: c.req.raw }),
    resolved: links.resolve(c.req.path)?.viewName ?? null,
    isTable: links instanceof RouteTable,
    maxMediaRanges: MAX_MEDIA_RANGES,
  }),
)

app.get('/negotiate', (c) => {
  const header = c.req.header('accept') ?? null
  const texts = ['application/json', 'text/csv']
  const available = texts.map((text) => parseMediaType(text)).filter((t) => t !== null)
  const accepted = negotiateList(header, available, texts)
  return c.json({
    ranges: parseAccept(header ?? '').map((r) => ({ type: `${r.type}/${r.subtype}`, q: r.q, params: Object.fromEntries(r.params) })),
    accepted: accepted === null ? null : { mediaType: accepted.mediaType, params: Object.fromEntries(accepted.params) },
  })
})

app.get('/abstract', () => {
  // BaseVersioning itself cannot determine a version: NotImplementedError.
  new BaseVersioning().determineVersion(new Request('https://api.example/'))
  return new Response(null, { status: 204 })
})

app.use('/plain/*', versionMiddleware({ scheme: new QueryParameterVersioning(versions) }))
app.get('/plain/version', (c) => c.json({ version: c.var.version }))

app.use('/accept/*', accept)
app.use('/path/*', path)
app.use('/ns/*', namespace)
app.use('/host/*', host)
app.use('/query/*', query)
app.use('/custom/*', custom)
app.use('/lifecycle/*', lifecycle)
app.use('/semver/*', semantic)

const views = {
  'item-list': (c: Context) =>
    c.json({ version: c.var.version, self: c.var['reverse']('item-list'), csv: c.var['reverse']('item-list', { format: 'csv' }) }),
  'item-detail': {
    get: (c: Context) =>
      c.json({
        id: c.req.param('id'),
        version: c.var.version,
        self: c.var['reverse']('item-detail', { kwargs: { id: c.req.param('id') ?? '' } }),
      }),
    delete: (c: Context) => c.body(null, 204),
  },
}

mountRoutes(app, accept, views)
mountRoutes(app, path, views)
mountRoutes(app, namespace, views)
mountRoutes(app, host, views)
mountRoutes(app, query, views)
mountRoutes(app, custom, views)
mountRoutes(app, lifecycle, { ...views, 'item-new': (c) => c.json({ version: c.var.version }), health: (c) => c.json({ ok: true }) })
mountRoutes(app, semantic, views)

/** Version changes: every change kind, the changelog as JSON and Markdown, a payload migrated outside a request. */
const Item = shape<{ id: number; title: string; price: number; state: string; tags: string[] }>('Item')
const Page = shape<{ items: unknown[] }>('Page', { nested: { items: [Item] } })
const titles = change('Items have titles.', [fieldRenamed(Item, { older: 'name', newer: 'title' }), fieldRemoved(Item, 'sku', { older: (item) => `SKU-${item.id}` })])
const history = versionHistory({
  versions: [
    { version: 'v1' },
    {
      version: 'v2',
      changes: [
        titles,
        change('Prices in cents, tags, states.', [
          fieldChanged(Item, 'price', { down: (cents) => (cents / 100).toFixed(2), up: (text) => Math.round(Number(text) * 100) }),
          fieldAdded(Item, 'tags', { default: [] }),
          enumValuesAdded(Item, 'state', ['draft'], { fallback: 'active' }),
          shapeConverted(Page, { down: (page) => page.items, older: [Item] }),
        ]),
        change('Routes.', [
          routeAdded('GET /changes/new'),
          routeRemoved('GET /changes/old'),
          pathChanged('GET /changes/items', { older: '/changes/things', newer: '/changes/items' }),
          statusChanged('POST /changes/items', { older: 200, newer: 201 }),
          headerChanged('GET /changes/items', { header: 'X-Total', down: () => null }),
          queryParamRenamed('GET /changes/items', { older: 'search', newer: 'q' }),
          requestHeaderRenamed('GET /changes/items', { older: 'X-Locale', newer: 'Accept-Language' }),
        ]),
      ],
    },
  ],
  bodies: { 'GET /changes/items': { response: Page }, 'POST /changes/items': { request: Item } },
  validation: requestValidation({ schemas: { Item: { type: 'object', properties: { title: { type: 'string' }, price: { type: 'integer' }, state: { enum: ['active', 'draft'] } } } } }),
})
app.use('/changes/*', versionMiddleware({ scheme: new QueryParameterVersioning(versions), changes: history }))
app.get('/changes/items', (c) => c.json({ items: [{ id: 1, title: c.req.query('q') ?? 't', price: 100, state: 'draft', tags: [] }] }, 200, { 'X-Total': '1' }))
app.post('/changes/items', (c) => c.json({ created: true, invalid: new InvalidRequestBody([]).status }, 201))
app.get('/changes/log', (c) => c.json({ json: history.changelog(), markdown: changelog(history, { format: 'markdown' }), old: history.predates(c.var.version, titles) }))
app.get('/changes/webhook', (c) => c.json(history.migrate({ items: [{ id: 1, title: 't', price: 100, state: 'draft', tags: [] }] }, { as: Page, to: 'v1' })))

export default app
