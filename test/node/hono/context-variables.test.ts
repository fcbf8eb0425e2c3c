/**
 * `c.var.version` is typed on every app through Hono's `ContextVariableMap`,
 * extended in src/hono/context-variables.ts, which JSR's slow-types check
 * does not see: src/hono/variables.ts reaches it by a reference directive
 * that the built `.d.ts` must keep (`preserve="true"`), or npm users lose it.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = new URL('../../../', import.meta.url)

describe('the ContextVariableMap augmentation', () => {
  it('the declaration emitted for hono/variables.ts keeps its reference to the augmentation', () => {
    const file = fileURLToPath(new URL('src/hono/variables.ts', root))
    const emitted = new Map<string, string>()
    const program = ts.createProgram([file], { declaration: true, emitDeclarationOnly: true, rewriteRelativeImportExtensions: true, allowImportingTsExtensions: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, strict: true, skipLibCheck: true, types: [], outDir: '/out', rootDir: fileURLToPath(new URL('src/', root)) })
    program.emit(undefined, (name, text) => emitted.set(name, text))
    expect(emitted.get('/out/hono/variables.d.ts')?.split('\n')[0]).toBe('/// <reference path="context-variables.d.ts" preserve="true" />')
    expect(emitted.get('/out/hono/context-variables.d.ts')).toContain("declare module 'hono'")
  }, 60_000)

  it('the augmentation is the only thing in its module, and no module of src/ declares another', () => {
    const augmentation = readFileSync(new URL('src/hono/context-variables.ts', root), 'utf8')
    expect(augmentation).toContain("declare module 'hono' {\n  interface ContextVariableMap extends VersioningVariables {}\n}")
    expect(readFileSync(new URL('src/hono/variables.ts', root), 'utf8')).not.toContain('declare module')
  })
})
