/**
 * An older client's answer that no layout changes is sent as the head's is,
 * with its Content-Length, on @hono/node-server, Bun.serve and Deno.serve.
 * Read by raw sockets, so the framing is what the server wrote. Before, the
 * response step read such a response's `body` to learn whether it had one:
 * Deno.serve then sent the older answer chunked, without Content-Length,
 * once the middleware set its `Vary` header, where the head's kept it.
 *
 * Node only: Bun and Deno run test/support/framing-server.ts in a child.
 */
import type { ChildProcess } from 'node:child_process'
import { createConnection, type AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, expect, it } from 'vitest'
import { runtimeServer } from '../../support/runtime-server.ts'
import { framingApp } from '../../support/framing-app.ts'

const children: ChildProcess[] = []
let node: ServerType | undefined
afterAll(async () => {
  children.forEach((child) => child.kill())
  await new Promise<void>((resolve) => (node === undefined ? resolve() : node.close(() => resolve())))
})

/** Serves framingApp() on `runtime` and resolves with its port. */
function served(runtime: 'node' | 'bun' | 'deno'): Promise<number> {
  if (runtime === 'node') {
    return new Promise((resolve) => {
      node = serve({ fetch: framingApp().fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port))
    })
  }
  return runtimeServer(runtime, 'test/support/framing-server.ts', children).then(Number)
}

/** The status, the framing (`length <n>` or `chunked`) and the body of `request`, sent as written. */
function framing(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(request))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n')
      const status = head.slice(9, 12)
      const length = /^content-length: *(\d+)/im.exec(head)?.[1]
      const chunked = /^transfer-encoding: *chunked/im.test(head)
      resolve(`${status} ${length !== undefined ? `length ${length}` : chunked ? 'chunked' : 'neither'} ${chunked ? '' : body}`.trim())
    })
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')))
  })
}

const post = (path: string, version: string, body: string): string =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Version: ${version}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
const get = (path: string, version: string): string => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Version: ${version}\r\nConnection: close\r\n\r\n`

for (const runtime of ['node', 'bun', 'deno'] as const) {
  it(`sends an older client's unchanged answer with its Content-Length, as the head's, on ${runtime}`, async () => {
    const port = await served(runtime)
    const answers = [
      await framing(port, post('/notes', '2', '{"title":"a"}')),
      await framing(port, post('/notes', '1', '{"name":"a"}')),
      await framing(port, post('/texts', '2', '{"title":"a"}')),
      await framing(port, post('/texts', '1', '{"name":"a"}')),
      await framing(port, get('/products/1', '2')),
      await framing(port, get('/products/1', '1')),
    ]
    expect(answers).toEqual([
      '200 length 23 {"saved":{"title":"a"}}',
      '200 length 23 {"saved":{"title":"a"}}',
      '200 length 19 saved {"title":"a"}',
      '200 length 19 saved {"title":"a"}',
      '404 length 29 {"detail":"No such product."}',
      '404 length 29 {"detail":"No such product."}',
    ])
  }, 30_000)
}
