/**
 * No regular expression the library builds can backtrack catastrophically:
 * every regular-expression literal in src/ (found in the TypeScript syntax
 * tree), and every pattern compiled for route tables (the worker example's,
 * and one that uses every feature of the path syntax), is checked with the
 * `recheck` ReDoS checker. And Accept parsing grows linearly with the header.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { check } from 'recheck'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { accept, host, namespace, path, query, releases, semantic } from '../../../worker-example/app.ts'
import { AcceptHeaderVersioning, defineRoutes, include, route } from '../../../src/index.ts'
import { parseAccept } from '../../../src/http/accept.ts'
import type { RouteTable } from '../../../src/routes/table.ts'

const srcDir = fileURLToPath(new URL('../../../src/', import.meta.url))

/** The regular-expression literals of a source file: [source, flags]. */
function literals(file: string): [string, string][] {
  const source = ts.createSourceFile(file, readFileSync(srcDir + file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: [string, string][] = []
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source)
      const end = text.lastIndexOf('/')
      found.push([text.slice(1, end), text.slice(end + 1)])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
const sourceRegexps = files.flatMap((file) => literals(file).map(([pattern, flags]) => [`${file}: /${pattern}/${flags}`, pattern, flags] as const))

/** Every RegExp a compiled table holds: full-path matchers, param tests, format suffix matchers. */
function builtRegexps(table: RouteTable): RegExp[] {
  const out: RegExp[] = []
  for (const r of table.routes) {
    out.push(r.compiled.regexp, ...r.compiled.params.map((p) => p.test))
    if (r.format !== null) out.push(r.format.regexp, r.format.test, r.format.split)
  }
  return out
}

const everySyntax = defineRoutes([
  route('root', '/', { formats: true }),
  route('list', '/users', { formats: ['json', 'csv'] }),
  route('detail', '/users/:pk{[0-9]+}/', { formats: true }),
  route('slug', '/pages/:slug{[a-z0-9-]+}'),
  route('file', '/files/:path{.+}'),
  route('search', '/search/:q?'),
  route('code', '/codes/:code{[A-Z]{2,3}}'),
  route('either', '/:kind{(?:cat|dog)s}/:name'),
  include('/:version{v[0-9]+}', [route('item', '/items/:id{[0-9]+}', { formats: true })], { namespace: 'api' }),
])

const tables: [string, RouteTable][] = [
  ['every path feature', everySyntax as RouteTable],
  ['worker example: accept', accept.routes as RouteTable],
  ['worker example: path', path.routes as RouteTable],
  ['worker example: namespace', namespace.routes as RouteTable],
  ['worker example: host', host.routes as RouteTable],
  ['worker example: query', query.routes as RouteTable],
  ['worker example: releases', releases.routes as RouteTable],
  ['worker example: semver', semantic.routes as RouteTable],
]
const compiledRegexps = tables.flatMap(([name, table]) => builtRegexps(table).map((re) => [`${name}: ${re}`, re.source, re.flags] as const))

describe('no catastrophic backtracking (recheck)', () => {
  it('finds the regular expressions of src/', () => {
    expect(sourceRegexps.length).toBeGreaterThanOrEqual(8)
    expect(compiledRegexps.length).toBeGreaterThan(40)
  })

  it.each(sourceRegexps)('%s', async (_name, pattern, flags) => {
    const result = await check(pattern, flags)
    expect(result.status, JSON.stringify(result)).toBe('safe')
  }, 30_000)

  it.each(compiledRegexps)('%s', async (_name, pattern, flags) => {
    const result = await check(pattern, flags)
    expect(result.status, JSON.stringify(result)).toBe('safe')
  }, 30_000)

  it('flags what it must: several greedy params chained in one path compose into a vulnerable matcher (README)', async () => {
    const chained = defineRoutes([route('chained', '/:a{.+}/:b{.+}/:c{.+}/end')])
    const result = await check((chained.routes[0] as RouteTable['routes'][number]).compiled.regexp.source, '')
    expect(result.status).toBe('vulnerable')
  }, 30_000)
})

describe('Accept parsing is linear in the header', () => {
  /** The fastest of several parses and negotiations of `header`, in ms: the least disturbed by collections and load. */
  function time(header: string): number {
    const request = { url: 'http://t/', headers: { get: () => header } }
    const samples: number[] = []
    for (let i = 0; i < 7; i++) {
      const started = performance.now()
      parseAccept(header)
      try {
        // A fresh scheme each time: its memo table must not answer for it.
        new AcceptHeaderVersioning().determineVersion(request)
      } catch {
        // a 406 is an answer too
      }
      samples.push(performance.now() - started)
    }
    return Math.min(...samples)
  }

  const shapes: [string, (size: number) => string][] = [
    ['many weighted ranges', (size) => 'text/html;q=0.5, '.repeat(Math.ceil(size / 17)).slice(0, size)],
    ['one huge quoted value', (size) => `application/json; version="${'v'.repeat(size)}"`],
    ['an unterminated quote over commas', (size) => `application/json; version="${'a,'.repeat(size / 2)}`],
  ]

  it.each(shapes)('%s: 1 MB takes at most about 10x as long as 100 KB', (_shape, make) => {
    const small = time(make(100_000))
    const large = time(make(1_000_000))
    const ratio = large / Math.max(small, 0.05)
    console.log(`Accept parsing, ${_shape}: 100 KB ${small.toFixed(2)} ms, 1 MB ${large.toFixed(2)} ms, ratio ${ratio.toFixed(1)}`)
    // Linear gives 10x; quadratic would give 100x. The margin absorbs timer and collector noise.
    expect(ratio).toBeLessThan(25)
  })
})
