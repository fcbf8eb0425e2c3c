/**
 * Requests through the worker example's app whose observed results every
 * runtime must reproduce exactly (test/conformance.golden.json): version
 * shape, status, detail, links and headers, for all five schemes, odd inputs
 * included, and the lifecycle sections (/releases, /semver) with their
 * headers. `npm run conformance:update` rewrites the golden file from Node.
 */
import { app } from '../worker-example/app.ts'

export interface ConformanceCase {
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
}

export interface Observation {
  readonly status: number
  readonly contentType: string | null
  readonly vary: string | null
  /** The version lifecycle headers the response has. */
  readonly lifecycle: Readonly<Record<string, string>>
  readonly body: unknown
}

const LIFECYCLE_HEADERS = ['api-supported-versions', 'api-deprecated-versions', 'api-version', 'deprecation', 'sunset', 'link']

const accept = (value: string): ConformanceCase => ({ url: 'http://api.test/accept/products/1', headers: { accept: value } })

export const cases: readonly ConformanceCase[] = [
  { url: 'http://api.test/' },
  accept('application/json; version=v2'),
  accept('application/json; version="v2"'),
  accept('*/*; version=v2'),
  accept('application/*; version=v2, application/json; version=v1'),
  accept('text/html;q=0.9, application/json;version=v2;q=0.8'),
  accept('application/json;q=0, */*; version=v2'),
  accept('application/json; VERSION=v2'),
  accept('application/json; version=V2'),
  accept('application/json; version=v3'),
  accept('text/html'),
  accept(''),
  accept('application/json; version="v2'),
  { url: 'http://api.test/accept/categories' },
  { url: 'http://api.test/path/v1/products' },
  { url: 'http://api.test/path/v2/products/3' },
  { url: 'http://api.test/path/v3/products/3' },
  { url: 'http://api.test/path/v2/products/99' },
  { url: 'http://api.test/ns/v1/categories/coffee' },
  { url: 'http://api.test/ns/v2/categories' },
  { url: 'http://api.test/ns/v3/products' },
  { url: 'http://v2.catalog.test/host/products/2' },
  { url: 'http://V2.Catalog.Test:8443/host/categories/tea' },
  { url: 'http://catalog.test/host/products/2' },
  { url: 'http://a.v2.catalog.test/host/products/2' },
  { url: 'http://[::1]:8787/host/products/2' },
  { url: 'http://v3.catalog.test/host/products/2' },
  { url: 'http://api.test/query/products?version=v2' },
  { url: 'http://api.test/query/products/1?version=v1&version=v2' },
  { url: 'http://api.test/query/products/1?ver%73ion=v%32' },
  { url: 'http://api.test/query/products/1?version=' },
  { url: 'http://api.test/query/products/1?version=v2&format=json' },
  { url: 'http://api.test/query/products/1?version=%3Cv2%3E' },
  { url: 'http://api.test/nowhere' },
  { url: 'http://api.test/releases/products' },
  { url: 'http://api.test/releases/products', headers: { 'api-version': '2025-06-30' } },
  { url: 'http://api.test/releases/products/2?version=2026-07-01' },
  { url: 'http://api.test/releases/products/1', headers: { accept: 'application/vnd.catalog.2025-01-01+json' } },
  { url: 'http://api.test/releases/products?version=2025-02-01', headers: { 'api-version': '2026-07-01' } },
  { url: 'http://api.test/releases/products', headers: { 'api-version': '2024-06-01' } },
  { url: 'http://api.test/releases/products', headers: { 'api-version': '2023-12-31' } },
  { url: 'http://api.test/releases/products', headers: { 'api-version': '<script>' } },
  { url: 'http://api.test/releases/top-categories' },
  { url: 'http://api.test/releases/top-categories', headers: { 'api-version': '2025-03-01' } },
  { url: 'http://api.test/releases/health', headers: { 'api-version': 'garbage' } },
  { url: 'http://api.test/semver/products/1', headers: { 'accept-version': '1.x' } },
  { url: 'http://api.test/semver/products/1', headers: { 'accept-version': '^1.0.0' } },
  { url: 'http://api.test/semver/products/1', headers: { 'accept-version': '2' } },
  { url: 'http://api.test/semver/products/1', headers: { 'accept-version': '3.x' } },
  { url: 'http://api.test/semver/products/1', headers: { 'accept-version': '1, 2' } },
]

/** What a runtime observes for one case. */
export async function observe(c: ConformanceCase): Promise<Observation> {
  const res = await app.request(c.url, c.headers === undefined ? {} : { headers: c.headers })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  const lifecycle: Record<string, string> = {}
  for (const name of LIFECYCLE_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) lifecycle[name] = value
  }
  return { status: res.status, contentType: res.headers.get('content-type'), vary: res.headers.get('vary'), lifecycle, body }
}

/** A stable name for a case. */
export const caseName = (c: ConformanceCase): string => (c.headers === undefined ? c.url : `${c.url} ${JSON.stringify(c.headers)}`)
