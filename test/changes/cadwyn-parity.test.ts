/**
 * Parity with Cadwyn's test suite (zmievsa/cadwyn, tests/): each test builds
 * the app a user of docs/version-changes.md would write for the behaviour a
 * Cadwyn test checks, and asserts what this toolkit answers. Each names the
 * Cadwyn test it mirrors (file and test name). Where the two differ by design
 * (Cadwyn's converters are functions of a whole request or response, ours
 * are declared per shape and per route; we refuse what Cadwyn lets through),
 * the test asserts our documented answer and says so. A portable file: it
 * runs on all four runtimes.
 */
import { Hono } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { HTTPException } from 'hono/http-exception'
import { stream } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import {
  change,
  enumValuesAdded,
  fieldAdded,
  fieldChanged,
  fieldRemoved,
  fieldRenamed,
  headerChanged,
  pathChanged,
  queryParamRenamed,
  requestHeaderRenamed,
  routeAdded,
  routeRemoved,
  shape,
  shapeConverted,
  statusChanged,
  versionHistory,
} from '../../src/changes/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { dateVersions } from '../../src/formats/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OpenAPIDocument } from '../../src/openapi/types.ts'

const DATA = 'tests/test_data_migrations.py'
const STRUCTURE = 'tests/test_structure.py'
const ROUTERS = 'tests/test_router_generation.py'
const FIELDS = 'tests/test_schema_generation/test_schema_field.py'
const ENUMS = 'tests/test_schema_generation/test_enum.py'

type History = ReturnType<typeof versionHistory>

/** An app on `versions` (oldest first) read from `Api-Version`, the head the default; `app.onError` answers `500 onError: <sentence>`. */
function appOf(history: History, versions: readonly string[] = ['2000-01-01', '2001-01-01']): Hono {
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`onError: ${error.message}`, 500)))
  const scheme = new HeaderVersioning({ allowedVersions: [...versions], defaultVersion: versions[versions.length - 1] as string })
  app.use('*', versionMiddleware({ scheme, changes: history }))
  return app
}

const ask = (app: Hono, path: string, version: string, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers)
  headers.set('Api-Version', version)
  return Promise.resolve(app.request(`https://api.example${path}`, { ...init, headers }))
}
const postJson = (app: Hono, path: string, version: string, body: unknown, headers: Record<string, string> = {}) =>
  ask(app, path, version, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })

/** Two versions, 2000-01-01 and the head 2001-01-01, separated by `instructions`. */
const twoVersions = (instructions: Parameters<typeof change>[1], bodies?: Parameters<typeof versionHistory>[0]['bodies'], errors?: Parameters<typeof versionHistory>[0]['errors']) =>
  versionHistory({ versions: [{ version: '2000-01-01' }, { version: '2001-01-01', changes: [change('What changed.', instructions)] }], bodies, errors })

interface Echo {
  log: string[]
  hello?: string
}
const Echo = shape<Echo>('Echo')

describe(`request migrations (${DATA}, TestRequestMigrations)`, () => {
  it('test__all_request_components_migration__post_endpoint__migration_filled_results_up: body, header and query migrate up; the rest is kept', async () => {
    const history = twoVersions(
      [
        fieldAdded(Echo, 'hello', { default: 'hello' }),
        requestHeaderRenamed('POST /test', { older: 'X-Header-Key', newer: 'X-Header-Key-2' }),
        queryParamRenamed('POST /test', { older: 'query_param_key', newer: 'query_param_key_2' }),
      ],
      { 'POST /test': { request: Echo } },
    )
    const app = appOf(history)
    app.post('/test', async (c) =>
      c.json({ body: await c.req.json(), header: c.req.header('X-Header-Key-2') ?? null, other: c.req.header('X-3') ?? null, query: c.req.queries() }),
    )
    const res = await postJson(app, '/test?query_param_key=q&7=8', '2000-01-01', { log: [], 1: '2' }, { 'X-Header-Key': 'h', 'X-3': '4' })
    expect(await res.json()).toEqual({ body: { log: [], 1: '2', hello: 'hello' }, header: 'h', other: '4', query: { query_param_key_2: ['q'], 7: ['8'] } })
    const head = await postJson(app, '/test?query_param_key_2=q', '2001-01-01', { log: [], hello: 'mine' }, { 'X-Header-Key-2': 'h' })
    expect(await head.json()).toEqual({ body: { log: [], hello: 'mine' }, header: 'h', other: null, query: { query_param_key_2: ['q'] } })
  })

  it('test__all_request_components_migration__get_endpoint__migration_filled_results_up: a GET without a body has its header and query migrated', async () => {
    const history = twoVersions([
      requestHeaderRenamed('GET /test', { older: 'X-Request1', newer: 'X-Request2' }),
      queryParamRenamed('GET /test', { older: 'request1', newer: 'request2' }),
    ])
    const app = appOf(history)
    app.get('/test', async (c) => c.json({ body: await c.req.text(), header: c.req.header('X-Request2') ?? null, query: c.req.query() }))
    const res = await ask(app, '/test?request1=q', '2000-01-01', { headers: { 'X-Request1': 'h' } })
    expect(await res.json()).toEqual({ body: '', header: 'h', query: { request2: 'q' } })
  })

  it('test__serialization_of_request_body__when_body_is_non_pydantic: a body no layout names reaches the handler as sent, in every version', async () => {
    const app = appOf(twoVersions([fieldAdded(Echo, 'hello', { default: 'hello' })], { 'POST /other': { request: Echo } }))
    app.post('/test', async (c) => c.json(await c.req.json()))
    for (const version of ['2000-01-01', '2001-01-01']) expect(await (await postJson(app, '/test', version, { foo: 'bar' })).json()).toEqual({ foo: 'bar' })
  })
})

describe(`response migrations (${DATA}, TestResponseMigrations)`, () => {
  it('test__all_response_components_migration__post_endpoint__migration_filled_results_up: body, status, a header and a cookie migrate down', async () => {
    const history = twoVersions(
      [
        shapeConverted(Echo, { down: (echo) => ({ ...echo, body_key: 'body_val' }) }),
        statusChanged('POST /test', { older: 300, newer: 200 }),
        headerChanged('POST /test', { header: 'X-Header', down: () => 'header_val' }),
        headerChanged('POST /test', { header: 'Set-Cookie', down: (cookie) => cookie ?? 'cookie_key=cookie_val; Max-Age=83; Path=/; SameSite=Lax' }),
      ],
      { 'POST /test': { request: Echo, response: Echo } },
    )
    const app = appOf(history)
    app.post('/test', async (c) => c.json(await c.req.json()))
    const res = await postJson(app, '/test', '2000-01-01', { log: [] })
    expect(res.status).toBe(300)
    expect(await res.json()).toEqual({ log: [], body_key: 'body_val' })
    expect(res.headers.get('X-Header')).toBe('header_val')
    expect(res.headers.getSetCookie()).toEqual(['cookie_key=cookie_val; Max-Age=83; Path=/; SameSite=Lax'])
    const head = await postJson(app, '/test', '2001-01-01', { log: [] })
    expect([head.status, await head.json(), head.headers.get('X-Header'), head.headers.getSetCookie()]).toEqual([200, { log: [] }, null, []])
  })

  it('test__all_response_components_migration__get_endpoint__migration_filled_results_up: a GET answer gets its status, header and cookie migrated', async () => {
    const history = twoVersions([
      statusChanged('GET /test', { older: 300, newer: 200 }),
      headerChanged('GET /test', { header: 'X-Header-Key', down: () => 'header-val' }),
      headerChanged('GET /test', { header: 'Set-Cookie', down: () => 'cookie_key=cookie_val; Max-Age=83; Path=/' }),
    ])
    const app = appOf(history)
    app.get('/test', (c) => c.json({ ok: true }))
    const res = await ask(app, '/test', '2000-01-01')
    expect([res.status, res.headers.get('X-Header-Key'), res.headers.getSetCookie(), await res.json()]).toEqual([300, 'header-val', ['cookie_key=cookie_val; Max-Age=83; Path=/'], { ok: true }])
  })

  it('test__fastapi_response_migration__post_endpoint: a handler-made status and header are what the changes read and rewrite', async () => {
    const history = twoVersions(
      [
        shapeConverted(Echo, { down: (echo) => ({ ...echo, migration: 'body' }) }),
        statusChanged('POST /test', { older: 201, newer: 203 }),
        headerChanged('POST /test', { header: 'Header-Key', down: (value) => (value === 'header-val' ? 'header-val2' : value) }),
      ],
      { 'POST /test': { response: Echo } },
    )
    const app = appOf(history)
    app.post('/test', (c) => c.json({ log: ['darkness'] }, 203, { 'Header-Key': 'header-val' }))
    const older = await ask(app, '/test', '2000-01-01', { method: 'POST' })
    expect([older.status, older.headers.get('Header-Key'), await older.json()]).toEqual([201, 'header-val2', { log: ['darkness'], migration: 'body' }])
    const head = await ask(app, '/test', '2001-01-01', { method: 'POST' })
    expect([head.status, head.headers.get('Header-Key'), await head.json()]).toEqual([203, 'header-val', { log: ['darkness'] }])
  })

  it('test__fastapi_response_migration__response_only_has_status_code_and_there_is_a_migration (and __there_is_no_migration): an empty body keeps empty', async () => {
    const app = appOf(twoVersions([statusChanged('POST /test', { older: 201, newer: 200 })], { 'POST /test': { response: Echo } }))
    app.post('/test', (c) => c.body(null, 200))
    const older = await ask(app, '/test', '2000-01-01', { method: 'POST' })
    expect([older.status, await older.text()]).toEqual([201, ''])
    const head = await ask(app, '/test', '2001-01-01', { method: 'POST' })
    expect([head.status, await head.text()]).toEqual([200, ''])
    const unchanged = appOf(twoVersions([]))
    unchanged.post('/test', (c) => c.body(null, 200))
    for (const version of ['2000-01-01', '2001-01-01']) expect((await ask(unchanged, '/test', version, { method: 'POST' })).status).toBe(200)
  })

  it('test__fastapi_response_migration__streaming_response_and_there_is_a_migration: the status migrates, the stream is left alone', async () => {
    const app = appOf(twoVersions([statusChanged('POST /test', { older: 201, newer: 200 })]))
    app.post('/test', (c) => stream(c, async (s) => void (await s.write('streaming response'))))
    const older = await ask(app, '/test', '2000-01-01', { method: 'POST' })
    expect([older.status, await older.text()]).toEqual([201, 'streaming response'])
    const head = await ask(app, '/test', '2001-01-01', { method: 'POST' })
    expect([head.status, await head.text()]).toEqual([200, 'streaming response'])
  })

  it('test__fastapi_response_migration__with_custom_response: a text body listed in unmigrated is kept; one not listed is a 500, never the head shape (stricter)', async () => {
    const renamed = fieldRenamed(Echo, { older: 'greeting', newer: 'hello' })
    const listed = appOf(twoVersions([renamed], { 'POST /test': { response: Echo, unmigrated: ['text/plain'] } }))
    listed.post('/test', (c) => c.text('Hello, world'))
    for (const version of ['2000-01-01', '2001-01-01']) {
      const res = await ask(listed, '/test', version, { method: 'POST' })
      expect([res.status, await res.text()]).toEqual([200, 'Hello, world'])
    }
    const unlisted = appOf(twoVersions([renamed], { 'POST /test': { response: Echo } }))
    unlisted.post('/test', (c) => c.text('Hello, world'))
    const older = await ask(unlisted, '/test', '2000-01-01', { method: 'POST' })
    expect(older.status).toBe(500)
    expect(await older.text()).toContain('(text/plain) cannot be migrated to version "2000-01-01"')
  })
})

describe(`how and when migrations apply (${DATA}, TestHowAndWhenMigrationsApply)`, () => {
  const logged = (n: number) =>
    change(`Change ${n}.`, [
      shapeConverted(Echo, {
        up: (older) => ({ ...(older as Echo), log: [...(older as Echo).log, `request change ${n}`] }),
        down: (newer) => ({ ...newer, log: [...newer.log, `response change ${n}`] }),
      }),
    ])
  const three = versionHistory({
    versions: [{ version: '2000-01-01' }, { version: '2001-01-01', changes: [logged(1)] }, { version: '2002-01-01', changes: [logged(2)] }],
    bodies: { 'POST /test': { request: Echo, response: Echo } },
  })
  const app = appOf(three, ['2000-01-01', '2001-01-01', '2002-01-01'])
  app.post('/test', async (c) => c.json(await c.req.json()))

  it('test__migrate_request_and_response__with_no_migrations__should_not_raise_error: versions without changes pass bodies as they are', async () => {
    const plain = appOf(versionHistory({ versions: [{ version: '2000-01-01' }, { version: '2001-01-01' }], bodies: { 'POST /test': { request: Echo, response: Echo } } }))
    plain.post('/test', async (c) => c.json(await c.req.json()))
    expect(await (await postJson(plain, '/test', '2000-01-01', { log: ['A'] })).json()).toEqual({ log: ['A'] })
  })

  it('test__migrate_two_versions_down__2002_applies_to_2001_and_2000_while_2001_only_applies_to_2000: requests oldest change first, responses newest first', async () => {
    expect((await (await postJson(app, '/test', '2000-01-01', { log: [] })).json()).log).toEqual(['request change 1', 'request change 2', 'response change 2', 'response change 1'])
    expect((await (await postJson(app, '/test', '2001-01-01', { log: [] })).json()).log).toEqual(['request change 2', 'response change 2'])
    expect((await (await postJson(app, '/test', '2002-01-01', { log: [] })).json()).log).toEqual([])
  })

  it('test__try_migrating_to_version_above_latest__no_migrations_get_applied / test__try_migrating_to_version_below_earliest__should_apply_all_migrations: with dateVersions a later date is the head; an earlier one is refused, 404 as the router of Cadwyn answers it over HTTP (test_routing.py, test__header_routing__version_before_route_introduction__should_return_404; a migration called with it applies all)', async () => {
    const dated = new Hono()
    const scheme = new HeaderVersioning({ allowedVersions: ['2000-01-01', '2001-01-01', '2002-01-01'], defaultVersion: '2002-01-01', versionFormat: dateVersions() })
    dated.use('*', versionMiddleware({ scheme, changes: three }))
    dated.post('/test', async (c) => c.json(await c.req.json()))
    expect((await (await postJson(dated, '/test', '2050-01-01', { log: [] })).json()).log).toEqual([])
    expect((await (await postJson(dated, '/test', '2000-06-01', { log: [] })).json()).log).toEqual(['request change 1', 'request change 2', 'response change 2', 'response change 1'])
    const below = await postJson(dated, '/test', '1998-02-10', { log: [] })
    expect(below.status).toBe(404)
  })

  it('test__try_migrating_when_version_is_none__no_migrations_get_applied: a request without a version, where the scheme allows none, gets the head', async () => {
    const none = new Hono()
    const scheme = new HeaderVersioning({ allowedVersions: [null, '2000-01-01', '2001-01-01', '2002-01-01'] })
    none.use('*', versionMiddleware({ scheme, changes: three }))
    none.post('/test', async (c) => c.json(await c.req.json()))
    const res = await none.request('https://api.example/test', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"log":[]}' })
    expect((await res.json()).log).toEqual([])
  })

  it('test__cookies_can_be_deleted_during_migrations: a headerChanged on Set-Cookie gets each cookie on its own, and may delete one', async () => {
    const history = twoVersions([
      headerChanged('POST /test', { header: 'Set-Cookie', down: (cookie) => (cookie?.startsWith('cookie_key=') === true ? 'cookie_key=; Max-Age=0; Path=/' : cookie) }),
    ])
    const app = appOf(history)
    app.post('/test', (c) => {
      setCookie(c, 'cookie_key', 'cookie_val', { maxAge: 3600 })
      setCookie(c, 'other', 'kept')
      return c.json(83)
    })
    const older = await ask(app, '/test', '2000-01-01', { method: 'POST' })
    expect(older.headers.getSetCookie()).toEqual(['cookie_key=; Max-Age=0; Path=/', 'other=kept; Path=/'])
    const head = await ask(app, '/test', '2001-01-01', { method: 'POST' })
    expect(head.headers.getSetCookie()).toEqual(['cookie_key=cookie_val; Max-Age=3600; Path=/', 'other=kept; Path=/'])
  })

  it('test__cookies_can_be_deleted_during_migrations: an unchanged Set-Cookie line is never joined with another (an Expires date holds a comma)', async () => {
    const app = appOf(twoVersions([headerChanged('GET /test', { header: 'Set-Cookie', down: (cookie) => cookie })]))
    app.get('/test', (c) => {
      deleteCookie(c, 'a')
      setCookie(c, 'b', '2')
      return c.json({})
    })
    for (const version of ['2000-01-01', '2001-01-01']) {
      const cookies = (await ask(app, '/test', version)).headers.getSetCookie()
      expect(cookies).toHaveLength(2)
      expect(cookies[1]).toBe('b=2; Path=/')
    }
  })
})

describe(`request bodies and forms (${DATA})`, () => {
  const Person = shape<{ name: string; age: string; extra: string; tags: string[] }>('Person')

  it('test__form_migration__can_modify_string_form_field: an older form field is migrated up', async () => {
    const app = appOf(twoVersions([fieldChanged(Person, 'name', { down: (name) => name, up: () => 'migrated_name' })], { 'POST /test': { request: Person, forms: true } }))
    app.post('/test', async (c) => c.json(await c.req.parseBody()))
    const form = (version: string) => ask(app, '/test', version, { method: 'POST', body: new URLSearchParams({ name: 'original_name', age: '25' }) })
    expect(await (await form('2000-01-01')).json()).toEqual({ name: 'migrated_name', age: '25' })
    expect(await (await form('2001-01-01')).json()).toEqual({ name: 'original_name', age: '25' })
  })

  it('test__form_migration__can_add_new_form_field: an older form gets a field added with its default', async () => {
    const app = appOf(twoVersions([fieldAdded(Person, 'extra', { default: 'added_by_migration' })], { 'POST /test': { request: Person, forms: true } }))
    app.post('/test', async (c) => {
      const body = await c.req.parseBody()
      return c.json({ name: body['name'], extra: body['extra'] ?? 'default' })
    })
    const form = (version: string) => ask(app, '/test', version, { method: 'POST', body: new URLSearchParams({ name: 'my_name' }) })
    expect(await (await form('2000-01-01')).json()).toEqual({ name: 'my_name', extra: 'added_by_migration' })
    expect(await (await form('2001-01-01')).json()).toEqual({ name: 'my_name', extra: 'default' })
  })

  it('test__form_migration__multi_value_fields_are_preserved: a repeated form field keeps its values', async () => {
    const app = appOf(twoVersions([fieldAdded(Person, 'extra', { default: 'x' })], { 'POST /test': { request: Person, forms: true } }))
    app.post('/test', async (c) => c.json({ tags: (await c.req.parseBody({ all: true }))['tags'] }))
    for (const version of ['2000-01-01', '2001-01-01']) {
      const res = await ask(app, '/test', version, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'tags=python&tags=web' })
      expect(await res.json()).toEqual({ tags: ['python', 'web'] })
    }
  })

  it('test__uploadfile_can_work: an uploaded file reaches the handler untouched', async () => {
    const app = appOf(twoVersions([fieldAdded(Person, 'extra', { default: 'x' })], { 'POST /test': { request: Person, forms: true } }))
    app.post('/test', async (c) => {
      const file = (await c.req.parseBody())['file']
      return c.json(file instanceof File ? { filename: file.name, size: file.size, text: await file.text() } : null)
    })
    for (const version of ['2000-01-01', '2001-01-01']) {
      const form = new FormData()
      form.append('file', new File(['Hewwo'], 'upload', { type: 'application/octet-stream' }))
      expect(await (await ask(app, '/test', version, { method: 'POST', body: form })).json()).toEqual({ filename: 'upload', size: 5, text: 'Hewwo' })
    }
  })

  describe('a route with a request layout, older client', () => {
    const app = appOf(twoVersions([fieldRenamed(Person, { older: 'full_name', newer: 'name' })], { 'POST /test': { request: Person } }))
    app.post('/test', async (c) => c.json({ text: await c.req.text() }))
    const send = (type: string, body: BodyInit) => ask(app, '/test', '2000-01-01', { method: 'POST', headers: { 'Content-Type': type }, body })

    it('test__request_body_parsing__empty_body_with_optional_params: an empty JSON body passes as it is', async () => {
      const res = await send('application/json', '')
      expect([res.status, await res.json()]).toEqual([200, { text: '' }])
    })

    it('test__request_body_parsing__non_application_content_type / __application_xml_body / __non_json_application_body_is_preserved: a body that is not JSON is refused with 415, never passed unmigrated (Cadwyn: 200 or 422, or its raw bytes to a converter)', async () => {
      for (const [type, body] of [
        ['text/plain', '{"full_name": "test"}'],
        ['application/xml', '<root/>'],
        ['application/octet-stream', new Uint8Array([0, 99, 0xff])],
      ] as const) {
        const res = await send(type, body)
        expect([type, res.status]).toEqual([type, 415])
        expect((await res.json()) as unknown).toEqual({ detail: 'Unsupported media type in request; send the body as application/json.' })
      }
    })

    // docs/coming-from-cadwyn.md: a media type the route's unmigrated lists is passed on as sent, as Cadwyn passes every one.
    it('test__request_body_parsing__non_json_application_body_is_preserved, opted in: a body whose media type unmigrated lists reaches the handler as sent; another is still 415', async () => {
      const listed = appOf(twoVersions([fieldRenamed(Person, { older: 'full_name', newer: 'name' })], { 'POST /test': { request: Person, unmigrated: ['application/xml'] } }))
      listed.post('/test', async (c) => c.json({ text: await c.req.text() }))
      const post = (type: string, body: string) => ask(listed, '/test', '2000-01-01', { method: 'POST', headers: { 'Content-Type': type }, body })
      const kept = await post('application/xml', '<root full_name="test"/>')
      expect([kept.status, await kept.json()]).toEqual([200, { text: '<root full_name="test"/>' }])
      expect((await post('text/plain', '{"full_name": "test"}')).status).toBe(415)
    })

    it('test__request_body_parsing__application_vendor_json_is_parsed: application/vnd...+json is parsed and migrated', async () => {
      const res = await send('application/vnd.cadwyn+json', '{"full_name": "Ada", "age": "42"}')
      expect([res.status, JSON.parse(((await res.json()) as { text: string }).text)]).toEqual([200, { age: '42', name: 'Ada' }])
    })

    it('test__request_body_parsing__application_vendor_json_is_parsed (responses): an application/vnd...+json answer is migrated down', async () => {
      const vendor = appOf(twoVersions([fieldRenamed(Person, { older: 'full_name', newer: 'name' })], { 'GET /test': { response: Person } }))
      vendor.get('/test', (c) => c.body('{"name":"Ada"}', 200, { 'Content-Type': 'application/vnd.cadwyn+json' }))
      const res = await ask(vendor, '/test', '2000-01-01')
      expect([res.headers.get('Content-Type'), await res.json()]).toEqual(['application/vnd.cadwyn+json', { full_name: 'Ada' }])
    })

    it('test__request_body_parsing__malformed_json_returns_422: malformed JSON is refused before the handler, with 400 MalformedJsonBody (Cadwyn: 422)', async () => {
      const res = await send('application/json', 'not valid json')
      expect([res.status, await res.json()]).toEqual([400, { detail: 'Malformed JSON in request body.' }])
    })
  })

  it('test__request_body_parsing__non_json_application_body_is_preserved: a route without a request layout gets any body as sent', async () => {
    const app = appOf(twoVersions([fieldRenamed(Person, { older: 'full_name', newer: 'name' })], { 'POST /other': { request: Person } }))
    app.post('/test', async (c) => c.json([...new Uint8Array(await c.req.arrayBuffer())]))
    const res = await ask(app, '/test', '2000-01-01', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([0, 99, 0xff]) })
    expect(await res.json()).toEqual([0, 99, 255])
  })
})

describe(`by path, by schema, errors and statuses (${DATA})`, () => {
  interface Item {
    id: number
    title: string
  }
  const Item = shape<Item>('Item')
  const titled = fieldRenamed(Item, { older: 'name', newer: 'title' })

  it('test__request_and_response_migrations__for_paths_with_variables__can_match: a route with a path parameter migrates', async () => {
    const app = appOf(twoVersions([titled, queryParamRenamed('POST /test/:id', { older: 'q', newer: 'my_query' })], { 'POST /test/:id': { request: Item, response: Item } }))
    app.post('/test/:id', async (c) => c.json({ ...(await c.req.json<Item>()), id: Number(c.req.param('id')), title: `${(await c.req.json<Item>()).title} ${c.req.query('my_query') ?? 'wow'}` }))
    expect(await (await postJson(app, '/test/83?q=Hewwo', '2000-01-01', { name: 'x' })).json()).toEqual({ id: 83, name: 'x Hewwo' })
    expect(await (await postJson(app, '/test/83', '2001-01-01', { title: 'x' })).json()).toEqual({ id: 83, title: 'x wow' })
  })

  it('test__request_and_response_migrations__for_endpoint_with_http_exception__can_migrate_to_200: an error turned into a success is refused when the change is made', () => {
    expect(() => statusChanged('POST /test', { older: 200, newer: 404 })).toThrow(/are a success and an error status/)
  })

  it('test__request_and_response_migrations__for_endpoint_with_http_exception_and_no_error_migrations__wont_migrate: errors are left alone unless asked', async () => {
    const app = appOf(twoVersions([shapeConverted(Item, { down: () => { throw new Error('This should not be called') } })], { 'POST /test': { response: Item } }))
    app.post('/test', (c) => c.json({ id: 1, title: 'bad' }, 400))
    for (const version of ['2000-01-01', '2001-01-01']) {
      const res = await ask(app, '/test', version, { method: 'POST' })
      expect([res.status, await res.json()]).toEqual([400, { id: 1, title: 'bad' }])
    }
  })

  it('test__request_and_response_migrations__for_endpoint_with_http_exception__can_migrate_to_another_error: an error status and its body migrate when asked', async () => {
    const Problem = shape<{ detail: string; code: string }>('Problem')
    const history = twoVersions([statusChanged('POST /test', { older: 401, newer: 404 }), fieldAdded(Problem, 'code', { default: 'unused' }), fieldRenamed(Problem, { older: 'message', newer: 'detail' })], undefined, Problem)
    const app = appOf(history)
    app.post('/test', (c) => c.json({ detail: 'Not Found', code: 'missing' }, 404))
    const older = await ask(app, '/test', '2000-01-01', { method: 'POST' })
    expect([older.status, await older.json()]).toEqual([401, { message: 'Not Found' }])
    const head = await ask(app, '/test', '2001-01-01', { method: 'POST' })
    expect([head.status, await head.json()]).toEqual([404, { detail: 'Not Found', code: 'missing' }])
  })

  it('test__request_and_response_migrations__for_endpoint_with_no_default_status_code / _with_custom_status_code / _with_modified_status_code: a success status is kept and its body migrated', async () => {
    const app = appOf(twoVersions([titled], { 'POST /a': { response: Item }, 'POST /b': { response: Item }, 'POST /c': { response: Item } }))
    app.post('/a', (c) => c.json({ id: 83, title: 'x' }))
    app.post('/b', (c) => c.json({ id: 83, title: 'x' }, 201))
    app.post('/c', (c) => {
      c.status(201)
      return c.json({ id: 83, title: 'x' })
    })
    for (const [path, status] of [['/a', 200], ['/b', 201], ['/c', 201]] as const) {
      const older = await ask(app, path, '2000-01-01', { method: 'POST' })
      expect([path, older.status, await older.json()]).toEqual([path, status, { id: 83, name: 'x' }])
      const head = await ask(app, path, '2001-01-01', { method: 'POST' })
      expect([path, head.status, await head.json()]).toEqual([path, status, { id: 83, title: 'x' }])
    }
  })

  it('test__response_migrations__with_manual_string_json_response_and_migration: a JSON string on a route whose changes touch no body is kept', async () => {
    const app = appOf(twoVersions([headerChanged('POST /test', { header: 'X-Old', down: () => 'yes' })]))
    app.post('/test', (c) => c.json('My content'))
    for (const version of ['2000-01-01', '2001-01-01']) expect(await (await ask(app, '/test', version, { method: 'POST' })).json()).toBe('My content')
  })

  it('test__request_by_path_migration__for_nonexistent_endpoint_path__should_raise_error / test__response_by_path_migration__...: a plain route no handler serves is named by check(app); a table route not in the table fails when the middleware is made', () => {
    const history = twoVersions([titled], { 'POST /NOT_test': { request: Item }, 'PUT /test': { response: Item } })
    const versioning = versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['2000-01-01', '2001-01-01'] }), changes: history })
    const app = new Hono()
    app.use('*', versioning)
    app.post('/test', (c) => c.json({}))
    const problems = versioning.check(app)
    expect(problems).toHaveLength(2)
    expect(problems.join('\n')).toContain('POST /NOT_test')
    expect(problems.join('\n')).toContain('PUT /test')
    const table = defineRoutes([route('test', '/test')])
    const scheme = new HeaderVersioning({ allowedVersions: ['2000-01-01', '2001-01-01'] })
    expect(() => apiVersioning({ scheme, routes: table, changes: twoVersions([titled], { 'NOT-test': { request: Item } }) })).toThrow(/not in the route table/)
  })

  it('convert_request_to_next_version_for(path, methods) on a route table: a plain route name given to apiVersioning, which never applies there, fails when the middleware is made', async () => {
    const table = defineRoutes([route('test', '/test')])
    const scheme = new HeaderVersioning({ allowedVersions: ['2000-01-01', '2001-01-01'] })
    // Before, POST /test's older body reached the handler unmigrated, and its answer went back in the head's shape.
    expect(() => apiVersioning({ scheme, routes: table, changes: twoVersions([titled], { 'POST /test': { request: Item, response: Item } }) })).toThrow(
      'apiVersioning: changes: the history names the plain route "POST /test", but apiVersioning versions its table\'s routes alone (a route outside the table gets no version, one in it is found by its name), so nothing the history declares for "POST /test" would apply; name the table route at that path ("POST <route name>"), or give plain Hono routes a versionMiddleware of their own.',
    )
    expect(() => apiVersioning({ scheme, routes: table, changes: twoVersions([routeAdded('GET /health')]) })).toThrow(/names the plain route "GET \/health"/)
    const versioning = apiVersioning({ scheme, routes: table, changes: twoVersions([titled], { 'POST test': { request: Item, response: Item } }) })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { test: { post: async (c) => c.json({ title: (await c.req.json<Item>()).title }) } })
    expect(await (await postJson(app, '/test', '2000-01-01', { name: 'Lamp' })).json()).toEqual({ name: 'Lamp' })
  })

  it('test__request_by_path_migration__for_nonexistent_endpoint_path__should_raise_error (("/test", "PUT")): a table route named for a method mountRoutes does not serve it with is named by check(app)', async () => {
    const history = twoVersions([titled], { 'PUT items': { request: Item }, 'POST items': { request: Item } })
    const routes = defineRoutes([route('items', '/items')])
    const versioning = apiVersioning({ scheme: new HeaderVersioning({ allowedVersions: ['2000-01-01', '2001-01-01'] }), routes, changes: history, origin: 'https://api.example' })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { items: { post: async (c) => c.json(await c.req.json()), patch: async (c) => c.json(await c.req.json()) } })
    expect(versioning.check(app)).toEqual(['versionHistory: "PUT items" names route "items" for PUT, but mountRoutes serves it for PATCH, POST only; name a method it serves, or what is declared for "PUT items" applies to no request.'])
    // What the check is for: the PATCH meant by "PUT items" gets the older body as it was sent.
    const patched = await ask(app, '/items', '2000-01-01', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' })
    expect(await patched.json()).toEqual({ name: 'x' })
    const served = new Hono()
    served.use('*', versioning)
    mountRoutes(served, versioning, { items: { post: (c) => c.json({}) } })
    served.put('/items', (c) => c.json({}))
    expect(versioning.check(served)).toEqual([])
  })

  it('test__request_and_response_migrations__with_multiple_schemas_in_converters: one change migrates every route whose layout holds its shapes', async () => {
    const [R1, R2, R3] = [shape<{ i: string[] }>('Request1'), shape<{ i: string[] }>('Request2'), shape<{ i: string[] }>('Request3')]
    const conversions = [R1, R2, R3].map((S) =>
      shapeConverted(S, { up: (older) => ({ i: [...(older as { i: string[] }).i, 'request_migration'] }), down: (newer) => ({ i: [...newer.i, 'response_migration'] }) }),
    )
    const app = appOf(twoVersions(conversions, { 'POST /test_1': { request: R1, response: R1 }, 'POST /test_2': { request: R2, response: R2 }, 'POST /test_3': { request: R3, response: R3 } }))
    for (const endpoint of ['test_1', 'test_2', 'test_3']) app.post(`/${endpoint}`, async (c) => c.json({ i: [...(await c.req.json<{ i: string[] }>()).i, endpoint] }))
    for (const endpoint of ['test_1', 'test_2', 'test_3']) {
      expect(await (await postJson(app, `/${endpoint}`, '2000-01-01', { i: ['original_request'] })).json()).toEqual({ i: ['original_request', 'request_migration', endpoint, 'response_migration'] })
      expect(await (await postJson(app, `/${endpoint}`, '2001-01-01', { i: ['original_request'] })).json()).toEqual({ i: ['original_request', endpoint] })
    }
  })

  it('test__response_migrations__with_custom_http_exception: an error the app renders itself is sent as it is, without an error layout', async () => {
    const app = appOf(twoVersions([titled], { 'POST /test': { response: Item } }))
    app.onError((error, c) => c.json({ code: 'cadwyn_error', message: error.message }, 400))
    app.post('/test', () => {
      throw new HTTPException(400, { message: 'Cadwyn error occurred' })
    })
    for (const version of ['2000-01-01', '2001-01-01']) {
      const res = await ask(app, '/test', version, { method: 'POST' })
      expect([res.status, await res.json()]).toEqual([400, { code: 'cadwyn_error', message: 'Cadwyn error occurred' }])
    }
  })

  it('test__manual_response_migrations: history.migrate migrates a value outside HTTP, and refuses a version it does not know', () => {
    const Empty = shape<{ id: string }>('EmptySchema')
    const history = twoVersions([fieldRemoved(Empty, 'name', { older: () => 'Apples' }), fieldRemoved(Empty, 'amount', { older: () => 83 })])
    expect(history.migrate({ id: 'hewwo' }, { as: Empty, to: '2000-01-01' })).toEqual({ id: 'hewwo', name: 'Apples', amount: 83 })
    expect(() => history.migrate({ id: 'hewwo' }, { as: Empty, to: '1999-01-01' as never })).toThrow(/unknown version "1999-01-01"/)
  })
})

describe(`the history's structure (${STRUCTURE})`, () => {
  const first = change('First change.', [])
  const second = change('Second change.', [])
  const history = versionHistory({ versions: [{ version: '1999-03-01' }, { version: '2000-01-01', changes: [first] }, { version: '2001-01-01', changes: [second] }] })

  it('TestVersionChangeWithSideEffects, test__is_applied__*: predates says which changes a version has not seen', () => {
    expect([history.predates(null, first), history.predates(null, second)]).toEqual([false, false])
    expect([history.predates('2001-01-01', first), history.predates('2001-01-01', second)]).toEqual([false, false])
    expect([history.predates('2000-01-01', first), history.predates('2000-01-01', second)]).toEqual([false, true])
    expect([history.predates('1999-03-01', first), history.predates('1999-03-01', second)]).toEqual([true, true])
  })

  it('test__is_applied__api_version_var_set_and_version_change_class_not_in_versions__should_raise_error: a change the history does not list', () => {
    expect(() => history.predates('2000-01-01', change('Never bound.', []))).toThrow(/is not in this history/)
  })

  it('TestVersionBundle, test__init__incorrectly_sorted_versions / __two_versions_with_the_same_value / __one_version_change_attached_to_two_versions / __no_dated_versions_defined / __version_change_in_the_first_version: refused when the history is made', () => {
    expect(() => versionHistory({ versions: [{ version: '2001-01-01' }, { version: '2000-01-01' }] })).toThrow(/oldest to newest/)
    expect(() => versionHistory({ versions: [{ version: '2000-01-01' }, { version: '2000-01-01' }] })).toThrow(/listed twice/)
    const once = change('Once.', [])
    expect(() => versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [once] }, { version: '3', changes: [once] }] })).toThrow(/listed twice/)
    expect(() => versionHistory({ versions: [] })).toThrow(/non-empty list/)
    expect(() => versionHistory({ versions: [{ version: '1', changes: [once] }] })).toThrow(/first version "1" has changes/)
  })
})

describe(`routes that existed and did not (${ROUTERS})`, () => {
  const versions = ['2000-01-01', '2001-01-01']
  const scheme = () => new HeaderVersioning({ allowedVersions: versions, defaultVersion: '2001-01-01' })
  const serve = (history: History) => {
    const routes = defineRoutes(history.routes([route('new', '/new'), route('old', '/old')]))
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { new: (c) => c.json('new'), old: (c) => c.json('old') })
    return app
  }

  it('test__endpoint_didnt_exist / test__endpoint_existed: a route added is absent from older versions, a route removed from newer ones', async () => {
    const app = serve(twoVersions([routeAdded('new'), routeRemoved('old')]))
    const statuses = async (version: string) => [(await ask(app, '/new', version)).status, (await ask(app, '/old', version)).status]
    expect(await statuses('2000-01-01')).toEqual([404, 200])
    expect(await statuses('2001-01-01')).toEqual([200, 404])
  })

  it('test__endpoint_didnt_exist, with a body: an older request to a route its version lacks is 404 whatever its body, as a route-less path is (Cadwyn routes before it reads a body)', async () => {
    const Thing = shape<{ title: string }>('Thing')
    const history = twoVersions([routeAdded('new'), fieldRenamed(Thing, { older: 'name', newer: 'title' })], { new: { request: Thing } })
    const routes = defineRoutes(history.routes([route('new', '/new')]))
    const versioning = apiVersioning({ scheme: scheme(), routes, changes: history })
    const app = new Hono()
    app.use('*', versioning)
    mountRoutes(app, versioning, { new: { post: async (c) => c.json(await c.req.json()) } })
    const post = (version: string, type: string, body: string) => ask(app, '/new', version, { method: 'POST', headers: { 'Content-Type': type }, body })
    // Before, the body was read first: 415 for text, 400 for malformed JSON, 404 only for JSON the version could read.
    expect([(await post('2000-01-01', 'text/plain', 'hi')).status, (await post('2000-01-01', 'application/json', '{')).status, (await post('2000-01-01', 'application/json', '{"name":"a"}')).status]).toEqual([404, 404, 404])
    expect((await post('2001-01-01', 'application/json', '{"title":"a"}')).status).toBe(200)
  })

  it('test__router_generation__deleting_a_deleted_endpoint / __re_creating_an_existing_endpoint / test__endpoint_existed__endpoint_removed_in_latest_but_never_restored: refused when the history is made', () => {
    const three = (a: Parameters<typeof change>[1], b: Parameters<typeof change>[1]) =>
      versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('A.', a)] }, { version: '3', changes: [change('B.', b)] }] })
    expect(() => three([routeRemoved('old')], [routeRemoved('old')])).toThrow(/does not exist in the version before/)
    expect(() => three([routeAdded('new')], [routeAdded('new')])).toThrow(/already exists in the version before/)
    expect(() => versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Gone.', [routeAdded('x'), routeRemoved('x')])] }] })).toThrow(/twice in version "2"/)
  })

  it('test__router_generation__changing_a_deleted_endpoint__should_raise_router_generation_error / __changing_a_non_existent_endpoint: a route change where the route does not exist is refused', () => {
    const three = (a: Parameters<typeof change>[1], b: Parameters<typeof change>[1]) =>
      versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('A.', a)] }, { version: '3', changes: [change('B.', b)] }] })
    expect(() => three([routeRemoved('GET /x')], [statusChanged('GET /x', { older: 200, newer: 201 })])).toThrow(/route "GET \/x" .*version "3".*does not exist in version "2"/)
    expect(() => three([routeRemoved('x')], [pathChanged('x', { older: '/a', newer: '/b' })])).toThrow(/route "x" .*version "3".*does not exist in version "2"/)
    expect(() => three([headerChanged('GET /x', { header: 'X-A', down: () => null })], [routeAdded('GET /x')])).toThrow(/route "GET \/x" .*version "2".*does not exist in version "1"/)
    expect(() => three([routeAdded('GET /x'), queryParamRenamed('GET /x', { older: 'a', newer: 'b' })], [])).toThrow(/route "GET \/x" .*version "2".*does not exist in version "1"/)
    expect(() => three([requestHeaderRenamed('GET /x', { older: 'X-A', newer: 'X-B' }), routeRemoved('GET /x')], [])).toThrow(/route "GET \/x" .*version "2".*does not exist in version "2"/)
    // A table route's change for one method, where the route itself is added.
    expect(() => three([routeAdded('items'), statusChanged('POST items', { older: 200, newer: 201 })], [])).toThrow(/route "POST items" .*version "2".*does not exist in version "1"/)
  })

  it('test__all_request_components_migration__*: renamed query parameters and request headers that contradict each other are refused, as renamed fields are', () => {
    const three = (a: Parameters<typeof change>[1], b: Parameters<typeof change>[1]) =>
      versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('A.', a)] }, { version: '3', changes: [change('B.', b)] }] })
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'b' }), queryParamRenamed('GET /x', { older: 'a', newer: 'c' })], [])).toThrow(/renames the query parameter "a" in version "2", but renames it to another name in the same version/)
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'b' })], [queryParamRenamed('GET /x', { older: 'a', newer: 'c' })])).toThrow(/renames the query parameter "a" in version "3", but it was renamed to another name in version "2"/)
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'c' }), queryParamRenamed('GET /x', { older: 'b', newer: 'c' })], [])).toThrow(/"c" is the new name of another in the same version/)
    expect(() => three([requestHeaderRenamed('GET /x', { older: 'X-A', newer: 'X-B' })], [requestHeaderRenamed('GET /x', { older: 'X-C', newer: 'x-b' })])).toThrow(/"x-b" is already a name in the version before \(given in version "2"\)/)
    // In one version, a name one rename gives and another takes away, in either order: one after the other, the
    // older client's "a" reached the handler as "d" and its "c" was lost (?a=1&c=2 became ?d=1), with nothing said.
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'c' }), queryParamRenamed('GET /x', { older: 'c', newer: 'd' })], [])).toThrow(
      /renames the query parameter "c" to "d" in version "2", but another rename of the same version gives the name "c"/,
    )
    expect(() => three([queryParamRenamed('GET /x', { older: 'c', newer: 'd' }), queryParamRenamed('GET /x', { older: 'a', newer: 'c' })], [])).toThrow(
      /renames the query parameter "a" to "c" in version "2", but another rename of the same version takes away the name "c"/,
    )
    expect(() => three([requestHeaderRenamed('GET /x', { older: 'X-A', newer: 'X-C' }), requestHeaderRenamed('GET /x', { older: 'x-c', newer: 'X-D' })], [])).toThrow(
      /renames the request header "x-c" to "X-D" in version "2", but another rename of the same version gives the name "x-c"/,
    )
    // A chain, and a name given back, are what renames say.
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'b' })], [queryParamRenamed('GET /x', { older: 'b', newer: 'c' })])).not.toThrow()
    expect(() => three([queryParamRenamed('GET /x', { older: 'a', newer: 'b' })], [queryParamRenamed('GET /x', { older: 'b', newer: 'a' })])).not.toThrow()
  })

  it('test__router_generation__changing_attribute_to_the_same_value__should_raise_router_generation_error: a change to the same value is refused', () => {
    expect(() => pathChanged('x', { older: '/a', newer: '/a' })).toThrow(/a move needs two paths/)
    expect(() => statusChanged('x', { older: 201, newer: 201 })).toThrow(/both 201/)
    expect(() => queryParamRenamed('x', { older: 'a', newer: 'a' })).toThrow(/a rename needs two names/)
  })

  it('test__endpoint_had_another_path_variable: a path whose parameters have other names is refused when the change is made (the handler reads the newer names)', () => {
    expect(() => pathChanged('GET /users/:user_id', { older: '/people/:uid', newer: '/users/:user_id' })).toThrow(
      'pathChanged: the older path "/people/:uid" has the parameters "uid" and the newer path "/users/:user_id" has the parameters "user_id"; the handler reads the newer names, so a request at the older path would reach it without them. Give both paths the same parameter names (a client never sends a parameter\'s name).',
    )
    expect(() => pathChanged('x', { older: '/test', newer: '/test/:world' })).toThrow(/the older path "\/test" has no parameters and the newer path "\/test\/:world" has the parameters "world"/)
    expect(() => pathChanged('x', { older: '/people/:id{[0-9]+}/pets/:pet', newer: '/users/:id/animals/:pet' })).not.toThrow()
  })

  it('test__endpoint_had (path): an older version gets the older path, the newer the newer one', async () => {
    const history = twoVersions([pathChanged('new', { older: '/older-new', newer: '/new' })])
    const app = serve(history)
    expect([(await ask(app, '/older-new', '2000-01-01')).status, (await ask(app, '/new', '2000-01-01')).status]).toEqual([200, 404])
    expect([(await ask(app, '/older-new', '2001-01-01')).status, (await ask(app, '/new', '2001-01-01')).status]).toEqual([404, 200])
  })
})

describe(`schema fields and enums (${FIELDS}, ${ENUMS})`, () => {
  interface Order {
    id: number
    title: string
    price: number
    status: 'open' | 'closed' | 'refunded' | 'disputed'
    giftWrap: boolean
  }
  const Order = shape<Order>('Order')
  const history = twoVersions(
    [
      fieldRenamed(Order, { older: 'name', newer: 'title' }),
      fieldChanged(Order, 'price', { down: (price) => String(price), up: (price) => Number(price) }),
      fieldAdded(Order, 'giftWrap', { default: false }),
      fieldRemoved(Order, 'legacy', { older: () => 'kept' }),
      enumValuesAdded(Order, 'status', ['refunded'], { fallback: 'closed' }),
    ],
    { 'POST /orders': { request: Order, response: Order } },
  )
  const app = appOf(history)
  app.post('/orders', async (c) => c.json({ ...(await c.req.json<Order>()), id: 1, status: 'refunded' as const }))

  it('field.had(name=...), field.had(type=...), field.didnt_exist, field.existed_as, enum.didnt_have: each migrates both ways', async () => {
    const older = await postJson(app, '/orders', '2000-01-01', { name: 'Lamp', price: '12', legacy: 'x', status: 'open' })
    expect(await older.json()).toEqual({ id: 1, price: '12', status: 'closed', name: 'Lamp', legacy: 'kept' })
    const head = await postJson(app, '/orders', '2001-01-01', { title: 'Lamp', price: 12, giftWrap: true, status: 'open' })
    expect(await head.json()).toEqual({ title: 'Lamp', price: 12, giftWrap: true, status: 'refunded', id: 1 })
  })

  it('test__schema_field_didnt_exist twice (field added twice): refused when the history is made', () => {
    const F = shape<{ x: string }>('F')
    expect(() =>
      versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('X.', [fieldAdded(F, 'x', { default: '' })])] }, { version: '3', changes: [change('X again.', [fieldAdded(F, 'x', { default: '' })])] }] }),
    ).toThrow(/was added in version "2"/)
  })

  it('test__enum_had__same_name_as_other_value__should_raise_invalid_generation_instruction_error: an enum value added twice, or a fallback older clients do not know, is refused', () => {
    const E = shape<{ s: 'a' | 'b' | 'c' }>('E')
    const three = (a: Parameters<typeof change>[1], b: Parameters<typeof change>[1]) =>
      versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('A.', a)] }, { version: '3', changes: [change('B.', b)] }] })
    expect(() => three([enumValuesAdded(E, 's', ['b'], { fallback: 'a' })], [enumValuesAdded(E, 's', ['b'], { fallback: 'a' })])).toThrow(/value "b" of field "s" of shape "E" is added in version "3", but it was added in version "2"/)
    expect(() => three([enumValuesAdded(E, 's', ['b'], { fallback: 'c' })], [enumValuesAdded(E, 's', ['c'], { fallback: 'a' })])).toThrow(/fallback "c" .*version "2".*added in version "3"/)
    expect(() => enumValuesAdded(E, 's', ['b'], { fallback: 'b' })).toThrow(/is one of the added values/)
    const removedAndBack = versionHistory({
      versions: [
        { version: '1' },
        { version: '2', changes: [change('B.', [enumValuesAdded(E, 's', ['b'], { fallback: 'a' })])] },
        { version: '3', changes: [change('No s.', [fieldRemoved(E, 's' as never, { older: () => 'a' })])] },
        { version: '4', changes: [change('A new s.', [fieldAdded(E, 's', { default: 'a' })])] },
        { version: '5', changes: [change('B in the new s.', [enumValuesAdded(E, 's', ['b'], { fallback: 'a' })])] },
      ],
    })
    expect(removedAndBack.migrate({ s: 'b' }, { as: E, to: '4' })).toEqual({ s: 'a' })
  })
})

describe("Cadwyn's tutorial (tests/tutorial/main.py, tests/tutorial/test_example.py): users whose address became a list, then a sub-resource", () => {
  interface Address {
    id: string
    value: string
  }
  interface User {
    id: string
  }
  interface NewUser {
    default_address: string
    addresses_to_create?: string[]
  }
  // Field names the head lacks that a change of an intermediate version names (`O` of shape<T, O>).
  const User = shape<User, 'addresses'>('UserResource')
  const NewUser = shape<NewUser, 'addresses'>('UserCreateRequest')
  const Address = shape<Address>('UserAddressResource')
  const older = (user: object): string[] => (user as { addresses?: string[] }).addresses ?? []
  const list = change('Users can now store multiple addresses instead of a single address.', [
    fieldAdded(NewUser, 'addresses', { default: (user) => [String(user['address'])] }),
    fieldRemoved(NewUser, 'address', { older: (user) => older(user)[0] ?? null, schema: { type: 'string' }, required: true }),
    fieldAdded(User, 'addresses', { default: (user) => [String(user['address'])] }),
    fieldRemoved(User, 'address', { older: (user) => older(user)[0] ?? null, schema: { type: 'string' } }),
  ])
  // `existed_as` with no response converter: the handler gives the older versions what their schema has (Cadwyn's
  // internal representation, which its head schema strips; here the head's JSON value is the contract, so the handler
  // adds it only for the versions before the change).
  const subresource = change('User addresses are now separate resources with stable IDs.', [
    fieldRemoved(User, 'addresses', { schema: { type: 'array', items: { type: 'string' } } }),
    fieldAdded(NewUser, 'default_address', { default: (user) => older(user)[0] as string }),
    fieldAdded(NewUser, 'addresses_to_create', { default: (user) => older(user).slice(1) }),
    fieldRemoved(NewUser, 'addresses', { schema: { type: 'array', items: { type: 'string' } }, required: true }),
    routeAdded('user-addresses'),
  ])
  const history = versionHistory({
    versions: [{ version: '2000-01-01' }, { version: '2001-01-01', changes: [list] }, { version: '2002-01-01', changes: [subresource] }],
    bodies: { 'user-list': { request: NewUser, response: User }, 'user-detail': { response: User }, 'user-addresses': { response: { data: [Address] } } },
  })
  const routes = defineRoutes(history.routes([route('user-list', '/users'), route('user-detail', '/users/:user_id'), route('user-addresses', '/users/:user_id/addresses')]))
  const scheme = new HeaderVersioning({ header: 'x-api-version', allowedVersions: [...history.versions], versionFormat: dateVersions() })
  const versioning = apiVersioning({ scheme, routes, changes: history })
  const store = new Map<string, Address[]>()
  const app = new Hono()
  app.use('*', versioning)
  const userOf = (id: string, version: string | null) => ({ id, ...(history.predates(version, subresource) ? { addresses: (store.get(id) ?? []).map((a) => a.value) } : {}) })
  mountRoutes(app, versioning, {
    'user-list': {
      post: async (c) => {
        const user = await c.req.json<NewUser>()
        const id = `user-${store.size + 1}`
        store.set(id, [user.default_address, ...(user.addresses_to_create ?? [])].map((value, at) => ({ id: `${id}-address-${at}`, value })))
        return c.json(userOf(id, c.var.version))
      },
    },
    'user-detail': (c) => c.json(userOf(c.req.param('user_id'), c.var.version)),
    'user-addresses': (c) => c.json({ data: store.get(c.req.param('user_id')) ?? [] }),
  })
  const call = async (version: string, path: string, body?: object) => {
    const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
    const res = await app.request(path, { ...init, headers: { ...init.headers, 'x-api-version': version } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('test__2000, test__2001, test__2002: each version creates and reads users in its own shape', async () => {
    const a = await call('2000-01-01', '/users', { address: '123 Example St' })
    expect(a.body).toEqual({ id: a.body['id'], address: '123 Example St' })
    expect((await call('2000-01-01', `/users/${String(a.body['id'])}`)).body).toEqual({ id: a.body['id'], address: '123 Example St' })
    const b = await call('2001-01-01', '/users', { addresses: ['124', '567'] })
    expect(b.body).toEqual({ id: b.body['id'], addresses: ['124', '567'] })
    expect((await call('2001-01-01', `/users/${String(b.body['id'])}`)).body).toEqual({ id: b.body['id'], addresses: ['124', '567'] })
    const c = await call('2002-01-01', '/users', { default_address: 'wowee' })
    expect(c.body).toEqual({ id: c.body['id'] })
    expect((await call('2002-01-01', `/users/${String(c.body['id'])}`)).body).toEqual({ id: c.body['id'] })
    expect((await call('2002-01-01', `/users/${String(c.body['id'])}/addresses`)).body).toEqual({ data: [{ id: `${String(c.body['id'])}-address-0`, value: 'wowee' }] })
    // The sub-resource did not exist before 2002 (endpoint(...).didnt_exist); a date between two releases gets the earlier one.
    expect((await app.request(`/users/${String(c.body['id'])}/addresses`, { headers: { 'x-api-version': '2001-01-01' } })).status).toBe(404)
    expect((await call('2001-06-15', `/users/${String(b.body['id'])}`)).body).toEqual({ id: b.body['id'], addresses: ['124', '567'] })
  })

  it("each version's document shows its own shapes; a field removed without older is documented, not refused as a route the history does not migrate", () => {
    const ref = (name: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } })
    const id = [{ name: 'user_id', in: 'path', required: true, schema: { type: 'string' } }]
    const document: OpenAPIDocument = {
      openapi: '3.1.0',
      info: { title: 'My amazing API', version: '2002-01-01' },
      paths: {
        '/users': { post: { requestBody: ref('UserCreateRequest'), responses: { '200': { description: 'u', ...ref('UserResource') } } } },
        '/users/{user_id}': { get: { parameters: id, responses: { '200': { description: 'u', ...ref('UserResource') } } } },
        '/users/{user_id}/addresses': { get: { parameters: id, responses: { '200': { description: 'a', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/UserAddressResource' } } } } } } } } } },
      },
      components: {
        schemas: {
          UserResource: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          UserCreateRequest: { type: 'object', properties: { default_address: { type: 'string' }, addresses_to_create: { type: 'array', items: { type: 'string' } } }, required: ['default_address'] },
          UserAddressResource: { type: 'object', properties: { id: { type: 'string' }, value: { type: 'string' } }, required: ['id', 'value'] },
        },
      },
    }
    // Before, the 2001-01-01 UserResource (which gets `addresses` back, from no step of the history) was refused: "the history migrates no response body of that route there".
    const docs = versionedOpenAPI({ scheme, routes, app, document, changelog: history })
    const properties = (version: string) => Object.keys((docs.document(version).components?.schemas?.['UserResource'] as { properties: object }).properties)
    expect([properties('2002-01-01'), properties('2001-01-01'), properties('2000-01-01')]).toEqual([['id'], ['id', 'addresses'], ['id', 'address']])
    expect(Object.keys(docs.document('2001-01-01').paths)).toEqual(['/users', '/users/{user_id}'])
  })

  it('_prefetched_addresses: a field the head does not declare, returned by the handler, reaches the head client (no response_model strips it) and the older ones', async () => {
    const leaky = new Hono()
    leaky.use('*', versioning)
    mountRoutes(leaky, versioning, {
      'user-list': { post: (c) => c.json({}) },
      'user-detail': (c) => c.json({ id: c.req.param('user_id'), _prefetched_addresses: [{ id: 'a', value: 'wowee' }] }),
      'user-addresses': (c) => c.json({ data: [] }),
    })
    const read = async (version: string) => (await leaky.request('/users/u', { headers: { 'x-api-version': version } })).json()
    expect(await read('2002-01-01')).toEqual({ id: 'u', _prefetched_addresses: [{ id: 'a', value: 'wowee' }] })
    expect(await read('2000-01-01')).toEqual({ id: 'u', _prefetched_addresses: [{ id: 'a', value: 'wowee' }], address: null })
  })
})

describe(`instructions of one change, in any order (${DATA}: a VersionChange's schema instructions carry no data, so their order never matters)`, () => {
  interface Account {
    id: number
    default_address: string
  }
  const Account = shape<Account, 'addresses'>('Account')
  const added = fieldAdded(Account, 'default_address', { default: (older) => (older['addresses'] as string[] | undefined)?.[0] ?? 'none' })
  const removed = fieldRemoved(Account, 'addresses', { older: (account) => [account.default_address] })
  for (const [name, instructions] of [
    ['the added field first', [added, removed]],
    ['the removed field first', [removed, added]],
  ] as const) {
    it(`${name}: a default reads the field its change removes, and an older function the field its change adds`, async () => {
      const app = appOf(twoVersions([...instructions], { 'POST /accounts': { request: Account, response: Account } }))
      app.post('/accounts', async (c) => c.json({ id: 1, ...(await c.req.json<Omit<Account, 'id'>>()) }))
      const older = await postJson(app, '/accounts', '2000-01-01', { addresses: ['1 Main St', '2 Side St'] })
      expect(await older.json()).toEqual({ id: 1, addresses: ['1 Main St'] })
      const head = await postJson(app, '/accounts', '2001-01-01', { default_address: '3 High St' })
      expect(await head.json()).toEqual({ id: 1, default_address: '3 High St' })
    })
  }

  it('a shapeConverted beside them (Cadwyn: schema instructions describe, a converter moves the data): what its up writes for the added field is kept, and it reads the removed field before it is dropped', async () => {
    const converted = shapeConverted(Account, { up: (older) => ({ ...(older as Account), default_address: (older as { addresses: string[] }).addresses[0] as string }) })
    const app = appOf(twoVersions([converted, fieldAdded(Account, 'default_address'), fieldRemoved(Account, 'addresses')], { 'POST /accounts': { request: Account } }))
    app.post('/accounts', async (c) => c.json(await c.req.json()))
    // Before, `{}`: the converter ran before the field instructions, whose fieldAdded dropped what it wrote as the client's own value.
    expect(await (await postJson(app, '/accounts', '2000-01-01', { addresses: ['1 Main St'] })).json()).toEqual({ default_address: '1 Main St' })
  })
})

describe(`the tutorial's change written the Cadwyn way (${DATA}): fieldRemoved, fieldAdded and a shapeConverted moving the data, in one change`, () => {
  interface User {
    id: number
    name: string
    addresses: string[]
  }
  const User = shape<User, 'address'>('User')
  const moved = shapeConverted(User, {
    up: (older) => {
      const user = older as Record<string, unknown>
      return (user['address'] === undefined ? user : { ...user, addresses: [user['address']] }) as unknown as User
    },
    down: (user) => ({ ...user, address: user.addresses[0] ?? null }),
  })
  const cadwynWay = [fieldRemoved(User, 'address'), fieldAdded(User, 'addresses'), moved]
  const users = { 'POST /users': { request: User, response: User }, 'PATCH /users/:id': { request: User, response: User }, 'GET /users/export': { items: User } }
  const app = appOf(twoVersions(cadwynWay, users))
  const seen: unknown[] = []
  app.post('/users', async (c) => {
    const body = await c.req.json<Omit<User, 'id'>>()
    seen.push(body)
    return c.json({ id: 1, ...body })
  })
  app.patch('/users/:id', async (c) => {
    const body = await c.req.json<Partial<User>>()
    seen.push(body)
    return c.json({ id: 1, name: 'Ada', addresses: ['1 Main St'], ...body })
  })
  const people: User[] = [
    { id: 1, name: 'Ada', addresses: ['1 Main St', '2 Side St'] },
    { id: 2, name: 'Bea', addresses: [] },
  ]
  app.get('/users/export', (c) => c.body(people.map((user) => `${JSON.stringify(user)}\n`).join(''), 200, { 'Content-Type': 'application/x-ndjson' }))

  it("an older request: the handler gets the converter's addresses, and the older client reads its own shape back", async () => {
    seen.length = 0
    const res = await postJson(app, '/users', '2000-01-01', { name: 'Ada', address: '1 Main St' })
    // Before: the handler got { name: 'Ada' } (the fieldAdded dropped what the converter wrote), 200 and no error.
    expect(seen).toEqual([{ name: 'Ada', addresses: ['1 Main St'] }])
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 1, name: 'Ada', address: '1 Main St' })
  })

  it("the older client's own value for the added field is dropped before the converter runs; the head's requests are untouched", async () => {
    seen.length = 0
    await postJson(app, '/users', '2000-01-01', { name: 'Ada', addresses: ['sent'] })
    await postJson(app, '/users', '2000-01-01', { name: 'Ada', address: '1 Main St', addresses: ['sent'] })
    const head = await postJson(app, '/users', '2001-01-01', { name: 'Ada', addresses: ['9 Head St'] })
    expect(seen).toEqual([{ name: 'Ada' }, { name: 'Ada', addresses: ['1 Main St'] }, { name: 'Ada', addresses: ['9 Head St'] }])
    expect(await head.json()).toEqual({ id: 1, name: 'Ada', addresses: ['9 Head St'] })
  })

  it('a PATCH body: the converter moves a field sent; a field not sent is never invented', async () => {
    seen.length = 0
    const patch = (body: unknown) => ask(app, '/users/1', '2000-01-01', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    const moved = await patch({ address: '2 Side St' })
    const renamed = await patch({ name: 'Bea' })
    expect(seen).toEqual([{ addresses: ['2 Side St'] }, { name: 'Bea' }])
    expect([await moved.json(), await renamed.json()]).toEqual([
      { id: 1, name: 'Ada', address: '2 Side St' },
      { id: 1, name: 'Bea', address: '1 Main St' },
    ])
  })

  it('an NDJSON stream: each item reaches the older client through the down converter, which reads the head field', async () => {
    const res = await ask(app, '/users/export', '2000-01-01')
    expect((await res.text()).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown)).toEqual([
      { id: 1, name: 'Ada', address: '1 Main St' },
      { id: 2, name: 'Bea', address: null },
    ])
  })

  it("going down, the converter reads a fieldRemoved's older value, and what it writes instead is kept", async () => {
    const read: unknown[] = []
    const rewritten = shapeConverted(User, { down: (user) => (read.push((user as { address?: unknown }).address), { ...user, address: `${user.addresses.join(' & ')}` }) })
    const withOlder = appOf(twoVersions([fieldRemoved(User, 'address', { older: (user) => user.addresses[0] ?? null }), fieldAdded(User, 'addresses'), rewritten], { 'GET /users/:id': { response: User } }))
    withOlder.get('/users/:id', (c) => c.json({ id: 1, name: 'Ada', addresses: ['1 Main St', '2 Side St'] }))
    expect(await (await ask(withOlder, '/users/1', '2000-01-01')).json()).toEqual({ id: 1, name: 'Ada', address: '1 Main St & 2 Side St' })
    expect(read).toEqual(['1 Main St'])
  })

  it('a form body (forms: true) takes the same steps as JSON', async () => {
    const forms = appOf(twoVersions(cadwynWay, { 'POST /users': { request: User, forms: true } }))
    forms.post('/users', async (c) => c.json(await c.req.parseBody({ all: true })))
    const res = await ask(forms, '/users', '2000-01-01', { method: 'POST', body: new URLSearchParams({ name: 'Ada', address: '1 Main St', addresses: 'sent' }) })
    expect(await res.json()).toEqual({ name: 'Ada', addresses: '1 Main St' })
  })

  it('a converter that declares an older layout makes the object going up: what it writes for the added field is kept, the default fills it only where it left it absent', async () => {
    const OldUser = shape('OldUser')
    const wrapped = shapeConverted(User, {
      up: (older) => {
        const user = (older as { user: Record<string, unknown> }).user
        return (user['address'] === undefined ? { ...user } : { ...user, addresses: [user['address']] }) as unknown as User
      },
      older: { user: OldUser },
    })
    const got: unknown[] = []
    const replaced = appOf(twoVersions([fieldRemoved(User, 'address'), fieldAdded(User, 'addresses', { default: [] }), wrapped], { 'POST /users': { request: User } }))
    replaced.post('/users', async (c) => (got.push(await c.req.json()), c.body(null, 204)))
    await postJson(replaced, '/users', '2000-01-01', { user: { name: 'Ada', address: '1 Main St' } })
    await postJson(replaced, '/users', '2000-01-01', { user: { name: 'Bea' } })
    // Before, [{ name: 'Ada', addresses: [] }, ...]: the fieldAdded after the converter dropped what it wrote, then gave the default.
    expect(got).toEqual([
      { name: 'Ada', addresses: ['1 Main St'] },
      { name: 'Bea', addresses: [] },
    ])
  })

  it("a fieldAdded's default fills the field only where the converter left it absent", async () => {
    const withDefault = appOf(twoVersions([fieldRemoved(User, 'address'), fieldAdded(User, 'addresses', { default: [] }), moved], users))
    const got: unknown[] = []
    withDefault.post('/users', async (c) => (got.push(await c.req.json()), c.body(null, 204)))
    await postJson(withDefault, '/users', '2000-01-01', { name: 'Ada', address: '1 Main St' })
    await postJson(withDefault, '/users', '2000-01-01', { name: 'Bea' })
    expect(got).toEqual([
      { name: 'Ada', addresses: ['1 Main St'] },
      { name: 'Bea', addresses: [] },
    ])
  })
})

describe(`a shapeConverted beside a fieldRenamed of its change, written the Cadwyn way (${DATA}: the instruction describes, the converter moves the data)`, () => {
  interface Item {
    id: number
    title: string
  }
  const Item = shape<Item, 'name'>('Item')
  const renamed = fieldRenamed(Item, { older: 'name', newer: 'title' })
  const DOWN = 'at $.name, the down converter of shape Item left "name" undefined or took it away after fieldRenamed(Item, { older: "name", newer: "title" }) of its change had given it the value of "title"'
  const UP = 'at $.title, the up converter of shape Item wrote "title" and left "name", which fieldRenamed(Item, { older: "name", newer: "title" }) of its change then moves over what it wrote'
  // Cadwyn's converter pops the newer name into the older one; here the rename has already done it.
  const repeatsDown = shapeConverted(Item, { down: (item) => ({ ...item, name: (item as { title?: string }).title }) as unknown as Item })
  // Cadwyn's converter writes the newer name from the older one; here the rename then moves the older name's value over it.
  const repeatsUp = shapeConverted(Item, { up: (older) => ({ ...(older as Item), title: (older as { name: string }).name.toUpperCase() }) })
  const bodies = { 'POST /items': { request: Item, response: Item }, 'GET /items/:id': { response: Item } }

  it('history.migrate throws with the sentence, both ways; before, down gave { id: 1 } (the name lost) and up gave the name unconverted', () => {
    expect(() => twoVersions([renamed, repeatsDown]).migrate({ id: 1, title: 'Lamp' }, { as: Item, to: '2000-01-01' })).toThrow(`history.migrate: ${DOWN}`)
    expect(() => twoVersions([renamed, repeatsUp]).migrate({ id: 1, name: 'lamp' }, { as: Item, from: '2000-01-01' })).toThrow(`history.migrate: ${UP}`)
  })

  it("an older response is the app's 500 with the sentence through app.onError, never a body missing its field", async () => {
    const app = appOf(twoVersions([renamed, repeatsDown], bodies))
    app.get('/items/:id', (c) => c.json({ id: 1, title: 'Lamp' }))
    const res = await ask(app, '/items/1', '2000-01-01')
    expect(res.status).toBe(500)
    expect(await res.text()).toBe(`onError: versionHistory: the 200 response of "GET /items/:id" cannot be migrated to version "2000-01-01": ${DOWN}: a converter beside a rename gets the value with the rename done and must not repeat it (it reads "name", never "title"); leave the move to the rename, or put the converter in a version of its own.`)
  })

  it("an older request is the app's 500 with the sentence too (the client's body is not to blame), and the handler is not called", async () => {
    const app = appOf(twoVersions([renamed, repeatsUp], bodies))
    const seen: unknown[] = []
    app.post('/items', async (c) => (seen.push(await c.req.json()), c.json({ id: 1, title: 'Lamp' })))
    const res = await postJson(app, '/items', '2000-01-01', { name: 'lamp' })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe(
      `onError: versionHistory: the request body of "POST /items" cannot be migrated from version "2000-01-01": ${UP}: a converter beside a rename runs before it going up and must not repeat it (it reads "name" and leaves the move to the rename); write "name" instead, or put the converter in a version of its own.`,
    )
    expect(seen).toEqual([])
  })

  it('a converter beside the rename that leaves the move to it works both ways, as do values without the field', async () => {
    const beside = shapeConverted(Item, {
      down: (item) => ({ ...item, name: (item as unknown as { name: string }).name.toLowerCase() }) as unknown as Item,
      up: (older) => ({ ...(older as Item), name: (older as { name: string }).name.toUpperCase() }) as unknown as Item,
    })
    const history = twoVersions([renamed, beside], bodies)
    expect(history.migrate({ id: 1, title: 'Lamp' }, { as: Item, to: '2000-01-01' })).toEqual({ id: 1, name: 'lamp' })
    expect(history.migrate({ id: 1, name: 'lamp' }, { as: Item, from: '2000-01-01' })).toEqual({ id: 1, title: 'LAMP' })
    // The head's field absent: the rename wrote nothing, so nothing is checked.
    expect(twoVersions([renamed, repeatsDown]).migrate({ id: 1 } as Item, { as: Item, to: '2000-01-01' })).toEqual({ id: 1 })
    // Writing the newer name from the older one unchanged: the rename's move loses nothing.
    const copies = shapeConverted(Item, { up: (older) => ({ ...(older as Item), title: (older as { name: string }).name }) })
    expect(twoVersions([renamed, copies]).migrate({ id: 1, name: 'lamp' }, { as: Item, from: '2000-01-01' })).toEqual({ id: 1, title: 'lamp' })
    const app = appOf(history)
    app.post('/items', async (c) => c.json(await c.req.json()))
    expect(await (await postJson(app, '/items', '2000-01-01', { id: 2, name: 'desk' })).json()).toEqual({ id: 2, name: 'desk' })
  })
})
