/**
 * The worker example's documents checked by a tool nobody here wrote:
 * Stoplight Prism (`prism proxy --errors`), a validating proxy, in front of
 * the example served over loopback HTTP (@hono/node-server). Every
 * documented operation of every version of every section is called through
 * Prism as its document says (scripts/lib/document-calls.ts `callsOf`: the
 * version where the document puts it, a body from its request schema);
 * Prism validates each request and each answer against the document and
 * reports any disagreement (`sl-violations`, or its own 4xx/5xx with
 * `--errors`). None may be reported. Prism forwards a request to the
 * upstream's host, so a document whose version travels in the host name is
 * served behind an upstream that names that version's host, as a gateway
 * routing by host does. And an older version's request body media types:
 * one a route lists in `unmigrated` is documented and answered as documented;
 * one it does not is left out of the document, as the server refuses it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callsOf } from '../../../scripts/lib/document-calls.ts'
import { freePort } from '../../e2e/wrangler-dev.ts'
import { documented } from '../../../worker-example/contracts.ts'
import { change, fieldRenamed, shape, versionHistory } from '../../../src/changes/index.ts'
import { versionMiddleware } from '../../../src/hono/index.ts'
import { HeaderVersioning } from '../../../src/index.ts'
import { versionedOpenAPI } from '../../../src/openapi/index.ts'
import { childOutput } from '../../support/child-output.ts'

type Json = Record<string, unknown>

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/prism/`
const servers: { close(): void }[] = []
const proxies: ChildProcess[] = []

/** `app` (the example by default) served over loopback HTTP; given `host`, each request is handed to it as sent to that host. */
async function upstream(host?: string, app: { fetch(request: Request): Response | Promise<Response> } = documented.app): Promise<string> {
  const fetch = host === undefined ? (request: Request) => app.fetch(request) : (request: Request) => {
    const url = new URL(request.url)
    url.host = host
    return app.fetch(new Request(url, request))
  }
  const server = serve({ fetch, hostname: '127.0.0.1', port: 0 })
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Prism's proxy for `document`, listening once it says so. */
async function prism(document: Json, name: string, upstream: string): Promise<string> {
  const file = `${dir}${name}.json`
  writeFileSync(file, JSON.stringify(document))
  const port = await freePort()
  const child = spawn(`${root}node_modules/.bin/prism`, ['proxy', file, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  proxies.push(child)
  await childOutput(child, `prism for ${name}`).printed('Prism is listening', 60_000)
  return `http://127.0.0.1:${port}`
}

beforeAll(() => {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
})

afterAll(() => {
  for (const child of proxies) child.kill()
  for (const server of servers) server.close()
})

const documents = documented.sections.flatMap((section) =>
  section.versions.map(({ version }) => {
    const document = JSON.parse(JSON.stringify(section.document(version))) as Json
    return { title: `${(document['info'] as Json)['title'] as string} ${version}`, document }
  }),
)

/** Each case starts a Prism process of its own (2 to 5 s on a loaded 2-core machine) before its calls. */
const PRISM_TIMEOUT_MS = 30_000

/** What Prism reports of each documented call of `document` sent through `proxy`. */
async function violationsOf(document: Json, proxy: string): Promise<string[]> {
  const violations: string[] = []
  for (const call of callsOf(document, true)) {
    const { Host: _host, ...headers } = call.headers
    const answer = await fetch(`${proxy}${call.path}`, { method: call.method, headers, ...(call.body === undefined ? {} : { body: call.body }) })
    const text = await answer.text()
    const reported = answer.headers.get('sl-violations')
    // With --errors Prism answers a request or response that breaks the document itself, with a problem+json.
    const prismError = (answer.headers.get('content-type') ?? '').includes('problem+json') && text.includes('stoplight.io/prism/errors')
    if (reported !== null || prismError) violations.push(`${call.operation}: ${answer.status} ${reported ?? text.slice(0, 400)}`)
  }
  return violations
}

describe('Prism, a validating proxy, finds nothing the server answers against its documents', () => {
  it.each(documents.map((d) => [d.title, d] as const))('%s', async (title, { document }) => {
    const calls = callsOf(document, true)
    expect(calls.length).toBeGreaterThan(0)
    const proxy = await prism(document, title.replace(/\W+/g, '-'), await upstream(calls[0]?.headers['Host']))
    expect(await violationsOf(document, proxy)).toEqual([])
  }, PRISM_TIMEOUT_MS)

  it('and reports an answer that drifts from its document (the check can fail)', async () => {
    const drifting = new Hono()
    drifting.get('/semver/products/:id', (c) => c.json({ id: Number(c.req.param('id')), title: 42 }))
    drifting.route('/', documented.app)
    const { document } = documents.find((d) => d.title.includes('semantic')) as (typeof documents)[number]
    const proxy = await prism(document, 'drifting', await upstream(undefined, drifting))
    const violations = await violationsOf(document, proxy)
    expect(violations.length).toBeGreaterThan(0)
    expect(violations.every((v) => v.startsWith('GET /semver/products/{id}: 500'))).toBe(true)
  }, PRISM_TIMEOUT_MS)
})

describe("Prism and an older version's request body media types (bodies[route].unmigrated)", () => {
  /** An @hono/zod-openapi PUT taking JSON (laid out) and text/plain, version 1's document as versionedOpenAPI makes it. */
  function notes(unmigrated: boolean) {
    const NoteSchema = z.object({ title: z.string() }).openapi('Note')
    const Note = shape('Note', NoteSchema)
    const history = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('Notes have a title.', [fieldRenamed(Note, { older: 'name', newer: 'title' })])] }],
      bodies: { 'PUT /notes/:id': { request: Note, ...(unmigrated ? { unmigrated: ['text/plain'] } : {}) } },
    })
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
    const app = new OpenAPIHono()
    app.use('*', versionMiddleware({ scheme, changes: history }))
    const route = createRoute({
      method: 'put',
      path: '/notes/{id}',
      request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: NoteSchema }, 'text/plain': { schema: z.string() } } } },
      responses: { 200: { description: 'Stored', content: { 'text/plain': { schema: z.string() } } } },
    })
    app.openapi(route, async (c) => c.text(await c.req.text(), 200))
    const docs = versionedOpenAPI({ scheme, document: app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Notes', version: '2' } }), changelog: history })
    return { app, document: JSON.parse(JSON.stringify(docs.document('1'))) as Json }
  }
  const send = (proxy: string) => fetch(`${proxy}/notes/1`, { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'text/plain' }, body: 'a note' })

  it('listed: version 1 documents text/plain, and Prism finds the server answers it as documented', async () => {
    const { app, document } = notes(true)
    const proxy = await prism(document, 'unmigrated-text', await upstream(undefined, app))
    const answer = await send(proxy)
    expect([answer.status, answer.headers.get('sl-violations'), await answer.text()]).toEqual([200, null, 'a note'])
  }, PRISM_TIMEOUT_MS)

  it('not listed: version 1 leaves text/plain out, and Prism refuses it (its own 422) as the server does (415)', async () => {
    const { app, document } = notes(false)
    const proxy = await prism(document, 'migrated-only', await upstream(undefined, app))
    const answer = await send(proxy)
    expect([answer.status, (await answer.text()).includes('stoplight.io/prism/errors')]).toEqual([422, true])
    expect((await app.request('/notes/1', { method: 'PUT', headers: { 'Api-Version': '1', 'Content-Type': 'text/plain' }, body: 'a note' })).status).toBe(415)
  }, PRISM_TIMEOUT_MS)
})

