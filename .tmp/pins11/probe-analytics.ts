/**
 * analyticsUsage: one data point the binding refuses (Analytics Engine refuses blobs over 16 KB in all) in a batch
 * of others; and a scheme accepting any version (no allowedVersions) with versions sent in the query by one client.
 * Run: node_modules/.bin/node .tmp/pins11/probe-analytics.ts
 */
import { Hono } from 'hono'
import { QueryParameterVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { analyticsUsage, bearerClient, clientPins, memoryPinStore } from '../../src/client-pins/index.ts'

const written: string[] = []
const errors: string[] = []
const dataset = {
  writeDataPoint(point: { blobs?: string[] }) {
    const size = (point.blobs ?? []).reduce((n, b) => n + b.length, 0)
    if (size > 16_384) throw new Error(`blobs of ${size} bytes: over 16 KB`)
    written.push(point.blobs?.[0] ?? '')
  },
}
const usage = analyticsUsage(dataset, { dataset: 'version_usage', waitUntil: () => undefined, flushMs: 30_000, onError: (e) => errors.push((e as Error).message) })
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new QueryParameterVersioning({ defaultVersion: '1' }), clientVersion: clientPins({ store: memoryPinStore(), client: bearerClient({ secret: 'a probe secret that is long enough for HMAC!' }), usage }) }))
app.get('/things', (c) => c.text('ok'))
const auth = { Authorization: 'Bearer probe-key' }
for (let i = 0; i < 50; i++) await app.request(`/things?version=v${i}`, { headers: auth })
await app.request(`/things?version=${'x'.repeat(20_000)}`, { headers: auth })
for (let i = 50; i < 100; i++) await app.request(`/things?version=v${i}`, { headers: auth })
await usage.flush()
console.log(`PROBE one client, 101 distinct versions (one of 20,000 characters), open scheme: ${written.length} data points written, onError ${JSON.stringify(errors)}`)
