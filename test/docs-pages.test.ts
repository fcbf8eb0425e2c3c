/**
 * The feature pages under docs/ that this test lists, checked as README.md's
 * examples are (test/readme.test.ts): every ```ts block type-checks under
 * the package's strict settings; every block with an assertion
 * (`expression // → value`) runs, its assertions checked. A block named
 * after a file (```ts api.ts) keeps that name, so the page's other blocks
 * import it. Each page's entry point table names exactly what its entry
 * point exports.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const PAGES = ['docs/contracts.md']

const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`A page imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}

interface Block {
  /** The block's file name (`api.ts`, `example-3.ts`). */
  readonly name: string
  /** The block as written. */
  readonly source: string
  /** The block as a module that runs. */
  readonly code: string
  readonly assertions: number
}

/** A block as a module: imports of the package point at its sources; `// →` lines assert. */
function toModule(code: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = code.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    if (equals === null) return line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`)
    assertions++
    return `${equals[1]}__equals(${equals[2]}, ${equals[3]})`
  })
  const prelude = assertions === 0 ? [] : [`import { expect as __expect } from 'vitest'`, `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`]
  return { code: [...prelude, ...lines, 'export {}', ''].join('\n'), assertions }
}

function blocksOf(page: string): Block[] {
  const text = readFileSync(`${root}${page}`, 'utf8')
  return [...text.matchAll(/```ts(?: ([\w./-]+))?\n([\s\S]*?)```/g)].map((m, i) => ({ name: m[1] ?? `example-${i + 1}.ts`, source: m[2] as string, ...toModule(m[2] as string) }))
}

/** Writes `text` at `file`, making its folder. */
function write(file: string, text: string): string {
  mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true })
  writeFileSync(file, text)
  return file
}

describe.each(PAGES)('%s', (page) => {
  const dir = `${root}.tmp/docs/${page.replace(/\W/g, '-')}/`
  rmSync(dir, { recursive: true, force: true })
  const blocks = blocksOf(page)
  for (const block of blocks) write(`${dir}run/${block.name}`, block.code)

  it('has runnable examples', () => {
    expect(blocks.filter((b) => b.assertions > 0).length).toBeGreaterThanOrEqual(3)
  })

  it.each(blocks.filter((b) => b.assertions > 0).map((b) => b.name))('%s runs as written', async (name) => {
    await import(/* @vite-ignore */ `${dir}run/${name}`)
  })

  it('every ```ts block type-checks under the strict settings of the package (tsc)', () => {
    // As written: the package's imports resolve to its sources through `paths`.
    const files = blocks.map((b) => write(`${dir}types/${b.name}`, `${b.source}\nexport {}\n`))
    const paths = Object.fromEntries(Object.keys(entries).map((key) => [`hono-api-versioning${key.slice(1)}`, [sourceOf(key.slice(1))]]))
    writeFileSync(
      `${dir}types/tsconfig.json`,
      JSON.stringify({
        extends: `${root}tsconfig.json`,
        compilerOptions: { noEmit: true, types: ['node'], typeRoots: [`${root}node_modules/@types`], paths, noUnusedLocals: false, noPropertyAccessFromIndexSignature: false, isolatedDeclarations: false, declaration: false },
        include: [],
        files,
      }),
    )
    const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}types/tsconfig.json`], { encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '')).toBe('')
    expect(result.status).toBe(0)
  }, 120_000)

  it('its entry point table names exactly what the entry point exports', async () => {
    const rows = [...readFileSync(`${root}${page}`, 'utf8').matchAll(/^\| `(hono-api-versioning[^`]*)` \| (.*?) \| (.*?) \|$/gm)]
    expect(rows.length).toBeGreaterThan(0)
    for (const [, name, values] of rows) {
      const module = (await import(/* @vite-ignore */ sourceOf((name as string).slice('hono-api-versioning'.length)))) as Record<string, unknown>
      expect(Object.keys(module).sort()).toEqual([...(values as string).matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]).sort())
    }
  })
})
