/**
 * The client entry point in a browser bundle: bundled alone (esbuild, as a
 * frontend's bundler does), it carries only src/typed-client, the one helper that
 * quotes names in its sentences (src/quote.ts, no imports of its own) and Hono's
 * client, no route table, scheme, middleware or version changes, nothing from `node:*`;
 * the bundle runs in Chromium (@sparticuz/chromium, as the docs page's
 * browser test launches it), where a client sends its version and reports
 * its lifecycle.
 */
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
let bundle: string
let metafile: Metafile

beforeAll(async () => {
  const result = await build({
    stdin: { contents: `export { versionedClient } from './src/typed-client/index.ts'`, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    metafile: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'versionedClients',
    logLevel: 'silent',
  })
  bundle = result.outputFiles[0]?.text ?? ''
  metafile = result.metafile
}, 60_000)

describe('the client bundle', () => {
  it('carries src/typed-client and the checks of its options (quote.ts, options.ts, http/header-name.ts, schemes/hostname-pattern.ts), nothing else of src', () => {
    const sources = Object.keys(metafile.inputs).filter((file) => file.startsWith('src/'))
    // The fixed headers a client is made with are checked as header names and values, and its options as an object;
    // the host a host placement without a template makes, against HostNameVersioning's default pattern.
    expect(sources.sort()).toEqual(['src/http/header-name.ts', 'src/options.ts', 'src/quote.ts', 'src/schemes/hostname-pattern.ts', 'src/typed-client/client.ts', 'src/typed-client/index.ts', 'src/typed-client/lifecycle.ts', 'src/typed-client/placement.ts'])
  })

  it('carries Hono\'s client, not its server', () => {
    const hono = Object.keys(metafile.inputs).filter((file) => file.includes('node_modules/hono/'))
    expect(hono.some((file) => file.includes('/client/'))).toBe(true)
    expect(hono.filter((file) => /\/(hono-base|hono|router|context|compose)\.js$/.test(file))).toEqual([])
  })

  it('imports nothing from node:*', () => {
    expect(bundle).not.toMatch(/["']node:/)
  })
})

describe('the client bundle in Chromium', () => {
  let browser: Browser

  beforeAll(async () => {
    const { default: packaged } = await import('@sparticuz/chromium')
    browser = await chromium.launch({ executablePath: await packaged.executablePath(), args: packaged.args, headless: true })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
  })

  it('sends the version where the scheme says and reports the lifecycle once', async () => {
    const page = await browser.newPage()
    await page.addScriptTag({ content: bundle })
    const seen = await page.evaluate(async () => {
      const { versionedClient } = (globalThis as unknown as { versionedClients: typeof import('../../../src/typed-client/index.ts') }).versionedClients
      const requests: string[] = []
      const lifecycles: string[] = []
      const headers = { Deprecation: '@1780272000', Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT', 'Content-Type': 'application/json' }
      const api = versionedClient<never, never>('https://api.example.com', {
        scheme: { in: 'accept', mediaType: 'application/vnd.catalog.{version}+json' },
        fetch: (input, init) => {
          requests.push(`${input} ${new Headers(init.headers).get('Accept')}`)
          return new Response('{"id":1,"name":"Lamp"}', { headers })
        },
        onLifecycle: (lifecycle, version) => lifecycles.push(`${version} ${lifecycle.sunset?.toISOString()}`),
      })
      const client = (api as unknown as (version: string) => { products: Record<string, { $get(args: unknown): Promise<Response> }> })('2025-01-01')
      const first = await (await client.products[':id']?.$get({ param: { id: '1' } }))?.json()
      await client.products[':id']?.$get({ param: { id: '2' } })
      return { requests, lifecycles, first }
    })
    expect(seen).toEqual({
      requests: ['https://api.example.com/products/1 application/vnd.catalog.2025-01-01+json', 'https://api.example.com/products/2 application/vnd.catalog.2025-01-01+json'],
      lifecycles: ['2025-01-01 2027-06-01T00:00:00.000Z'],
      first: { id: 1, name: 'Lamp' },
    })
  }, 60_000)
})
