/**
 * docs/request-validation.md as written: every ```ts block runs (a line
 * `expression // → value` asserts the value), and each curl command of the
 * page, sent to the page's app, answers exactly the text the page shows.
 * test/docs/readme.test.ts type-checks the page's blocks with every other page's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = readFileSync(`${root}docs/request-validation.md`, 'utf8')
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`the page imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}
const scratch = `${root}.tmp/docs-request-validation/`

/** A block as a module: assertions made calls, package imports pointed at the sources, its app exported. */
function toModule(block: string): string {
  const lines = block.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    return equals ? `${equals[1]}__expect(${equals[2]}).toEqual(${equals[3]})` : line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`)
  })
  return [`import { expect as __expect } from 'vitest'`, ...lines, /\bconst app = /.test(block) ? 'export { app }' : 'export {}'].join('\n')
}

describe('docs/request-validation.md', () => {
  const modules: Record<string, unknown>[] = []

  it('has examples, each of which runs as written', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    mkdirSync(scratch, { recursive: true })
    // Every block but the import line asserts something.
    expect(blocks.filter((block) => !/\/\/ → /.test(block)).map((block) => block.trim())).toEqual([
      "import { requestValidation, InvalidRequestBody, type RequestIssue } from 'hono-api-versioning/validation'",
    ])
    for (const [i, block] of blocks.entries()) {
      const file = `${scratch}example-${i + 1}.ts`
      writeFileSync(file, toModule(block))
      modules.push((await import(/* @vite-ignore */ file)) as Record<string, unknown>)
    }
  })

  it('answers each curl command with the text the page shows', async () => {
    const app = modules.find((m) => m['app'] !== undefined)?.['app'] as { request(path: string, init: RequestInit): Promise<Response> }
    expect(app).toBeDefined()
    const shell = /```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? ''
    const commands = [...shell.replace(/\\\n\s*/g, '').matchAll(/^curl -s -X (\w+) localhost:8787(\S+) (.*?)\n# (.*)$/gm)]
    expect(commands.length).toBe(3)
    for (const [, method, path, args, expected] of commands) {
      const headers = Object.fromEntries([...(args as string).matchAll(/-H '([^:]+): ([^']*)'/g)].map((h) => [h[1], h[2]]))
      const body = /-d '([^']*)'/.exec(args as string)?.[1]
      const res = await app.request(path as string, { method: method as string, headers, ...(body === undefined ? {} : { body }) })
      expect(await res.text()).toBe(expected)
    }
  })
})
