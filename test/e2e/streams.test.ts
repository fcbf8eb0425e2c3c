/**
 * End to end: the worker example's streamed routes (worker-example/streams.ts)
 * on workerd under `wrangler dev`, over real HTTP, for an older client
 * (version 1, the default) and a newer one (version 2): the NDJSON export of
 * 1,000 people, the SSE feed and the SSE feed given as values
 * (`history.stream`), each item in the client's own shape and valid against
 * the item schema its version's document gives (formats included); and the
 * commands of docs/worker-example.md's "Streams given as values" print what
 * it shows.
 */
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { Validator, type Schema } from '@cfworker/json-schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { person } from '../../worker-example/streams.ts'
import { EXAMPLE_NOW } from '../support/example-clock.ts'
import { curlCommand } from './curl-commands.ts'
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

  it('the feed given as values: 1,000 joined events, names, ids and the first retry kept, each data in the client shape', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i)
    const events = (shape: (i: number) => object) => ids.map((i) => `event: joined\ndata: ${JSON.stringify(shape(i))}\nid: ${i + 1}\n${i === 0 ? 'retry: 5000\n' : ''}\n`).join('')
    const old = await get('/streams/joined?count=1000')
    expect(old.status).toBe(200)
    expect(old.type).toBe('text/event-stream')
    expect(old.text).toBe(events(older))
    const head = await get('/streams/joined?count=1000', { 'Api-Version': '2' })
    expect(head.status).toBe(200)
    expect(head.type).toBe('text/event-stream')
    expect(head.text).toBe(events(person))
  })
})

/** The items of a stream: one JSON value per NDJSON line, or per server-sent event's data (its lines joined). */
function items(text: string, type: string | undefined): unknown[] {
  if (type === 'application/x-ndjson') return text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown)
  return text
    .split('\n\n')
    .map((event) => event.split('\n').flatMap((line) => (line.startsWith('data: ') ? [line.slice('data: '.length)] : [])))
    .filter((data) => data.length > 0)
    .map((data) => JSON.parse(data.join('\n')) as unknown)
}

describe('streams on workerd: every item valid against its version\'s documented item schema', () => {
  it.each(['1', '2'])('version %s: the documents the docs page lists describe each item of the three streams, email format included', async (version) => {
    const page = await get('/docs/streams')
    const sources = JSON.parse(/"sources": (\[.*\])/.exec(page.text)?.[1] ?? '[]') as { slug: string; url: string }[]
    const url = sources.find((source) => source.slug === version)?.url
    expect(url).toBe(`/docs/streams/openapi/${version}.json`)
    const document = JSON.parse((await get(url as string)).text) as {
      paths: Record<string, { get: { responses: { '200': { content: Record<string, { 'x-itemSchema': { $ref: string } }> } } } }>
      components: { schemas: Record<string, Schema> }
    }
    for (const [path, type] of [['/streams/people.ndjson?count=1000', 'application/x-ndjson'], ['/streams/feed', 'text/event-stream'], ['/streams/joined?count=1000', 'text/event-stream']] as const) {
      const ref = document.paths[path.replace(/\?.*/, '')]?.get.responses['200'].content[type]?.['x-itemSchema'].$ref ?? ''
      const schema = document.components.schemas[ref.replace('#/components/schemas/', '')]
      expect(schema, path).toBeDefined()
      const validator = new Validator(schema as Schema, '2020-12')
      const res = await get(path, { 'Api-Version': version })
      expect(res.type).toBe(type)
      const got = items(res.text, res.type)
      expect(got.length).toBe(path.includes('count=1000') ? 1000 : 3)
      for (const item of got) expect(validator.validate(item).errors, `${path} ${JSON.stringify(item)}`).toEqual([])
    }
  })
})

/** The `$ curl` commands of docs/worker-example.md's "Streams given as values" block, each with the text it prints. */
function documentedCurls(): { command: string; text: string }[] {
  const page = readFileSync(new URL('../../docs/worker-example.md', import.meta.url), 'utf8')
  const section = page.slice(page.indexOf('## Streams given as values'))
  const block = /```console\n([\s\S]*?)\n```/.exec(section)?.[1] ?? ''
  const commands: { command: string; lines: string[] }[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('$ ')) commands.push({ command: line.slice(2), lines: [] })
    else commands.at(-1)?.lines.push(line)
  }
  // An event ends with a blank line, which the block shows before the next command: the text ends with it.
  return commands.map(({ command, lines }) => ({ command, text: `${lines.join('\n')}\n` }))
}

describe('docs/worker-example.md: the commands of "Streams given as values" print what it shows (wrangler dev)', () => {
  const curls = documentedCurls()

  it('has an older and a newer client', () => {
    expect(curls.map((c) => c.command.includes("-H 'Api-Version: 2'"))).toEqual([false, true])
  })

  it.each(curls.map((c) => [c.command, c] as const))('$ %s', async (_command, { command, text }) => {
    const { program, method, url, headers } = curlCommand(command)
    expect([program, method]).toEqual(['curl', 'GET'])
    expect(url.startsWith('http://127.0.0.1:8787/streams/joined')).toBe(true)
    const res = await get(url.slice('http://127.0.0.1:8787'.length), headers)
    expect(res.status).toBe(200)
    expect(res.text).toBe(text)
  })
})
