/**
 * The promise of version changes on every path a handler answers and a
 * client sends, in the three app styles (a route table with mountRoutes,
 * plain Hono with versionMiddleware, @hono/zod-openapi with
 * versionMiddleware), over one history of four versions: a renamed field
 * (`mail` → `email`), a split one (`name` → `first_name` + `last_name`), a
 * field added with a default (`category`), a removed one (`nickname`), a
 * nested object and a list of items changed (`postcode` → `zip`, `tel` →
 * `number`), an enum value added (`banned`), a status changed (POST: 200 →
 * 201), a route added (avatars) and one removed (legacy), a query parameter
 * and a request header renamed. Every older answer is compared with what
 * `history.migrate` makes of the head's: an older client gets that, or a 500
 * whose sentence names the route, the version and the media type, never the
 * head's shape. Portable: Web APIs, hono and vitest only.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { streamSSE, streamText } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { change, enumValuesAdded, fieldAdded, fieldRemoved, fieldRenamed, pathChanged, queryParamRenamed, requestHeaderRenamed, routeAdded, routeRemoved, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { readAll } from '../support/stream-people.ts'

interface Phone {
  number: string
  kind: string
}
interface Address {
  city: string
  zip: string
}
interface Person {
  id: number
  first_name: string
  last_name: string
  email: string
  category: string
  status: 'active' | 'pending' | 'banned'
  address: Address
  phones: Phone[]
}
const PhoneShape = shape<Phone>('Phone')
const AddressShape = shape<Address>('Address')
const PersonShape = shape<Person>('Person', { nested: { address: AddressShape, phones: [PhoneShape] } })
const ErrorShape = shape<{ detail: string; person?: Person }>('Error', { nested: { person: PersonShape } })

const VERSIONS = ['1', '2', '3', '4'] as const
const OLDER = ['1', '2', '3'] as const
const first = (older: Record<string, unknown>) => String(older['name']).split(' ')[0] ?? ''
const last = (older: Record<string, unknown>) => String(older['name']).split(' ').slice(1).join(' ')

/** The routes as each style names them. */
interface Names {
  list: string
  create: string
  detail: string
  patch: string
  avatar: string
  legacy: string
  feed: string
  export: string
}

function historyFor(n: Names) {
  return versionHistory({
    versions: [
      { version: '1' },
      { version: '2', changes: [change('Mail is email; postcodes are zips; phones have numbers.', [fieldRenamed(PersonShape, { older: 'mail', newer: 'email' }), fieldRenamed(AddressShape, { older: 'postcode', newer: 'zip' }), fieldRenamed(PhoneShape, { older: 'tel', newer: 'number' })])] },
      {
        version: '3',
        changes: [
          change('Names are split.', [fieldAdded(PersonShape, 'first_name', { default: first }), fieldAdded(PersonShape, 'last_name', { default: last }), fieldRemoved(PersonShape, 'name', { older: (p) => `${p.first_name} ${p.last_name}` })]),
          change('People have a category.', [fieldAdded(PersonShape, 'category', { default: 'general' })]),
          change('Nicknames are gone.', [fieldRemoved(PersonShape, 'nickname', { older: () => '' })]),
        ],
      },
      {
        version: '4',
        changes: [
          change('People can be banned.', [enumValuesAdded(PersonShape, 'status', ['banned'], { fallback: 'pending' })]),
          change('Creating answers 201.', [statusChanged(n.create, { older: 200, newer: 201 })]),
          change('Avatars.', [routeAdded(n.avatar)]),
          change('The legacy route is gone.', [routeRemoved(n.legacy)]),
          change('Filters and tenants are renamed.', [queryParamRenamed(n.list, { older: 'state', newer: 'status' }), requestHeaderRenamed(n.list, { older: 'X-Old-Tenant', newer: 'X-Tenant' })]),
        ],
      },
    ],
    bodies: {
      [n.list]: { response: { items: [PersonShape] } },
      [n.create]: { request: PersonShape, response: PersonShape },
      [n.detail]: { response: PersonShape },
      [n.patch]: { request: PersonShape, response: PersonShape, forms: true },
      [n.feed]: { items: PersonShape },
      [n.export]: { items: PersonShape },
    },
    errors: ErrorShape,
  })
}

const person = (id: number): Person => ({ id, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', category: 'vip', status: 'banned', address: { city: 'London', zip: 'N1' }, phones: [{ number: '123', kind: 'home' }] })
const text = (id: number) => JSON.stringify(person(id))

/** Every way the detail handler answers, by `?as=`. */
function detail(c: Context): Response | Promise<Response> {
  const p = person(Number(c.req.param('id')))
  switch (c.req.query('as')) {
    case 'body':
      return c.body(text(p.id), 200, { 'Content-Type': 'application/json' })
    case 'response':
      return new Response(text(p.id), { headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(text(p.id).length) } })
    case 'new-response':
      return c.newResponse(text(p.id), 200, { 'Content-Type': 'application/vnd.people+json; charset=UTF-8' })
    case 'text-json':
      return c.text(text(p.id), 200, { 'Content-Type': 'application/json' })
    case 'stream':
      return c.body(new Blob([text(p.id)]).stream(), 200, { 'Content-Type': 'application/json' })
    case 'gzip':
      return new Response(new Blob([text(p.id)]).stream().pipeThrough(new CompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } })
    case 'status':
      c.status(203)
      return c.json(p)
    case 'redirect':
      return c.json(p, 302, { Location: '/people/2' })
    case 'conflict':
      return c.json({ detail: 'Taken.', person: p }, 409)
    case 'exception':
      throw new HTTPException(409, { res: Response.json({ detail: 'Taken.', person: p }, { status: 409 }) })
    case 'no-content':
      return c.body(null, 204)
    case 'text':
      return c.text(text(p.id))
    case 'html':
      return c.html('<p>Ada</p>')
    case 'untyped':
      return c.body(text(p.id))
    case 'list':
      return c.json([p])
    case 'ndjson':
      return c.body(`${text(p.id)}\n`, 200, { 'Content-Type': 'application/x-ndjson' })
    case 'latin1':
      return c.body(text(p.id), 200, { 'Content-Type': 'application/json; charset=iso-8859-1' })
    case 'brotli':
      return c.body(text(p.id), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' })
    default:
      return c.json(p)
  }
}

const list = (c: Context) => c.json({ items: [person(1), person(2)], status: c.req.query('status') ?? null, tenant: c.req.header('X-Tenant') ?? null })
const feed = (c: Context) =>
  streamSSE(c, async (s) => {
    await s.write(': hello\nretry: 1000\n\n')
    await s.writeSSE({ event: 'person', id: '1', data: text(1) })
    await s.write(`data: {"id":2,\ndata: "first_name":"Grace","last_name":"Hopper"}\n\n`)
  })
const exported = (c: Context) =>
  streamText(c, async (s) => {
    const two = `${text(1)}\n${text(2)}\n`
    await s.write(two.slice(0, 17))
    await s.write(two.slice(17))
  })
async function received(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody({ all: true })
    return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v instanceof File ? `${v.name} (${v.size} bytes)` : v]))
  }
  const body = await c.req.text()
  return body === '' ? null : JSON.parse(body)
}

const onError = (error: Error, c: Context) => (error instanceof HTTPException ? error.getResponse() : c.text(error.message, 500))
const scheme = () => new HeaderVersioning({ allowedVersions: [...VERSIONS], defaultVersion: '4' })

function tableStyle() {
  const n: Names = { list: 'GET person-list', create: 'POST person-list', detail: 'GET person-detail', patch: 'PATCH person-detail', avatar: 'person-avatar', legacy: 'legacy', feed: 'feed', export: 'export' }
  const history = historyFor(n)
  const routes = defineRoutes(history.routes([route('person-list', '/people'), route('person-detail', '/people/:id'), route('person-avatar', '/people/:id/avatar'), route('legacy', '/legacy'), route('feed', '/feed'), route('export', '/export')]))
  const versioning = apiVersioning({ scheme: scheme(), routes, changes: history, origin: 'https://people.test' })
  const app = new Hono()
  app.onError(onError)
  app.use('*', versioning)
  mountRoutes(app, versioning, {
    'person-list': { get: list, post: async (c) => c.json({ ...person(7), received: await received(c) }, 201) },
    'person-detail': { get: detail, patch: async (c) => c.json({ ...person(1), received: await received(c) }) },
    'person-avatar': (c) => c.json({ url: 'https://cdn.people.test/1.png' }),
    legacy: (c) => c.json({ legacy: true }),
    feed,
    export: exported,
  })
  return { app, history, check: () => versioning.check(app) }
}

const plainNames: Names = { list: 'GET /people', create: 'POST /people', detail: 'GET /people/:id', patch: 'PATCH /people/:id', avatar: 'GET /people/:id/avatar', legacy: 'GET /legacy', feed: 'GET /feed', export: 'GET /export' }

function plainStyle() {
  const history = historyFor(plainNames)
  const versioning = versionMiddleware({ scheme: scheme(), changes: history })
  const app = new Hono()
  app.onError(onError)
  app.use('*', versioning)
  app.get('/people', list)
  app.post('/people', async (c) => c.json({ ...person(7), received: await received(c) }, 201))
  app.get('/people/:id', detail)
  app.patch('/people/:id', async (c) => c.json({ ...person(1), received: await received(c) }))
  app.get('/people/:id/avatar', (c) => c.json({ url: 'https://cdn.people.test/1.png' }))
  app.get('/legacy', (c) => c.json({ legacy: true }))
  app.get('/feed', feed)
  app.get('/export', exported)
  return { app, history, check: () => versioning.check(app) }
}

function zodStyle() {
  const history = historyFor(plainNames)
  const PersonSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string(), category: z.string(), status: z.enum(['active', 'pending', 'banned']), address: z.object({ city: z.string(), zip: z.string() }), phones: z.array(z.object({ number: z.string(), kind: z.string() })) })
  const NewPerson = PersonSchema.omit({ id: true }).partial()
  const json = <S extends z.ZodType>(schema: S) => ({ description: 'JSON.', content: { 'application/json': { schema } } })
  const app = new OpenAPIHono()
  app.onError(onError)
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  app.openapi(createRoute({ method: 'get', path: '/people', responses: { 200: json(z.object({ items: z.array(PersonSchema) })) } }), list as never)
  app.openapi(createRoute({ method: 'post', path: '/people', request: { body: { content: { 'application/json': { schema: NewPerson } } } }, responses: { 201: json(PersonSchema) } }), (c) => c.json({ ...person(7), received: c.req.valid('json') } as never, 201))
  app.openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: json(PersonSchema) } }), detail as never)
  app.openapi(createRoute({ method: 'patch', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: json(PersonSchema) } }), (async (c: Context) => c.json({ ...person(1), received: await received(c) })) as never)
  app.openapi(createRoute({ method: 'get', path: '/people/{id}/avatar', request: { params: z.object({ id: z.string() }) }, responses: { 200: json(z.object({ url: z.string() })) } }), (c) => c.json({ url: 'https://cdn.people.test/1.png' }, 200))
  app.get('/legacy', (c) => c.json({ legacy: true }))
  app.get('/feed', feed)
  app.get('/export', exported)
  return { app, history, check: () => versionMiddleware({ scheme: scheme(), changes: history }).check(app) }
}

const STYLES = { 'route table': tableStyle, 'plain Hono': plainStyle, '@hono/zod-openapi': zodStyle } as const

/** What each style's app is to the tests: something answering requests. */
interface Served {
  request(input: string, init?: RequestInit): Response | Promise<Response>
}

const ask = (app: Served, path: string, version: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers)
  headers.set('Api-Version', version)
  return app.request(`https://people.test${path}`, { ...init, headers })
}

for (const [style, build] of Object.entries(STYLES)) {
  describe(`the promise on every path: ${style}`, () => {
    const { app, history, check } = build()
    const older = (value: unknown, version: string, as: Parameters<typeof history.migrate>[1]['as'] = PersonShape) => history.migrate(value, { as, to: version as '1' })

    it('check(app) names the handler that can answer what its layouts cannot migrate (c.text, c.html on the detail route)', () => {
      expect(check().some((warning) => warning.includes('/people/:id') || warning.includes('person-detail'))).toBe(true)
    })

    it('every JSON answer of a success body reaches each older version migrated, however it was built', async () => {
      for (const as of ['json', 'body', 'response', 'new-response', 'text-json', 'stream', 'status']) {
        for (const version of OLDER) {
          const res = await ask(app, `/people/1?as=${as}`, version)
          expect([res.status, await res.json()], `${as} ${version}`).toEqual([as === 'status' ? 203 : 200, older(person(1), version)])
          expect(res.headers.get('content-length'), as).toBeNull()
        }
        expect(await (await ask(app, `/people/1?as=${as}`, '4')).json()).toEqual(person(1))
      }
    })

    it('a body gzip-encoded inside the middleware is decoded, migrated and encoded again', async () => {
      const res = await ask(app, '/people/1?as=gzip', '1')
      expect(res.headers.get('content-encoding')).toBe('gzip')
      const body = await new Response((res.body as ReadableStream<Uint8Array>).pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>)).json()
      expect(body).toEqual(older(person(1), '1'))
    })

    it('a redirect with a JSON body, an error body in the error layout and an HTTPException carrying one are migrated; no content stays none', async () => {
      for (const version of OLDER) {
        const redirect = await ask(app, '/people/1?as=redirect', version)
        expect([redirect.status, redirect.headers.get('location'), await redirect.json()]).toEqual([302, '/people/2', older(person(1), version)])
        for (const as of ['conflict', 'exception']) {
          const res = await ask(app, `/people/1?as=${as}`, version)
          expect([res.status, await res.json()], as).toEqual([409, older({ detail: 'Taken.', person: person(1) }, version, ErrorShape)])
        }
        const none = await ask(app, '/people/1?as=no-content', version)
        expect([none.status, await none.text()]).toEqual([204, ''])
      }
    })

    it('what the layouts cannot migrate is a 500 naming the route, the version and the media type, never the head body', async () => {
      const cases: Record<string, string> = {
        text: '(text/plain) cannot be migrated to version "1": its layouts are of JSON',
        html: '(text/html) cannot be migrated to version "1": its layouts are of JSON',
        // Without a Content-Type of its own: text/plain where the runtime's Response gives it one (not Bun).
        untyped: 'cannot be migrated to version "1": its layouts are of JSON',
        list: 'cannot be migrated to version "1": the value at $ does not fit its layout: expected an object, found a list',
        ndjson: '(application/x-ndjson) cannot be migrated to version "1": it is a stream without an items layout',
        latin1: '(application/json) cannot be migrated to version "1": its charset is "iso-8859-1"',
        brotli: '(application/json) cannot be migrated to version "1": its body is "br"-encoded',
      }
      const named = style === 'route table' ? 'route "person-detail" (GET)' : '"GET /people/:id"'
      for (const [as, sentence] of Object.entries(cases)) {
        const res = await ask(app, `/people/1?as=${as}`, '1')
        const body = await res.text()
        expect(res.status, as).toBe(500)
        expect(body, as).toContain(`versionHistory: the 200 response of ${named}`)
        expect(body, as).toContain(sentence)
        expect((await ask(app, `/people/1?as=${as}`, '4')).status, as).toBe(200)
      }
    })

    it('a list in an envelope, with a query parameter and a request header of an older version', async () => {
      for (const version of OLDER) {
        const res = await ask(app, '/people?state=pending', version, { headers: { 'X-Old-Tenant': 'acme' } })
        expect(await res.json()).toEqual({ items: [older(person(1), version), older(person(2), version)], status: 'pending', tenant: 'acme' })
      }
      expect(await (await ask(app, '/people?status=banned', '4', { headers: { 'X-Tenant': 'acme' } })).json()).toMatchObject({ status: 'banned', tenant: 'acme' })
    })

    it('SSE and NDJSON streams: each item migrated, comments, retry, ids and events kept, items split across chunks', async () => {
      for (const version of OLDER) {
        const sse = await (await ask(app, '/feed', version)).text()
        const grace = { id: 2, first_name: 'Grace', last_name: 'Hopper' }
        expect(sse).toBe(`: hello\nretry: 1000\n\nevent: person\ndata: ${JSON.stringify(older(person(1), version))}\nid: 1\n\ndata: ${JSON.stringify(older(grace, version))}\n\n`)
        const lines = await (await ask(app, '/export', version)).text()
        expect(lines).toBe(`${JSON.stringify(older(person(1), version))}\n${JSON.stringify(older(person(2), version))}\n`)
      }
      expect(await (await ask(app, '/export', '4')).text()).toBe(`${text(1)}\n${text(2)}\n`)
    })

    it('routes added and removed, and the status a version had', async () => {
      expect((await ask(app, '/people/1/avatar', '3')).status).toBe(404)
      expect((await ask(app, '/people/1/avatar', '4')).status).toBe(200)
      expect((await ask(app, '/legacy', '3')).status).toBe(200)
      expect((await ask(app, '/legacy', '4')).status).toBe(404)
    })

    it('a POST in each older version reaches the handler in the head shape, and is answered in its own with its own status', async () => {
      const sent: Record<string, object> = {
        '1': { name: 'Ada Lovelace', mail: 'ada@example.com', nickname: 'ada', status: 'active', address: { city: 'London', postcode: 'N1' }, phones: [{ tel: '123', kind: 'home' }] },
        '3': { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', category: 'x', status: 'active' },
      }
      for (const [version, body] of Object.entries(sent)) {
        const res = await ask(app, '/people', version, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
        const answer = (await res.json()) as Record<string, unknown>
        expect(res.status).toBe(200)
        expect(answer['received']).toEqual(history.migrate(body, { as: PersonShape, from: version as '1' }))
        const { received: _, ...rest } = answer
        expect(rest).toEqual(older(person(7), version))
      }
      expect((await ask(app, '/people', '4', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(201)
    })

    it('odd older request bodies get a 4xx, never a 5xx', async () => {
      const post = (body: BodyInit | null, type: string | null, version = '1') => ask(app, '/people', version, { method: 'POST', ...(type === null ? {} : { headers: { 'Content-Type': type } }), body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit)
      expect((await post('{"name":', 'application/json')).status).toBe(400)
      expect((await post('{"name":"A B"}', 'text/plain')).status).toBe(415)
      expect((await post('[1]', 'application/json')).status).toBe(400)
      expect((await post('x'.repeat(2_000_000), 'application/json')).status).toBe(413)
      expect((await post(new Blob(['{"name":"A B"}']).stream(), 'application/json')).status).toBe(200)
      expect((await post(new Blob(['{"name":"A B"}']).stream().pipeThrough(new CompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>), 'application/json')).status).toBe(400)
      // A field nested 100,000 deep outside every shape: migrated where the runtime's JSON walks it (Deno), else 400.
      const deep = await post(`{"extra":${'['.repeat(100000)}${']'.repeat(100000)},"name":"A B"}`, 'application/json')
      if (deep.status === 200) expect(((await deep.json()) as { received: Record<string, unknown> }).received['first_name']).toBe('A')
      else expect([deep.status, await deep.json()]).toEqual([400, { detail: 'The request body is nested too deeply to migrate.' }])
      const bom = await post('\uFEFF{"name":"A B","mail":"m"}', 'application/json')
      expect((await bom.json() as { received: unknown }).received).toEqual({ email: 'm', first_name: 'A', last_name: 'B', category: 'general' })
    })

    it('a PATCH is partial: nothing invented, a split field migrated when sent, null kept; forms too', async () => {
      const patch = async (body: string | FormData, type?: string) => {
        const res = await ask(app, '/people/1', '1', { method: 'PATCH', ...(type === undefined ? {} : { headers: { 'Content-Type': type } }), body })
        expect(res.status).toBe(200)
        return ((await res.json()) as { received: unknown }).received
      }
      expect(await patch('{"mail":"x@example.com"}', 'application/json')).toEqual({ email: 'x@example.com' })
      expect(await patch('{"name":"Ada Byron"}', 'application/merge-patch+json')).toEqual({ first_name: 'Ada', last_name: 'Byron' })
      expect(await patch('{"name":null}', 'application/merge-patch+json')).toEqual({ first_name: null, last_name: null })
      expect(await patch('{"address":{"postcode":"E1"},"nickname":"a","category":"c"}', 'application/json')).toEqual({ address: { zip: 'E1' } })
      expect(await patch('name=Ada+Byron', 'application/x-www-form-urlencoded')).toEqual({ first_name: 'Ada', last_name: 'Byron' })
      const form = new FormData()
      form.append('mail', 'y@example.com')
      form.append('photo', new File(['0123456789'], 'ada.png', { type: 'image/png' }))
      expect(await patch(form)).toEqual({ email: 'y@example.com', photo: 'ada.png (10 bytes)' })
      const jsonPatch = await ask(app, '/people/1', '1', { method: 'PATCH', headers: { 'Content-Type': 'application/json-patch+json' }, body: '[{"op":"replace","path":"/name","value":"x"}]' })
      expect(jsonPatch.status).toBe(415)
    })

    it('a stream item the layout cannot migrate errors the stream after the items before it; the head item is never sent', async () => {
      const bad = new Hono()
      bad.onError(onError)
      bad.use('*', versionMiddleware({ scheme: scheme(), changes: historyFor(plainNames) }))
      bad.get('/feed', (c) => streamSSE(c, async (s) => {
        await s.writeSSE({ data: text(1) })
        await s.writeSSE({ data: 'not json' })
        await s.writeSSE({ data: text(2) })
      }))
      const read = await readAll(await ask(bad, '/feed', '2'))
      expect(read.text).toBe(`data: ${JSON.stringify(older(person(1), '2'))}\n\n`)
      expect(String(read.error)).toContain('versionHistory: item 2 of the text/event-stream stream of "GET /feed" cannot be migrated to version "2": it is not JSON')
    })
  })
}

describe('where the toolkit cannot keep the promise, check(app) says so', () => {
  it('names a route registered before the versioning middleware (Hono answers it first), plain Hono and @hono/zod-openapi alike', () => {
    const history = historyFor(plainNames)
    const early = new Hono()
    early.get('/people/:id', (c) => c.json(person(1)))
    const versioning = versionMiddleware({ scheme: scheme(), changes: history })
    early.use('*', versioning)
    early.get('/people', list)
    const warnings = versioning.check(early)
    expect(warnings.filter((w) => w.includes('registered before the versioning middleware'))).toEqual([
      `versionHistory: "GET /people/:id" is registered before the versioning middleware, so Hono answers it before the middleware runs and its older clients get the head's answer; register the middleware first (app.use('*', versioning) before the routes).`,
    ])
    const zod = new OpenAPIHono()
    zod.openapi(createRoute({ method: 'get', path: '/people/{id}', request: { params: z.object({ id: z.string() }) }, responses: { 200: { description: 'A person.' } } }), (c) => c.json(person(1), 200))
    const zodVersioning = versionMiddleware({ scheme: scheme(), changes: history })
    zod.use('*', zodVersioning)
    expect(zodVersioning.check(zod).some((w) => w.startsWith('versionHistory: "GET /people/:id" is registered before the versioning middleware'))).toBe(true)
    // Registered first, nothing is said of it.
    const first = new Hono()
    const firstVersioning = versionMiddleware({ scheme: scheme(), changes: history })
    first.use('*', firstVersioning)
    first.get('/people/:id', (c) => c.json(person(1)))
    expect(firstVersioning.check(first).filter((w) => w.includes('registered before'))).toEqual([])
  })

  it('names the older path of a moved plain route that no route of the app serves (its older clients would get a 404)', async () => {
    const moved = versionHistory({
      versions: [{ version: '1' }, { version: '2', changes: [change('People moved.', [pathChanged('GET /people/:id', { older: '/persons/:id', newer: '/people/:id' })])] }],
    })
    const served = (paths: readonly string[]) => {
      const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: moved })
      const app = new Hono()
      app.use('*', versioning)
      for (const path of paths) app.get(path, (c) => c.json(person(1)))
      return { app, warnings: versioning.check(app) }
    }
    const once = served(['/people/:id'])
    expect(once.warnings).toEqual([
      `versionHistory: "GET /persons/:id" is the path a pathChanged change gives older versions, and no route of the app serves it; register the handler at that path too (app.get('/persons/:id', handler)), or older clients get a 404 where their version had the route.`,
    ])
    expect((await ask(once.app, '/persons/1', '1')).status).toBe(404)
    const both = served(['/people/:id', '/persons/:id'])
    expect(both.warnings).toEqual([])
    expect((await ask(both.app, '/persons/1', '1')).status).toBe(200)
  })
})
