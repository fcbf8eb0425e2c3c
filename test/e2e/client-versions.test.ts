/**
 * End to end: the curl commands of docs/client-versions.md, read from the
 * page and sent as written to the worker example on `wrangler dev` (pins in
 * its local D1 database read through its KV namespace, calls in D1 and
 * Analytics Engine, all fresh: a state directory of its own, as in a fresh
 * clone). The policy runs on the tests' fixed clock; `OPERATOR_KEY` opens
 * /operator/*, as the page says. Clients are known by the keyed hash of
 * their key: no key is in KV, D1 or an answer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearerClient } from '../../src/client-pins/index.ts'
import { DEMO_ID, DEMO_SECRET } from '../../worker-example/app.ts'
import { EXAMPLE_NOW } from '../support/example-clock.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = readFileSync(`${root}docs/client-versions.md`, 'utf8')
const state = mkdtempSync(join(tmpdir(), 'client-versions-'))
let dev: WranglerDev | undefined

interface Reply {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: unknown
}

interface Curl {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly data: string | undefined
}

/** The words of a shell command line (single and double quotes, no escapes: the page uses none). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? (m[3] as string))
}

/** A curl command of the page, as a request. */
function parseCurl(line: string): Curl {
  const args = words(line)
  expect(args[0]).toBe('curl')
  let method = 'GET'
  let url = ''
  let data: string | undefined
  const headers: Record<string, string> = {}
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '-i') continue
    if (arg === '-X') method = args[++i] as string
    else if (arg === '-H') {
      const header = args[++i] as string
      headers[header.slice(0, header.indexOf(':'))] = header.slice(header.indexOf(':') + 1).trim()
    } else if (arg === '-d') data = args[++i]
    else url = arg
  }
  const parsed = new URL(url)
  expect(parsed.origin).toBe('http://127.0.0.1:8787')
  return { method, path: parsed.pathname + parsed.search, headers, data }
}

/** The page's curl commands, in order. */
const commands = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => (m[1] as string).split('\n').filter((line) => line.startsWith('curl ')))

function send({ method, path, headers, data }: Curl): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${dev?.origin}${path}`, { method, headers, timeout: 15_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        let body: unknown = text
        try {
          body = JSON.parse(text) as unknown
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
      })
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${path}`)))
    req.on('error', reject)
    req.end(data)
  })
}

const run = (n: number): Promise<Reply> => send(parseCurl(commands[n] as string))
const plain = (path: string, headers: Record<string, string> = {}): Promise<Reply> => send({ method: 'GET', path, headers, data: undefined })

beforeAll(async () => {
  dev = await startWranglerDev(['--var', `NOW:${EXAMPLE_NOW}`, '--var', 'OPERATOR_KEY:local-operator', '--persist-to', state])
}, 100_000)

afterAll(async () => {
  await dev?.stop()
  rmSync(state, { recursive: true, force: true })
}, 20_000)

describe('docs/client-versions.md curl commands on wrangler dev', () => {
  it('are the nine commands the tests below expect', () => {
    expect(commands).toHaveLength(9)
  })

  it('Bearer demo-2025 gets the 2025-01-01 shape and headers, from the pin seeded under its id', async () => {
    const pinned = await run(0)
    const named = await plain('/releases/products/1', { 'Api-Version': '2025-01-01' })
    expect(pinned.status).toBe(200)
    expect(pinned.headers['api-version']).toBe('2025-01-01')
    expect(pinned.body).toEqual(named.body)
    expect(pinned.body).toMatchObject({ id: 1, name: 'Sencha', price: '12.50' })
    for (const header of ['deprecation', 'sunset', 'link', 'api-supported-versions', 'api-deprecated-versions']) {
      expect(pinned.headers[header], header).toBe(named.headers[header])
    }
    expect(pinned.headers['deprecation']).toBeDefined()
    expect(String(pinned.headers['vary']).split(', ')).toContain('Authorization')
  })

  it('the same key with Api-Version: 2026-06-01 gets the newest shape', async () => {
    const res = await run(1)
    expect(res.status).toBe(200)
    expect(res.headers['api-version']).toBe('2026-06-01')
    expect(res.headers['deprecation']).toBeUndefined()
    expect(res.body).toEqual((await plain('/releases/products/1')).body)
    expect(res.body).toMatchObject({ id: 1, title: 'Sencha', price: { amount: 1250, currency: 'EUR' } })
  })

  it('a new key gets the default twice in a row', async () => {
    const first = await run(2)
    const second = await run(3)
    for (const res of [first, second]) {
      expect(res.status).toBe(200)
      expect(res.headers['api-version']).toBe('2026-06-01')
    }
    expect(second.body).toEqual(first.body)
  })

  it('an unknown key is refused with 401; a 600-character one too, never a 5xx; 200 random keys pin and count nothing', async () => {
    expect((await run(4)).status).toBe(401)
    expect((await plain('/releases/products/1', { Authorization: `Bearer ${'k'.repeat(600)}` })).status).toBe(401)
    for (let i = 0; i < 200; i++) expect((await plain('/releases/products/1', { Authorization: `Bearer guess-${i}-${Math.random()}` })).status).toBe(401)
    const operator = { Authorization: 'Bearer local-operator' }
    const newest = (await plain('/operator/callers/2026-06-01?limit=1000', operator)).body as { callers: { client: string }[] }
    const demoNew = await bearerClient({ secret: DEMO_SECRET }).idOf('demo-new')
    expect(newest.callers.map((c) => c.client).sort()).toEqual([DEMO_ID, demoNew].sort())
    expect((await plain(`/operator/pins/${await bearerClient({ secret: DEMO_SECRET }).idOf('guess-0')}`, operator)).status).toBe(404)
  }, 60_000)

  it('the operator lists who called 2025-01-01 (D1) by id, a page at a time, and only with the operator key', async () => {
    const res = await run(5)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ version: '2025-01-01', callers: [{ client: DEMO_ID, calls: 1, lastSeen: expect.any(Number), routes: ['/releases/products/:id{[0-9]+}'], deprecated: true }], next: null })
    expect(JSON.stringify(res.body)).not.toContain('demo-2025')
    expect((await plain('/operator/callers/2025-01-01')).status).toBe(401)
    expect((await plain('/operator/callers/2025-01-01?since=yesterday', { Authorization: 'Bearer local-operator' })).status).toBe(400)
    expect((await plain('/operator/callers/2025-01-01?limit=5000', { Authorization: 'Bearer local-operator' })).status).toBe(400)
    expect((await plain('/operator/callers/2025-01-01?after=nonsense', { Authorization: 'Bearer local-operator' })).status).toBe(400)
  })

  it('the operator reads the demo pin, moves it to 2026-06-01, and takes the move back; a sunset version is refused', async () => {
    expect((await run(6)).body).toEqual({ client: DEMO_ID, version: '2025-01-01', previous: null, movedAt: null })
    const res = await run(7)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ client: DEMO_ID, version: '2026-06-01' })
    expect((await run(0)).headers['api-version']).toBe('2026-06-01')
    const refused = await send({ ...parseCurl(commands[7] as string), data: '{"version":"2024-01-01"}' })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ detail: 'clientPins.upgrade: 2024-01-01 is past its sunset; pin a supported version.' })
    const back = await run(8)
    expect(back.body).toEqual({ client: DEMO_ID, version: '2025-01-01' })
    expect((await run(8)).status).toBe(400)
  })
})
