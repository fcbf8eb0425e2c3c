/**
 * docs/client-versions.md as written: each ```ts block type-checks under the
 * package's strict settings, and each block with assertions runs (in a
 * block, `expression // → value` asserts that the expression equals the
 * value, and `expression // throws Name: message` that it throws), as
 * test/readme.test.ts does for the README. The Workers block is checked
 * against worker-example/cloudflare-workers.d.ts; test/e2e/client-versions.test.ts
 * runs the page's curl commands.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const page = readFileSync(`${root}docs/client-versions.md`, 'utf8')
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`docs/client-versions.md imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}

function toModule(block: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = block.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    if (equals) {
      assertions++
      return `${equals[1]}__equals(${equals[2]}, ${equals[3]})`
    }
    const throws = /^(\s*)(.+?)\s*\/\/ throws (\w+): (.+)$/.exec(line)
    if (throws) {
      assertions++
      return `${throws[1]}__throws(() => ${throws[2]}, ${JSON.stringify(throws[3])}, ${JSON.stringify(throws[4])})`
    }
    return line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`)
  })
  const code = [
    `import { expect as __expect } from 'vitest'`,
    `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`,
    `const __throws = (fn: () => unknown, name: string, message: string): void => { __expect(fn).toThrow(__expect.objectContaining({ name, message })) }`,
    ...lines,
  ]
  return { code: code.join('\n'), assertions }
}

describe('docs/client-versions.md', () => {
  it('has examples, most of them with assertions', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5)
    expect(blocks.filter((b) => toModule(b).assertions > 0).length).toBeGreaterThanOrEqual(4)
  })

  it.each(blocks.map((block, i) => [i + 1, block] as const).filter(([, block]) => toModule(block).assertions > 0))('example %i runs as written', async (n, block) => {
    const dir = `${root}.tmp/docs-client-versions/`
    mkdirSync(dir, { recursive: true })
    const file = `${dir}example-${n}.ts`
    writeFileSync(file, toModule(block).code)
    await import(/* @vite-ignore */ file)
  })

  it('every ```ts block compiles under the strict settings of the package (tsc)', () => {
    const dir = `${root}.tmp/docs-client-versions-types/`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = blocks.map((block, i) => {
      const file = `${dir}example-${i + 1}.ts`
      writeFileSync(file, `${block}\nexport {}\n`)
      return file
    })
    const paths = Object.fromEntries(Object.keys(entries).map((key) => [`hono-api-versioning${key.slice(1)}`, [sourceOf(key.slice(1))]]))
    writeFileSync(
      `${dir}tsconfig.json`,
      JSON.stringify({
        extends: `${root}tsconfig.json`,
        compilerOptions: { noEmit: true, types: ['node'], typeRoots: [`${root}node_modules/@types`], paths, noUnusedLocals: false, isolatedDeclarations: false, declaration: false },
        include: [],
        files: [...files, `${root}worker-example/cloudflare-workers.d.ts`],
      }),
    )
    const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`], { encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '')).toBe('')
    expect(result.status).toBe(0)
  }, 120_000)
})
