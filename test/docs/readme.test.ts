/**
 * Runs every ```ts example of README.md, CONTRIBUTING.md and docs/**\/*.md as
 * written. In an example, a line `expression // → value` asserts that the
 * expression equals the value, and `expression // throws Name: message` that
 * it throws that error. Blocks that name a file (```ts app.ts) or only
 * import are type-checked, not run. The version-changes page's first example
 * must take a v1 API to v2 in under 30 lines of code; the README stays a
 * five-minute read (at most 12 KB), and its quick start passes its own check.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The pages whose code blocks are checked, relative to the root: README.md, CONTRIBUTING.md, then docs/ in order. */
const pages = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')]
const text = (page: string): string => readFileSync(join(root, page), 'utf8')
const readme = text('README.md')

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? markdownUnder(`${dir}/${entry.name}`) : entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : []))
    .sort()
}

/** Every ```ts block of a page, with the file it names, if any. */
function blocks(page: string): { name: string | undefined; code: string }[] {
  return [...text(page).matchAll(/^[ \t]*```ts(?: ([\w./-]+))?\n([\s\S]*?)^[ \t]*```/gm)].map((m) => ({ name: m[1], code: m[2] as string }))
}
const importsOnly = (code: string): boolean => code.split('\n').every((line) => line.trim() === '' || /^import .* from '[^']+'$/.test(line))
/** The blocks that run as written: unnamed, and more than imports. */
const runnable = (page: string): string[] => blocks(page).filter((b) => b.name === undefined && !importsOnly(b.code)).map((b) => b.code)
const examples = pages.flatMap((page) => runnable(page).map((code, i) => [`${page} example ${i + 1}`, code, page] as const))
const scratch = `${root}.tmp/readme/`

/** Each entry point of the package, as its source file: `hono-api-versioning/openapi/scalar` is `src/openapi/scalar.ts`. */
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`An example imports hono-api-versioning${subpath}, which package.json does not export.`)
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
      line.replace(/from 'hono-api-versioning((?:\/[a-z-]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`),
    ),
  ]
  return { code: code.join('\n').replace('expect.objectContaining', '__expect.objectContaining'), assertions }
}

/**
 * Imports an example from a folder of its page's own, beside the page's blocks that name a file (```ts api.ts),
 * which it may import (`./api.ts`), with their assertions too.
 */
async function importExample(page: string, file: string, code: string): Promise<Record<string, unknown>> {
  const folder = `${scratch}${page.replace(/\.md$/, '').replace(/[^a-z0-9/]+/gi, '-')}/`
  for (const block of blocks(page)) {
    if (block.name === undefined || /\/server\.ts$/.test(block.name)) continue
    const named = `${folder}${block.name}`
    mkdirSync(named.slice(0, named.lastIndexOf('/')), { recursive: true })
    writeFileSync(named, toModule(block.code).code)
  }
  mkdirSync(folder, { recursive: true })
  writeFileSync(`${folder}${file}`, code)
  return (await import(/* @vite-ignore */ `${folder}${file}`)) as Record<string, unknown>
}

describe('examples of the README and docs/', () => {
  it('exist', () => {
    expect(examples.length).toBeGreaterThanOrEqual(25)
  })

  it('take a v1 API to v2 with version changes in under 30 lines of code, in three examples of their page', () => {
    const own = runnable('docs/version-changes.md')
    expect(own.length).toBeGreaterThanOrEqual(3)
    expect(own[0]).toContain("from 'hono-api-versioning/changes'")
    expect(own[0]).toContain('changes: history')
    const code = (own[0] as string).split('\n').filter((line) => line.trim() !== '' && !line.includes('// →'))
    expect(code.length).toBeLessThan(30)
  })

  it.each(examples)('%s runs as written', async (label, example, page) => {
    const { code, assertions } = toModule(example)
    expect(assertions).toBeGreaterThan(0)
    await importExample(page, `${label.replace(/[^a-z0-9]+/gi, '-')}.ts`, code)
  }, 60_000) // the first example to import a module pays for its transform, seconds on a loaded machine
})

describe('the README', () => {
  it('is a five-minute read: at most 12 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024)
  })

  it('links to every page of docs/', () => {
    const linked = new Set([...readme.matchAll(/\]\((docs\/[\w./-]+\.md)\)/g)].map((m) => m[1]))
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page) && page !== 'docs/entry-points.md')).toEqual([])
    expect(readme).toContain('(docs/entry-points.md)')
  })

  it("quick start: the app answers as the README says, and passes its own versioning.check()", async () => {
    const app = blocks('README.md').find((b) => b.name === 'app.ts')
    expect(app).toBeDefined()
    const module = await importExample('README.md', 'quick-start-app.ts', toModule(app?.code as string).code)
    const versioning = module['versioning'] as { check: () => readonly string[] }
    const hono = module['app'] as { request: (url: string) => Promise<Response> }
    expect(versioning.check()).toEqual([])
    const ok = await hono.request('http://127.0.0.1:3000/v2/users/7')
    expect([ok.status, await ok.text()]).toEqual([200, '{"version":"v2","self":"http://127.0.0.1:3000/v2/users/7"}'])
    const rejected = await hono.request('http://127.0.0.1:3000/v3/users/7')
    expect([rejected.status, rejected.headers.get('content-type'), await rejected.text()]).toEqual([404, 'application/json', '{"detail":"Invalid version in URL path."}'])
    const spoofed = await hono.request('http://evil.example/v2/users/7')
    expect(spoofed.status).toBe(400)
  }, 60_000)
})

describe('links between the pages', () => {
  it.each(pages)('every relative link of %s names a file that exists', (page) => {
    const missing = [...text(page).matchAll(/\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1] as string)
      .filter((target) => !existsSync(normalize(join(root, dirname(page), target))))
    expect(missing).toEqual([])
  })
})

describe('TypeScript blocks of the README and docs/ type-check as written', () => {
  it('every ```ts block compiles under the strict settings of the package (tsc)', () => {
    const dir = `${root}.tmp/readme-types/`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = pages.flatMap((page) => {
      // Each page in its own folder: a block naming a file (the quick start's app.ts, worker/index.ts ...) keeps its
      // name there, so the page's imports between blocks resolve. The servers of the quick start use their runtime's
      // globals (Bun, Deno, @hono/node-server): npm run test:package runs each on its runtime instead.
      const folder = `${dir}${page.replace(/\.md$/, '').replace(/[^a-z0-9/]+/gi, '-')}/`
      return blocks(page)
        .filter((b) => !/\/server\.ts$/.test(b.name ?? ''))
        .map((b, i) => {
          const file = `${folder}${b.name ?? `example-${i + 1}.ts`}`
          mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true })
          writeFileSync(file, `${b.code}\nexport {}\n`)
          return file
        })
    })
    const paths = {
      ...Object.fromEntries(Object.keys(entries).map((key) => [`hono-api-versioning${key.slice(1)}`, [sourceOf(key.slice(1))]])),
      // A page's `api/...` is the API a client imports types from: here, the worker example.
      'api/*': [`${root}worker-example/*.ts`],
    }
    writeFileSync(
      `${dir}tsconfig.json`,
      JSON.stringify({
        extends: `${root}tsconfig.json`,
        compilerOptions: { noEmit: true, types: ['node'], typeRoots: [`${root}node_modules/@types`], paths, noUnusedLocals: false, noPropertyAccessFromIndexSignature: false, isolatedDeclarations: false, declaration: false },
        include: [],
        // Blocks for Workers read their bindings from `cloudflare:workers`, declared as the worker example declares it.
        files: [...files, `${root}worker-example/cloudflare-workers.d.ts`],
      }),
    )
    const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${dir}tsconfig.json`], { encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '')).toBe('')
    expect(result.status).toBe(0)
  }, 180_000)
})

describe('entry points (docs/entry-points.md)', () => {
  const rows = [...text('docs/entry-points.md').matchAll(/^\| `(hono-api-versioning[^`]*)` \| (.*?) \| (.*?) \|$/gm)]

  it('lists every entry point of package.json', () => {
    expect(rows.map((row) => row[1]).sort()).toEqual(Object.keys(entries).map((key) => `hono-api-versioning${key.slice(1)}`).sort())
  })

  it.each(rows.map((row) => [row[1] as string, row[2] as string] as const))('%s exports exactly the values its row names', async (name, values) => {
    const documented = [...values.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]).sort()
    const module = (await import(/* @vite-ignore */ sourceOf(name.slice('hono-api-versioning'.length)))) as Record<string, unknown>
    expect(Object.keys(module).sort()).toEqual(documented)
  })

  // Types too: the names each entry point's built .d.ts exports are exactly those its row lists (scripts/exports.ts).
  it('the built declarations export exactly the names the table lists', () => {
    const result = spawnSync(process.execPath, [`${root}scripts/exports.ts`], { encoding: 'utf8', cwd: root })
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/^total +\d+ /m)
    expect(result.stdout).not.toMatch(/^- /m)
  }, 180_000)
})
