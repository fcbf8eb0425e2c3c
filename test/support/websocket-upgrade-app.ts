/**
 * A WebSocket route whose query parameter and request header a version
 * renamed (`room` and `X-Room` became `channel` and `X-Channel`): its
 * handler greets the socket with the channel it read and the version.
 * Served on Bun and Deno by websocket-upgrade-server.ts; read in process by
 * test/changes/upgrade-request.test.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { change, queryParamRenamed, requestHeaderRenamed, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

export const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('Rooms are channels.', [
          queryParamRenamed('GET /ws', { older: 'room', newer: 'channel' }),
          requestHeaderRenamed('GET /ws', { older: 'X-Room', newer: 'X-Channel' }),
        ]),
      ],
    },
  ],
})

/** The app, with `ws` answering `GET /ws` (an upgrade helper, such as `upgradeWebSocket` of hono/bun or hono/deno, given the greeting). */
export function websocketApp(ws: (greeting: (c: Context) => string) => MiddlewareHandler): Hono {
  const app = new Hono()
  app.onError((error, c) => c.text(`onError: ${error.message}`, 500))
  app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  app.get('/ws', ws((c) => `channel ${c.req.query('channel') ?? '-'}, header ${c.req.header('x-channel') ?? '-'}, version ${String((c.var as { version?: unknown }).version)}`))
  return app
}
