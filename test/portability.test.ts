/** The library runs on Workers, Deno, Bun and Node: nothing in src/ may come from a runtime's own modules. */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('../src/', import.meta.url))
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))

describe('src/', () => {
  it('has sources', () => {
    expect(sources.length).toBeGreaterThan(10)
  })

  it.each(sources)('%s imports only relative modules and hono', (file) => {
    const text = readFileSync(srcDir + file, 'utf8')
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g), ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map(
      (m) => m[1] as string,
    )
    for (const specifier of specifiers) {
      expect(specifier.startsWith('./') || specifier.startsWith('../') || specifier === 'hono' || specifier.startsWith('hono/')).toBe(true)
    }
    expect(text).not.toMatch(/\bnode:|\bprocess\.|\bBuffer\b|\brequire\(/)
  })
})
