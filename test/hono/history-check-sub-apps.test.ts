/**
 * `history.check(app)` given the root app reads it as the middleware and the
 * documents do: under a sub-app mounted with `app.route('/api', sub)` that
 * registers its own `versionMiddleware`, a history names routes as that
 * sub-app registers them (`GET /items/:id`), and the handlers of those routes
 * are judged against their layouts; with the middleware at the root, such
 * short names name no route of the app. A portable suite: Node, workerd, Bun
 * and Deno.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldRenamed, pathChanged, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

const Item = shape<{ id: number; title: string }>('Item')
const history = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('Items have a title.', [fieldRenamed(Item, { older: 'name', newer: 'title' })]), change('Tags moved.', [pathChanged('GET /tags', { older: '/labels', newer: '/tags' })])] },
  ],
  bodies: { 'GET /items/:id': { response: Item }, 'GET /notes/:id': { response: Item } },
})
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** The root app: the routes in a sub-app mounted at /api (GET /notes/:id answers text), the middleware in the sub-app, at the root, or in both. */
function appWith(where: 'sub' | 'root' | 'both', onError = false): { app: Hono; sub: Hono } {
  const sub = new Hono()
  if (onError) sub.onError((_, c) => c.json({ error: 'failed' }, 500))
  if (where !== 'root') sub.use('*', versionMiddleware({ scheme, changes: history }))
  sub.get('/items/:id', (c) => c.json({ id: Number(c.req.param('id')), title: 'Kettle' }))
  sub.get('/notes/:id', (c) => c.text('a note'))
  sub.get('/tags', (c) => c.json(['tea']))
  sub.get('/labels', (c) => c.json(['tea']))
  const app = new Hono()
  if (where !== 'sub') app.use('*', versionMiddleware({ scheme, changes: history }))
  return { app: app.route('/api', sub), sub }
}

const textSentence = 'versionHistory: the handler of "GET /notes/:id" can answer plain text (c.text), which its layouts cannot migrate (older clients would get a 500); list \'text/plain\' in its unmigrated.'

describe('history.check(app) of an app that mounts a sub-app with its own versionMiddleware', () => {
  it('accepts the names the sub-app registers its routes by, and judges their handlers, as check(sub) does', () => {
    const { app, sub } = appWith('sub')
    expect(history.check(sub)).toEqual([textSentence])
    expect(history.check(app)).toEqual([textSentence])
  })

  it('reads the handlers of a sub-app with its own onError, which app.route() wraps', () => {
    const { app, sub } = appWith('sub', true)
    expect(history.check(sub)).toEqual([textSentence])
    expect(history.check(app)).toEqual([textSentence])
  })

  it("says so once through the middleware's check(app), which reads the app as the sub-app sees it", () => {
    const sub = new Hono()
    const versioning = versionMiddleware({ scheme, changes: history })
    sub.use('*', versioning)
    sub.get('/items/:id', (c) => c.json({ id: 1, title: 'Kettle' }))
    sub.get('/notes/:id', (c) => c.text('a note'))
    sub.get('/tags', (c) => c.json(['tea']))
    sub.get('/labels', (c) => c.json(['tea']))
    const app = new Hono().route('/api', sub)
    expect(versioning.check(app)).toEqual([textSentence])
  })

  it('accepts them with a middleware at the root as well, as the one in the sub-app reads them', () => {
    const { app } = appWith('both')
    expect(history.check(app)).toEqual([textSentence])
  })

  it("names an older path of a pathChanged the sub-app does not register, by the sub-app's path", () => {
    const sub = new Hono()
    sub.use('*', versionMiddleware({ scheme, changes: history }))
    sub.get('/items/:id', (c) => c.json({ id: 1, title: 'Kettle' }))
    sub.get('/notes/:id', (c) => c.json({ id: 1, title: 'Note' }))
    sub.get('/tags', (c) => c.json(['tea']))
    const app = new Hono().route('/api', sub)
    expect(history.check(app)).toEqual([
      "versionHistory: \"GET /labels\" is the path a pathChanged change gives older versions, and no route of the app serves it; register the handler at that path too (app.get('/labels', handler)), or older clients get a 404 where their version had the route.",
    ])
  })
})

describe('history.check(app) of the same app with the middleware at the root', () => {
  it("refuses the sub-app's names, which the middleware at the root does not read", () => {
    const { app } = appWith('root')
    const sentences = history.check(app)
    for (const name of ['GET /items/:id', 'GET /notes/:id', 'GET /tags']) {
      expect(sentences.some((sentence) => sentence.startsWith(`versionHistory: "${name}" names no route of the app (its routes: `))).toBe(true)
    }
    expect(sentences.some((sentence) => sentence.includes('plain text'))).toBe(false)
  })
})
