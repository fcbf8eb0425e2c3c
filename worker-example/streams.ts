/**
 * Streamed answers, migrated item by item: a people directory whose newest
 * version (2) says `fullName` where version 1 said `name`. Three routes,
 * each written once for version 2, under `/streams` with the version in the
 * `Api-Version` header (default 1, so a client that names none keeps the old
 * shape):
 *
 * - `GET /streams/people.ndjson?count=N`: an NDJSON export of N people
 *   (default 3, at most 1000), one line per person, written as it goes;
 * - `GET /streams/feed`: a server-sent events feed (a comment, a `retry:`,
 *   then an event per person with its `id:`, one with its data spread over
 *   lines);
 * - `GET /streams/joined?count=N`: the same people as server-sent events
 *   given as values: an async generator yields `{ event, id, data }` per
 *   person to `streamsHistory.stream`, which serialises each once (an older
 *   client's migrated first, with no parse).
 *
 * ```sh
 * curl -N http://127.0.0.1:8787/streams/people.ndjson
 * curl -N -H 'Api-Version: 2' http://127.0.0.1:8787/streams/feed
 * curl -N 'http://127.0.0.1:8787/streams/joined?count=2'
 * ```
 */
import type { Context, Hono } from 'hono'
import { stream, streamSSE } from 'hono/streaming'
import { change, fieldRenamed, shape, versionHistory } from '../src/changes/index.ts'
import { versionMiddleware } from '../src/hono/index.ts'
import { HeaderVersioning } from '../src/index.ts'
import { answerUnmatched, detailErrors } from './unmatched.ts'

/** A person as the routes write it (version 2). */
export interface PersonBody {
  readonly id: number
  readonly fullName: string
  readonly email: string
}

export const Person = shape<PersonBody>('Person')

/** Where each route's items sit: a person per line, a person per event (the documents read it too). */
export const streamsBodies = {
  'GET /streams/people.ndjson': { items: Person },
  'GET /streams/feed': { items: Person },
  'GET /streams/joined': { items: Person },
}

/** The streams' history: version 2 renamed `name` to `fullName`. */
export const streamsHistory = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('People have a full name instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: streamsBodies,
})

/** The streams' scheme: the `Api-Version` header, version 1 without one. */
export const streamsScheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '1' })

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Émile Zola', 'Katherine Johnson', 'Alan Turing']

/** The person number `i` (0-based); the address is the name's letters without accents (`emile.zola@`), a valid `format: email`. */
export function person(i: number): PersonBody {
  const name = NAMES[i % NAMES.length] as string
  const local = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]+/g, '.')
  return { id: i + 1, fullName: name, email: `${local}@example.test` }
}

/** How many people a request asks for (`?count=`): 3 unless it is written in digits (`count=`, `0x10`, `1e3`, `1.0` are not), at most 1000. */
function countOf(c: Context): number {
  const asked = c.req.query('count') ?? ''
  return /^[0-9]+$/.test(asked) ? Math.min(Number(asked), 1000) : 3
}

/** The first `count` people as they join, one `joined` event each (its id the person's), the first with the reconnection delay. */
async function* joined(count: number) {
  for (let i = 0; i < count; i++) {
    const data = person(i)
    yield { event: 'joined', id: String(data.id), data, retry: i === 0 ? 5000 : undefined }
  }
}

/**
 * Registers the streamed routes on `app`, behind their own versioning
 * middleware; what they do not serve is answered as the middleware answers
 * its errors (`{"detail": ...}`): another method 405 with `Allow: GET, HEAD`,
 * another path under /streams 404.
 */
export function streamRoutes(app: Hono): void {
  app.use('/streams/*', versionMiddleware({ scheme: streamsScheme, changes: streamsHistory }))
  app.get('/streams/people.ndjson', (c) => {
    const count = countOf(c)
    c.header('Content-Type', 'application/x-ndjson')
    return stream(c, async (s) => {
      for (let i = 0; i < count; i++) await s.write(`${JSON.stringify(person(i))}\n`)
    })
  })
  app.get('/streams/feed', (c) =>
    streamSSE(c, async (s) => {
      await s.write(': people as they join\nretry: 5000\n\n')
      await s.writeSSE({ event: 'person', id: '1', data: JSON.stringify(person(0)) })
      await s.writeSSE({ event: 'person', id: '2', data: JSON.stringify(person(1), null, 2) })
      await s.writeSSE({ event: 'person', id: '3', data: JSON.stringify(person(2)) })
    }),
  )
  app.get('/streams/joined', (c) => {
    c.header('Cache-Control', 'no-cache')
    return streamsHistory.stream(c, joined(countOf(c)), { type: 'text/event-stream' })
  })
  answerUnmatched(app, '/streams', detailErrors, { '/streams/people.ndjson': 'GET, HEAD', '/streams/feed': 'GET, HEAD', '/streams/joined': 'GET, HEAD' })
}
