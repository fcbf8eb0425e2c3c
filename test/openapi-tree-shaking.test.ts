/**
 * Nothing of src/openapi reaches a Worker that does not import it: bundled
 * as `wrangler deploy --minify` bundles it, the Worker that uses every other
 * export (bench/bundle/everything.ts) and the one-scheme Worker
 * (bench/bundle/url-path.ts) carry none of its text, which the Worker
 * serving documents (bench/bundle/openapi.ts) does carry. That Worker, which
 * does not import the docs page, carries no Scalar either.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true' }

/** The minified bundle of a Worker entry, built by wrangler itself with a throwaway wrangler.toml. */
async function bundle(entry: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-bundle-'))
  try {
    const config = join(dir, 'wrangler.toml')
    writeFileSync(config, `name = "openapi-${basename(entry, '.ts')}"\nmain = ${JSON.stringify(join(root, entry))}\ncompatibility_date = "2026-08-15"\n`)
    const out = join(dir, 'out')
    await promisify(execFile)(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--minify', '--outdir', out, '--config', config], {
      cwd: dir,
      env,
      maxBuffer: 64 * 1024 * 1024,
    })
    const [file] = readdirSync(out).filter((name) => name.endsWith('.js'))
    return readFileSync(join(out, file as string), 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Text only src/openapi carries (plain string literals that survive minification), one per module that a Worker serving documents needs. */
const MARKERS = {
  documents: 'a head-version document, or both',
  placement: 'Send the version in any one of',
  changelog: 'the changelog lists',
  serve: 'No OpenAPI document for this version.',
  schemaChanges: 'Not described in this version',
}

let code: Record<'everything' | 'urlPath' | 'openapi', string>

beforeAll(async () => {
  const [everything, urlPath, openapi] = await Promise.all(['bench/bundle/everything.ts', 'bench/bundle/url-path.ts', 'bench/bundle/openapi.ts'].map(bundle))
  code = { everything: everything as string, urlPath: urlPath as string, openapi: openapi as string }
}, 180_000)

describe('tree shaking of hono-api-versioning/openapi', () => {
  it.each(Object.entries(MARKERS))('%s: in the Worker that serves documents, in no other', (_name, text) => {
    expect(code.openapi.includes(text), `"${text}" is not in the openapi bundle: update MARKERS`).toBe(true)
    expect(code.everything.includes(text)).toBe(false)
    expect(code.urlPath.includes(text)).toBe(false)
  })

  it('the Worker that serves documents without the docs page carries no Scalar', () => {
    expect(code.openapi).not.toMatch(/scalar/i)
    expect(code.openapi).not.toContain('createApiReference')
  })

  it('reports what the documents add to the one-scheme Worker (min+gzip bytes)', () => {
    const added = gzipSync(code.openapi).length - gzipSync(code.urlPath).length
    console.log(`openapi bundle: ${gzipSync(code.openapi).length} bytes min+gzip, ${added} over url-path`)
    expect(added).toBeGreaterThan(0)
  })
})
