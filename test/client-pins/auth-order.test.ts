/**
 * `check(app)` of client pins that read the client from Hono's jwt()
 * (`jwtSubject`): jwt() registered after the versioning middleware, where
 * both run for a path, is named with what to fix (the first request it
 * verifies would fail with a 500, abuse.test.ts); before it, or with a
 * client read from the request (bearerClient), nothing is said.
 * A portable file: Web APIs, Hono and vitest only.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { jwt } from 'hono/jwt'
import { describe, expect, it } from 'vitest'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { bearerClient, clientPins, jwtSubject, memoryPinStore } from '../../src/client-pins/index.ts'

const SENTENCE = (at: string): string =>
  `clientPins: the client is read from hono/jwt's payload (jwtSubject), but jwt() is registered after the versioning middleware (at ${at}): it verifies the token after the pinned version was chosen, so the first request it verifies fails (a 500). Register jwt() before the versioning middleware.`

/** An app with the versioning middleware at `/api/*` and jwt() where `order` puts it. */
function appWith(order: 'before' | 'after' | 'route' | 'elsewhere', client = jwtSubject()) {
  const versioning = versionMiddleware({
    scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
    clientVersion: clientPins({ store: memoryPinStore(), client }),
  })
  const auth: MiddlewareHandler = jwt({ secret: 'a secret of the tests, thirty-two characters', alg: 'HS256' })
  const app = new Hono()
  if (order === 'before') app.use('/api/*', auth)
  app.use('/api/*', versioning)
  if (order === 'after') app.use('/api/*', auth)
  if (order === 'elsewhere') app.use('/admin/*', auth)
  if (order === 'route') app.get('/api/me', auth, (c) => c.json({ version: c.var.version }))
  else app.get('/api/me', (c) => c.json({ version: c.var.version }))
  return { app, versioning }
}

// Before, check(app) said nothing: the order showed at the first request jwt() verified, as a 500.
describe("check(app) names hono/jwt registered after the versioning middleware, where the pins read its payload", () => {
  it.each([
    ['after, at the same pattern', 'after', [SENTENCE('/api/*')]],
    ["in the route's own chain", 'route', [SENTENCE('/api/me')]],
    ['before', 'before', []],
    ['after, at a pattern the versioning never runs for', 'elsewhere', []],
  ] as const)('%s', (_, order, said) => {
    const { app, versioning } = appWith(order)
    expect(versioning.check(app)).toEqual(said)
  })

  it('a client read from the request itself (bearerClient) is read in time whatever the order: nothing to say', () => {
    const { app, versioning } = appWith('after', bearerClient({ secret: 'a secret of the tests, thirty-two characters' }))
    expect(versioning.check(app)).toEqual([])
  })
})
