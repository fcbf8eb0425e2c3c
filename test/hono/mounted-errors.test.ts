/**
 * An error a handler of `mountRoutes` throws, with `mountRoutes` alone (no
 * `app.use(versioning)`): `app.onError`'s answer is finished as the
 * middleware finishes it, its body in the client's version (the history's
 * `errors` layout), with the policy's headers and without the JSON step's
 * mark; Hono's own error handler answers as it does (an `HTTPException`'s
 * response), finished too; a sub-app's `onError` answers its routes where it
 * is mounted; the app's default handler under a parent leaves the parent's
 * `onError` to answer, as Hono does, an answer mountRoutes cannot finish: the
 * parent's `onError` gets an `Error` that says what to fix instead.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { apiVersioning, mountRoutes } from '../../src/hono/index.ts'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'

const Problem = shape<{ message: string }>('Problem')
const history = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('Errors say message.', [fieldRenamed(Problem, { older: 'detail', newer: 'message' })])] }],
  errors: Problem,
})

function versioned() {
  return apiVersioning({
    scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }),
    routes: defineRoutes([route('thing', '/things/:id')]),
    changes: history,
    policy: versionPolicy({ versions: { '1': { deprecation: '2026-01-01' } }, now: () => Date.parse('2026-06-01') }),
    allowedHosts: ['localhost'],
  })
}

const thrown = {
  'an HTTPException': () => {
    throw new HTTPException(409, { message: 'busy' })
  },
  'an HTTPException, after an await': async () => {
    await Promise.resolve()
    throw new HTTPException(409, { message: 'busy' })
  },
}

async function read(app: Hono, version: string) {
  const res = await app.request('http://localhost/things/1', { headers: { 'api-version': version } })
  return { status: res.status, body: await res.text(), deprecation: res.headers.get('deprecation'), marked: [...res.headers.keys()].some((name) => name.startsWith('x-api-versioning')) }
}

describe('mountRoutes alone: an error a handler throws', () => {
  it.each(Object.entries(thrown))('%s answered by app.onError with c.json: migrated, with the policy headers, unmarked', async (_name, handler) => {
    const app = new Hono()
    app.onError((error, c) => c.json({ message: error.message }, error instanceof HTTPException ? error.status : 500))
    mountRoutes(app, versioned(), { thing: handler })
    expect(await read(app, '1')).toEqual({ status: 409, body: '{"detail":"busy"}', deprecation: '@1767225600', marked: false })
    expect(await read(app, '2')).toEqual({ status: 409, body: '{"message":"busy"}', deprecation: null, marked: false })
  })

  it("answered by Hono's own handler (the HTTPException's response): migrated, with the policy headers", async () => {
    const app = new Hono()
    mountRoutes(app, versioned(), {
      thing: () => {
        throw new HTTPException(409, { res: Response.json({ message: 'busy' }, { status: 409 }) })
      },
    })
    expect(await read(app, '1')).toEqual({ status: 409, body: '{"detail":"busy"}', deprecation: '@1767225600', marked: false })
    expect(await read(app, '2')).toEqual({ status: 409, body: '{"message":"busy"}', deprecation: null, marked: false })
  })

  it("a sub-app's own onError answers its routes where it is mounted, finished", async () => {
    const sub = new Hono()
    sub.onError((error, c) => c.json({ message: `sub: ${error.message}` }, 409))
    mountRoutes(sub, versioned(), { thing: thrown['an HTTPException'] })
    const parent = new Hono()
    parent.onError((_error, c) => c.json({ message: 'parent' }, 500))
    parent.route('/', sub)
    expect(await read(parent, '1')).toEqual({ status: 409, body: '{"detail":"sub: busy"}', deprecation: '@1767225600', marked: false })
  })

  it("with the sub-app's default handler, the parent's onError gets an Error saying what to fix, on every version, its answer unmarked", async () => {
    const sub = new Hono()
    mountRoutes(sub, versioned(), { thing: thrown['an HTTPException'] })
    const parent = new Hono()
    const seen: unknown[] = []
    parent.onError((error, c) => (seen.push(error.message, (error.cause as Error).message), c.json({ message: 'parent' }, error instanceof HTTPException ? error.status : 500)))
    parent.route('/', sub)
    const unfinishable = /^mountRoutes: a handler threw, and the app mountRoutes serves has no onError of its own, so a parent app's onError answers it/
    for (const version of ['1', '2']) {
      seen.length = 0
      expect(await read(parent, version)).toEqual({ status: 500, body: '{"message":"parent"}', deprecation: null, marked: false })
      expect(seen).toEqual([expect.stringMatching(unfinishable), 'busy'])
    }
  })

  it("check(parent) names the app mounted without an onError of its own or the middleware, and nothing once it has either", () => {
    const mounted = (own: 'none' | 'onError' | 'middleware' | 'parent middleware') => {
      const versioning = versioned()
      const sub = new Hono()
      if (own === 'onError') sub.onError((_error, c) => c.text('sub', 500))
      if (own === 'middleware') sub.use('*', versioning)
      mountRoutes(sub, versioning, { thing: (c) => c.json({}) })
      const parent = new Hono()
      if (own === 'parent middleware') parent.use('*', versioning)
      parent.route('/api', sub)
      return { sub, parent, versioning }
    }
    const unfinished = (sentences: readonly string[]) => sentences.filter((sentence) => sentence.includes('no onError of its own'))
    const { sub, parent, versioning } = mounted('none')
    expect(unfinished(versioning.check(parent))).toEqual([
      "apiVersioning: the table routes at /api/things/:id are mounted from an app with no onError of its own and without the middleware (parent.route()), so an error their handlers throw reaches this app's onError, whose answer the versioning cannot finish (that onError gets an Error saying so): give that app its own onError before mounting it, or register the middleware in it (app.use('*', versioning)).",
    ])
    expect(unfinished(versioning.check(sub))).toEqual([])
    for (const own of ['onError', 'middleware', 'parent middleware'] as const) {
      const { parent, versioning } = mounted(own)
      expect([own, unfinished(versioning.check(parent))]).toEqual([own, []])
    }
  })

  it("with no onError anywhere, Hono's default answers the parent's 500, never the HTTPException's head body unfinished", async () => {
    const sub = new Hono()
    mountRoutes(sub, versioned(), {
      thing: () => {
        throw new HTTPException(409, { res: Response.json({ message: 'busy' }, { status: 409 }) })
      },
    })
    const parent = new Hono().route('/', sub)
    const logged = console.error
    console.error = () => undefined
    try {
      for (const version of ['1', '2']) expect(await read(parent, version)).toEqual({ status: 500, body: 'Internal Server Error', deprecation: null, marked: false })
    } finally {
      console.error = logged
    }
  })

  it("an error a middleware throws after the handler answered is out of reach: onError's body as built, the finished answer's headers (docs/lifecycle.md)", async () => {
    const app = new Hono()
    app.onError((error, c) => c.json({ message: error.message }, 500))
    app.use('/things/*', async (_c, next) => {
      await next()
      throw new Error('after')
    })
    mountRoutes(app, versioned(), { thing: (c) => c.json({ message: 'fine' }) })
    expect(await read(app, '1')).toEqual({ status: 500, body: '{"message":"after"}', deprecation: '@1767225600', marked: false })
  })

  it('a thrown value that is no Error goes on as thrown, as Hono lets it', async () => {
    const app = new Hono()
    app.onError((_error, c) => c.text('caught', 500))
    mountRoutes(app, versioned(), {
      thing: () => {
        throw 'a string'
      },
    })
    let seen: unknown
    try {
      await app.request('http://localhost/things/1', { headers: { 'api-version': '1' } })
    } catch (value) {
      seen = value
    }
    expect(seen).toBe('a string')
  })
})
