/**
 * Memory of the lookups and bearerClient's memo under many distinct clients (a store that keeps nothing, so only
 * the toolkit's own memory is measured). Run: node_modules/.bin/node --expose-gc .tmp/pins11/probe-memory.ts
 */
import { Hono } from 'hono'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { bearerClient, clientPins, type PinStore } from '../../src/client-pins/index.ts'

declare const gc: () => void
const forgetful: PinStore = { get: async () => null, claim: async (_c, version) => ({ version, previous: null, movedAt: null }), put: async () => undefined }
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store: forgetful, client: bearerClient({ secret: 'a probe secret that is long enough for HMAC!' }) }) }))
app.get('/', (c) => c.text('ok'))
gc()
const base = process.memoryUsage().heapUsed
let sent = 0
for (const target of [10_000, 50_000, 100_000, 200_000]) {
  for (; sent < target; sent++) await app.request('/', { headers: { Authorization: `Bearer client-${sent}-${'k'.repeat(40)}` } })
  gc()
  console.log(`PROBE ${target.toLocaleString('en-US')} distinct clients: heap +${((process.memoryUsage().heapUsed - base) / 1024 / 1024).toFixed(1)} MiB`)
}
