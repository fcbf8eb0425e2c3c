/**
 * Where the runtime refuses code made from strings, shapes' walks are the
 * interpreter's, and every exchange gives what it gives where walks are
 * generated functions: responses migrated down, bodies migrated up, a
 * converter's failure, `history.migrate`. Node and Bun with
 * `--disallow-code-generation-from-strings` refuse it always; workerd
 * allows it while a Worker's global scope runs and refuses it during a
 * request.
 *
 * Node only: runs test/support/code-generation-app.ts in a child Node and Bun, and
 * bundled (esbuild) in workerd, served by its own binary.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const EVAL_ERROR = 'EvalError: Code generation from strings disallowed for this context'

function run(flags: readonly string[], runtime: 'node' | 'bun' = 'node'): Record<string, unknown> {
  const result = spawnSync(`${root}node_modules/.bin/${runtime}`, [...flags, `${root}test/support/code-generation-print.ts`], { cwd: root, encoding: 'utf8', timeout: 60_000 })
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as Record<string, unknown>
}

const generating = run([])
const { evaluates: _a, generated: _b, ...exchanges } = generating

it('runs the interpreter under --disallow-code-generation-from-strings, with the same exchanges', () => {
  const refused = run(['--disallow-code-generation-from-strings'])
  expect([generating['evaluates'], generating['generated']]).toEqual([true, true])
  expect([refused['evaluates'], refused['generated']]).toEqual([EVAL_ERROR, false])
  const { evaluates: _c, generated: _d, ...same } = refused
  expect(same).toEqual(exchanges)
  expect(exchanges['get']).toBe('200 {"items":[{"id":1,"price":"10.00","status":"active","category":{"slug":"c","name":"C"},"sku":"SKU-1","name":"P1"},{"id":2,"price":"19.99","status":"active","category":{"slug":"c","name":"C"},"sku":"SKU-2","name":"P2"}]}')
  expect(exchanges['failure']).toBe(
    '500 Error: versionHistory: the 200 response of "GET /products" cannot be migrated to version "v1": at $.items[1].price, the field.changed converter of shape Product threw: a negative price.',
  )
})

it('runs the interpreter in Bun under --disallow-code-generation-from-strings, with the same exchanges', () => {
  const allowed = run([], 'bun')
  const refused = run(['--disallow-code-generation-from-strings'], 'bun')
  expect([allowed['evaluates'], allowed['generated']]).toEqual([true, true])
  expect(refused['evaluates']).toMatch(/^EvalError: /)
  expect(refused['generated']).toBe(false)
  const { evaluates: _c, generated: _d, ...same } = refused
  const { evaluates: _e, generated: _f, ...bun } = allowed
  expect(same).toEqual(exchanges)
  expect(bun).toEqual(exchanges)
})

const workerd: { kill(): void }[] = []
afterAll(() => workerd.forEach((child) => child.kill()))

it('generates walks in a Worker while its global scope runs, interprets those made during a request, with the same exchanges', async () => {
  const dir = `${root}.tmp/code-generation-worker/`
  mkdirSync(dir, { recursive: true })
  await build({ entryPoints: [`${root}test/support/code-generation-worker.ts`], bundle: true, format: 'esm', platform: 'neutral', outfile: `${dir}worker.js`, logLevel: 'silent' })
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
  writeFileSync(
    `${dir}config.capnp`,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (modules = [ (name = "worker.js", esModule = embed "worker.js") ], compatibilityDate = "2025-09-01");
`,
  )
  const child = spawn(`${root}node_modules/.bin/workerd`, ['serve', `${dir}config.capnp`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  workerd.push(child)
  let printed = ''
  child.stderr.on('data', (chunk: Buffer) => void (printed += chunk.toString()))
  // Until workerd listens (a refused connection); then its one answer.
  let response: Response | undefined
  for (let attempt = 0; attempt < 100 && response === undefined; attempt++) {
    response = await fetch(`http://127.0.0.1:${port}/`).catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 100)))
  }
  const text = (await response?.text()) ?? ''
  expect(response?.status, `${text}\n${printed}`).toBe(200)
  const body = JSON.parse(text) as Record<string, Record<string, unknown>>
  expect(body['startup']).toEqual({ evaluates: true, generated: true })
  expect(body['request']).toEqual({ evaluates: EVAL_ERROR, generated: false })
  expect(body['exchanges']).toEqual(exchanges)
}, 30_000)
