/**
 * Every version of every probe app, called through Prism's validating proxy
 * (`prism proxy --errors`), valid requests and refused ones; each answer also
 * checked directly against its document (Ajv 2020, status, media type, body,
 * and which response headers the document names). Prints each finding.
 * Usage: node .tmp/contract11/probe.ts [probe-name-substring]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { answerChecker, callsOf, type DocumentCall } from '../../scripts/lib/document-calls.ts'
import { allProbes, type Probe } from './apps.ts'
import { Validator } from '@seriousme/openapi-schema-validator'

type Json = Record<string, unknown>
const root = new URL('../../', import.meta.url).pathname
const dir = `${root}.tmp/contract11/out/`
mkdirSync(dir, { recursive: true })
const only = process.argv[2]
const findings: string[] = []
const note = (s: string) => {
  findings.push(s)
  console.log(s)
}

async function upstream(probe: Probe): Promise<{ url: string; close(): void }> {
  const fetch = (request: Request) => {
    const host = request.headers.get('x-probe-host')
    if (host === null) return probe.app.fetch(request)
    const url = new URL(request.url)
    url.host = host
    return probe.app.fetch(new Request(url, request))
  }
  const server = serve({ fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

let nextPort = 14600 + Math.floor(Math.random() * 300)
async function prism(file: string, target: string): Promise<{ url: string; child: ChildProcess }> {
  const port = nextPort++
  const child = spawn(`${root}node_modules/.bin/prism`, ['proxy', file, target, '--errors', '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start: ${text}`)), 60_000)
    const read = (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
  })
  return { url: `http://127.0.0.1:${port}`, child }
}

interface Call extends DocumentCall {
  readonly label: string
  /** The operation of the document the answer is checked against, if any. */
  readonly checkAs?: string | undefined
  readonly form?: FormData | undefined
}

/** The version's way as the document puts it, for rewriting a call to another version. */
function rewrite(call: Call, document: Json, to: string | null): Call {
  const ext = (document['info'] as Json)['x-api-version'] as { version: string; send: { in: string; name: string; value: string }[] }
  const v = ext.version
  let path = call.path
  const headers = { ...call.headers }
  for (const way of ext.send) {
    if (way.in === 'header' && way.name !== 'Accept') to === null ? delete headers[way.name] : (headers[way.name] = to)
    if (way.in === 'header' && way.name === 'Accept' && headers['Accept'] !== undefined) to === null ? delete headers['Accept'] : (headers['Accept'] = way.value.replace(v, to))
    if (way.in === 'query') {
      const [p, q = ''] = path.split('?') as [string, string?]
      const params = new URLSearchParams(q)
      to === null ? params.delete(way.name) : params.set(way.name, to)
      path = params.size > 0 ? `${p}?${params}` : p
    }
    if (way.in === 'host' && headers['Host'] !== undefined) to === null ? (headers['Host'] = 'people.test') : (headers['Host'] = headers['Host'].replace(v, to))
  }
  if (path.includes(`/api/${v}/`)) path = to === null ? path.replace(`/api/${v}/`, '/api/') : path.replace(`/api/${v}/`, `/api/${to}/`)
  if (path.includes(`/api/v${v}/`)) path = to === null ? path.replace(`/api/v${v}/`, '/api/') : path.replace(`/api/v${v}/`, `/api/v${to}/`)
  return { ...call, path, headers }
}

function callsFor(document: Json): Call[] {
  const valid: Call[] = callsOf(document, true).map((c) => ({ ...c, label: 'valid', checkAs: c.operation }))
  const out: Call[] = []
  for (const call of valid) {
    if (call.operation.endsWith('/uploads')) {
      const form = new FormData()
      form.append('title', 'Report')
      if (!call.operation.includes('/uploads') || (document['info'] as Json)['version'] === '3') form.append('visibility', 'public')
      out.push({ ...call, label: 'valid multipart', form })
      const url = new URLSearchParams({ title: 'Report' })
      out.push({ ...call, label: 'valid urlencoded', headers: { ...call.headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body: url.toString() })
      continue
    }
    out.push(call)
    if (call.method === 'PATCH') {
      out.push({ ...call, label: 'valid merge-patch partial', headers: { ...call.headers, 'Content-Type': 'application/merge-patch+json' }, body: '{"role":"admin"}' })
    }
    if (call.method === 'GET' && call.operation.includes('{id}') && !call.operation.includes('avatar') && !call.operation.includes('teams')) {
      out.push({ ...call, label: 'handler 404', path: call.path.replace('/1', '/404') })
      out.push({ ...call, label: '406 Accept text/html', headers: { ...call.headers, Accept: 'text/html' } })
    }
    if (call.method === 'POST' && call.body !== undefined) {
      out.push({ ...call, label: '400 malformed JSON', body: '{"firstName":' })
      out.push({ ...call, label: '415 text/plain', headers: { ...call.headers, 'Content-Type': 'text/plain' }, body: 'hello' })
      out.push({ ...call, label: '422 invalid body', body: '{"unknown":1}' })
      out.push({ ...call, label: '413 huge body', body: JSON.stringify({ firstName: 'x'.repeat(3_000_000) }) })
      out.push({ ...call, label: 'empty body', body: '' })
    }
    if (!call.neutral) {
      out.push({ ...rewrite(call, document, '9'), label: '404 version not served' })
      out.push({ ...rewrite(call, document, '0'), label: '410 sunset version' })
      out.push({ ...rewrite(call, document, null), label: 'missing version' })
    }
  }
  const detail = valid.find((c) => c.method === 'GET' && c.operation.endsWith('{id}') && c.operation.includes('people'))
  if (detail !== undefined) out.push({ ...detail, label: '405 DELETE', method: 'DELETE', checkAs: undefined })
  const list = valid.find((c) => c.method === 'GET' && c.operation.endsWith('/people'))
  if (list !== undefined) {
    out.push({ ...list, label: 'removed route /search', path: list.path.replace('/people', '/search'), checkAs: undefined })
    out.push({ ...list, label: 'added route avatar', path: list.path.replace('/people', '/people/1/avatar'), checkAs: undefined })
    out.push({ ...list, label: 'older path /groups', path: list.path.replace('/people', '/groups/1'), checkAs: undefined })
    out.push({ ...list, label: 'query+header', path: list.path + (list.path.includes('?') ? '&' : '?') + 'search=ada&q=ada', headers: { ...list.headers, 'X-Org': 'o', 'X-Tenant': 't' } })
  }
  return out
}

const LIFECYCLE = ['deprecation', 'sunset', 'link', 'vary', 'api-supported-versions', 'api-deprecated-versions', 'allow', 'location', 'content-location', 'etag']

function documentedHeaders(document: Json, operation: string | undefined, status: number): string[] | null {
  if (operation === undefined) return null
  const [method, template] = operation.split(' ') as [string, string]
  const op = ((document['paths'] as Record<string, Json>)[template] as Json | undefined)?.[method === 'QUERY' ? 'x-query' : method.toLowerCase()] as Json | undefined
  const responses = (op?.['responses'] ?? {}) as Record<string, Json>
  let response = responses[String(status)] ?? responses['default']
  if (response === undefined) return null
  while (typeof response['$ref'] === 'string') {
    const parts = (response['$ref'] as string).slice(2).split('/')
    response = parts.reduce<Json>((at, k) => at[k] as Json, document)
  }
  return Object.keys((response['headers'] ?? {}) as Json).map((h) => h.toLowerCase())
}

async function send(base: string, call: Call, viaPrism: boolean): Promise<{ status: number; headers: Headers; text: string }> {
  const { Host: host, ...headers } = call.headers
  if (host !== undefined) headers['x-probe-host'] = host
  const init: RequestInit = { method: call.method, headers, signal: AbortSignal.timeout(20_000) }
  if (call.form !== undefined) {
    delete (headers as Record<string, string>)['Content-Type']
    init.body = call.form
  } else if (call.body !== undefined && call.method !== 'GET') init.body = call.body
  const answer = await fetch(`${base}${call.path}`, init)
  return { status: answer.status, headers: answer.headers, text: await answer.text() }
  void viaPrism
}

async function run(probe: Probe): Promise<void> {
  const server = await upstream(probe)
  try {
    for (const { version } of probe.documents.versions) {
      const document = JSON.parse(JSON.stringify(probe.documents.document(version))) as Json
      const name = `${probe.name} v${version}`.replace(/\W+/g, '-')
      const file = `${dir}${name}.json`
      writeFileSync(file, JSON.stringify(document, null, 1))
      const validator = new Validator()
      const result = await validator.validate(document as never)
      if (!result.valid) note(`[${probe.name} v${version}] OpenAPI 3.1 INVALID: ${JSON.stringify(result.errors).slice(0, 600)}`)
      const check = answerChecker(document)
      const proxy = process.env['NO_PRISM'] === '1' ? { url: server.url, child: { kill: () => true } as unknown as ChildProcess } : await prism(file, server.url)
      try {
        for (const call of callsFor(document)) {
          const where = `[${probe.name} v${version}] ${call.label} ${call.method} ${call.path}`
          let direct, viaPrism
          try {
            direct = await send(server.url, call, false)
          } catch (e) {
            note(`${where}: DIRECT FETCH FAILED ${(e as Error).message}`)
            continue
          }
          try {
            viaPrism = await send(proxy.url, call, true)
          } catch (e) {
            note(`${where}: PRISM FETCH FAILED ${(e as Error).message}`)
            viaPrism = { status: 0, headers: new Headers(), text: '' }
          }
          const reported = viaPrism.headers.get('sl-violations')
          const prismError = (viaPrism.headers.get('content-type') ?? '').includes('problem+json') && viaPrism.text.includes('stoplight.io/prism/errors')
          const summary = `direct ${direct.status} ${direct.headers.get('content-type') ?? ''} ${direct.text.slice(0, 140).replace(/\n/g, '\\n')}`
          if (reported !== null) note(`${where}: PRISM VIOLATION ${reported.slice(0, 600)} | ${summary}`)
          if (prismError) note(`${where}: PRISM ERROR ${viaPrism.status} ${viaPrism.text.slice(0, 400)} | ${summary}`)
          if (direct.status >= 500) note(`${where}: SERVER 5xx | ${summary}`)
          if (call.checkAs !== undefined) {
            for (const problem of check(call.checkAs, direct.status, direct.headers.get('content-type'), direct.text)) note(`${where}: AJV ${problem}`)
            const named = documentedHeaders(document, call.checkAs, direct.status)
            if (named !== null) {
              const sent = [...direct.headers.keys()].filter((h) => LIFECYCLE.includes(h) && !named.includes(h))
              if (sent.length > 0) note(`${where}: UNDOCUMENTED HEADERS ${sent.map((h) => `${h}: ${direct.headers.get(h)}`).join('; ')} (documented: ${named.join(', ')}) | ${direct.status}`)
            }
          } else {
            console.log(`${where}: (no operation) ${summary}`)
          }
        }
      } finally {
        proxy.child.kill()
      }
    }
  } finally {
    server.close()
  }
}

import { documented } from '../../worker-example/contracts.ts'
const example: Probe[] = documented.sections.map((docs, i) => ({ name: `example ${i} ${docs.document(docs.versions[0]!.version).info.title}`, app: documented.app, documents: docs }))
for (const probe of [...allProbes(), ...example]) {
  if (only !== undefined && !probe.name.includes(only)) continue
  console.log(`=== ${probe.name}`)
  await run(probe)
}
writeFileSync(`${dir}findings${only === undefined ? '' : `-${only.replace(/\W+/g, '-')}`}.txt`, findings.join('\n'))
console.log(`${findings.length} findings`)
process.exit(0)
