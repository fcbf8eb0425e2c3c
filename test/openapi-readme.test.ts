/**
 * Runs every ```ts example of docs/openapi.md (the README section on OpenAPI
 * documents) as written, as test/readme.test.ts runs README.md's: a line
 * `expression // → value` asserts that the expression equals the value.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const examples = [...readFileSync(`${root}docs/openapi.md`, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const scratch = `${root}.tmp/openapi-readme/`

/** The package's entry points, as the examples import them, to their sources. */
const ENTRIES: [string, string][] = [
  ["'hono-api-versioning/openapi/scalar'", `'${root}src/openapi/scalar.ts'`],
  ["'hono-api-versioning/openapi'", `'${root}src/openapi/index.ts'`],
  ["'hono-api-versioning/hono'", `'${root}src/hono/index.ts'`],
  ["'hono-api-versioning'", `'${root}src/index.ts'`],
]

function toModule(example: string): { code: string; assertions: number } {
  let assertions = 0
  const lines = example.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    if (equals) {
      assertions++
      return `${equals[1]}__equals(${equals[2]}, ${equals[3]})`
    }
    return ENTRIES.reduce((text, [from, to]) => text.replace(`from ${from}`, `from ${to}`), line)
  })
  return { code: [`import { expect as __expect } from 'vitest'`, `const __equals = (actual: unknown, expected: unknown): void => { __expect(actual).toEqual(expected) }`, ...lines].join('\n'), assertions }
}

describe('docs/openapi.md examples', () => {
  it('exist', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4)
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
