/**
 * The example's contracts: what the released versions of /releases
 * (2024-01-01, 2025-01-01) answer, frozen in ./contracts.lock.json. The
 * head, 2026-06-01, may change; an undeclared change that reaches an older
 * version fails `npm run contracts` (and `npm test`). `npm run contracts --
 * --update` records the lock again, when a version is released or a change
 * is meant.
 *
 * The app and its documents run on a fixed clock, so that a sunset passing
 * does not change what is recorded.
 */
import { contracts } from '../src/contracts/index.ts'
import { createApp } from './app.ts'
import { releasesHistory } from './changes.ts'
import { releasesDocsOn, sections } from './docs.ts'

/** The clock the lock is recorded on: 2024-01-01 is past its sunset (410), 2025-01-01 deprecated. */
const now = (): number => Date.parse('2026-09-01T00:00:00Z')

/** The documents on that clock (the docs page's own run on the real one). */
export const documents = releasesDocsOn(now)

/** The catalogue app on that clock. */
export const app = createApp({ now })

/** A request for a version, which goes in the `Api-Version` header unless `put` puts it elsewhere. */
const send =
  (path: string, put: (version: string) => { url?: string; headers?: Record<string, string> } = (version) => ({ headers: { 'Api-Version': version } })) =>
  (version: string): Request => {
    const { url = '', headers } = put(version)
    return new Request(`https://catalog.test${path}${url}`, headers === undefined ? {} : { headers })
  }

/** The recorded requests: every route of /releases, and each place the version can travel. */
export const requests = {
  'GET /releases/products': send('/releases/products'),
  'GET /releases/products/2': send('/releases/products/2'),
  'GET /releases/products/99 (no such product)': send('/releases/products/99'),
  'GET /releases/categories': send('/releases/categories'),
  'GET /releases/categories/tea': send('/releases/categories/tea'),
  'GET /releases/top-categories': send('/releases/top-categories'),
  'GET /releases/health': send('/releases/health'),
  'GET /releases/products/1 (?version=)': send('/releases/products/1', (version) => ({ url: `?version=${version}` })),
  'GET /releases/categories/coffee (vendor media type)': send('/releases/categories/coffee', (version) => ({ headers: { Accept: `application/vnd.catalog.${version}+json` } })),
}

export default contracts({ app, versions: releasesHistory.versions, documents, requests })

/** Every section's documents, checked against the app by calling each documented operation (npm run contracts). */
export const documented = { app, sections: sections.map((s) => (s.api === '/releases' ? documents : s.documents)), origin: 'http://catalog.test' }
