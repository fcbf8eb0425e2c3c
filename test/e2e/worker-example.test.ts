/**
 * End to end: starts the worker example the way users do (`wrangler dev`, on
 * workerd), on a free loopback port, and talks real HTTP to it. Checks, per
 * scheme, the version chosen, the 404/406 bodies, the absolute links in
 * bodies and `Vary`. Stops the server by itself. The server's version policy
 * runs on the tests' fixed clock (`--var NOW:...`, read by
 * worker-example/index.ts), so a sunset passing changes none of its answers.
 */
import { execFileSync } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { curlCommand } from './curl-commands.ts'
import { startWranglerDev, type WranglerDev } from './wrangler-dev.ts'
import { EXAMPLE_NOW } from '../support/example-clock.ts'
import { DEMO_SECRET } from '../../worker-example/app.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let dev: WranglerDev | undefined
let origin = ''


interface Reply {
  readonly status: number
  readonly statusMessage: string
  readonly headers: Record<string, string | string[] | undefined>
  readonly text: string
  /** The parsed JSON body (`undefined` when the body is not JSON, as the changelog's Markdown). */
  readonly body: unknown
}

function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers, timeout: 10_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        let body: unknown
        try {
          body = JSON.parse(text) as unknown
        } catch {
          body = undefined
        }
        resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, text, body })
      })
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: GET ${path}`)))
    req.on('error', reject)
    req.end()
  })
}

/** A request with a body (POST, PUT). */
function send(method: string, path: string, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, timeout: 10_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', headers: res.headers, text, body: undefined }))
    })
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${path}`)))
    req.on('error', reject)
    req.end(body)
  })
}

beforeAll(async () => {
  dev = await startWranglerDev(['--var', `NOW:${EXAMPLE_NOW}`])
  origin = dev.origin
}, 100_000)

afterAll(async () => {
  await dev?.stop()
}, 20_000)

describe('the worker example on wrangler dev', () => {
  it('answers the index with a link per scheme', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      accept: `${origin}/accept/products`,
      path: `${origin}/path/v1/products`,
      namespace: `${origin}/ns/v1/products`,
      host: `${origin}/host/products`,
      query: `${origin}/query/products`,
      releases: `${origin}/releases/products`,
      semver: `${origin}/semver/products`,
    })
  })

  it.each<[string, string, Record<string, string>, string]>([
    ['accept header', '/accept/products/1', { Accept: 'application/json; version=v2' }, '/accept'],
    ['url path', '/path/v2/products/1', {}, '/path/v2'],
    ['namespace', '/ns/v2/products/1', {}, '/ns/v2'],
    ['query parameter', '/query/products/1?version=v2', {}, '/query'],
  ])('%s: v2 shape with absolute links carrying v2', async (scheme, path, headers, prefix) => {
    const res = await get(path, headers)
    const suffix = scheme === 'query parameter' ? '?version=v2' : ''
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id: 1,
      title: 'Sencha',
      price: { amount: 1250, currency: 'EUR' },
      category: { name: 'Tea', url: `${origin}${prefix}/categories/tea${suffix}` },
      links: { self: `${origin}${prefix}/products/1${suffix}` },
    })
  })

  it.each<[string, string, Record<string, string>, string, string]>([
    ['accept header (default)', '/accept/categories/tea', {}, '/accept', ''],
    ['url path', '/path/v1/categories/tea', {}, '/path/v1', ''],
    ['namespace', '/ns/v1/categories/tea', {}, '/ns/v1', ''],
    // The default version is a version: reversal carries it.
    ['query parameter (default)', '/query/categories/tea', {}, '/query', '?version=v1'],
  ])('%s: v1 shape with absolute links', async (_scheme, path, headers, prefix, suffix) => {
    const res = await get(path, headers)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      slug: 'tea',
      name: 'Tea',
      url: `${origin}${prefix}/categories/tea${suffix}`,
      products: [`${origin}${prefix}/products/1${suffix}`, `${origin}${prefix}/products/2${suffix}`],
    })
  })

  it('host name: the version comes from the Host header and links keep that host', async () => {
    const v2 = await get('/host/products/3', { Host: 'v2.catalog.test' })
    expect(v2.status).toBe(200)
    expect(v2.body).toMatchObject({ title: 'Espresso beans', links: { self: 'http://v2.catalog.test/host/products/3' } })
    const plain = await get('/host/products/3')
    expect(plain.body).toMatchObject({ name: 'Espresso beans', url: `${origin}/host/products/3` })
  })

  it.each<[string, string, Record<string, string>, number, string]>([
    ['accept header, version not allowed', '/accept/products', { Accept: 'application/json; version=v3' }, 406, 'Invalid version in "Accept" header.'],
    ['accept header, nothing acceptable', '/accept/products', { Accept: 'text/html' }, 406, 'Could not satisfy the request Accept header.'],
    ['url path', '/path/v3/products', {}, 404, 'Invalid version in URL path.'],
    ['namespace', '/ns/v3/products', {}, 404, 'Invalid version in URL path. Does not match any version namespace.'],
    ['host name', '/host/products', { Host: 'v3.catalog.test' }, 404, 'Invalid version in hostname.'],
    ['query parameter', '/query/products?version=v3', {}, 404, 'Invalid version in query parameter.'],
  ])('%s: %i with the fixed detail', async (_case, path, headers, status, detail) => {
    const res = await get(path, headers)
    expect(res.status).toBe(status)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.body).toEqual({ detail })
  })

  it('Vary: Accept on the Accept scheme, success and error alike, and on no other', async () => {
    expect((await get('/accept/products', { Accept: 'application/json; version=v2' })).headers['vary']).toBe('Accept')
    expect((await get('/accept/products', { Accept: 'application/json; version=v9' })).headers['vary']).toBe('Accept')
    expect((await get('/query/products?version=v2')).headers['vary']).toBeUndefined()
    expect((await get('/path/v2/products')).headers['vary']).toBeUndefined()
    expect((await get('/ns/v2/products')).headers['vary']).toBeUndefined()
    expect((await get('/host/products', { Host: 'v2.catalog.test' })).headers['vary']).toBeUndefined()
  })
})

/** The `$ curl` commands of docs/worker-example.md, with the lines each prints (blank ones kept inside). */
function readmeCurls(): { command: string; output: string[] }[] {
  const section = readFileSync(`${root}docs/worker-example.md`, 'utf8')
  const block = /```console\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  const commands: { command: string; output: string[] }[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('$ ')) commands.push({ command: line.slice(2), output: [] })
    else commands.at(-1)?.output.push(line)
  }
  for (const command of commands) {
    while (command.output.at(-1) === '') command.output.pop()
  }
  return commands
}

describe('the curl commands of docs/worker-example.md print what it shows', () => {
  const curls = readmeCurls()

  it('are there, one or more per scheme', () => {
    expect(curls.length).toBeGreaterThanOrEqual(11)
    for (const prefix of ['/accept/', '/path/', '/ns/', '/host/', '/query/', '/releases/', '/semver/']) {
      expect(curls.some((c) => c.command.includes(prefix))).toBe(true)
    }
  })

  it.each(curls.map((c) => [c.command, c] as const))('$ %s', async (_command, { command, output }) => {
    const { program, url, headers, headersOnly } = curlCommand(command)
    expect(program).toBe('curl')
    expect(url.startsWith('http://127.0.0.1:8787/')).toBe(true)
    const res = await get(url.slice('http://127.0.0.1:8787'.length), headers)
    const local = (text: string): string => text.replaceAll('http://127.0.0.1:8787', origin)
    if (headersOnly) {
      expect(`HTTP/1.1 ${res.status} ${res.statusMessage}`).toBe(output[0])
      for (const line of output.slice(1)) {
        const [name, ...value] = line.split(':')
        expect(res.headers[(name as string).toLowerCase()]).toBe(value.join(':').trim())
      }
    } else {
      // A body that ends in a newline (the changelog's Markdown) prints its lines; a JSON body is one line.
      expect(output.length).toBeGreaterThan(0)
      expect(res.text.replace(/\n$/, '')).toBe(local(output.join('\n')))
    }
  })
})

describe('docs/request-validation.md: the curl commands of its worker example section print what it shows', () => {
  const page = readFileSync(`${root}docs/request-validation.md`, 'utf8')
  const block = /```console\n([\s\S]*?)```/.exec(page.slice(page.indexOf('## In the worker example')))?.[1] ?? ''
  const lines = block.split('\n').filter((line) => line !== '')
  const pairs = lines.flatMap((line, i) => (line.startsWith('$ ') ? [[line.slice(2), lines[i + 1] ?? ''] as const] : []))

  it('has a POST and a PUT, from an older and the newest client', () => {
    expect(pairs.length).toBe(4)
    expect(pairs.map(([command]) => /-X (\w+)/.exec(command)?.[1])).toEqual(['POST', 'POST', 'POST', 'PUT'])
  })

  it.each(pairs)('$ %s', async (command, output) => {
    const { method, url, headers, data: body = '' } = curlCommand(command)
    expect(url.startsWith('http://127.0.0.1:8787/')).toBe(true)
    const res = await send(method, url.slice('http://127.0.0.1:8787'.length), headers, body)
    expect(res.text).toBe(output.replaceAll('http://127.0.0.1:8787', origin))
  })
})

describe('hostile requests on wrangler dev', () => {
  it('an older client\'s 2 MiB body: 413 problem details titled with the status phrase, never a 5xx', async () => {
    const res = await send('POST', '/releases/products', { 'Api-Version': '2025-01-01', 'Content-Type': 'application/json' }, `"${'a'.repeat(2 * 1024 * 1024)}"`)
    expect(res.status).toBe(413)
    expect(res.headers['content-type']).toBe('application/problem+json')
    expect(JSON.parse(res.text)).toEqual({ type: 'https://catalog.test/problems/body-too-large', title: 'Content Too Large', status: 413, detail: 'The request body is too large.', code: 'BodyTooLarge' })
  })
})

describe('what no route serves, on wrangler dev', () => {
  it('a method a /streams route does not serve: 405 with Allow, {"detail": ...} as the section\'s other errors', async () => {
    const res = await send('POST', '/streams/feed', {}, '')
    expect(res.status).toBe(405)
    expect(res.headers['allow']).toBe('GET, HEAD')
    expect(res.headers['content-type']).toBe('application/json')
    expect(JSON.parse(res.text)).toEqual({ detail: 'Method not allowed.' })
  })

  it('a path under /semver no route serves: 404 {"detail": "Not found."}, not Hono\'s plain text', async () => {
    const res = await get('/semver/nope')
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.body).toEqual({ detail: 'Not found.' })
  })
})

describe('credentials on wrangler dev', () => {
  it('wrangler\'s console never shows the API keys or the pin secret (.dev.vars, read as secrets), requests with them included', async () => {
    for (const key of ['demo-2025', 'demo-new']) expect((await get('/releases/products/1', { Authorization: `Bearer ${key}` })).status).toBe(200)
    const log = dev?.log() ?? ''
    expect(log).toContain('env.API_KEYS ("(hidden)")')
    expect(log).toContain('env.PIN_SECRET ("(hidden)")')
    for (const secret of ['demo-2025', 'demo-new', DEMO_SECRET, DEMO_SECRET.slice(0, 20)]) expect(log).not.toContain(secret)
  })
})

describe('npm run bundle:size', () => {
  it('builds the Worker with wrangler deploy --dry-run and reports its bytes', () => {
    const printed = execFileSync(process.execPath, [`${root}scripts/bundle-size.js`, '--json'], { cwd: root, encoding: 'utf8' })
    const [plain, minified] = JSON.parse(printed) as { build: string; bytes: number; gzipBytes: number }[]
    expect(plain?.build).toBe('plain')
    expect(minified?.build).toBe('minified')
    expect(minified?.bytes).toBeGreaterThan(1000)
    expect(minified?.bytes).toBeLessThan(plain?.bytes ?? 0)
    expect(minified?.gzipBytes).toBeLessThan(minified?.bytes ?? 0)
  }, 60_000)
})
