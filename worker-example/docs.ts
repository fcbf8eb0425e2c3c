/**
 * The example's API docs: one OpenAPI 3.1 document per version of every
 * section, a docs page (Scalar) per section whose selector switches between
 * them, the RFC 9727 api-catalog listing them all, and a
 * `Link: <document>; rel="openapi"` on every versioned answer.
 *
 * | page | section | scheme |
 * |---|---|---|
 * | /docs | /releases | a header, a query parameter or a vendor media type; dated versions, a policy, pins |
 * | /docs/path | /path/v1, /path/v2 | URL path |
 * | /docs/ns | /ns/v1, /ns/v2 | namespace |
 * | /docs/accept | /accept | Accept header |
 * | /docs/host | /host | host name (`v1.catalog.test`) |
 * | /docs/query | /query | query parameter |
 * | /docs/semver | /semver | `Accept-Version` header, semantic versions |
 * | /docs/streams | /streams | `Api-Version` header; NDJSON and server-sent events (written as text or given as values), documented item by item |
 *
 * Each section's documents are made from what its middleware runs: its
 * scheme, route table, the methods the app registers (and the 405 it
 * answers others with), version policy, error format, the changelog its
 * history derives (one changelog: /releases/changelog serves the same) and,
 * for /releases, the request schemas its validation checks older bodies
 * against. What no declaration says, the response bodies, comes from one
 * head document per section, written below as an OpenAPI tool would write
 * it. Scalar's browser bundle is served by Workers static assets at
 * /standalone.js, so the pages need no CDN.
 */
import { Hono } from 'hono'
import { apiCatalog, openAPILink, versionedOpenAPI } from '../src/openapi/index.ts'
import { openAPIDocs } from '../src/openapi/scalar.ts'
import type { CatalogEntry } from '../src/openapi/discovery.ts'
import type { VersionedOpenAPI } from '../src/openapi/documents.ts'
import { accept, app, host, namespace, path, query, releases, releasesPolicy, releasesPolicyOn, semantic, semverPolicy } from './app.ts'
import { catalogHistory, releasesBodies, releasesChangelog, requestSchemas, semverHistory } from './changes.ts'
import { streamsHistory, streamsScheme } from './streams.ts'

const uri = { type: 'string', format: 'uri' }
const ref = (name: string): object => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: object, description: string, headers?: object): object => ({ description, content: { 'application/json': { schema } }, ...(headers === undefined ? {} : { headers }) })
const notFound = json(ref('NotFound'), 'No such product or category.')
const refused = (description: string): object => json(ref('NotFound'), description)
const id = { name: 'id', in: 'path', required: true, description: 'The product id.', schema: { type: 'string' } }
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } }

/** The head versions' response schemas, as an OpenAPI tool describes the views (views.ts). */
const schemas = {
  Product: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      title: { type: 'string', description: 'What the product is called.' },
      price: ref('Price'),
      category: { type: 'object', properties: { name: { type: 'string' }, url: uri }, required: ['name', 'url'] },
      links: { type: 'object', properties: { self: uri }, required: ['self'] },
    },
    required: ['id', 'title', 'price', 'category', 'links'],
    example: { id: 1, title: 'Sencha', price: { amount: 1250, currency: 'EUR' }, category: { name: 'Tea', url: 'https://catalog.test/releases/categories/tea' }, links: { self: 'https://catalog.test/releases/products/1' } },
  },
  Price: { type: 'object', properties: { amount: { type: 'integer', description: 'In cents.' }, currency: { type: 'string', examples: ['EUR'] } }, required: ['amount', 'currency'] },
  Category: {
    type: 'object',
    properties: { slug: { type: 'string' }, title: { type: 'string' }, links: { type: 'object', properties: { self: uri, products: { type: 'array', items: uri } }, required: ['self', 'products'] } },
    required: ['slug', 'title', 'links'],
  },
  ProductList: { type: 'object', properties: { version: { type: ['string', 'null'] }, count: { type: 'integer' }, products: { type: 'array', items: ref('Product') } }, required: ['version', 'count', 'products'] },
  CategoryList: { type: 'object', properties: { version: { type: ['string', 'null'] }, count: { type: 'integer' }, categories: { type: 'array', items: ref('Category') } }, required: ['version', 'count', 'categories'] },
  NotFound: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
}

/** The streamed routes' head document: their media types (the handlers' Content-Type) and the item's schema. */
const streamsHead = {
  openapi: '3.1.0',
  info: { title: 'People API (streams)', version: '2', description: 'People, streamed as they are written.' },
  paths: {
    '/streams/people.ndjson': {
      get: {
        summary: 'Export the people',
        parameters: [{ name: 'count', in: 'query', description: 'How many (default 3).', schema: { type: 'integer', minimum: 0, maximum: 1000 } }],
        responses: { '200': { description: 'One person per line.', content: { 'application/x-ndjson': {} } } },
      },
    },
    '/streams/feed': { get: { summary: 'People as they join', responses: { '200': { description: 'An event per person.', content: { 'text/event-stream': {} } } } } },
    '/streams/joined': {
      get: {
        summary: 'People as they join, given as values',
        parameters: [{ name: 'count', in: 'query', description: 'How many (default 3).', schema: { type: 'integer', minimum: 0, maximum: 1000 } }],
        responses: { '200': { description: 'A `joined` event per person, its id the person\'s.', content: { 'text/event-stream': {} } } },
      },
    },
  },
  components: {
    schemas: { Person: { type: 'object', properties: { id: { type: 'integer' }, fullName: { type: 'string' }, email: { type: 'string', format: 'email' } }, required: ['id', 'fullName', 'email'] } },
  },
}

/** The catalogue's four routes at `base` (`/accept`, `/path/{version}`, ...), as an OpenAPI tool writes them. */
function catalogPaths(base: string): Record<string, object> {
  return {
    [`${base}/products`]: { get: { summary: 'List the products', tags: ['products'], responses: { '200': json(ref('ProductList'), 'The products.') } } },
    [`${base}/products/{id}`]: { get: { summary: 'One product', tags: ['products'], parameters: [id], responses: { '200': json(ref('Product'), 'The product.'), '404': notFound } } },
    [`${base}/categories`]: { get: { summary: 'List the categories', tags: ['categories'], responses: { '200': json(ref('CategoryList'), 'The categories.') } } },
    [`${base}/categories/{slug}`]: { get: { summary: 'One category', tags: ['categories'], parameters: [slug], responses: { '200': json(ref('Category'), 'The category.'), '404': notFound } } },
  }
}

/** A head document of `paths`. */
const headDocument = (title: string, paths: Record<string, object>, more: Record<string, object> = {}): { openapi: string; info: object; paths: object; components: object } => ({
  openapi: '3.1.0',
  info: { title, version: 'head', description: 'Products and categories that link to each other.' },
  paths,
  components: { schemas: { ...schemas, ...more } },
})

/** What a write answers besides its product: the handler's own refusals (every version). */
const writeAnswers = {
  '400': refused('The body is empty or not JSON.'),
  '415': refused('The body is not sent as application/json.'),
  '422': refused('The product is not valid (its category must exist).'),
}

/** The dated section's head document: the catalogue, its writes, and its own routes. */
const releasesHead = (() => {
  const paths = catalogPaths('/releases') as Record<string, Record<string, object>>
  const location = { Location: { description: 'The new product.', schema: uri } }
  ;(paths['/releases/products'] as Record<string, object>)['post'] = { summary: 'Create a product', tags: ['products'], responses: { '201': json(ref('Product'), 'The product, as it would be stored.', location), ...writeAnswers } }
  ;(paths['/releases/products/{id}'] as Record<string, object>)['put'] = {
    summary: 'Replace a product',
    tags: ['products'],
    parameters: [id],
    responses: { '200': json(ref('Product'), 'The product, as it would be stored.'), '404': notFound, ...writeAnswers },
  }
  paths['/releases/top-categories'] = { get: { summary: 'The top categories', tags: ['categories'], responses: { '200': json(ref('TopCategories'), 'Links to the top categories.') } } }
  paths['/releases/health'] = { get: { summary: 'Health check', responses: { '200': json(ref('Health'), 'Up, whatever the version.') } } }
  paths['/releases/changelog'] = { get: { summary: 'The changelog', responses: { '200': json(ref('Changelog'), 'Every version and what it changed, newest first.') } } }
  paths['/releases/changelog.{format}'] = {
    get: {
      summary: 'The changelog in Markdown',
      parameters: [{ name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['md'] } }],
      responses: { '200': { description: 'The changelog as Markdown.', content: { 'text/markdown': { schema: { type: 'string' } } } } },
    },
  }
  // apiKeys (app.ts) answers every /releases route 401 for a bearer key it did not issue.
  const unknownKey = json(ref('NotFound'), 'The bearer key is not one this API issued.', { 'WWW-Authenticate': { description: 'Bearer', schema: { type: 'string' } } })
  for (const operations of Object.values(paths)) for (const operation of Object.values(operations) as { responses: Record<string, object> }[]) operation.responses['401'] = unknownKey
  return headDocument('Catalog API', paths, {
    TopCategories: { type: 'object', properties: { version: { type: ['string', 'null'] }, categories: { type: 'array', items: uri } }, required: ['version', 'categories'] },
    Health: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] }, version: { type: ['string', 'null'] } }, required: ['status', 'version'] },
    Changelog: {
      type: 'object',
      properties: { head: { type: 'string' }, versions: { type: 'array', items: { type: 'object', properties: { version: { type: 'string' }, changes: { type: 'array', items: { type: 'object' } } }, required: ['version', 'changes'] } } },
      required: ['head', 'versions'],
    },
  })
})()

/** The /releases documents on the policy's clock `now` (default `Date.now`). */
export const releasesDocsOn = (now?: () => number): VersionedOpenAPI =>
  versionedOpenAPI({
    scheme: releases.scheme,
    routes: releases.routes,
    policy: now === undefined ? releasesPolicy : releasesPolicyOn(now),
    document: releasesHead,
    changelog: releasesChangelog.json,
    errors: 'problem-details',
    requests: { schemas: requestSchemas, bodies: releasesBodies },
    pins: {},
    app,
  })

/** The /releases documents on the real clock. */
export const releasesDocs: VersionedOpenAPI = releasesDocsOn()

/** The documents of each v1/v2 section and /semver, from its middleware, the app's routes, its history and its head document. */
export const pathDocs = versionedOpenAPI({ scheme: path.scheme, routes: path.routes, app, changelog: catalogHistory, document: headDocument('Catalog API (URL path)', catalogPaths('/path/{version}')) })
export const namespaceDocs = versionedOpenAPI({
  scheme: namespace.scheme,
  routes: namespace.routes,
  app,
  changelog: catalogHistory,
  document: headDocument('Catalog API (namespace)', { ...catalogPaths('/ns/v1'), ...catalogPaths('/ns/v2') }),
})
export const acceptDocs = versionedOpenAPI({ scheme: accept.scheme, routes: accept.routes, app, changelog: catalogHistory, document: headDocument('Catalog API (Accept header)', catalogPaths('/accept')) })
export const hostDocs = versionedOpenAPI({
  scheme: host.scheme,
  routes: host.routes,
  app,
  changelog: catalogHistory,
  document: headDocument('Catalog API (host name)', catalogPaths('/host')),
  serverUrl: 'http://{version}.catalog.test',
})
export const queryDocs = versionedOpenAPI({ scheme: query.scheme, routes: query.routes, app, changelog: catalogHistory, document: headDocument('Catalog API (query parameter)', catalogPaths('/query')) })
export const semverDocs = versionedOpenAPI({ scheme: semantic.scheme, routes: semantic.routes, app, policy: semverPolicy, changelog: semverHistory, document: headDocument('Catalog API (semantic versions)', catalogPaths('/semver')) })
/** The streamed routes' documents: each version's item schema under the media type each handler sends. */
// The items of its streams come from the history's own bodies (streams.ts).
export const streamsDocs = versionedOpenAPI({ scheme: streamsScheme, document: streamsHead, changelog: streamsHistory, app })

/** Every section: its API path, its docs page (the documents under `<page>/openapi`) and its documents. */
export const sections: readonly (CatalogEntry & { readonly page: string; readonly documents: VersionedOpenAPI })[] = [
  { api: '/releases', page: '/docs', path: '/docs/openapi', documents: releasesDocs, title: 'Catalog API' },
  { api: '/path', page: '/docs/path', path: '/docs/path/openapi', documents: pathDocs, title: 'Catalog API (URL path)' },
  { api: '/ns', page: '/docs/ns', path: '/docs/ns/openapi', documents: namespaceDocs, title: 'Catalog API (namespace)' },
  { api: '/accept', page: '/docs/accept', path: '/docs/accept/openapi', documents: acceptDocs, title: 'Catalog API (Accept header)' },
  { api: '/host', page: '/docs/host', path: '/docs/host/openapi', documents: hostDocs, title: 'Catalog API (host name)' },
  { api: '/query', page: '/docs/query', path: '/docs/query/openapi', documents: queryDocs, title: 'Catalog API (query parameter)' },
  { api: '/semver', page: '/docs/semver', path: '/docs/semver/openapi', documents: semverDocs, title: 'Catalog API (semantic versions)' },
  { api: '/streams', page: '/docs/streams', path: '/docs/streams/openapi', documents: streamsDocs, title: 'People API (streams)' },
]

/** The docs pages: /docs (the dated section) and /docs/<section> for each other one. */
const scalar = { defaultOpenAllTags: true }
export const docs = openAPIDocs(releasesDocs, { cdn: '/standalone.js', pageTitle: 'Catalog API', scalar })
for (const section of sections.slice(1)) {
  docs.route(section.page.slice('/docs'.length), openAPIDocs(section.documents, { cdn: '/standalone.js', pageTitle: section.title, scalar }))
}

/**
 * `app` with its docs: the pages under /docs, the api-catalog at
 * /.well-known/api-catalog, and `Link: <document>; rel="openapi"` on each
 * section's versioned answers.
 */
export function withDocs(app: Hono): Hono {
  const outer = new Hono()
  for (const section of sections) outer.use(`${section.api}/*`, openAPILink(section.documents, { path: section.path }))
  outer.route('/', apiCatalog(sections))
  outer.route('/docs', docs)
  outer.route('/', app)
  return outer
}
