// Probe app: a people API, plain Hono routes with named(), four versions.
// v1 -> v2: name renamed fullName; category added (default 'general'); POST answers 201 (was 200)
// v2 -> v3: fullName split into first_name + last_name; status gains 'preorder' (fallback 'active'); ?q renamed ?search
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { bodyLimit } from 'hono/body-limit'
import { streamSSE, streamText, stream } from 'hono/streaming'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware, named } from '../../src/hono/index.ts'
import {
  change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, queryParamRenamed, shape, statusChanged, versionHistory,
} from '../../src/changes/index.ts'
import { requestValidation } from '../../src/validation/index.ts'

export interface Person { id: number; first_name: string; last_name: string; category: string; status: 'active' | 'archived' | 'preorder'; tags: string[] }
export const Person = shape<Person>('Person')
export const Filter = shape('Filter')

const first = (o: Record<string, unknown>) => String(o['fullName']).split(' ')[0] ?? ''
const last = (o: Record<string, unknown>) => String(o['fullName']).split(' ').slice(1).join(' ')

const PersonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z]+$' },
    last_name: { type: 'string' },
    category: { type: 'string' },
    status: { enum: ['active', 'archived', 'preorder'] },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
  required: ['first_name', 'last_name', 'category', 'status'],
  additionalProperties: false,
}

export const history = versionHistory({
  versions: [
    { version: '1' },
    {
      version: '2',
      changes: [
        change('People have a full name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })]),
        change('People have a category.', [fieldAdded(Person, 'category', { default: 'general' })]),
        change('Creating answers 201.', [statusChanged('POST /people', { older: 200, newer: 201 })]),
      ],
    },
    {
      version: '3',
      changes: [
        change('Names are split.', [
          fieldAdded(Person, 'first_name', { default: first }),
          fieldAdded(Person, 'last_name', { default: last }),
          fieldRemoved(Person, 'fullName', { older: (p) => `${p.first_name} ${p.last_name}` }),
        ]),
        change('Preorder status.', [enumValuesAdded(Person, 'status', ['preorder'], { fallback: 'active' })]),
        change('Search is search.', [queryParamRenamed('GET /people', { older: 'q', newer: 'search' }), enumValuesAdded(Filter, 'status', ['preorder'], { fallback: 'active' })]),
      ],
    },
  ],
  bodies: {
    'GET /people': { response: { items: [Person] } },
    'GET /people/:id': { response: Person },
    'POST /people': { request: Person, response: Person },
    'PUT /people/:id': { request: Person, response: Person },
    'PATCH /people/:id': { request: Person, response: Person, forms: true },
    'POST /people/form': { request: Person, response: Person, forms: true },
    'GET /people.ndjson': { items: Person },
    'GET /feed': { items: Person },
    'GET /raw': { items: Person },
    'GET /text': { response: Person },
    'GET /empty': { response: Person },
    'GET /nostatus': { response: Person },
    'GET /etag': { response: Person },
    'GET /csv': { response: Person, unmigrated: ['text/csv'] },
  },
  validation: requestValidation({
    schemas: { Person: PersonSchema, Filter: { type: 'object', properties: { search: { type: 'string', maxLength: 50 }, status: { enum: ['active', 'archived', 'preorder'] }, page: { type: 'integer', minimum: 1 } }, additionalProperties: false } },
    parameters: { 'GET /people': { query: Filter } },
  }),
})

export const ada: Person = { id: 1, first_name: 'Ada', last_name: 'Lovelace', category: 'math', status: 'preorder', tags: ['a'] }
export const grace: Person = { id: 2, first_name: 'Grace', last_name: 'Hopper', category: 'navy', status: 'active', tags: [] }

export const scheme = new HeaderVersioning({ allowedVersions: ['1', '2', '3'], defaultVersion: '3' })
export const versioning = versionMiddleware({ scheme, changes: history })

/** Set by handlers so probes can read what happened upstream. */
export const probeState: { cancelled: number; lastBody: unknown; lastQuery: unknown } = { cancelled: 0, lastBody: undefined, lastQuery: undefined }

export function makeApp(opts: { etagOutside?: boolean; bodyLimitInRoute?: number } = {}) {
  const app = new Hono()
  if (opts.etagOutside) app.use('*', etag())
  app.use('*', versioning)
  if (!opts.etagOutside) app.use('/etag', etag())
  app.get('/people', named('people'), (c) => {
    probeState.lastQuery = c.req.query()
    return c.json({ items: [ada, grace] })
  })
  app.get('/people/:id', named('person'), (c) => c.json(c.req.param('id') === '1' ? ada : grace))
  const limit = opts.bodyLimitInRoute ? [bodyLimit({ maxSize: opts.bodyLimitInRoute })] : []
  app.post('/people', ...limit, async (c) => {
    let body: unknown
    try { body = await c.req.json() } catch { return c.json({ detail: 'bad json (handler)' }, 400) }
    probeState.lastBody = body
    return c.json({ ...(body as object), id: 9 } as Person, 201)
  })
  app.put('/people/:id', ...limit, async (c) => {
    let body: unknown
    try { body = await c.req.json() } catch { return c.json({ detail: 'bad json (handler)' }, 400) }
    probeState.lastBody = body
    return c.json({ ...(body as object), id: 1 } as Person)
  })
  app.patch('/people/:id', async (c) => {
    const ct = c.req.header('content-type') ?? ''
    let body: unknown
    try {
      body = ct.includes('form') ? await c.req.parseBody({ all: true }) : await c.req.json()
    } catch { return c.json({ detail: 'bad body (handler)' }, 400) }
    probeState.lastBody = body
    const out: Record<string, unknown> = { ...ada }
    for (const [k, v] of Object.entries(body as object)) out[k] = v instanceof File ? `${v.name}:${v.size}` : v
    return c.json(out as unknown as Person)
  })
  app.post('/people/form', async (c) => {
    let body: Record<string, unknown>
    try { body = await c.req.parseBody({ all: true }) } catch { return c.json({ detail: 'bad form (handler)' }, 400) }
    probeState.lastBody = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v instanceof File ? `file:${v.name}:${v.size}` : v]))
    return c.json({ ...ada, ...(probeState.lastBody as object) } as Person, 201)
  })
  app.get('/people.ndjson', (c) => {
    const mode = c.req.query('mode') ?? 'plain'
    c.header('Content-Type', 'application/x-ndjson')
    return stream(c, async (s) => {
      s.onAbort(() => { probeState.cancelled++ })
      if (mode === 'plain') { await s.write(`${JSON.stringify(ada)}\n${JSON.stringify(grace)}\n`); return }
      if (mode === 'crlf') { await s.write(`${JSON.stringify(ada)}\r\n\r\n${JSON.stringify(grace)}`); return }
      if (mode === 'bom') { await s.write(`\uFEFF${JSON.stringify(ada)}\n`); return }
      if (mode === 'bytes') {
        const text = new TextEncoder().encode(`${JSON.stringify({ ...ada, first_name: 'Adé' })}\n${JSON.stringify(grace)}\n`)
        for (const b of text) await s.write(new Uint8Array([b]))
        return
      }
      if (mode === 'endless') {
        for (let i = 0; ; i++) { await s.write(`${JSON.stringify({ ...ada, id: i })}\n`); if (s.aborted) return }
      }
      if (mode === 'throw') { await s.write(`${JSON.stringify(ada)}\n`); throw new Error('upstream broke') }
      if (mode === 'whitespace') { await s.write(`  ${JSON.stringify(ada)}  \n\t\n`); return }
      if (mode === 'cr') { await s.write(`${JSON.stringify(ada)}\r${JSON.stringify(grace)}\r`); return }
      if (mode === 'null') { await s.write(`null\n${JSON.stringify(grace)}\n`); return }
    }, undefined)
  })
  app.get('/feed', (c) => {
    const mode = c.req.query('mode') ?? 'plain'
    if (mode === 'plain') return streamSSE(c, async (s) => { await s.writeSSE({ event: 'p', id: '1', data: JSON.stringify(ada) }) })
    // handwritten SSE text
    const texts: Record<string, string> = {
      multiline: `data: {"id":1,"first_name":"Ada",\ndata: "last_name":"Lovelace","category":"m","status":"preorder","tags":[]}\n\n`,
      crlf: `event: p\r\ndata: ${JSON.stringify(ada)}\r\n\r\n`,
      cr: `event: p\rdata: ${JSON.stringify(ada)}\r\r`,
      comment: `: hello\nretry: 1000\n\nevent: ping\n\ndata: ${JSON.stringify(ada)}\n\n`,
      bom: `\uFEFFdata: ${JSON.stringify(ada)}\n\n`,
      nofinal: `data: ${JSON.stringify(ada)}`,
      nofinal1: `data: ${JSON.stringify(ada)}\n`,
      nospace: `data:${JSON.stringify(ada)}\n\n`,
      datafield: `data\n\ndata: ${JSON.stringify(ada)}\n\n`,
      twospace: `data:  ${JSON.stringify(ada)}\n\n`,
      colon_in_field: `id: 5\nevent: x:y\ndata: ${JSON.stringify(ada)}\n\n`,
      tabs: `data:\t${JSON.stringify(ada)}\n\n`,
    }
    const t = texts[mode] ?? ''
    const bytes = new TextEncoder().encode(t)
    const split = c.req.query('split') === '1'
    return c.body(new ReadableStream({
      start(ctrl) {
        if (split) for (const b of bytes) ctrl.enqueue(new Uint8Array([b]))
        else ctrl.enqueue(bytes)
        ctrl.close()
      },
    }), 200, { 'Content-Type': 'text/event-stream' })
  })
  app.get('/raw', (c) => {
    const type = c.req.query('type') ?? 'application/x-ndjson'
    const body = c.req.query('body') ?? `${JSON.stringify(ada)}\n`
    return c.newResponse(new ReadableStream({ start(ctrl) { ctrl.enqueue(new TextEncoder().encode(body)); ctrl.close() } }), 200, { 'Content-Type': type })
  })
  app.get('/text', (c) => c.text(JSON.stringify(ada)))
  app.get('/empty', (c) => {
    const mode = c.req.query('mode')
    if (mode === 'null') return c.body(null)
    if (mode === '204') return c.body(null, 204)
    if (mode === '304') return c.body(null, 304)
    if (mode === 'json204') return new Response(JSON.stringify(ada), { status: 200, headers: { 'content-type': 'application/json' } })
    if (mode === 'emptyjson') return c.body('', 200, { 'Content-Type': 'application/json' })
    if (mode === 'newresponse') return c.newResponse(new ReadableStream({ start(ctrl) { ctrl.enqueue(new TextEncoder().encode(JSON.stringify(ada))); ctrl.close() } }), 200, { 'Content-Type': 'application/json' })
    if (mode === 'ctparams') return c.body(JSON.stringify(ada), 200, { 'Content-Type': 'Application/JSON; Charset=UTF-8' })
    if (mode === 'problem') return c.body(JSON.stringify(ada), 200, { 'Content-Type': 'application/problem+json' })
    if (mode === 'vnd') return c.body(JSON.stringify(ada), 200, { 'Content-Type': 'application/vnd.api+json' })
    if (mode === 'bomjson') return c.body(`\uFEFF${JSON.stringify(ada)}`, 200, { 'Content-Type': 'application/json' })
    if (mode === 'utf16') return c.body(JSON.stringify(ada), 200, { 'Content-Type': 'application/json; charset=utf-16' })
    if (mode === 'blob') return c.body(new Blob([JSON.stringify(ada)]) as never, 200, { 'Content-Type': 'application/json' })
    if (mode === 'arraybuffer') return c.body(new TextEncoder().encode(JSON.stringify(ada)).buffer as ArrayBuffer, 200, { 'Content-Type': 'application/json' })
    if (mode === 'redirect') return c.redirect('/people/1')
    if (mode === 'responsejson') return Response.json(ada)
    return c.json(ada)
  })
  app.get('/nostatus', (c) => { c.status(201); return c.json(ada) })
  app.get('/etag', (c) => c.body(JSON.stringify(ada), 200, { 'Content-Type': 'application/json' }))
  app.get('/csv', (c) => c.body('id,first\n1,Ada\n', 200, { 'Content-Type': 'text/csv' }))
  return app
}
