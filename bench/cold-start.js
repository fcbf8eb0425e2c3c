// Cold start in workerd: for each Worker (bare hono/tiny, versionMiddleware with one scheme, the common table
// Worker, everything),
// bundled as `wrangler deploy --dry-run --minify` does, the time Miniflare takes until workerd is
// ready (module compilation and evaluation) and the first request after it. Medians of repeated starts.
// Usage: node bench/cold-start.js [out.json]
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'

const root = fileURLToPath(new URL('..', import.meta.url))
const STARTS = 16
const WORKERS = {
  bare: { entry: 'bench/bundle/bare.ts', path: '/items/1' },
  middleware: { entry: 'bench/bundle/version-middleware.ts', path: '/v1/items/1' },
  'url-path': { entry: 'bench/bundle/url-path.ts', path: '/v1/items/1' },
  everything: { entry: 'bench/bundle/everything.ts', path: '/path/v1/items/1' },
}
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }

function bundle(entry, dir) {
  const config = join(dir, 'wrangler.toml')
  writeFileSync(config, `name = "cold-start"\nmain = "${join(root, entry)}"\ncompatibility_date = "2026-08-15"\n`)
  const out = join(dir, 'out')
  execFileSync(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--minify', '--outdir', out, '--config', config], { env, stdio: 'ignore' })
  const file = readdirSync(out).find((f) => f.endsWith('.js'))
  return join(out, file)
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

// Under the project: Miniflare names a module by its path from the working directory, and one
// outside it (../../tmp/...) fails to start.
mkdirSync(join(root, '.tmp'), { recursive: true })
const work = mkdtempSync(join(root, '.tmp', 'cold-start-'))
const results = {}
try {
  const scripts = Object.fromEntries(Object.entries(WORKERS).map(([name, w]) => [name, bundle(w.entry, mkdtempSync(join(work, `${name}-`)))]))
  const samples = Object.fromEntries(Object.keys(WORKERS).map((name) => [name, { ready: [], firstRequest: [] }]))
  // Interleaved: each round starts every Worker once, the order rotated from round to round, so that each Worker starts
  // in each place of a round as often (a start right after another Worker's shutdown, or first, is not the same).
  const names = Object.keys(WORKERS)
  for (let round = 0; round < STARTS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]
      const started = performance.now()
      const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, scriptPath: scripts[name], compatibilityDate: '2026-08-15' }))
      await mf.ready
      const ready = performance.now()
      const res = await mf.dispatchFetch(`http://localhost${WORKERS[name].path}`)
      await res.text()
      const first = performance.now()
      await mf.dispose()
      if (res.status !== 200) throw new Error(`${name}: first request answered ${res.status}`)
      samples[name].ready.push(ready - started)
      samples[name].firstRequest.push(first - ready)
    }
  }
  for (const [name, s] of Object.entries(samples)) {
    // Per start, in the order of the rounds: each Worker's time over bare's in the same round.
    results[name] = { readyMs: median(s.ready), firstRequestMs: median(s.firstRequest), starts: STARTS, ready: s.ready, firstRequest: s.firstRequest }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
const text = JSON.stringify(results, null, 2)
if (process.argv[2]) writeFileSync(process.argv[2], text)
else console.log(text)
