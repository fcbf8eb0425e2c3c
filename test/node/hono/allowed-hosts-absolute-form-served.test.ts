/**
 * An absolute-form request target (`GET http://evil.com/... HTTP/1.1`, with
 * `Host: api.example.com`) on Deno.serve and Bun.serve, by raw bytes over a
 * loopback socket. Deno.serve makes it the request URL, as @hono/node-server
 * does (allowed-hosts-absolute-form.test.ts): links name `evil.com` with
 * neither host option, `allowedHosts` refuses it, `origin` ignores it. Bun
 * builds the URL from the `Host` header, so the target's host never reaches
 * the app.
 *
 * Node only: Bun and Deno run test/support/absolute-form-server.ts in a child.
 */
import type { ChildProcess } from 'node:child_process'
import { createConnection } from 'node:net'
import { afterAll, expect, it } from 'vitest'
import { runtimeServer } from '../../support/runtime-server.ts'

const children: ChildProcess[] = []
afterAll(() => children.forEach((child) => child.kill()))

/** Starts the servers in `runtime` and resolves with their ports, by configuration. */
async function serve(runtime: 'bun' | 'deno'): Promise<Record<'neither' | 'allowedHosts' | 'origin', number>> {
  return JSON.parse(await runtimeServer(runtime, 'test/support/absolute-form-server.ts', children)) as Record<'neither' | 'allowedHosts' | 'origin', number>
}

/** The status and body of `target` sent with `Host: api.example.com`. */
function answer(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n`))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(`${text.slice(9, 12)} ${text.slice(text.indexOf('\r\n\r\n') + 4)}`))
    socket.on('error', reject)
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')))
  })
}

const expected = {
  deno: {
    neither: '200 {"self":"http://evil.com/v2/users/7"}',
    allowedHosts: '400 {"detail":"Invalid host."}',
    origin: '200 {"self":"https://api.example.com/v2/users/7"}',
  },
  bun: {
    neither: '200 {"self":"http://api.example.com/v2/users/7"}',
    allowedHosts: '200 {"self":"http://api.example.com/v2/users/7"}',
    origin: '200 {"self":"https://api.example.com/v2/users/7"}',
  },
}

for (const runtime of ['deno', 'bun'] as const) {
  it(`an absolute-form target naming another host on ${runtime === 'bun' ? 'Bun.serve' : 'Deno.serve'}`, async () => {
    const ports = await serve(runtime)
    const got: Record<string, string> = {}
    for (const name of ['neither', 'allowedHosts', 'origin'] as const) got[name] = await answer(ports[name], 'http://evil.com/v2/users/7')
    expect(got).toEqual(expected[runtime])
    // An origin-form target with the listed Host is served on every configuration.
    for (const name of ['neither', 'allowedHosts', 'origin'] as const) expect((await answer(ports[name], '/v2/users/7')).slice(0, 3)).toBe('200')
  }, 30_000)
}
