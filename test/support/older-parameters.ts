/**
 * An app whose older version's query parameters, headers and cookies are
 * checked by requestValidation (an enum value added, a referenced component
 * changed, a parameter and a header renamed, the header optional in version 1:
 * `olderRequired: false`, its value given by `up`), its documents, and requests
 * named by what they mean (each version's document gives their names):
 * test/openapi/older-parameters.test.ts and its Prism twin in test/node/openapi/.
 */
import { Hono } from 'hono'
import { change, enumValuesAdded, queryParamRenamed, requestHeaderChanged, requestHeaderRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'
import { requestValidation } from '../../src/validation/index.ts'

export type Json = Record<string, unknown>

export const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const Filter = shape<{ status: string; limit: number; search: string }>('ProductFilter')
const Tenant = shape<{ 'x-account': string }>('Tenant')
const Prefs = shape<{ theme: string }>('Prefs')
export const schemas = {
  ProductFilter: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['active', 'archived', 'draft'] }, limit: { type: 'integer', maximum: 50 }, search: { type: 'string', minLength: 2 } },
    required: ['status'],
    additionalProperties: false,
  },
  Tenant: { type: 'object', properties: { 'x-account': { type: 'string', pattern: '^[a-z]+$' } }, required: ['x-account'] },
  Prefs: { type: 'object', properties: { theme: { $ref: '#/components/schemas/Theme' } } },
  Theme: { type: 'string', enum: ['light', 'dark', 'contrast'] },
}
const changes = change('Drafts, a contrast theme; search and account renamed; the account required.', [
  enumValuesAdded(Filter, 'status', ['draft'], { fallback: 'active' }),
  enumValuesAdded(Prefs, 'theme', ['contrast'], { fallback: 'light' }),
  queryParamRenamed('GET /products', { older: 'q', newer: 'search' }),
  requestHeaderRenamed('GET /products', { older: 'X-Tenant', newer: 'X-Account' }),
  requestHeaderChanged('GET /products', 'X-Account', { up: (older) => older ?? 'acme', olderSchema: schemas.Tenant.properties['x-account'], olderRequired: false }),
])
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [changes] }],
  validation: requestValidation({ schemas, parameters: { 'GET /products': { query: Filter, headers: Tenant, cookies: Prefs } } }),
})
export const app = new Hono()
app.use('*', versionMiddleware({ scheme, changes: history }))
app.get('/products', (c) => c.json({ status: c.req.query('status') ?? null }))

// The head document, as a generator writes it from the head's own schemas (inline, no components for parameters).
export const document: OpenAPIDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '2' },
  paths: {
    '/products': {
      get: {
        parameters: [
          { name: 'status', in: 'query', required: true, schema: schemas.ProductFilter.properties.status },
          { name: 'limit', in: 'query', schema: schemas.ProductFilter.properties.limit },
          { name: 'search', in: 'query', schema: schemas.ProductFilter.properties.search },
          { name: 'x-account', in: 'header', required: true, schema: schemas.Tenant.properties['x-account'] },
          { name: 'theme', in: 'cookie', schema: { type: 'string', enum: ['light', 'dark', 'contrast'] } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
}
export const docs = versionedOpenAPI({ scheme, app, document, changelog: history })
export const parametersOf = (version: string) => (docs.document(version).paths?.['/products']?.get?.parameters ?? []) as unknown as Json[]

/** What a request sends, by the parameter's meaning; each version's document gives its name. */
export interface Sent {
  readonly status?: string
  readonly limit?: string
  readonly search?: string
  readonly account?: string
  readonly theme?: string
}
export const names: Record<string, Record<keyof Sent, string>> = {
  '1': { status: 'status', limit: 'limit', search: 'q', account: 'X-Tenant', theme: 'theme' },
  '2': { status: 'status', limit: 'limit', search: 'search', account: 'x-account', theme: 'theme' },
}

/** The path and query, and the headers, of `sent` in `version`, by that version's names. */
export function requestOf(version: string, sent: Sent): { readonly url: string; readonly headers: Record<string, string> } {
  const own = names[version] as Record<keyof Sent, string>
  const query = new URLSearchParams()
  const headers: Record<string, string> = { 'Api-Version': version }
  for (const meaning of ['status', 'limit', 'search'] as const) if (sent[meaning] !== undefined) query.append(own[meaning], sent[meaning])
  if (sent.account !== undefined) headers[own.account] = sent.account
  if (sent.theme !== undefined) headers['Cookie'] = `${own.theme}=${sent.theme}`
  return { url: `/products?${query}`, headers }
}

/** The status the app answers `sent` with in `version`. */
export async function served(version: string, sent: Sent): Promise<number> {
  const { url, headers } = requestOf(version, sent)
  return (await app.request(url, { headers })).status
}

/** Requests valid and invalid in either version. */
export const requests: Sent[] = [
  { status: 'active', account: 'acme' },
  { status: 'draft', account: 'acme' },
  { status: 'archived', limit: '50', search: 'lamp', account: 'acme', theme: 'dark' },
  { status: 'active', limit: '51', account: 'acme' },
  { status: 'active', limit: 'ten', account: 'acme' },
  { status: 'active', search: 'l', account: 'acme' },
  { status: 'active', account: 'ACME' },
  { status: 'active' },
  { account: 'acme' },
  { status: 'active', account: 'acme', theme: 'contrast' },
  { status: 'active', account: 'acme', theme: 'light' },
]
