#!/usr/bin/env node
// `npm run test:clock`: the Node suites (`vitest run --project node`, with any further arguments) with the wall clock
// moved to 2030-01-01 by scripts/shifted-clock.mjs, loaded with --import through NODE_OPTIONS by its absolute URL, so
// that the child processes the suites start (esbuild, wrangler, Optic, in other directories) load it too.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const clock = pathToFileURL(join(root, 'scripts/shifted-clock.mjs')).href
const options = [process.env.NODE_OPTIONS, `--import=${clock}`].filter(Boolean).join(' ')
const run = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'node', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: options },
})
process.exit(run.status ?? 1)
