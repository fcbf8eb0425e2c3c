/**
 * The table of docs/version-changes.md that says what odd streamed and
 * non-JSON responses, and cross-version entity tags, give an older client
 * beside the head version: made here from real requests (in process: what a
 * client of `app.request` reads), and the page must hold exactly this table.
 */
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { streamSSE } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape } from '../../src/changes/index.ts'
import { markedSection, versionsTable } from '../support/docs-tables.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Person {
  id: number
  fullName: string
}
const Person = shape<Person>('Person')
const history = twoVersionHistory([change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])], {
  bodies: {
    'GET /people': { items: Person },
    'GET /feed': { items: Person, passThrough: ['[DONE]'] },
    'GET /person': { response: Person, unmigrated: ['text/csv'] },
  },
})
const ada = JSON.stringify({ id: 1, fullName: 'Ada' })
const grace = JSON.stringify({ id: 2, fullName: 'Grace' })

/** A stream of `pieces`, a chunk each. */
function chunks(pieces: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++]
      if (piece === undefined) controller.close()
      else controller.enqueue(encoder.encode(piece))
    },
  })
}

const NDJSON: Record<string, readonly string[]> = {
  split: [ada.slice(0, 7), `${ada.slice(7)}\n${grace.slice(0, 3)}`, `${grace.slice(3)}\n`],
  notjson: [`${ada}\n`, `not json\n${grace}\n`],
  misfit: [`${ada}\n`, '[1,2]\n'],
  onechunk: [`${ada}\nnot json\n${grace}\n`],
  framing: [`\uFEFF${ada}\r\n\n  \n`, grace],
  cr: [`${ada}\r${grace}\r`],
  latin1: [`${ada}\n`],
}
const SSE: Record<string, readonly string[]> = {
  details: [': ping\r\nretry: 3000\r\n\r\nevent: person\rid: 1\rdata:{"id":1,\rdata: "fullName":"Ada"}\r\r'],
  blank: [`data: ${ada}\n\n`, 'data: \u00a0\n\n'],
  done: [`data: ${ada}\n\n`, 'data: [DONE]\n\n'],
}

function app(): Hono {
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text('Internal Server Error', 500)))
  migratingApp(history, app)
  app.use('/person', etag())
  app.get('/people', (c) => {
    const name = c.req.query('case') ?? 'split'
    return c.body(chunks(NDJSON[name] ?? []), 200, { 'Content-Type': name === 'latin1' ? 'application/x-ndjson; charset=iso-8859-1' : 'application/x-ndjson' })
  })
  app.get('/feed', (c) => {
    const name = c.req.query('case')
    const text = name === undefined ? undefined : SSE[name]
    if (text !== undefined) return c.body(chunks(text), 200, { 'Content-Type': 'text/event-stream' })
    return streamSSE(c, async (s) => s.writeSSE(name === 'text' ? { event: 'person', data: 'Ada' } : { event: 'person', id: '1', data: ada }))
  })
  app.get('/person', (c) => {
    const as = c.req.query('as')
    if (as === 'text') return c.text('Ada')
    if (as === 'ndjson') return c.body(`${ada}\n`, 200, { 'Content-Type': 'application/x-ndjson' })
    if (as === 'broken') return c.body('{"id":1,', 200, { 'Content-Type': 'application/json' })
    if (as === 'csv') return c.body('id,fullName\n1,Ada\n', 200, { 'Content-Type': 'text/csv' })
    return c.body(ada, 200, { 'Content-Type': 'application/json' })
  })
  return app
}

/** One odd input: what it is, its path, and the request headers per version. */
interface Row {
  readonly input: string
  readonly path: string
  readonly headers?: (version: '1' | '2') => Promise<Record<string, string>>
}

/** The ETag `version` gets for /person. */
async function tagOf(version: '1' | '2'): Promise<string> {
  return (await app().request('/person', { headers: { 'Api-Version': version } })).headers.get('etag') ?? ''
}

const ROWS: readonly Row[] = [
  { input: 'NDJSON items split across chunks, two in one chunk', path: '/people' },
  { input: 'an NDJSON item that is not JSON (`not json`)', path: '/people?case=notjson' },
  { input: 'an NDJSON item outside its layout (`[1,2]`)', path: '/people?case=misfit' },
  { input: 'an NDJSON item that is not JSON, in one chunk with the items around it', path: '/people?case=onechunk' },
  { input: 'NDJSON with a BOM, a CRLF line end, a blank and a white-space line, a last item without a line end', path: '/people?case=framing' },
  { input: 'NDJSON with CR line ends only', path: '/people?case=cr' },
  { input: 'NDJSON labelled `charset=iso-8859-1`', path: '/people?case=latin1' },
  { input: 'an SSE event (`streamSSE`)', path: '/feed' },
  { input: 'SSE with a comment, `retry:`, CR line ends, a JSON payload over two `data:` lines (one without the space)', path: '/feed?case=details' },
  { input: 'an SSE event whose data is not JSON', path: '/feed?case=text' },
  { input: 'an SSE event whose data is a no-break space', path: '/feed?case=blank' },
  { input: 'an SSE event whose data is `[DONE]`, listed in the route\'s `passThrough`', path: '/feed?case=done' },
  { input: 'plain text (`c.text`) where the layout says JSON', path: '/person?as=text' },
  { input: 'NDJSON on a route with no items layout', path: '/person?as=ndjson' },
  { input: '`application/json` that does not parse', path: '/person?as=broken' },
  { input: 'CSV, listed in the route\'s `unmigrated`', path: '/person?as=csv' },
  { input: 'ETag (`etag()` inside the versioning middleware)', path: '/person' },
  { input: '`If-None-Match` with the other version\'s ETag', path: '/person', headers: async (v) => ({ 'If-None-Match': await tagOf(v === '1' ? '2' : '1') }) },
  { input: '`If-None-Match` with the version\'s own ETag', path: '/person', headers: async (v) => ({ 'If-None-Match': await tagOf(v) }) },
]

/** What a client reads: the status, the body (line feeds as `\n`) and how it ended. */
async function answer(row: Row, version: '1' | '2'): Promise<string> {
  const res = await app().request(row.path, { headers: { 'Api-Version': version, ...(await row.headers?.(version)) } })
  const tag = row.input.startsWith('ETag') ? ` ETag \`${res.headers.get('etag')}\`` : ''
  let text = ''
  let failed = false
  if (res.body !== null) {
    const reader = res.body.getReader()
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true })
    } catch {
      failed = true
    }
  }
  const shown = text.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\uFEFF/g, '\\uFEFF').replace(/\u00a0/g, '\\u00a0')
  return `${res.status}${tag} ${shown === '' ? '(no body)' : `\`${shown}\``}${failed ? ', then the body errors' : ''}`
}

describe('docs/version-changes.md: what odd streamed and non-JSON responses give an older version', () => {
  it('holds the table these requests answer', async () => {
    const rendered = await versionsTable('response', ROWS, answer)
    const page = readFileSync(new URL('../../docs/version-changes.md', import.meta.url), 'utf8')
    const found = markedSection(page, 'odd-streams')
    expect(found, `the page's table between <!-- odd-streams:start --> and <!-- odd-streams:end --> should be:\n${rendered}`).toBe(rendered)
  })
})
