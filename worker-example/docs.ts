/**
 * The example's API docs: one OpenAPI 3.1 document per version and a docs
 * page (Scalar) whose selector switches between them.
 *
 * | page | section | made from |
 * |---|---|---|
 * | /docs | /releases (dated versions, a policy, a route added in 2026-06-01) | the head document below, and the changelog |
 * | /docs/path | /path/v1, /path/v2 (URLPathVersioning) | the route table alone |
 *
 * Scalar's browser bundle is served by Workers static assets (`[assets]` in
 * wrangler.toml) at /standalone.js, so the page needs no CDN.
 *
 * The head document describes the newest version, 2026-06-01, as an OpenAPI
 * tool would (hono-openapi, @hono/zod-openapi and chanfana make one like it
 * from code); the changelog says how the older versions differ. 2024-01-01
 * is past its sunset and answered with 410, so it has no document.
 */
import { versionedOpenAPI } from '../src/openapi/index.ts'
import { openAPIDocs } from '../src/openapi/scalar.ts'
import { path, releases, releasesPolicy, releasesPolicyOn } from './app.ts'
import type { Changelog } from '../src/changes/changelog.ts'
import type { VersionedOpenAPI } from '../src/openapi/documents.ts'

const uri = { type: 'string', format: 'uri' }
const productUrl = { ...uri, examples: ['https://catalog.test/releases/products/1'] }
const json = (schema: object, description: string): object => ({ description, content: { 'application/json': { schema } } })
const ref = (name: string): object => ({ $ref: `#/components/schemas/${name}` })
const problem = { description: 'No such version or resource.', content: { 'application/problem+json': { schema: ref('Problem') } } }

/** The newest version, 2026-06-01, as an OpenAPI tool describes it. */
const head = {
  openapi: '3.1.0',
  info: { title: 'Catalog API', version: '2026-06-01', description: 'Products and categories that link to each other.' },
  paths: {
    '/releases/products': { get: { summary: 'List the products', tags: ['products'], responses: { '200': json(ref('ProductList'), 'The products.'), '404': problem } } },
    '/releases/products/{id}': {
      get: {
        summary: 'One product',
        tags: ['products'],
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The product id.', schema: { type: 'string' } }],
        responses: { '200': json(ref('Product'), 'The product.'), '404': problem },
      },
    },
    '/releases/categories': { get: { summary: 'List the categories', tags: ['categories'], responses: { '200': json(ref('CategoryList'), 'The categories.'), '404': problem } } },
    '/releases/categories/{slug}': {
      get: {
        summary: 'One category',
        tags: ['categories'],
        parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': json(ref('Category'), 'The category.'), '404': problem },
      },
    },
    '/releases/top-categories': { get: { summary: 'The top categories', tags: ['categories'], responses: { '200': json(ref('TopCategories'), 'Links to the top categories.') } } },
    '/releases/health': { get: { summary: 'Health check', responses: { '200': json(ref('Health'), 'Up, whatever the version.') } } },
  },
  components: {
    schemas: {
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
        properties: { slug: { type: 'string' }, title: { type: 'string' }, links: { type: 'object', properties: { self: uri, products: { type: 'array', items: uri } } } },
        required: ['slug', 'title', 'links'],
      },
      ProductList: { type: 'object', properties: { version: { type: 'string' }, count: { type: 'integer' }, products: { type: 'array', items: ref('Product') } } },
      CategoryList: { type: 'object', properties: { version: { type: 'string' }, count: { type: 'integer' }, categories: { type: 'array', items: ref('Category') } } },
      TopCategories: { type: 'object', properties: { version: { type: 'string' }, categories: { type: 'array', items: uri } } },
      Health: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] }, version: { type: ['string', 'null'] } } },
      Problem: {
        type: 'object',
        properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, code: { type: 'string' } },
      },
    },
  },
}

/** How 2026-06-01 differs from 2025-01-01 (the version changes' `history.changelog()` gives this JSON). */
const changelog: Changelog = {
  head: '2026-06-01',
  versions: [
    {
      version: '2026-06-01',
      changes: [
        { id: 'product-title', description: 'Products have a `title` instead of a `name`.', instructions: [{ type: 'field.renamed', shape: 'Product', older: 'name', newer: 'title' }] },
        {
          id: 'product-price',
          description: "A product's `price` is an object (`amount` in cents, `currency`), no longer a string in euros.",
          instructions: [{ type: 'field.changed', shape: 'Product', field: 'price', olderSchema: { type: 'string', description: 'In euros.', examples: ['12.50'] } }],
        },
        {
          id: 'product-links',
          description: "A product's `category` is an object (`name`, `url`) and its own link is `links.self`, no longer `url`.",
          instructions: [
            { type: 'field.changed', shape: 'Product', field: 'category', olderSchema: { ...uri, examples: ['https://catalog.test/releases/categories/tea'] } },
            { type: 'field.removed', shape: 'Product', field: 'url', schema: productUrl },
            { type: 'field.added', shape: 'Product', field: 'links' },
          ],
        },
        {
          id: 'category-title',
          description: 'Categories have a `title` instead of a `name`, and their links under `links`.',
          instructions: [
            { type: 'field.renamed', shape: 'Category', older: 'name', newer: 'title' },
            { type: 'field.removed', shape: 'Category', field: 'url', schema: uri },
            { type: 'field.removed', shape: 'Category', field: 'products', schema: { type: 'array', items: uri } },
            { type: 'field.added', shape: 'Category', field: 'links' },
          ],
        },
        {
          id: 'list-objects',
          description: 'Lists are objects with the `version`, the `count` and the items, no longer arrays.',
          instructions: [
            { type: 'shape.converted', shape: 'ProductList' },
            { type: 'shape.converted', shape: 'CategoryList' },
          ],
        },
        { id: 'top-categories', description: 'Adds `GET /releases/top-categories`.', instructions: [{ type: 'route.added', route: 'top-categories' }] },
      ],
    },
  ],
}

/** The /releases documents on the policy's clock `now` (default `Date.now`): from the head document, the changelog and the version policy. */
export const releasesDocsOn = (now?: () => number): VersionedOpenAPI =>
  versionedOpenAPI({
    scheme: releases.scheme,
    routes: releases.routes,
    policy: now === undefined ? releasesPolicy : releasesPolicyOn(now),
    document: head,
    changelog,
  })

/** The /releases documents on the real clock. */
export const releasesDocs: VersionedOpenAPI = releasesDocsOn()

/** The /path documents: from the route table alone. */
export const pathDocs = versionedOpenAPI({ scheme: path.scheme, routes: path.routes, info: { title: 'Catalog API (URL path)' } })

/** The docs pages, mounted by ./index.ts: /docs and /docs/path. */
const scalar = { defaultOpenAllTags: true }
export const docs = openAPIDocs(releasesDocs, { cdn: '/standalone.js', pageTitle: 'Catalog API', scalar })
docs.route('/path', openAPIDocs(pathDocs, { cdn: '/standalone.js', pageTitle: 'Catalog API (URL path)', scalar }))
