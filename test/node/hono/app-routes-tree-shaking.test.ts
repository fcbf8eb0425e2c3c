/**
 * Links to an app's own routes cost nothing to a Worker that does not use
 * them: bundled and minified (esbuild, as wrangler bundles a Worker), a
 * Worker with `versionMiddleware` alone carries neither `appRoutes`,
 * `named`, the route table nor the reversal, which a Worker using
 * `versionMiddleware({ routes: appRoutes(app) })` carries.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** The sources of src/ whose code a Worker of `contents` carries, and its minified code. */
async function bundle(contents: string): Promise<{ sources: string[]; code: string }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    metafile: true,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    format: 'esm',
    logLevel: 'silent',
  })
  // What the output holds of each input (the inputs list every module reached, shaken or not).
  const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {}
  const sources = Object.entries(inputs).filter(([file, input]) => file.startsWith('src/') && input.bytesInOutput > 0).map(([file]) => file)
  return { sources, code: result.outputFiles[0]?.text ?? '' }
}

const worker = (middleware: string, handler: string) => `
import { Hono } from 'hono/tiny'
import { HeaderVersioning } from './src/index.ts'
import { appRoutes, named, versionMiddleware } from './src/hono/index.ts'
const app = new Hono()
const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
app.use('*', ${middleware})
app.get('/users/:id', ${handler})
export default app
`

let plain: { sources: string[]; code: string }
let linked: { sources: string[]; code: string }

beforeAll(async () => {
  plain = await bundle(worker('versionMiddleware({ scheme })', '(c) => c.json({ version: c.var.version })'))
  linked = await bundle(worker("versionMiddleware({ scheme, routes: appRoutes(app), origin: 'https://api.example.com' })", "named('user'), (c) => c.text(c.var.reverse('user', { params: { id: 1 } }))"))
}, 60_000)

/** The modules of the feature: its own, the reversal, and the route table's (table.ts itself gives every scheme a constant). */
const FEATURE = ['src/hono/app-routes.ts', 'src/hono/app-route-names.ts', 'src/hono/named.ts', 'src/reverse/create-reverse.ts', 'src/routes/compile.ts', 'src/routes/definitions.ts', 'src/routes/build.ts']
/** Text only the route table carries (scripts/bundle-budget.js's TABLE_MARKER). */
const TABLE = 'pass an array of route(...) and include(...) entries'

describe('links to the app\'s own routes are tree-shaken', () => {
  it('a Worker with versionMiddleware alone carries none of their modules', () => {
    expect(plain.sources.filter((file) => FEATURE.includes(file))).toEqual([])
    expect(plain.code).not.toContain('appRoutes:')
    expect(plain.code).not.toContain('named:')
    expect(plain.code).not.toContain(TABLE)
  })

  it('a Worker that uses them carries them (the check above looks for text that exists)', () => {
    expect(FEATURE.filter((file) => !linked.sources.includes(file))).toEqual([])
    expect(linked.code).toContain('appRoutes:')
    expect(linked.code).toContain('named:')
    expect(linked.code).toContain(TABLE)
  })
})
