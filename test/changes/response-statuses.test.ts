/**
 * The response step by status and method: a 3xx answer's JSON body is a
 * success body (migrated, or a loud failure), a HEAD's headers describe the
 * body the same version's GET gets, an error body of another shape than the
 * error layout's is sent as it is, and a `headerChanged` value a header
 * cannot hold is a clear error (a header that frames the message is refused
 * when the change is made); a `statusChanged` to a status without
 * content sends none, and one across success and error statuses is refused
 * when it is made; the middleware's own rejections keep their format in
 * every version, and app.onError's answer to a response that failed to
 * finish is sent as onError builds it. A portable file: it runs on all four runtimes.
 */
import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldRemoved, fieldRenamed, headerChanged, requestHeaderChanged, requestHeaderRenamed, shape, statusChanged, versionHistory } from '../../src/changes/index.ts'
import { INEXACT, SOURCE_ACCESS } from '../../src/changes/exact-numbers.ts'
import { HeaderVersioning } from '../../src/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'

interface Lamp {
  id: number
  title: string
}
const Lamp = shape<Lamp>('Lamp')
interface Problem {
  code: string
  message: string
}
const Problem = shape<Problem>('Problem')
const lamp: Lamp = { id: 1, title: 'Lamp' }
const text = JSON.stringify(lamp)
const v1Lamp = { id: 1, name: 'Lamp' }

const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
const renamed = change('Lamps have a title.', [fieldRenamed(Lamp, { older: 'name', newer: 'title' })])

/** An app whose `app.onError` answers a versionHistory sentence as `500 onError: <sentence>`. */
function app(history: ReturnType<typeof versionHistory>, inside?: (app: Hono) => void): Hono {
  const app = new Hono()
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text(`onError: ${error.message}`, 500)))
  app.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  inside?.(app)
  return app
}

const ask = (app: Hono, path: string, version: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers)
  headers.set('Api-Version', version)
  return app.request(`https://api.example${path}`, { ...init, headers })
}

describe('3xx answers with a body', () => {
  const paths = ['c302', 'r303', 'c300', 'r301text', 'redirect', 'c304']
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed] }],
    bodies: Object.fromEntries(paths.map((path) => [`GET /${path}`, { response: Lamp }])),
  })
  const served = app(history, (app) => {
    app.get('/c302', (c) => c.json(lamp, 302, { Location: '/lamps/1' }))
    app.get('/r303', () => new Response(text, { status: 303, headers: { 'content-type': 'application/json', location: '/lamps/1' } }))
    app.get('/c300', (c) => c.json([lamp], 300))
    app.get('/r301text', () => new Response('<a href="/lamps/1">Moved</a>', { status: 301, headers: { 'content-type': 'text/html', location: '/lamps/1' } }))
    app.get('/redirect', (c) => c.redirect('/lamps/1'))
    app.get('/c304', (c) => c.body(null, 304))
  })

  it('migrates a JSON body of a 3xx with the success layout (c.json and a Response built by hand)', async () => {
    for (const [path, status] of [['/c302', 302], ['/r303', 303]] as const) {
      const older = await ask(served, path, '1')
      expect(older.status).toBe(status)
      expect(older.headers.get('location')).toBe('/lamps/1')
      expect(await older.json()).toEqual(v1Lamp)
      const head = await ask(served, path, '2')
      expect(await head.json()).toEqual(lamp)
    }
  })

  it('fails loudly on a 3xx JSON body its layout cannot migrate, where the head answers it', async () => {
    const older = await ask(served, '/c300', '1')
    expect(older.status).toBe(500)
    expect(await older.text()).toMatch(/^onError: versionHistory: the 300 response of "GET \/c300" cannot be migrated to version "1": the value at \$ does not fit its layout/)
    const head = await ask(served, '/c300', '2')
    expect(head.status).toBe(300)
    expect(await head.json()).toEqual([lamp])
  })

  it('leaves a redirect without a body, a 304 and a redirect page that is not JSON as they are', async () => {
    for (const version of ['1', '2']) {
      const moved = await ask(served, '/r301text', version)
      expect(moved.status).toBe(301)
      expect(await moved.text()).toBe('<a href="/lamps/1">Moved</a>')
      const redirect = await ask(served, '/redirect', version)
      expect(redirect.status).toBe(302)
      expect(redirect.headers.get('location')).toBe('/lamps/1')
      expect(await redirect.text()).toBe('')
      const unchanged = await ask(served, '/c304', version)
      expect(unchanged.status).toBe(304)
      expect(await unchanged.text()).toBe('')
    }
  })
})

describe('success bodies with nothing to migrate, and the headers of the body', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed] }],
    bodies: { 'GET /empty': { response: Lamp }, 'GET /digest': { response: Lamp }, 'GET /json-digest': { response: Lamp }, 'GET /exact': { response: Lamp }, 'GET /held': { response: Lamp } },
  })
  const served = app(history, (app) => {
    app.get('/empty', (c) => c.body(c.req.query('blank') === undefined ? '' : ' \n', 200, { 'Content-Type': 'application/json' }))
    app.get('/exact', (c) => c.body(c.req.query('ok') === undefined ? '{"id":12345678901234567891,"title":"Lamp"}' : '{"id":9007199254740992,"title":"Lamp","weight":0.1234567890123456789}', 200, { 'Content-Type': 'application/json' }))
    app.get('/digest', (c) =>
      c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Digest': 'sha-256=:head=:', 'Repr-Digest': 'sha-256=:head=:', Digest: 'SHA-256=head=', 'Content-MD5': 'head==' }),
    )
    // The same headers given to c.json, whose value the JSON step migrates (no response step reads its body), or set with c.header.
    const described = { 'Content-Digest': 'sha-256=:head=:', 'Repr-Digest': 'sha-256=:head=:', Digest: 'SHA-256=head=', 'Content-MD5': 'head==', 'Accept-Ranges': 'bytes' }
    app.get('/json-digest', (c) => {
      if (c.req.query('set') === undefined) return c.json(lamp, 200, described)
      for (const [name, value] of Object.entries(described)) c.header(name, value)
      return c.json(lamp)
    })
  })

  it('sends an empty (or blank) JSON success body to every version as the head gets it, never a 500', async () => {
    for (const path of ['/empty', '/empty?blank']) {
      for (const version of ['1', '2']) {
        const res = await ask(served, path, version)
        expect(res.status).toBe(200)
        expect(await res.text()).toBe(path === '/empty' ? '' : ' \n')
      }
    }
  })

  it('sends an empty success body of any type, or of none, to every version as the head gets it, never a 500; one with a byte fails loudly', async () => {
    const itemsHistory = versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [renamed] }], bodies: { 'GET /any': { response: Lamp }, 'GET /items': { items: Lamp } } })
    const answers: Record<string, () => Response> = {
      string: () => new Response('', { status: 201 }),
      bytes: () => new Response(new Uint8Array(0), { headers: { 'content-length': '0', etag: '"e"' } }),
      stream: () => new Response(new ReadableStream({ start: (controller) => controller.close() })),
      'empty chunks': () => new Response(new ReadableStream({ start: (controller) => { controller.enqueue(new Uint8Array(0)); controller.close() } }), { headers: { 'content-type': 'text/html' } }),
      json: () => new Response('', { status: 202, headers: { 'content-type': 'application/json' } }),
      'one byte': () => new Response('x', { headers: { 'content-type': 'text/plain' } }),
    }
    const served = app(itemsHistory, (app) => {
      for (const path of ['/any', '/items']) app.get(path, (c) => (answers[c.req.query('kind') as string] as () => Response)())
    })
    for (const path of ['/any', '/items']) {
      for (const kind of Object.keys(answers)) {
        const [head, older] = [await ask(served, `${path}?kind=${kind}`, '2'), await ask(served, `${path}?kind=${kind}`, '1')]
        const headText = await head.text()
        if (kind === 'one byte' && path === '/any') {
          expect([older.status, await older.text()]).toEqual([500, 'onError: versionHistory: the 200 response of "GET /any" (text/plain) cannot be migrated to version "1": its layouts are of JSON; answer JSON (or a JSON stream), or list the media type in unmigrated.'])
          continue
        }
        if (kind === 'one byte') continue
        expect([path, kind, older.status, await older.text(), older.headers.get('content-type')]).toEqual([path, kind, head.status, headText, head.headers.get('content-type')])
        if (kind === 'bytes') expect(older.headers.get('etag')).toBe('"e@1"')
      }
    }
  })

  it('a body of a type its layouts cannot migrate that another reader holds fails with its sentence, unread', async () => {
    const served = app(history, (app) => app.get('/held', () => {
      const res = new Response('Ada', { headers: { 'content-type': 'text/plain' } })
      res.body?.getReader()
      return res
    }))
    expect(await (await ask(served, '/held', '1')).text()).toBe('onError: versionHistory: the 200 response of "GET /held" (text/plain) cannot be migrated to version "1": its layouts are of JSON; answer JSON (or a JSON stream), or list the media type in unmigrated.')
  })

  it('migrates a body with an integer JSON.parse would round exactly where the runtime reads source text, else fails loudly rather than send it changed', async () => {
    const older = await ask(served, '/exact', '1')
    if (SOURCE_ACCESS) {
      expect(older.status).toBe(200)
      expect(await older.text()).toBe('{"id":12345678901234567891,"name":"Lamp"}')
    } else {
      expect(older.status).toBe(500)
      expect(await older.text()).toBe(`onError: versionHistory: the 200 response of "GET /exact" (application/json) cannot be migrated to version "1": ${INEXACT}.`)
    }
    expect(await (await ask(served, '/exact', '2')).text()).toBe('{"id":12345678901234567891,"title":"Lamp"}')
    // 2^53 is a double exactly, and a fraction is a double on both sides.
    expect(await (await ask(served, '/exact?ok', '1')).text()).toBe('{"id":9007199254740992,"weight":0.12345678901234568,"name":"Lamp"}')
  })

  it("gives a migrated body none of the head body's digests", async () => {
    const older = await ask(served, '/digest', '1')
    expect(await older.json()).toEqual(v1Lamp)
    expect(['content-digest', 'repr-digest', 'digest', 'content-md5'].map((name) => older.headers.get(name))).toEqual([null, null, null, null])
    const head = await ask(served, '/digest', '2')
    expect(head.headers.get('content-digest')).toBe('sha-256=:head=:')
    expect(head.headers.get('content-md5')).toBe('head==')
  })

  it("gives a body migrated by c.json none of the head body's digests, nor its Accept-Ranges, whether given to c.json or set with c.header", async () => {
    const described = ['content-digest', 'repr-digest', 'digest', 'content-md5', 'accept-ranges']
    for (const path of ['/json-digest', '/json-digest?set']) {
      const older = await ask(served, path, '1')
      expect(await older.json()).toEqual(v1Lamp)
      expect(described.map((name) => older.headers.get(name))).toEqual([null, null, null, null, null])
      const head = await ask(served, path, '2')
      expect(described.map((name) => head.headers.get(name))).toEqual(['sha-256=:head=:', 'sha-256=:head=:', 'SHA-256=head=', 'head==', 'bytes'])
    }
  })
})

describe('HEAD', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed] }],
    bodies: { 'GET /json': { response: Lamp }, 'GET /sized': { response: Lamp }, 'GET /tagged': { response: Lamp } },
  })
  const served = app(history, (app) => {
    app.use('/tagged', etag())
    app.get('/json', (c) => c.json(lamp))
    app.get('/sized', () => new Response(text, { headers: { 'content-type': 'application/json', 'content-length': String(text.length) } }))
    app.get('/tagged', (c) => c.json(lamp))
  })
  const headersOf = (response: Response) => [...response.headers].sort(([a], [b]) => (a < b ? -1 : 1))

  it("gives an older HEAD the headers of the same version's GET (no Content-Length of the head's body)", async () => {
    for (const path of ['/json', '/sized', '/tagged']) {
      for (const version of ['1', '2']) {
        const get = await ask(served, path, version)
        const head = await ask(served, path, version, { method: 'HEAD' })
        expect(head.status).toBe(200)
        expect(await head.text()).toBe('')
        expect(headersOf(head)).toEqual(headersOf(get))
      }
    }
    // The handler's length is the head body's: an older body is shorter.
    expect((await ask(served, '/sized', '1', { method: 'HEAD' })).headers.get('content-length')).toBeNull()
    expect((await ask(served, '/sized', '2', { method: 'HEAD' })).headers.get('content-length')).toBe(String(text.length))
  })

  it('gives an older HEAD that a handler answers itself, without the body, none of the head body\'s length and digests', async () => {
    const described = { 'Content-Type': 'application/json', 'Content-Length': String(text.length), 'Content-Digest': 'sha-256=:aGVhZA==:' }
    let explicit = 0
    const own = app(history, (app) => {
      // A handler that answers HEAD without building the body, as HEAD allows, describing the head's body.
      app.get('/json', (c) => (c.req.method === 'HEAD' ? c.body(null, 200, described) : c.json(lamp)))
      app.get('/sized', (c) => (c.req.method === 'HEAD' ? c.body('', 200, described) : c.json(lamp)))
      // An explicit HEAD handler: Hono answers HEAD with the GET handler all the same.
      app.on('HEAD', '/tagged', (c) => (explicit++, c.body(null, 200, described)))
      app.get('/tagged', (c) => c.json(lamp))
    })
    for (const path of ['/json', '/sized', '/tagged']) {
      const older = await ask(own, path, '1', { method: 'HEAD' })
      expect(older.status).toBe(200)
      expect(await older.text()).toBe('')
      expect([older.headers.get('content-length'), older.headers.get('content-digest')]).toEqual([null, null])
      expect(older.headers.get('content-type')).toBe('application/json')
      // The head version's HEAD keeps what describes its body.
      if (path !== '/tagged') expect((await ask(own, path, '2', { method: 'HEAD' })).headers.get('content-length')).toBe(String(text.length))
    }
    expect(explicit).toBe(0)
    // The GET of each version is what it was.
    expect(await (await ask(own, '/json', '1')).json()).toEqual(v1Lamp)
    expect(await (await ask(own, '/json', '2')).json()).toEqual(lamp)
  })

  it("tags an older HEAD with its GET's entity tag, so a conditional GET after it gets a 304", async () => {
    const head = await ask(served, '/tagged', '1', { method: 'HEAD' })
    const tag = head.headers.get('etag') as string
    expect(tag).toMatch(/@1"$/)
    expect((await ask(served, '/tagged', '1')).headers.get('etag')).toBe(tag)
    const again = await ask(served, '/tagged', '1', { headers: { 'If-None-Match': tag } })
    expect(again.status).toBe(304)
    // The head version's tag is another one, and matches only the head's body.
    const headTag = (await ask(served, '/tagged', '2', { method: 'HEAD' })).headers.get('etag')
    expect(headTag).not.toBe(tag)
    expect((await ask(served, '/tagged', '1', { headers: { 'If-None-Match': headTag as string } })).status).toBe(200)
  })
})

describe('error bodies and the errors layout', () => {
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Problems have a message.', [fieldRenamed(Problem, { older: 'msg', newer: 'message' })])] }],
    bodies: { 'GET /p': { response: Lamp }, 'POST /p': { request: Lamp, response: Lamp } },
    errors: { error: Problem },
  })
  const given = { detail: 'not found' }
  const served = app(history, (app) => {
    app.get('/p', (c) => {
      const kind = c.req.query('kind')
      if (kind === 'fits') return c.json({ error: { code: 'x', message: 'm' } }, 404)
      if (kind === 'fits-by-hand') return new Response(JSON.stringify({ error: { code: 'x', message: 'm' } }), { status: 409, headers: { 'content-type': 'application/json' } })
      if (kind === 'other') return c.json(given, 404)
      if (kind === 'list') return c.json([{ code: 'x' }], 422)
      if (kind === 'exception') throw new HTTPException(403, { res: Response.json({ detail: 'nope' }, { status: 403 }) })
      if (kind === 'by-hand') return new Response('{"detail":"gone"}', { status: 410, headers: { 'content-type': 'application/json', 'content-length': '17' } })
      if (kind === 'success-misfit') return c.json([lamp])
      if (kind === 'success-misfit-by-hand') return new Response(JSON.stringify([lamp]), { headers: { 'content-type': 'application/json' } })
      return c.json(lamp)
    })
    app.post('/p', bearerAuth({ token: 'secret', noAuthenticationHeaderMessage: { detail: 'auth' } }), async (c) => c.json(await c.req.json()))
  })

  it('migrates an error body that fits the errors layout', async () => {
    for (const [kind, status] of [['fits', 404], ['fits-by-hand', 409]] as const) {
      const older = await ask(served, `/p?kind=${kind}`, '1')
      expect(older.status).toBe(status)
      expect(await older.json()).toEqual({ error: { code: 'x', msg: 'm' } })
    }
  })

  it('sends a JSON error body of another shape as the handler made it, to every version', async () => {
    const cases: [string, RequestInit, number, unknown][] = [
      ['/p?kind=other', {}, 404, given],
      ['/p?kind=list', {}, 422, [{ code: 'x' }]],
      ['/p?kind=exception', {}, 403, { detail: 'nope' }],
      ['/p?kind=by-hand', {}, 410, { detail: 'gone' }],
      ['/p', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' }, 401, { detail: 'auth' }],
    ]
    for (const [path, init, status, body] of cases) {
      for (const version of ['1', '2']) {
        const answer = await ask(served, path, version, init)
        expect([path, version, answer.status]).toEqual([path, version, status])
        expect(await answer.json()).toEqual(body)
      }
    }
    // The handler's value is not changed by the attempt.
    expect(given).toEqual({ detail: 'not found' })
    // A body sent as it is keeps its length.
    expect((await ask(served, '/p?kind=by-hand', '1')).headers.get('content-length')).toBe('17')
  })

  it("an error layout that is one shape fits every JSON object (a shape's fields may be missing): bearerAuth()'s JSON 401 is migrated by it", async () => {
    const Said = shape<{ message: string }>('Said')
    const coded = change('Errors have no code.', [fieldRemoved(Said, 'code', { older: () => 'E_OLD' })])
    const served = app(versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [coded] }], bodies: { 'POST /p': { response: Lamp } }, errors: Said }), (app) => {
      app.post('/p', bearerAuth({ token: 'secret', noAuthenticationHeaderMessage: { message: 'auth' } }), (c) => c.json(lamp))
    })
    const answer = async (version: string) => {
      const res = await ask(served, '/p', version, { method: 'POST' })
      return [res.status, await res.json()]
    }
    expect(await answer('1')).toEqual([401, { message: 'auth', code: 'E_OLD' }])
    expect(await answer('2')).toEqual([401, { message: 'auth' }])
  })

  it("sends an error body it does not migrate with the handler's bytes, whatever its charset; one in the errors layout but not in UTF-8 fails loudly", async () => {
    // "Café" in ISO-8859-1 (é is one byte, 0xE9), invalid UTF-8 (0xFF 0xFE), and a BOM before text that is no JSON.
    const bytes = (text: string, ...more: number[]): Uint8Array<ArrayBuffer> => new Uint8Array([...[...text].map((ch) => ch.charCodeAt(0)), ...more])
    const latin1 = 'application/json; charset=iso-8859-1'
    const bodies: Record<string, [Uint8Array<ArrayBuffer>, number, string]> = {
      'latin1-other': [bytes('{"detail":"Caf\u00e9"}'), 404, latin1],
      'invalid-utf8-other': [bytes('{"detail":"x', 0xff, 0xfe, 0x22, 0x7d), 400, 'application/json'],
      'not-json': [bytes('\u00ef\u00bb\u00bf', 0xff, 0x41), 502, 'application/json'],
      'latin1-fits': [bytes('{"error":{"code":"x","message":"Caf\u00e9"}}'), 404, latin1],
    }
    const served = app(history, (app) => app.get('/raw/:kind', (c) => {
      const [body, status, type] = bodies[c.req.param('kind')] as [Uint8Array<ArrayBuffer>, number, string]
      return new Response(body, { status, headers: { 'content-type': type } })
    }))
    for (const kind of ['latin1-other', 'invalid-utf8-other', 'not-json']) {
      for (const version of ['1', '2']) {
        const answer = await ask(served, `/raw/${kind}`, version)
        expect([kind, version, answer.status, [...new Uint8Array(await answer.arrayBuffer())]]).toEqual([kind, version, bodies[kind]?.[1], [...(bodies[kind]?.[0] ?? [])]])
      }
    }
    const fits = await ask(served, '/raw/latin1-fits', '1')
    expect([fits.status, await fits.text()]).toEqual([500, 'onError: versionHistory: the 404 response of "GET /raw/:kind" (application/json) cannot be migrated to version "1": its charset is "iso-8859-1", and a migrated body is read and written as UTF-8; answer UTF-8 (the charset of JSON).'])
    expect((await ask(served, '/raw/latin1-fits', '2')).status).toBe(404)
  })

  it('still fails loudly on a success body that does not fit, where the head answers it', async () => {
    for (const kind of ['success-misfit', 'success-misfit-by-hand']) {
      const older = await ask(served, `/p?kind=${kind}`, '1')
      expect(older.status).toBe(500)
      expect(await older.text()).toMatch(/^onError: versionHistory: the 200 response of "GET \/p" cannot be migrated to version "1": the value at \$ does not fit its layout/)
      expect((await ask(served, `/p?kind=${kind}`, '2')).status).toBe(200)
    }
  })
})

describe('headerChanged values', () => {
  const downs: [string, (newer: string | null) => string | null, string][] = [
    ['crlf', (newer) => `${String(newer)}\r\nSet-Cookie: a=b`, 'its down gave a value a header cannot hold (a line break, NUL, or a character above U+00FF)'],
    ['nul', () => 'a\0b', 'its down gave a value a header cannot hold'],
    ['wide', (newer) => `${String(newer)}\u0100`, 'its down gave a value a header cannot hold'],
    ['number', () => 5 as unknown as string, 'its down gave a number (return a string, or null to leave the header out)'],
    ['missing', () => undefined as unknown as string, 'its down gave undefined'],
    [
      'throws',
      () => {
        throw new Error('no link')
      },
      'its down threw: no link',
    ],
  ]
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [change('Links', [...downs.map(([name, down]) => headerChanged(`GET /${name}`, { header: 'X-Link', down })), headerChanged('GET /fine', { header: 'X-Link', down: (newer) => `<${String(newer)}>; rel="next"` })])] }],
  })
  const served = app(history, (app) => {
    for (const [name] of [...downs, ['fine']]) {
      app.get(`/${name}`, (c) => {
        c.header('X-Link', 'x')
        return c.json({})
      })
    }
  })

  it('is a clear error naming the route, the version and the header, never the value', async () => {
    for (const [name, , what] of downs) {
      const older = await ask(served, `/${name}`, '1')
      expect(older.status).toBe(500)
      const sentence = await older.text()
      expect(sentence).toContain(`onError: versionHistory: the headerChanged change of header "X-Link" on "GET /${name}" for version "1": ${what}`)
      expect(sentence).not.toContain('Set-Cookie')
      const head = await ask(served, `/${name}`, '2')
      expect(head.status).toBe(200)
      expect(head.headers.get('x-link')).toBe('x')
    }
  })

  it('sets a value a header can hold', async () => {
    const older = await ask(served, '/fine', '1')
    expect(older.status).toBe(200)
    expect(older.headers.get('x-link')).toBe('<x>; rel="next"')
  })

  it('is refused, when the change is made, for a header that frames the message or its connection (Content-Length, ...), response or request, in any case', () => {
    const sentence = 'frames the message or its connection, which the server and the runtime write for the bytes they really send; no version change may rename or convert it'
    for (const header of ['Content-Length', 'transfer-encoding', 'Content-Encoding', 'Connection', 'Keep-Alive', 'Proxy-Connection', 'Upgrade', 'TE', 'Trailer']) {
      expect(() => headerChanged('GET /x', { header, down: () => null })).toThrow(`headerChanged: "${header}" ${sentence}`)
      expect(() => requestHeaderChanged('GET /x', header, { up: () => null })).toThrow(`requestHeaderChanged: "${header}" ${sentence}`)
      expect(() => requestHeaderRenamed('GET /x', { older: 'X-Length', newer: header })).toThrow(`requestHeaderRenamed: "${header}" ${sentence}`)
      expect(() => requestHeaderRenamed('GET /x', { older: header, newer: 'X-Length' })).toThrow(`requestHeaderRenamed: "${header}" ${sentence}`)
    }
    // Headers of the body's meaning stay the API's to change.
    expect(() => headerChanged('GET /x', { header: 'Content-Type', down: (newer) => newer })).not.toThrow()
  })
})

describe('statusChanged', () => {
  it('sends an older status without content (204, 205, 304) without the head body, from c.json and from a Response built by hand', async () => {
    for (const older of [204, 205, 304] as const) {
      const history = versionHistory({
        versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Deleting answers the lamp.', [statusChanged('DELETE /lamps/:id', { older, newer: 200 }), statusChanged('DELETE /built/:id', { older, newer: 200 })])] }],
        bodies: { 'DELETE /lamps/:id': { response: Lamp }, 'DELETE /built/:id': { response: Lamp } },
      })
      const served = app(history, (app) => {
        app.delete('/lamps/:id', (c) => c.json(lamp, 200, { ETag: '"lamp"' }))
        app.delete('/built/:id', () => new Response(text, { headers: { 'content-type': 'application/json', 'content-length': String(text.length), etag: '"lamp"' } }))
      })
      for (const path of ['/lamps/1', '/built/1']) {
        const res = await ask(served, path, '1', { method: 'DELETE' })
        expect([res.status, await res.text(), res.headers.get('content-type'), res.headers.get('content-length')]).toEqual([older, '', null, null])
        // A tag the handler set still names the version.
        expect(res.headers.get('etag')).toBe('"lamp@1"')
        const head = await ask(served, path, '2', { method: 'DELETE' })
        expect([head.status, await head.json()]).toEqual([200, lamp])
      }
    }
  })

  it('is refused when it is made across success and error statuses, whose bodies have different layouts', () => {
    for (const [older, newer] of [[200, 404], [404, 200], [302, 400]] as const) {
      expect(() => statusChanged('GET /lamps/:id', { older, newer })).toThrow(`statusChanged: older ${older} and newer ${newer} are`)
    }
    expect(() => statusChanged('GET /lamps/:id', { older: 422, newer: 400 })).not.toThrow()
  })
})

describe("the middleware's own rejections", () => {
  const Detail = shape<{ detail: string }>('Detail')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Errors say detail.', [fieldRenamed(Detail, { older: 'error', newer: 'detail' })])] }],
    bodies: { 'POST /p': { request: Lamp, response: Lamp } },
    errors: Detail,
  })
  const served = app(history, (app) => app.post('/p', async (c) => (c.req.query('refuse') === undefined ? c.json(await c.req.json()) : c.json({ detail: 'refused' }, 422))))
  const post = (version: string, body: string, query = '') => ask(served, `/p${query}`, version, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

  it('are in their documented format in every version, even where the error layout would fit them; the handler\'s errors are migrated', async () => {
    const refused = await post('1', '{"name":')
    expect([refused.status, await refused.json()]).toEqual([400, { detail: 'Malformed JSON in request body.' }])
    const own = await post('1', '{"name":"Lamp"}', '?refuse')
    expect([own.status, await own.json()]).toEqual([422, { error: 'refused' }])
  })
})

describe('the answer to a response that fails to finish', () => {
  const Message = shape<{ message: string }>('Message')
  const history = versionHistory({
    versions: [{ version: '1' }, { version: '2', changes: [renamed, change('Errors say message.', [fieldRenamed(Message, { older: 'detail', newer: 'message' })]), change('Links', [headerChanged('GET /p', { header: 'X-Link', down: (newer) => `old-${String(newer)}` })])] }],
    bodies: { 'GET /p': { response: Lamp } },
    errors: Message,
  })
  const served = new Hono()
  served.onError((error, c) => c.json({ message: error.message.slice(0, 13) }, 500))
  served.use('*', versionMiddleware({ scheme: scheme(), changes: history }))
  served.get('/p', () => new Response('[1]', { headers: { 'content-type': 'application/json', 'x-link': 'head' } }))

  it("is app.onError's, built after the response step failed: not migrated, with the handler's other headers as it set them (docs/version-changes.md)", async () => {
    const older = await ask(served, '/p', '1')
    expect([older.status, await older.json(), older.headers.get('x-link')]).toEqual([500, { message: 'versionHistor' }, 'head'])
  })
})
