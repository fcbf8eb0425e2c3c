/**
 * `functionOf` (src/changes/code-from-strings.ts), the one place code is
 * made from strings: what it keeps stays bounded, and a runtime that
 * refuses with another error than `EvalError` (Hardened JavaScript's
 * locked-down `Function` throws a `TypeError`) gets the interpreter, while a
 * fault in a source is never hidden. Node only: each case takes a fresh
 * module (the module keeps what it made, and whether the runtime refused).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

type FunctionOf = typeof import('../../../src/changes/code-from-strings.ts').functionOf

let functionOf: FunctionOf
const Original = globalThis.Function

beforeEach(async () => {
  vi.resetModules()
  ;({ functionOf } = await import('../../../src/changes/code-from-strings.ts'))
})

afterEach(() => {
  globalThis.Function = Original
})

it('makes a source once, and interprets sources beyond the first 4096', () => {
  const first = functionOf<() => number>([], 'return 0')
  expect(first?.()).toBe(0)
  expect(functionOf([], 'return 0')).toBe(first)
  for (let i = 1; i < 4096; i++) expect(functionOf<() => number>([], `return ${i}`)?.()).toBe(i)
  expect(functionOf([], 'return 4096')).toBeNull()
  // What was made is still found.
  expect(functionOf<() => number>([], 'return 17')?.()).toBe(17)
})

it('interprets from then on where the Function constructor is locked down (a TypeError, not an EvalError)', () => {
  globalThis.Function = function locked() {
    throw new TypeError('Function constructor is disabled')
  } as unknown as FunctionConstructor
  expect(functionOf([], 'return 1')).toBeNull()
  globalThis.Function = Original
  expect(functionOf([], 'return 2')).toBeNull()
})

it("throws a source's own fault where the runtime makes functions", () => {
  expect(() => functionOf([], 'return (')).toThrow(SyntaxError)
  expect(functionOf<() => number>([], 'return 3')?.()).toBe(3)
})
