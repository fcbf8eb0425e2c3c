/**
 * End to end on workerd under `wrangler dev`: a body a handler sends
 * gzip-encoded already (`encodeBody: 'manual'`) reaches an older client
 * migrated and encoded once, as the head's reaches its client. workerd
 * encodes a Response's body itself as it sends it unless told the body is
 * encoded; a migrated body encoded again in the response step says so, or the
 * older client would get gzip inside gzip. And a plain body labelled gzip (as
 * a `fetch()` passed on comes), which workerd encodes as it sends it: an older
 * client gets it migrated and encoded once too, never a 500.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'content-coding-'))
let dev: WranglerDev | undefined

beforeAll(async () => {
  writeFileSync(join(dir, 'wrangler.toml'), `name = "content-coding"\nmain = ${JSON.stringify(`${root}test/e2e/content-coding-worker.ts`)}\ncompatibility_date = "2026-08-15"\n`)
  dev = await startWranglerDev(['--config', join(dir, 'wrangler.toml'), '--persist-to', join(dir, 'state')])
}, 100_000)

afterAll(async () => {
  await dev?.stop()
  rmSync(dir, { recursive: true, force: true })
}, 20_000)

/** The status, Content-Encoding and raw bytes of a GET, as they came over the connection (nothing decoded). */
function raw(path: string, version: string): Promise<{ status: number; coding: string | undefined; etag: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${dev?.origin}${path}`, { headers: { 'Api-Version': version, 'Accept-Encoding': 'gzip' }, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, coding: res.headers['content-encoding'], etag: res.headers.etag, bytes: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${path}`)))
    req.on('error', reject)
    req.end()
  })
}

it('a body the handler encoded itself (encodeBody: manual) reaches an older client migrated and gzip-encoded once, as the head\'s does', async () => {
  for (const [version, json] of [['2', { id: 1, title: 'Lamp' }], ['1', { id: 1, name: 'Lamp' }]] as const) {
    const answer = await raw('/product', version)
    expect([version, answer.status, answer.coding]).toEqual([version, 200, 'gzip'])
    expect(JSON.parse(gunzipSync(answer.bytes).toString('utf8'))).toEqual(json)
  }
}, 30_000)

it('a body sent to every version as it is, encoded already, reaches an older client encoded once, with its entity tag of the version', async () => {
  for (const [version, tag] of [['2', '"csv"'], ['1', '"csv@1"']] as const) {
    const answer = await raw('/products.csv', version)
    expect([version, answer.status, answer.coding, answer.etag]).toEqual([version, 200, 'gzip', tag])
    expect(gunzipSync(answer.bytes).toString('utf8')).toBe('id,title\n1,Lamp\n')
  }
}, 30_000)

it('a plain body labelled gzip, which workerd encodes as it sends it (as a fetch() passed on comes): an older client gets it migrated and gzip-encoded once, as the head\'s', async () => {
  for (const [version, json] of [['2', { id: 1, title: 'Lamp' }], ['1', { id: 1, name: 'Lamp' }]] as const) {
    const answer = await raw('/product-plain', version)
    expect([version, answer.status, answer.coding]).toEqual([version, 200, 'gzip'])
    expect(JSON.parse(gunzipSync(answer.bytes).toString('utf8'))).toEqual(json)
  }
}, 30_000)

it('plain streams labelled gzip (JSON Lines, server-sent events ending with a [DONE] listed in passThrough): an older client gets them migrated item by item and gzip-encoded once, as the head\'s', async () => {
  const cases = [
    ['/products.ndjson', '2', '{"id":1,"title":"Lamp"}\n{"id":2,"title":"Desk"}\n'],
    ['/products.ndjson', '1', '{"id":1,"name":"Lamp"}\n{"id":2,"name":"Desk"}\n'],
    ['/products.sse', '2', 'event: product\ndata: {"id":1,"title":"Lamp"}\n\ndata: [DONE]\n\n'],
    ['/products.sse', '1', 'event: product\ndata: {"id":1,"name":"Lamp"}\n\ndata: [DONE]\n\n'],
  ] as const
  for (const [path, version, text] of cases) {
    const answer = await raw(path, version)
    expect([path, version, answer.status, answer.coding]).toEqual([path, version, 200, 'gzip'])
    expect(gunzipSync(answer.bytes).toString('utf8')).toBe(text)
  }
}, 30_000)

it('a plain body labelled deflate, which workerd sends as it is (it encodes gzip alone): the head\'s client gets bytes that do not decode, an older client a 500', async () => {
  const head = await raw('/product-plain?coding=deflate', '2')
  expect([head.status, head.coding, head.bytes.toString('utf8')]).toEqual([200, 'deflate', '{"id":1,"title":"Lamp"}'])
  // Hono's own 500 text, which workerd compresses as it does any text it sends.
  expect((await raw('/product-plain?coding=deflate', '1')).status).toBe(500)
}, 30_000)
