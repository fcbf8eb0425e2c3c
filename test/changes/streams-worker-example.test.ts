/**
 * The worker example's streamed routes (worker-example/streams.ts), in
 * process: the NDJSON export and the SSE feed, each written once for version
 * 2, and the SSE feed given as values (`history.stream`), read by a version 1
 * client in its own shape, item by item.
 *
 * Portable: Web APIs, hono and vitest only. The same routes on workerd under
 * `wrangler dev`: test/e2e/streams.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createApp } from '../../worker-example/app.ts'
import { person, streamsHistory } from '../../worker-example/streams.ts'
import { EXAMPLE_NOW_MS } from '../support/example-clock.ts'

const app = createApp({ now: () => EXAMPLE_NOW_MS })
const older = (i: number) => {
  const { fullName, ...rest } = person(i)
  return { ...rest, name: fullName }
}

describe('the worker example streams people to an older and a newer client', () => {
  it('the NDJSON export: version 1 (the default) gets name, version 2 fullName, one line per person', async () => {
    const old = await app.request('http://api.test/streams/people.ndjson?count=5')
    expect(old.status).toBe(200)
    expect(old.headers.get('content-type')).toBe('application/x-ndjson')
    const lines = (await old.text()).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([0, 1, 2, 3, 4].map(older))
    const head = await (await app.request('http://api.test/streams/people.ndjson?count=2', { headers: { 'Api-Version': '2' } })).text()
    expect(head).toBe(`${JSON.stringify(person(0))}\n${JSON.stringify(person(1))}\n`)
  })

  it.each([
    ['', 3],
    [' ', 3],
    ['0x10', 3],
    ['1e1', 3],
    ['1.0', 3],
    ['+2', 3],
    ['-1', 3],
    ['abc', 3],
    ['0', 0],
    ['00002', 2],
    ['5000', 1000],
  ])('?count=%j: %i people (a count written in digits, at most 1,000; anything else the default, 3)', async (count, people) => {
    for (const path of ['people.ndjson', 'joined']) {
      const text = await (await app.request(`http://api.test/streams/${path}?count=${encodeURIComponent(count)}`)).text()
      expect(path === 'joined' ? text.split('event: joined\n').length - 1 : text.split('\n').length - 1).toBe(people)
    }
  })

  it('the SSE feed: comment, retry, event names and ids kept; each data migrated, the spread one on one line', async () => {
    const old = await app.request('http://api.test/streams/feed', { headers: { 'Api-Version': '1' } })
    expect(old.headers.get('content-type')).toBe('text/event-stream')
    expect(await old.text()).toBe(
      ': people as they join\nretry: 5000\n\n' + [0, 1, 2].map((i) => `event: person\ndata: ${JSON.stringify(older(i))}\nid: ${i + 1}\n\n`).join(''),
    )
    const head = await (await app.request('http://api.test/streams/feed', { headers: { 'Api-Version': '2' } })).text()
    expect(head).toContain(`data: ${JSON.stringify(person(0))}\n`)
    expect(head).toContain(`data: {\ndata:   "id": 2,\n`)
  })

  it('the feed given as values: joined events with their ids and the first retry, each data in the client shape', async () => {
    const events = (shape: (i: number) => object, count: number) =>
      Array.from({ length: count }, (_, i) => `event: joined\ndata: ${JSON.stringify(shape(i))}\nid: ${i + 1}\n${i === 0 ? 'retry: 5000\n' : ''}\n`).join('')
    const old = await app.request('http://api.test/streams/joined?count=4')
    expect(old.status).toBe(200)
    expect(old.headers.get('content-type')).toBe('text/event-stream')
    expect(old.headers.get('cache-control')).toBe('no-cache')
    expect(old.headers.get('vary')).toBe('Api-Version')
    expect(await old.text()).toBe(events(older, 4))
    const head = await app.request('http://api.test/streams/joined', { headers: { 'Api-Version': '2' } })
    expect(head.headers.get('content-type')).toBe('text/event-stream')
    expect(await head.text()).toBe(events(person, 3))
  })

  it.each([
    ['missing', '', 3],
    ['not a number', '?count=many', 3],
    ['negative', '?count=-1', 3],
    ['not whole', '?count=1.5', 3],
    ['zero', '?count=0', 0],
    ['above 1,000', '?count=1000000', 1000],
  ])('the feed given as values, count %s (%j): %i events', async (_case, query, count) => {
    const res = await app.request(`http://api.test/streams/joined${query}`)
    expect(res.status).toBe(200)
    expect((await res.text()).match(/^event: joined$/gm)?.length ?? 0).toBe(count)
  })

  it('the feed given as values: a version the section does not serve gets its 404 before any item', async () => {
    const res = await app.request('http://api.test/streams/joined', { headers: { 'Api-Version': '3' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Invalid version in "Api-Version" header.' })
  })

  it('check() finds nothing to say about the example streams routes', () => {
    expect(streamsHistory.check(app)).toEqual([])
  })
})

describe('the worker example streams: what a route does not serve is answered as the section answers its errors', () => {
  it.each([
    ['POST', '/streams/people.ndjson'],
    ['PUT', '/streams/feed'],
    ['DELETE', '/streams/joined'],
    ['OPTIONS', '/streams/feed'],
  ])('%s %s: 405 with Allow: GET, HEAD, {"detail": ...} as its other errors', async (method, path) => {
    const res = await app.request(`http://api.test${path}`, { method })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('vary')).toBe('Api-Version')
    expect(await res.json()).toEqual({ detail: 'Method not allowed.' })
  })

  it('a method it does not serve, in a version the section does not serve: the version\'s 404 first, as the other sections answer it', async () => {
    const res = await app.request('http://api.test/streams/feed', { method: 'POST', headers: { 'Api-Version': '3' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Invalid version in "Api-Version" header.' })
  })

  // docs/worker-example.md: /streams' middleware reads the version on every path, so a path no route serves is refused in a version it does not serve.
  it('a path under /streams no route serves, in a version the section does not serve: the version\'s 404', async () => {
    const res = await app.request('http://api.test/streams/nope', { headers: { 'Api-Version': '3' } })
    expect([res.status, await res.json()]).toEqual([404, { detail: 'Invalid version in "Api-Version" header.' }])
  })

  it.each([['GET'], ['POST']])('%s of a path under /streams no route serves: 404 {"detail": "Not found."}', async (method) => {
    const res = await app.request('http://api.test/streams/nope', { method, headers: { 'Api-Version': '2' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ detail: 'Not found.' })
  })

  it('HEAD of a stream is still its GET', async () => {
    const res = await app.request('http://api.test/streams/feed', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream')
  })
})
