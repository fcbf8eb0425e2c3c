/**
 * Nothing of src/openapi reaches a Worker that does not import it: bundled
 * as `wrangler deploy --minify` bundles it, the Worker that uses every other
 * export (bench/bundle/everything.ts), the one-scheme Workers
 * (bench/bundle/url-path.ts, bench/bundle/version-middleware.ts) carry none
 * of its text, which the Worker serving documents (bench/bundle/openapi.ts)
 * does carry. That Worker, which does not import the docs page, carries no
 * Scalar either. The bundles and markers are bench/drivers/bundle-budget.js's (its
 * `openapi` section); `npm run bundle:budget` prints them as tables.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

interface OpenAPIMarker {
  readonly text: string
  readonly inOpenapi: boolean
  readonly inUrlPath: boolean
  readonly inMiddleware: boolean
  readonly inEverything: boolean
}

interface OpenAPIReport {
  readonly entry: string
  readonly bytes: number
  readonly gzipBytes: number
  /** min+gzip bytes over the url-path Worker it extends. */
  readonly overUrlPath: number
  readonly scalarFree: boolean
  readonly markers: Readonly<Record<string, OpenAPIMarker>>
}

const root = fileURLToPath(new URL('../../..', import.meta.url))
let report: OpenAPIReport

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/drivers/bundle-budget.js', '--json'], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
  report = (JSON.parse(stdout) as { openapi: OpenAPIReport }).openapi
}, 180_000)

describe('tree shaking of hono-api-versioning/openapi', () => {
  it('the report has a marker for each module a Worker serving documents needs', () => {
    expect(report.entry).toBe('bench/bundle/openapi.ts')
    expect(Object.keys(report.markers).sort()).toEqual(['changelog', 'documents', 'placement', 'schemaChanges', 'serve'])
  })

  it.each(['changelog', 'documents', 'placement', 'schemaChanges', 'serve'])('%s: in the Worker that serves documents, in no other (schema changes: also with request validation)', (name) => {
    const marker = report.markers[name] as OpenAPIMarker
    expect(marker.inOpenapi, `"${marker.text}" is not in the openapi bundle: update OPENAPI_MARKERS in bench/drivers/bundle-budget.js`).toBe(true)
    // The older component schemas are derived by one module for documents and for request validation
    // (src/validation), which the everything bundle uses: that module alone is shared with it.
    expect(marker.inEverything).toBe(name === 'schemaChanges')
    expect(marker.inUrlPath).toBe(false)
    expect(marker.inMiddleware).toBe(false)
  })

  it('the Worker that serves documents without the docs page carries no Scalar', () => {
    expect(report.scalarFree).toBe(true)
  })

  it('reports what the documents add to the one-scheme Worker (min+gzip bytes)', () => {
    console.log(`openapi bundle: ${report.gzipBytes} bytes min+gzip, ${report.overUrlPath} over url-path`)
    expect(report.overUrlPath).toBeGreaterThan(0)
  })
})
