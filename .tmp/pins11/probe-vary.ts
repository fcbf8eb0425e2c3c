/**
 * Vary on the refusals a pin causes (a pin not served: 404; a store down: 503): a shared cache must not give one
 * client's refusal to another. Run: node_modules/.bin/node .tmp/pins11/probe-vary.ts
 */
import { Hono } from 'hono'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { bearerClient, clientPins, memoryPinStore, type PinStore } from '../../src/client-pins/index.ts'

const client = bearerClient({ secret: 'a probe secret that is long enough for HMAC!' })
for (const [name, store] of [
  ['pin not served', memoryPinStore({ [await client.idOf('retired-key')]: '0' })],
  ['store down', { get: () => Promise.reject(new Error('down')), claim: () => Promise.reject(new Error('down')), put: () => Promise.reject(new Error('down')) } as PinStore],
] as const) {
  const app = new Hono()
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store, client }) }))
  app.get('/', (c) => c.text('ok'))
  const res = await app.request('/', { headers: { Authorization: 'Bearer retired-key' } })
  console.log(`PROBE ${name}: ${res.status} Vary=${res.headers.get('vary')} Cache-Control=${res.headers.get('cache-control')}`)
}
