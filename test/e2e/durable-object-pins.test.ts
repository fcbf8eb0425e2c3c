/**
 * End to end: durableObjectPinStore on `wrangler dev`, bound by the
 * wrangler.toml lines of docs/client-versions.md (read from the page), in a
 * Worker that makes the store in its global scope as the page does
 * (durable-object-pins-worker.ts). Workers refuse a Durable Object stub made
 * in global scope, and one used by a request other than the one that made
 * it: each request here is a request of its own, which the vitest
 * integration's suites (test/workers/) are not.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearerClient } from '../../src/client-pins/index.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = readFileSync(`${root}docs/client-versions.md`, 'utf8')
const section = page.slice(page.indexOf('### Pins in Durable Objects'))
const bindingLines = /```toml\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
const dir = mkdtempSync(join(tmpdir(), 'durable-object-pins-'))
const SECRET = 'the end-to-end secret, 32 characters or more'
let dev: WranglerDev | undefined

beforeAll(async () => {
  writeFileSync(
    join(dir, 'wrangler.toml'),
    `name = "durable-object-pins"\nmain = ${JSON.stringify(`${root}test/e2e/durable-object-pins-worker.ts`)}\ncompatibility_date = "2026-08-15"\n\n${bindingLines}`,
  )
  dev = await startWranglerDev(['--config', join(dir, 'wrangler.toml'), '--persist-to', join(dir, 'state'), '--var', `PIN_SECRET:${SECRET}`])
}, 100_000)

afterAll(async () => {
  await dev?.stop()
  rmSync(dir, { recursive: true, force: true })
}, 20_000)

const get = async (path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${dev?.origin}${path}`, { headers, signal: AbortSignal.timeout(15_000) })
  return { status: res.status, body: await res.json().catch(() => null) }
}
const me = (key: string, headers: Record<string, string> = {}) => get('/api/me', { Authorization: `Bearer ${key}`, ...headers })

describe('durableObjectPinStore on wrangler dev, bound as docs/client-versions.md says', () => {
  it('reads the binding and the migration from the page', () => {
    expect(bindingLines).toContain('class_name = "ClientPinObject"')
    expect(bindingLines).toContain('new_sqlite_classes = ["ClientPinObject"]')
  })

  it('pins a client at its first request and answers its later requests, each a request of its own, in its pin', async () => {
    expect(await me('e2e-key-a')).toEqual({ status: 200, body: { version: '2' } })
    expect(await me('e2e-key-a')).toEqual({ status: 200, body: { version: '2' } })
    expect(await me('e2e-key-a', { 'Api-Version': '1' })).toEqual({ status: 200, body: { version: '1' } })
  })

  it('gives ten concurrent first requests of one client one pin, and lists the pinned clients by id, never by key', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => me('e2e-key-b')))
    expect(answers).toEqual(Array(10).fill({ status: 200, body: { version: '2' } }))
    const ids = await Promise.all(['e2e-key-a', 'e2e-key-b'].map((key) => bearerClient({ secret: SECRET }).idOf(key)))
    const listed = (await get('/pinned/2')).body as { clients: { client: string }[]; next: string | null }
    expect(listed.clients.map((row) => row.client)).toEqual([...ids].sort())
    expect(listed.next).toBeNull()
    expect(JSON.stringify(listed)).not.toContain('e2e-key')
  })

  // After the pins above were written with 4 shards: object 0 keeps the count it was first used with.
  it('a store given another shards count: its requests get 503, and the wrangler log says why, once per client per failureTtl', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/wrong-shards/me', { Authorization: 'Bearer e2e-key-c' })).status).toBe(503)
    const sentence = 'durableObjectPinStore: the pins named "client-pins" were written with shards 4, not 8: with another count clients would move to objects that hold no pin for them. Keep shards at 4.'
    const told = "clientPins: the pin store failed to read a client's pin, so the client got a 503 (ClientVersionUnavailable)"
    // The log is written as the Worker runs: wait for the line rather than a fixed time.
    for (let wait = 0; wait < 50 && !(dev?.log() ?? '').includes(sentence); wait++) await new Promise((resolve) => setTimeout(resolve, 100))
    const log = dev?.log() ?? ''
    expect(log).toContain(`${told}`)
    expect(log.split(sentence).length - 1).toBe(1)
    expect(log).not.toContain('e2e-key')
  })
})
