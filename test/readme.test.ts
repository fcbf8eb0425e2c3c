/**
 * Runs every ```ts example of README.md as written. In an example, a line
 * `expression // → value` asserts that the expression equals the value, and
 * `expression // throws Name: message` that it throws that error. The
 * "Version changes" section's first example must take a v1 API to v2 in
 * under 30 lines of code (issue 15).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const readme = readFileSync(`${root}README.md`, 'utf8')
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const scratch = `${root}.tmp/readme/`
/** Each entry point of the package, as its source file: `hono-api-versioning/openapi/scalar` is `src/openapi/scalar.ts`. */
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`README imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}

function toModule(example: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = example.split('\n').map((line) => {
    // A leading `;` (before a line that starts with `(`) stays in front of the assertion.
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
    return line
  })
  const code = [
    `import { expect as __expect } from 'vitest'`,
    `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`,
    `const __throws = (fn: () => unknown, name: string, message: string): void => { __expect(fn).toThrow(expect.objectContaining({ name, message })) }`,
    ...lines.map((line) =>
      line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`),
    ),
  ]
  return { code: code.join('\n').replace('expect.objectContaining', '__expect.objectContaining'), assertions }
}

describe('README examples', () => {
  it('exist', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8)
  })

  it('take a v1 API to v2 with version changes in under 30 lines of code, in three examples of their section', () => {
    const section = readme.slice(readme.indexOf('\n## Version changes\n'), readme.indexOf('\n## The worker example\n'))
    const own = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
    expect(own.length).toBeGreaterThanOrEqual(3)
    expect(own[0]).toContain("from 'hono-api-versioning/changes'")
    expect(own[0]).toContain('changes: history')
    const code = (own[0] as string).split('\n').filter((line) => line.trim() !== '' && !line.includes('// →'))
    expect(code.length).toBeLessThan(30)
  })

  it.each(examples.map((example, i) => [i + 1, example] as const))('example %i runs as written', async (n, example) => {
    const { code, assertions } = toModule(example)
    expect(assertions).toBeGreaterThan(0)
    mkdirSync(scratch, { recursive: true })
    const file = `${scratch}example-${n}.ts`
    writeFileSync(file, code)
    await import(/* @vite-ignore */ file)
  })
})

describe('README TypeScript blocks type-check as written', () => {
  it('every ```ts block compiles under the strict settings of the package (tsc)', () => {
    const dir = `${root}.tmp/readme-types/`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    // The servers of the quick start use their runtime's globals (Bun, Deno, @hono/node-server): npm run
    // test:package runs each on its runtime instead.
    const blocks = [...readme.matchAll(/```ts(?: ([\w./-]+))?\n([\s\S]*?)```/g)].filter((m) => !/\/server\.ts$/.test(m[1] ?? ''))
    const files = blocks.map((m, i) => {
      // A block naming a file (the quick start's app.ts, worker/index.ts ...) keeps its name, so its imports resolve.
      const name = m[1] ?? `example-${i + 1}.ts`
      const file = `${dir}${name}`
      mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true })
      writeFileSync(file, `${m[2] as string}\nexport {}\n`)
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
  }, 120_000)
})

describe('README entry points', () => {
  // An entry point whose page under docs/ has its own row (`| \`hono-api-versioning/x\` | values | types |`) counts too.
  const pages = readdirSync(`${root}docs`).filter((name) => name.endsWith('.md')).map((name) => readFileSync(`${root}docs/${name}`, 'utf8'))
  const table = [readme.slice(readme.indexOf('## Entry points'), readme.indexOf('## Layout')), ...pages].join('\n')
  const rows = [...table.matchAll(/^\| `(hono-api-versioning[^`]*)` \| (.*?) \| (.*?) \|$/gm)]

  it('lists every entry point of package.json', () => {
    expect(rows.map((row) => row[1]).sort()).toEqual(Object.keys(entries).map((key) => `hono-api-versioning${key.slice(1)}`).sort())
  })

  it.each(rows.map((row) => [row[1] as string, row[2] as string] as const))('%s exports exactly the values its row names', async (name, values) => {
    const documented = [...values.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]).sort()
    const module = (await import(/* @vite-ignore */ sourceOf(name.slice('hono-api-versioning'.length)))) as Record<string, unknown>
    expect(Object.keys(module).sort()).toEqual(documented)
  })
})
