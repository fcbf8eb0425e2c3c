/**
 * End to end on workerd under `wrangler dev`: a body a handler sends
 * gzip-encoded already (`encodeBody: 'manual'`) reaches an older client
 * migrated and encoded once, as the head's reaches its client. workerd
 * encodes a Response's body itself as it sends it unless told the body is
 * encoded; a migrated body encoded again in the response step says so, or the
 * older client would get gzip inside gzip.
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
