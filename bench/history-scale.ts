/**
 * `node bench/history-scale.ts`: how the work done once (at construction and
 * on a first request) grows with the number of versions of a history, in
 * this tree and, where BENCH_BASE holds another checkout's `src/` (such as
 * `git archive main src bench | tar -x -C .tmp/base`), in that one, each
 * figure the median of SCALE_ROUNDS processes of its own (nothing made
 * before, no warm code).
 *
 * Cases:
 * - `renames`: n versions, each renaming a field of one shape (a list of
 *   two of them answered): `versionHistory` and `versionMiddleware` made,
 *   then the first request of the oldest version (its body read);
 * - `realistic`: n versions, each changing one of six nested shapes (an
 *   order, its customer and address, its lines, their product and
 *   category) in turn, a rename, an added field or a converted value, three
 *   routes answering them: the same figures;
 * - `docs`: n versions of a history of three shapes (renamed and added
 *   fields), ten routes and a head document: the first build of the oldest
 *   version's document (before anything else), then, with documents made
 *   anew, `versionedOpenAPI` made, the first request of `openAPIDocs`' page
 *   and how many documents it made.
 *
 * Usage: node bench/history-scale.ts
 *        node bench/history-scale.ts side <this|base> <case> <n>   (one process: its figures as JSON)
 * Environment: BENCH_BASE [.tmp/base, used where it exists], SCALE_CASES [renames,realistic,docs],
 * SCALE_VERSIONS [50,100,200,500,1000], SCALE_DOCS_VERSIONS [20,100,500], SCALE_ROUNDS [3].
 */
import { Hono } from 'hono'
import { history, toolkit, type Api } from './history-cases.ts'
import { median } from './sides.ts'

declare const process: { argv: string[]; env: Record<string, string | undefined>; execPath: string }

type Tree = 'this' | 'base'
type Case = 'renames' | 'realistic' | 'docs'
type Figures = Record<string, number>
const args = process.argv.slice(2)
const base = (): string => process.env['BENCH_BASE'] ?? '.tmp/base'

/** The toolkit's entry points of `tree`. */
async function api(tree: Tree): Promise<Api> {
  const { pathToFileURL } = await import('node:url')
  return toolkit(tree === 'this' ? new URL('..', import.meta.url) : pathToFileURL(`${base().replace(/\/?$/, '/')}`))
}

const ms = (start: number): number => Math.round((performance.now() - start) * 10) / 10

/** One process's figures for `which` with `n` versions. */
async function side(tree: Tree, which: Case, n: number): Promise<Figures> {
  const t = await api(tree)
  if (which === 'docs') return docs(t, n)
  const { versions, bodies, body, path } = history(t, which, n)
  const names = versions.map((v) => (v as { version: string }).version)
  let start = performance.now()
  const made = t.versionHistory({ versions, bodies })
  const app = new Hono()
  app.use('*', t.versionMiddleware({ scheme: new t.HeaderVersioning({ allowedVersions: names, defaultVersion: names[names.length - 1] }), changes: made }))
  app.get(path, (c) => c.json(body))
  const construction = ms(start)
  start = performance.now()
  const res = await app.request(path, { headers: { 'Api-Version': 'v0' } })
  await res.text()
  if (res.status !== 200) throw new Error(`bench/history-scale.ts: ${tree} ${which} ${n} answered ${res.status}`)
  return { construction, 'first oldest request': ms(start) }
}

/** `docs`: the documents of `n` versions and their page. */
async function docs(t: Api, n: number): Promise<Figures> {
  const names = ['Product', 'Category', 'Order']
  const shapes = names.map((name) => t.shape(name))
  const properties: Record<string, object>[] = names.map(() => ({ id: { type: 'integer' } }))
  const versions: object[] = [{ version: 'v0' }]
  for (let k = 1; k < n; k++) {
    const i = k % 3
    const instruction = k % 2 === 0 ? t.fieldRenamed(shapes[i], { older: `o${k}`, newer: `f${k}` }) : t.fieldAdded(shapes[i], `f${k}`, { default: 0 })
    ;(properties[i] as Record<string, object>)[`f${k}`] = { type: 'integer' }
    versions.push({ version: `v${k}`, changes: [t.change(`Change ${k}.`, [instruction])] })
  }
  const definitions: unknown[] = []
  const paths: Record<string, object> = {}
  const bodies: Record<string, object> = {}
  for (let r = 0; r < 10; r++) {
    const path = r % 2 === 0 ? `/things${r}` : `/things${r}/:id`
    definitions.push(t.route(`r${r}`, path))
    bodies[`r${r}`] = { response: shapes[r % 3] }
    const parameters = r % 2 === 0 ? {} : { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }
    const content = { 'application/json': { schema: { $ref: `#/components/schemas/${names[r % 3] as string}` } } }
    paths[path.replace(':id', '{id}')] = { get: { operationId: `r${r}`, ...parameters, responses: { 200: { description: 'OK', content } } } }
  }
  const schemas = Object.fromEntries(names.map((name, i) => [name, { type: 'object', properties: properties[i] }]))
  const document = { openapi: '3.1.0', info: { title: 'Things', version: `v${n - 1}` }, paths, components: { schemas } }
  const changelog = t.versionHistory({ versions, bodies })
  const options = () => ({
    scheme: new t.HeaderVersioning({ allowedVersions: versions.map((v) => (v as { version: string }).version), defaultVersion: `v${n - 1}` }),
    routes: t.defineRoutes(definitions),
    document,
    changelog,
  })
  // The oldest document first, in a process that has made nothing else yet.
  let start = performance.now()
  t.versionedOpenAPI(options()).document('v0')
  const oldest = ms(start)
  start = performance.now()
  const documents = t.versionedOpenAPI(options())
  const construction = ms(start)
  let made = 0
  const build = documents.document.bind(documents)
  documents.document = (version: string) => {
    made++
    return build(version)
  }
  const app = new Hono()
  app.route('/docs', t.openAPIDocs(documents, { cdn: '/standalone.js' }))
  start = performance.now()
  const page = await app.request('/docs')
  await page.text()
  const first = ms(start)
  if (page.status !== 200) throw new Error(`bench/history-scale.ts: docs ${n} answered ${page.status}`)
  return { 'oldest document, first build': oldest, 'versionedOpenAPI made': construction, 'first page request': first, 'documents the page made': made }
}

async function drive(): Promise<void> {
  const { execFileSync } = await import('node:child_process')
  const { existsSync } = await import('node:fs')
  const { fileURLToPath } = await import('node:url')
  const { loadavg } = await import('node:os')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const list = (name: string, fallback: string): string[] => (process.env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
  const trees: Tree[] = existsSync(`${base().replace(/\/?$/, '/')}src/index.ts`) ? ['base', 'this'] : ['this']
  const rounds = Number(process.env['SCALE_ROUNDS'] ?? 3)
  const run = (tree: Tree, which: Case, n: number): Figures =>
    JSON.parse(execFileSync(process.execPath, ['bench/history-scale.ts', 'side', tree, which, String(n)], { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_BASE: base() } })) as Figures
  // Each figure the median of its rounds' processes.
  const one = (tree: Tree, which: Case, n: number, all: Figures[] = []): Figures => {
    for (let round = 0; round < rounds; round++) all.push(run(tree, which, n))
    return Object.fromEntries(Object.keys(all[0] as Figures).map((key) => [key, median(all.map((figures) => figures[key] as number))]))
  }
  console.log(`bench/history-scale.ts: ${trees.length === 2 ? `this tree and ${base()}` : 'this tree'}, each figure the median of ${rounds} processes of its own, ms (a count where it says so); load average at the start ${loadavg().map((l) => l.toFixed(2)).join(', ')}`)
  for (const which of list('SCALE_CASES', 'renames,realistic,docs') as Case[]) {
    const sizes = list(which === 'docs' ? 'SCALE_DOCS_VERSIONS' : 'SCALE_VERSIONS', which === 'docs' ? '20,100,500' : '50,100,200,500,1000').map(Number)
    let header = false
    for (const n of sizes) {
      const got = trees.map((tree) => one(tree, which, n))
      const keys = Object.keys(got[0] as Figures)
      if (!header) {
        console.log(`\n${which}\n\n| versions | ${trees.flatMap((tree) => keys.map((k) => `${tree}: ${k}`)).join(' | ')} |`)
        console.log(`|---:|${trees.flatMap(() => keys.map(() => '---:')).join('|')}|`)
        header = true
      }
      console.log(`| ${n.toLocaleString('en')} | ${got.flatMap((figures) => keys.map((k) => (figures[k] as number).toLocaleString('en'))).join(' | ')} |`)
    }
  }
  console.log(`\nload average at the end ${loadavg().map((l) => l.toFixed(2)).join(', ')}`)
}

if (args[0] === 'side') console.log(JSON.stringify(await side(args[1] as Tree, args[2] as Case, Number(args[3]))))
else await drive()
