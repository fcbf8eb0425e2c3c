/** The library runs on Workers, Deno, Bun and Node: nothing in src/ may come from a runtime's own modules. */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('../../../src/', import.meta.url))
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
/** The optional peer dependencies an optional entry point may import, by the one file that imports each. */
const OPTIONAL_PEERS: Record<string, string> = { 'openapi/scalar.ts': '@scalar/hono-api-reference', 'contracts/validate-responses.ts': '@cfworker/json-schema', 'validation/fallback.ts': '@cfworker/json-schema' }
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { peerDependenciesMeta: Record<string, { optional?: boolean }> }

describe('src/', () => {
  it('has sources', () => {
    expect(sources.length).toBeGreaterThan(10)
  })

  it.each(Object.entries(OPTIONAL_PEERS))('%s may import %s, an optional peer dependency', (file, peer) => {
    expect(sources).toContain(file)
    expect(pkg.peerDependenciesMeta[peer]?.optional).toBe(true)
  })

  it.each(sources)('%s imports only relative modules and hono (and its optional peer, if it has one)', (file) => {
    const text = readFileSync(srcDir + file, 'utf8')
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g), ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map(
      (m) => m[1] as string,
    )
    for (const specifier of specifiers) {
      expect(specifier.startsWith('./') || specifier.startsWith('../') || specifier === 'hono' || specifier.startsWith('hono/') || specifier === OPTIONAL_PEERS[file], specifier).toBe(true)
    }
    // `node:` as a module specifier (a parameter may be called `node: unknown`).
    expect(text).not.toMatch(/['"`]node:|\bprocess\.|\bBuffer\b|\brequire\(/)
  })
})
