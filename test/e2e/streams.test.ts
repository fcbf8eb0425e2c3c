/**
 * End to end: the worker example's streamed routes (worker-example/streams.ts)
 * on workerd under `wrangler dev`, over real HTTP, for an older client
 * (version 1, the default) and a newer one (version 2): the NDJSON export of
 * 1,000 people and the SSE feed, each item in the client's own shape.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { person } from '../../worker-example/streams.ts'
import { EXAMPLE_NOW } from '../support/example-clock.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

let dev: WranglerDev | undefined

/** The status, headers, body and the number of chunks it came in. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined; text: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${dev?.origin}${path}`, { headers, timeout: 20_000 }, (res) => {
      let text = ''
      let chunks = 0
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        chunks++
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text, chunks }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${path}`)))
    req.on('error', reject)
    req.end()
  })
}

const older = (i: number) => {
  const { fullName, ...rest } = person(i)
  return { ...rest, name: fullName }
}

beforeAll(async () => {
  dev = await startWranglerDev(['--var', `NOW:${EXAMPLE_NOW}`])
}, 100_000)

afterAll(async () => {
  await dev?.stop()
}, 20_000)

describe('streams on workerd (wrangler dev)', () => {
  it('the NDJSON export of 1,000 people: version 1 reads name, version 2 fullName, every line', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i)
    const old = await get('/streams/people.ndjson?count=1000')
    expect(old.status).toBe(200)
    expect(old.type).toBe('application/x-ndjson')
    expect(old.text).toBe(ids.map((i) => `${JSON.stringify(older(i))}\n`).join(''))
    const head = await get('/streams/people.ndjson?count=1000', { 'Api-Version': '2' })
    expect(head.text).toBe(ids.map((i) => `${JSON.stringify(person(i))}\n`).join(''))
  })

  it('the SSE feed: event names, ids, the comment and retry kept, each data in the client shape', async () => {
    const old = await get('/streams/feed', { 'Api-Version': '1' })
    expect(old.status).toBe(200)
    expect(old.type).toBe('text/event-stream')
    expect(old.text).toBe(': people as they join\nretry: 5000\n\n' + [0, 1, 2].map((i) => `event: person\ndata: ${JSON.stringify(older(i))}\nid: ${i + 1}\n\n`).join(''))
    const head = await get('/streams/feed', { 'Api-Version': '2' })
    expect(head.text).toContain(`event: person\ndata: ${JSON.stringify(person(0))}\nid: 1\n\n`)
    expect(head.text).not.toContain('"name"')
  })
})
