/**
 * Runs every ```ts example of docs/changes.md (the README section draft on
 * version changes) as written, the way test/readme.test.ts runs README.md's:
 * `expression // → value` asserts that the expression equals the value.
 * Until the core takes `changes`, 'hono-api-versioning/hono' maps to
 * test/changes-docs-shim.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const doc = readFileSync(`${root}docs/changes.md`, 'utf8')
const examples = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const scratch = `${root}.tmp/changes-docs/`

function toModule(example: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = example.split('\n').map((line) => {
    const equals = /^(\s*)(.+?)\s*\/\/ → (.+)$/.exec(line)
    if (!equals) return line
    assertions++
    return `${equals[1]}__equals(${equals[2]}, ${equals[3]})`
  })
  const code = [
    `import { expect as __expect } from 'vitest'`,
    `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`,
    ...lines.map((line) =>
      line
        .replace(/from 'hono-api-versioning'/, `from '${root}src/index.ts'`)
        .replace(/from 'hono-api-versioning\/hono'/, `from '${root}src/hono/index.ts'`)
        .replace(/from 'hono-api-versioning\/changes'/, `from '${root}src/changes/index.ts'`),
    ),
  ]
  return { code: code.join('\n'), assertions }
}

describe('docs/changes.md examples', () => {
  it('exist, and the first takes a v1 API to v2 in under 30 lines of code', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3)
    const code = (examples[0] as string).split('\n').filter((line) => line.trim() !== '' && !line.includes('// →'))
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
