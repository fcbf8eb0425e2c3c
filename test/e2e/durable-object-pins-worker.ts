/**
 * The Worker of durable-object-pins.test.ts: durableObjectPinStore made in
 * the module's global scope as docs/client-versions.md makes it, the
 * ClientPinObject class exported from the main module, and the store's
 * listing at /pinned/:version; clients named by the keyed hash of their key
 * under the PIN_SECRET var. Under /wrong-shards/, the same objects read by a
 * store given another shard count (8) than the pins were written with.
 */
import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { bearerClient, clientPins, durableObjectPinStore } from '../../src/client-pins/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

export { ClientPinObject } from '../../src/client-pins/index.ts'

const store = durableObjectPinStore(env.PIN_OBJECTS, { shards: 4 })
const app = new Hono()
app.get('/pinned/:version', async (c) => c.json(await store.pinnedTo(c.req.param('version'))))
app.use('/api/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store, client: bearerClient({ secret: env.PIN_SECRET ?? '' }) }) }))
app.get('/api/me', (c) => c.json({ version: c.var.version }))
// Every call of this store is refused (object 0 keeps 4): its requests get 503, and the Worker's log says why.
const wrongShards = durableObjectPinStore(env.PIN_OBJECTS, { shards: 8 })
app.use('/wrong-shards/*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), clientVersion: clientPins({ store: wrongShards, client: bearerClient({ secret: env.PIN_SECRET ?? '' }) }) }))
app.get('/wrong-shards/me', (c) => c.json({ version: c.var.version }))

export default app
