#!/usr/bin/env node
// Builds the worker example as `wrangler deploy --dry-run` bundles it (plain
// and minified) and reports the bundle's bytes, raw and gzipped.
// Usage: npm run bundle:size [-- --json]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js')
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true' }

function build(minify) {
  const outdir = mkdtempSync(join(tmpdir(), 'worker-bundle-'))
  try {
    const args = [wrangler, 'deploy', '--dry-run', '--outdir', outdir, ...(minify ? ['--minify'] : [])]
    execFileSync(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const code = readFileSync(join(outdir, 'index.js'))
    return { build: minify ? 'minified' : 'plain', bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

const results = [build(false), build(true)]
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results))
} else {
  console.log('worker-example bundle (wrangler deploy --dry-run)')
  console.log('| build | bytes | gzip bytes |')
  console.log('|---|---|---|')
  for (const r of results) console.log(`| ${r.build} | ${r.bytes} | ${r.gzipBytes} |`)
}
