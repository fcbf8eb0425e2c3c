/**
 * The lifecycle headers read by strict parsers of their RFCs, on every kind
 * of answer, in the three app styles: `Deprecation` an RFC 9651 Date
 * (`@` and an integer of at most 15 digits, RFC 9745), `Sunset` an
 * IMF-fixdate whose day name fits its date (RFC 8594, RFC 9110 §5.6.7),
 * `Link` a list of link-values (RFC 8288 §3): a URI-reference in `<>` (RFC
 * 3986's characters alone: a link given with `|`, `{`, `^` or a bare `%`
 * goes percent-encoded), parameters after `;`, links apart by `,`, and a
 * handler's own links kept. The OpenAPI documents declare the same values.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { etag } from 'hono/etag'
import { HTTPException } from 'hono/http-exception'
import { streamText } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { apiVersioning, mountRoutes, versionMiddleware } from '../../src/hono/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const DEPRECATION = '2026-01-01T12:30:00+02:00'
const SUNSET = '2027-02-28'
const DEPRECATION_LINK = 'https://docs.example/v1|deprecated/{why}?a=b^c&d=%zz'
const SUNSET_LINK = 'https://bücher.example/sunset#v1'
const policy = () =>
  versionPolicy({ versions: { '1': { deprecation: DEPRECATION, sunset: SUNSET, deprecationLink: DEPRECATION_LINK, sunsetLink: SUNSET_LINK } }, reportVersions: true, now: () => Date.parse('2026-06-01') })
const scheme = () => new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

/** RFC 9651 §3.3.7: an sf-date, `@` and an sf-integer (at most 15 digits). */
function sfDate(value: string): number {
  const found = /^@(-?[0-9]{1,15})$/.exec(value)
  if (found === null) throw new Error(`not an sf-date: ${value}`)
  return Number(found[1])
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** RFC 9110 §5.6.7: an IMF-fixdate, its day name the date's. */
function imfFixdate(value: string): number {
  const found = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/.exec(value)
  if (found === null) throw new Error(`not an IMF-fixdate: ${value}`)
  const [, day, date, month, year, hour, minute, second] = found as unknown as string[]
  const ms = Date.UTC(Number(year), MONTHS.indexOf(month as string), Number(date), Number(hour), Number(minute), Number(second))
  const back = new Date(ms)
  if (back.getUTCDate() !== Number(date) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) throw new Error(`no such instant: ${value}`)
  if (DAYS[back.getUTCDay()] !== day) throw new Error(`wrong day name: ${value}`)
  return ms
}

/** RFC 3986's URI-reference characters (a `%` only before two hex digits). */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** RFC 8288 §3: the links of a Link field value, each its target and its parameters (names lower-cased). */
function links(value: string): { target: string; params: Record<string, string> }[] {
  const found: { target: string; params: Record<string, string> }[] = []
  let i = 0
  const ows = () => {
    while (value[i] === ' ' || value[i] === '\t') i++
  }
  for (;;) {
    ows()
    if (value[i] !== '<') throw new Error(`a link starts with "<" at ${i}: ${value}`)
    const end = value.indexOf('>', i)
    const target = value.slice(i + 1, end)
    if (end === -1 || !URI_REFERENCE.test(target)) throw new Error(`not a URI-reference: ${target}`)
    i = end + 1
    const params: Record<string, string> = {}
    for (ows(); value[i] === ';'; ows()) {
      i++
      ows()
      const name = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/.exec(value.slice(i))?.[0]
      if (name === undefined) throw new Error(`a parameter name at ${i}: ${value}`)
      i += name.length
      ows()
      if (value[i] !== '=') throw new Error(`"=" at ${i}: ${value}`)
      i++
      ows()
      let text = ''
      if (value[i] === '"') {
        for (i++; value[i] !== '"'; i++) {
          if (i >= value.length) throw new Error(`an unclosed quoted string: ${value}`)
          if (value[i] === '\\') i++
          text += value[i]
        }
        i++
      } else {
        text = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/.exec(value.slice(i))?.[0] ?? ''
        if (!TOKEN.test(text)) throw new Error(`a token at ${i}: ${value}`)
        i += text.length
      }
      params[name.toLowerCase()] = text
    }
    found.push({ target, params })
    if (i === value.length) return found
    if (value[i] !== ',') throw new Error(`"," between links at ${i}: ${value}`)
    i++
  }
}

const EXPECTED_LINKS = [
  { target: 'https://docs.example/v1%7Cdeprecated/%7Bwhy%7D?a=b%5Ec&d=%25zz', params: { rel: 'deprecation' } },
  { target: 'https://xn--bcher-kva.example/sunset#v1', params: { rel: 'sunset' } },
]

/** Every lifecycle header of a version-1 answer parsed strictly, and what it says. */
function lifecycleOf(response: Response) {
  return {
    deprecation: sfDate(response.headers.get('Deprecation') ?? ''),
    sunset: imfFixdate(response.headers.get('Sunset') ?? ''),
    links: links(response.headers.get('Link') ?? ''),
  }
}
const EXPECTED = { deprecation: Date.parse(DEPRECATION) / 1000, sunset: Date.parse(SUNSET), links: EXPECTED_LINKS }

type Style = 'plain Hono' | 'app.use + mountRoutes' | '@hono/zod-openapi'

/** The same endpoints in a style: JSON with an entity tag, a handler's 4xx, a thrown HTTPException, a stream, a handler's own Link. */
function appOf(style: Style): Hono<any, any, any> {
  const openapi = style === '@hono/zod-openapi' ? new OpenAPIHono() : null
  const app = (openapi ?? new Hono()) as unknown as Hono<any, any, any>
  app.use('*', cors({ origin: 'https://app.example' }))
  const handlers = {
    thing: (c: any) => c.json({ id: 1 }),
    refused: (c: any) => c.json({ detail: 'no' }, 422),
    thrown: () => {
      throw new HTTPException(409, { message: 'taken' })
    },
    stream: (c: any) =>
      streamText(c, async (s) => {
        await s.write('a\nb\n')
      }),
    linked: (c: any) => c.json([], 200, { Link: '<https://api.example.com/linked?page=2>; rel="next"' }),
  }
  if (style === 'app.use + mountRoutes') {
    const versioning = apiVersioning({ scheme: scheme(), policy: policy(), allowedHosts: ['api.example.com'], routes: defineRoutes(Object.keys(handlers).map((name) => route(name, `/${name}`))) })
    app.use('*', versioning)
    app.use('/thing', etag())
    mountRoutes(app, versioning, handlers)
    return app
  }
  app.use('*', versionMiddleware({ scheme: scheme(), policy: policy(), allowedHosts: ['api.example.com'] }))
  app.use('/thing', etag())
  if (openapi !== null) {
    const json = { content: { 'application/json': { schema: z.object({ id: z.number() }) } }, description: 'A thing.' }
    openapi.openapi(createRoute({ method: 'get', path: '/thing', responses: { 200: json } }), handlers.thing)
    openapi.openapi(createRoute({ method: 'get', path: '/refused', responses: { 422: { description: 'No.' } } }), handlers.refused)
    openapi.openapi(createRoute({ method: 'get', path: '/thrown', responses: { 409: { description: 'Taken.' } } }), handlers.thrown)
  } else {
    app.get('/thing', handlers.thing)
    app.get('/refused', handlers.refused)
    app.get('/thrown', handlers.thrown)
  }
  app.get('/stream', handlers.stream)
  app.get('/linked', handlers.linked)
  return app
}

const STYLES: readonly Style[] = ['plain Hono', 'app.use + mountRoutes', '@hono/zod-openapi']
const V1 = { 'Api-Version': '1' }
const ask = async (app: Hono<any, any, any>, path: string, init: RequestInit = {}): Promise<Response> => app.request(`https://api.example.com${path}`, { ...init, headers: { ...V1, ...(init.headers as Record<string, string>) } })

describe.each(STYLES)('lifecycle headers read strictly (%s)', (style) => {
  const app = appOf(style)

  it.each<[string, (app: Hono<any, any, any>) => Promise<Response>, number]>([
    ['a success', (a) => ask(a, '/thing'), 200],
    ['HEAD', (a) => ask(a, '/thing', { method: 'HEAD' }), 200],
    ['a 304', async (a) => ask(a, '/thing', { headers: { 'If-None-Match': (await ask(a, '/thing')).headers.get('ETag') as string } }), 304],
    ["a handler's 422", (a) => ask(a, '/refused'), 422],
    ['a thrown HTTPException', (a) => ask(a, '/thrown'), 409],
    ['a stream', (a) => ask(a, '/stream'), 200],
    ['a CORS request', (a) => ask(a, '/thing', { headers: { Origin: 'https://app.example' } }), 200],
  ])('%s', async (_case, send, status) => {
    const response = await send(app)
    expect(response.status).toBe(status)
    expect(lifecycleOf(response)).toEqual(EXPECTED)
  })

  it("a path no route matches (the app's 404): headers under versionMiddleware; none outside a route table (docs/odd-input.md: untouched)", async () => {
    const response = await ask(app, '/nothing')
    expect(response.status).toBe(404)
    if (style === 'app.use + mountRoutes') expect([response.headers.get('Deprecation'), response.headers.get('Sunset'), response.headers.get('Link')]).toEqual([null, null, null])
    else expect(lifecycleOf(response)).toEqual(EXPECTED)
  })

  it('a preflight is answered by cors(), registered before the versioning middleware (docs/lifecycle.md)', async () => {
    const response = await app.request('https://api.example.com/thing', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'api-version' } })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('api-version')
  })

  it("a handler's own Link is kept, ours after it, the whole one list of links", async () => {
    const response = await ask(app, '/linked')
    expect(links(response.headers.get('Link') ?? '')).toEqual([{ target: 'https://api.example.com/linked?page=2', params: { rel: 'next' } }, ...EXPECTED_LINKS])
  })

  it('a version without a lifecycle, and a version the scheme refuses, get none of them', async () => {
    for (const version of ['2', '9']) {
      const response = await app.request('https://api.example.com/thing', { headers: { 'Api-Version': version } })
      expect([response.headers.get('Deprecation'), response.headers.get('Sunset'), response.headers.get('Link')]).toEqual([null, null, null])
    }
  })
})

describe('links a URI-reference whatever is configured', () => {
  it.each([
    ['https://[::1]:8080/docs[1]', '<https://[::1]:8080/docs%5B1%5D>; rel="sunset"'],
    ['https:/docs.example//[v1]', '<https://docs.example//%5Bv1%5D>; rel="sunset"'],
    ['https://docs.example?q=a|b', '<https://docs.example/?q=a%7Cb>; rel="sunset"'],
    ['https://docs.example/sunset#v1', '<https://docs.example/sunset#v1>; rel="sunset"'],
  ])('%s', (link, sent) => {
    const value = versionPolicy({ versions: { '1': { sunset: SUNSET, sunsetLink: link } } }).describe().versions.get('1')?.headers.links[0]?.value ?? ''
    expect(value).toBe(sent)
    expect(links(value)).toHaveLength(1)
  })
})

describe('the documents declare the values the server sends', () => {
  it("version 1's header components hold the same Deprecation, Sunset and Link", async () => {
    const documents = versionedOpenAPI({
      scheme: scheme(),
      policy: policy(),
      routes: defineRoutes([route('thing', '/thing')]),
      document: { openapi: '3.1.0', info: { title: 'Things', version: '2' }, paths: { '/thing': { get: { responses: { '200': { description: 'A thing.' } } } } } } as never,
    })
    const headers = (documents.document('1') as unknown as { components: { headers: Record<string, { schema: { examples: string[] } }> } }).components.headers
    const sent = await ask(appOf('plain Hono'), '/thing')
    for (const name of ['Deprecation', 'Sunset', 'Link']) expect(headers[name]?.schema.examples).toEqual([sent.headers.get(name)])
    expect(links(headers['Link']?.schema.examples[0] ?? '')).toEqual(EXPECTED_LINKS)
  })
})
