// Probe: a route param pattern with nested quantifiers, through Hono alone and through the toolkit's table.
import { Hono } from 'hono'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
const n = Number(process.argv[2] ?? 24)
const path = '/' + 'a'.repeat(n) + 'c'
const bare = new Hono()
bare.get('/:id{(a+)+b}', (c) => c.text('x'))
let t = performance.now()
let res = await bare.request(path)
console.log(`hono alone, ${n} chars: ${res.status} in ${(performance.now() - t).toFixed(0)} ms`)
const routes = defineRoutes([route('r', '/:id{(a+)+b}')])
const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['1'], defaultVersion: '1' }), routes, allowedHosts: ['localhost'] })
const app = new Hono()
app.use('*', versioning)
mountRoutes(app, versioning, { r: (c) => c.text('x') })
t = performance.now()
res = await app.request('http://localhost' + path)
console.log(`toolkit, ${n} chars: ${res.status} in ${(performance.now() - t).toFixed(0)} ms`)
