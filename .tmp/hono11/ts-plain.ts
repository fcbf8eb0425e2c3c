import { Hono } from 'hono'
import { Hono as TinyHono } from 'hono/tiny'
import { PatternRouter } from 'hono/router/pattern-router'
for (const app of [new TinyHono(), new Hono({ router: new PatternRouter() }), new Hono()]) {
  app.get('/:version{v[0-9]+}/users', (c) => c.text('list'))
  app.get('/:version{v[0-9]+}/users/:id', (c) => c.text('detail ' + c.req.param('id')))
  const r = await app.request('/v1/users/')
  console.log(r.status, await r.text())
}
