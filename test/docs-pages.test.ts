/**
 * The code blocks of the feature pages under docs/, as test/readme.test.ts
 * checks README's: every ```ts block type-checks under the package's strict
 * settings (a block naming a file, "```ts frontend.ts", keeps its name so
 * that its relative imports resolve from .tmp/docs-types/), and every
 * unnamed block runs as written, its `expression // → value` lines asserted.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const pages = readdirSync(`${root}docs`)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ page: `docs/${f}`, text: readFileSync(`${root}docs/${f}`, 'utf8') }))
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`A docs page imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}
const blocks = pages.flatMap(({ page, text }) => [...text.matchAll(/```ts(?: ([\w./-]+))?\n([\s\S]*?)```/g)].map((m, i) => ({ page, n: i + 1, name: m[1], code: m[2] as string })))

/** A runnable block as a module: `expression // → value` lines become assertions. */
function toModule(example: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = example.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    if (equals === null) return line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`)
    assertions++
    return `${equals[1]}__equals(${equals[2]}, ${equals[3]})`
  })
  return { code: [`import { expect as __expect } from 'vitest'`, `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`, ...lines].join('\n'), assertions }
}

describe('docs pages: examples run as written', () => {
  const runnable = blocks.filter((b) => b.name === undefined)
  it('the pages have runnable examples', () => {
    expect(runnable.length).toBeGreaterThan(0)
  })

  it.each(runnable.map((b) => [`${b.page} block ${b.n}`, b] as const))('%s', async (_, block) => {
    const { code, assertions } = toModule(block.code)
    expect(assertions).toBeGreaterThan(0)
    const dir = `${root}.tmp/docs-run/`
    mkdirSync(dir, { recursive: true })
    const file = `${dir}${block.page.replace(/\W+/g, '-')}-${block.n}.ts`
    writeFileSync(file, code)
    await import(/* @vite-ignore */ file)
  })
})

describe('docs pages: TypeScript blocks type-check as written', () => {
  it('every ```ts block compiles under the strict settings of the package (tsc)', () => {
    const dir = `${root}.tmp/docs-types/`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = blocks.map((b) => {
      const file = `${dir}${b.name ?? `${b.page.replace(/\W+/g, '-')}-${b.n}.ts`}`
      mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true })
      writeFileSync(file, `${b.code}\nexport {}\n`)
      return file
    })
    const paths = Object.fromEntries(Object.keys(entries).map((key) => [`hono-api-versioning${key.slice(1)}`, [sourceOf(key.slice(1))]]))
    writeFileSync(
      `${dir}tsconfig.json`,
      JSON.stringify({
        extends: `${root}tsconfig.json`,
        compilerOptions: { noEmit: true, types: ['node'], typeRoots: [`${root}node_modules/@types`], paths, noUnusedLocals: false, noPropertyAccessFromIndexSignature: false, isolatedDeclarations: false, declaration: false },
        include: [],
        files,
      }),
    )
    const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`], { encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '')).toBe('')
    expect(result.status).toBe(0)
  }, 180_000)
})
