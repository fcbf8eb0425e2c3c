#!/usr/bin/env node
// `npm run exports`: the public surface, counted from the built `.d.ts` files.
// Builds the declarations (tsconfig.build.json) into .tmp/exports-dist, reads
// every entry point of package.json's `exports` with TypeScript's checker,
// and compares the names each exports with the row of docs/entry-points.md
// that documents it: every backticked name in the row's "values" and "types"
// cells is one exported name. Prints a line per entry point and the total;
// exits 1 when the docs and the build disagree or the total is over the
// ceiling. `--json` prints the names instead.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The goal: at most this many exported names in all. */
export const EXPORT_GOAL = 100
/**
 * The ceiling: the goal itself, so the surface cannot grow past it unnoticed.
 * A new name needs a row in docs/entry-points.md that says why a user needs
 * it, and, at the ceiling, another name made internal.
 */
export const EXPORT_CEILING = EXPORT_GOAL

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, '.tmp/exports-dist')

/** Each entry point's exported names, from the built declarations. */
export function builtExports(): Map<string, string[]> {
  rmSync(out, { recursive: true, force: true })
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out, '--emitDeclarationOnly'], {
    cwd: root,
    stdio: 'inherit',
  })
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, { types: string }>
  }
  const files = Object.fromEntries(
    Object.entries(exports).map(([subpath, entry]) => [subpath, join(out, entry.types.replace(/^\.\/dist\//, ''))]),
  )
  const program = ts.createProgram(Object.values(files), { strict: true, noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const names = new Map<string, string[]>()
  for (const [subpath, file] of Object.entries(files)) {
    const source = program.getSourceFile(file)
    const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    if (symbol === undefined) throw new Error(`${file}: no declarations were built for ${subpath}`)
    names.set(subpath, checker.getExportsOfModule(symbol).map((s) => s.name).sort())
  }
  return names
}

/** Each entry point's documented names: the backticked identifiers of its row in docs/entry-points.md. */
export function documentedExports(): Map<string, string[]> {
  const page = readFileSync(join(root, 'docs/entry-points.md'), 'utf8')
  const names = new Map<string, string[]>()
  for (const row of page.split('\n')) {
    const cells = row.split('|').map((cell) => cell.trim())
    const entry = /^`(hono-api-versioning(?:\/[\w/-]+)?)`$/.exec(cells[1] ?? '')
    if (entry === null) continue
    const subpath = entry[1] === 'hono-api-versioning' ? '.' : `./${entry[1]!.slice('hono-api-versioning/'.length)}`
    const listed = cells.slice(2).join(' ').match(/`[A-Za-z_$][\w$]*`/g) ?? []
    names.set(subpath, [...new Set(listed.map((name) => name.slice(1, -1)))].sort())
  }
  return names
}

/** Sentences for each disagreement between the build and the docs. */
export function disagreements(built: Map<string, string[]>, documented: Map<string, string[]>): string[] {
  const problems: string[] = []
  for (const [subpath, names] of built) {
    const listed = documented.get(subpath)
    if (listed === undefined) {
      problems.push(`docs/entry-points.md has no row for ${subpath}.`)
      continue
    }
    const missing = names.filter((name) => !listed.includes(name))
    const extra = listed.filter((name) => !names.includes(name))
    if (missing.length > 0) problems.push(`${subpath} exports ${missing.join(', ')}, which docs/entry-points.md does not list.`)
    if (extra.length > 0) problems.push(`docs/entry-points.md lists ${extra.join(', ')} for ${subpath}, which it does not export.`)
  }
  for (const subpath of documented.keys()) {
    if (!built.has(subpath)) problems.push(`docs/entry-points.md has a row for ${subpath}, which package.json does not export.`)
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = builtExports()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(built), null, 2))
  } else {
    let total = 0
    for (const [subpath, names] of built) {
      total += names.length
      console.log(`${subpath.padEnd(20)} ${String(names.length).padStart(3)}`)
    }
    console.log(`${'total'.padEnd(20)} ${String(total).padStart(3)} (goal ${EXPORT_GOAL}: ${total <= EXPORT_GOAL ? 'met' : 'missed'}; ceiling ${EXPORT_CEILING})`)
    const problems = disagreements(built, documentedExports())
    if (total > EXPORT_CEILING) problems.push(`The package exports ${total} names, over the ceiling of ${EXPORT_CEILING}: export only what users need.`)
    for (const problem of problems) console.log(`- ${problem}`)
    process.exitCode = problems.length === 0 ? 0 : 1
  }
}
