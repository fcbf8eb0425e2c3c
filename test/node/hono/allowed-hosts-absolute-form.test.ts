/**
 * On Node, an absolute-form request target (`GET http://evil.com/... HTTP/1.1`)
 * becomes the request URL that @hono/node-server hands Hono: with
 * `allowedHosts` it is refused, with `origin` links ignore it. Raw bytes over
 * a loopback socket, so nothing normalises the request first. Bun and Deno:
 * allowed-hosts-absolute-form-served.test.ts.
 */
import { createConnection } from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { absoluteFormApp as appWith } from '../../support/absolute-form-app.ts'

/** Sends `head` as written and gives the status line and the body. */
function raw(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(head))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) })
    })
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')))
  })
}

const request = (target: string): string => `GET ${target} HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n`

describe.each([
  ['neither option (the documented risk)', {}, 200, '{"self":"http://evil.com/v2/users/7"}'],
  ['allowedHosts', { allowedHosts: ['api.example.com'] }, 400, '{"detail":"Invalid host."}'],
  ['origin', { origin: 'https://api.example.com' }, 200, '{"self":"https://api.example.com/v2/users/7"}'],
] as const)('an absolute-form target naming another host, with %s', (_what, options, status, body) => {
  let server: ServerType
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: appWith(options).fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        port = info.port
        resolve()
      })
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it(`answers ${status}`, async () => {
    const res = await raw(port, request('http://evil.com/v2/users/7'))
    expect(res.status).toBe(status)
    expect(res.body).toBe(body)
  })

  it('an origin-form target with the listed Host is served on every configuration', async () => {
    const res = await raw(port, request('/v2/users/7'))
    expect(res.status).toBe(200)
  })
})
