/**
 * End to end: every version's document of every section of the worker
 * example, found through its api-catalog on `wrangler dev` (the policy on the
 * tests' fixed clock), followed as written: each operation called with the
 * version where the document puts it (and, where the document says a
 * request without it gets this version, without it), bodies generated from
 * the documented request schemas; each answer's status, media type and body
 * validated against the document. Then hostile bodies: never a 5xx, and
 * never a 422 for a body the document's schema accepts.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_NOW } from '../support/example-clock.ts'
import { answerChecker, callsOf, waysOf, type DocumentCall } from '../../scripts/lib/document-calls.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'

let dev: WranglerDev | undefined

interface Reply {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly text: string
}

function send(call: Pick<DocumentCall, 'method' | 'path' | 'headers' | 'body'>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${dev?.origin}${call.path}`, { method: call.method, headers: call.headers, timeout: 15_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.end(call.body)
  })
}

/** Every document the api-catalog lists: its URL and content. */
const documents: { url: string; document: Record<string, unknown> }[] = []

beforeAll(async () => {
  dev = await startWranglerDev(['--var', `NOW:${EXAMPLE_NOW}`])
  const catalog = await send({ method: 'GET', path: '/.well-known/api-catalog', headers: {} })
  expect(catalog.status).toBe(200)
  expect(catalog.headers['content-type']).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"')
  const { linkset } = JSON.parse(catalog.text) as { linkset: { anchor: string; 'service-desc': { href: string }[]; 'service-doc': { href: string }[] }[] }
  for (const context of linkset) {
    for (const { href } of context['service-desc']) {
      const url = new URL(href, dev?.origin)
      const answer = await send({ method: 'GET', path: url.pathname, headers: {} })
      expect(answer.status, href).toBe(200)
      documents.push({ url: url.pathname, document: JSON.parse(answer.text) as Record<string, unknown> })
    }
  }
}, 120_000)

afterAll(async () => {
  await dev?.stop()
})

describe('the worker example, followed as its documents say (wrangler dev)', () => {
  it('the api-catalog lists a document for every version of every section', () => {
    const listed = documents.map((d) => d.url).sort()
    expect(listed).toEqual(
      [
        '/docs/openapi/2026-06-01.json',
        '/docs/openapi/2025-01-01.json',
        ...['path', 'ns', 'accept', 'host', 'query'].flatMap((s) => [`/docs/${s}/openapi/v2.json`, `/docs/${s}/openapi/v1.json`]),
        ...['2.0.0', '1.1.0', '1.0.0'].map((v) => `/docs/semver/openapi/${v}.json`),
        '/docs/streams/openapi/2.json',
        '/docs/streams/openapi/1.json',
      ].sort(),
    )
  })

  it('every operation of every version, with its version placed as the document says: status, media type and body as documented', async () => {
    const problems: string[] = []
    let calls = 0
    for (const { url, document } of documents) {
      const check = answerChecker(document)
      const { version } = waysOf(document)
      for (const call of callsOf(document, true)) {
        const answer = await send(call)
        calls++
        problems.push(...check(call.operation, answer.status, (answer.headers['content-type'] as string | undefined) ?? null, answer.text).map((p) => `${url}: ${p}`))
        // The answer is the document's version: the version echo, where the section sends one, says so.
        const echoed = answer.headers['api-version']
        if (echoed !== undefined && answer.status < 300 && !call.neutral) {
          if (echoed !== version) problems.push(`${url}: ${call.operation} answered in ${String(echoed)}`)
        }
        const link = answer.headers['link']
        if (answer.status === 200 && !call.neutral && !String(link).includes(`<${url}>; rel="openapi"`)) problems.push(`${url}: ${call.operation} has no rel="openapi" link to its document (${String(link)})`)
      }
    }
    expect(problems).toEqual([])
    // /releases: 10 operations in 2026-06-01, 9 in 2025-01-01; 4 in each of 2 versions of 5 sections; 4 in each of 3 of
    // /semver; 3 streams (their items validated one by one) in each of 2 of /streams.
    expect(calls).toBe(77)
  }, 120_000)

  it('a pinned client (Bearer demo-2025, pinned to 2025-01-01) following the 2026-06-01 document gets 2026-06-01', async () => {
    const entry = documents.find((d) => d.url === '/docs/openapi/2026-06-01.json')
    const document = entry?.document as Record<string, unknown>
    expect(Object.keys((document['components'] as { securitySchemes: object }).securitySchemes)).toEqual(['clientKey'])
    const check = answerChecker(document)
    const problems: string[] = []
    for (const call of callsOf(document, true)) {
      const answer = await send({ ...call, headers: { ...call.headers, Authorization: 'Bearer demo-2025' } })
      problems.push(...check(call.operation, answer.status, (answer.headers['content-type'] as string | undefined) ?? null, answer.text))
      if (!call.neutral && answer.headers['api-version'] !== '2026-06-01') problems.push(`${call.operation} answered in ${String(answer.headers['api-version'])}`)
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('where a document says a request without its version gets it, a call without one is answered as documented', async () => {
    const problems: string[] = []
    for (const { url, document } of documents) {
      const { unnamedGets } = waysOf(document)
      if (!unnamedGets) continue
      const check = answerChecker(document)
      for (const call of callsOf(document, false)) {
        const answer = await send(call)
        problems.push(...check(call.operation, answer.status, (answer.headers['content-type'] as string | undefined) ?? null, answer.text).map((p) => `${url}: ${p}`))
      }
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('bodies generated from each documented request schema: no 422 for a valid one, no 5xx for any, every answer documented', async () => {
    const problems: string[] = []
    const hostile: [string, string | undefined, string][] = [
      ['empty', 'application/json', ''],
      ['malformed', 'application/json', '{"title":'],
      ['not JSON', 'text/plain', 'title=x'],
      ['an array', 'application/json', '[]'],
      ['null', 'application/json', 'null'],
      ['wrong types', 'application/json', '{"title":1,"name":1,"price":{},"category":[]}'],
      ['deep', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
    ]
    let writes = 0
    for (const { url, document } of documents) {
      const check = answerChecker(document)
      for (const call of callsOf(document, true)) {
        if (call.body === undefined) continue
        writes++
        const valid = await send(call)
        if (valid.status === 422 || valid.status >= 500) problems.push(`${url}: ${call.operation} answered ${valid.status} to a valid body ${call.body}: ${valid.text}`)
        problems.push(...check(call.operation, valid.status, (valid.headers['content-type'] as string | undefined) ?? null, valid.text).map((p) => `${url}: ${p}`))
        for (const [what, type, body] of hostile) {
          const answer = await send({ ...call, headers: { ...call.headers, ...(type === undefined ? {} : { 'Content-Type': type }) }, body })
          if (answer.status >= 500) problems.push(`${url}: ${call.operation} answered ${answer.status} to ${what}`)
          problems.push(...check(call.operation, answer.status, (answer.headers['content-type'] as string | undefined) ?? null, answer.text).map((p) => `${url}: ${p} (${what})`))
        }
      }
    }
    expect(problems).toEqual([])
    expect(writes).toBe(4)
  }, 120_000)
})
