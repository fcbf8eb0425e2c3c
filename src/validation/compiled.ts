/**
 * What a compiled schema is made of (compile.ts and the keyword modules):
 * the test every request asks, the explanation only a refused value gets,
 * and how a keyword module adds its own pair of them.
 */
import type { IssueSink } from './issues.ts'
import type { Equality } from './json-values.ts'
import type { Json } from '../json/object.ts'
import { quotedValue } from '../quote.ts'

/** Whether a value is valid. */
export type Test = (value: unknown) => boolean
/** Reports why a value is not valid (called only for one its test refuses), until the sink is full. */
export type Explain = (value: unknown, out: IssueSink) => void
/** A compiled schema: the test every request asks, and the explanation only a refused one gets. */
export interface Compiled {
  readonly test: Test
  readonly explain: Explain
}

/** What a keyword module is given: the schema node, its subschemas compiled, and where its keywords go. */
export interface Node {
  readonly s: Json
  /** A subschema, compiled (a keyword the closures do not know throws `Unsupported`). */
  sub(schema: unknown): Compiled
  /** A keyword's test, and what it reports when its test refuses a value. */
  keyword(test: Test, report: Explain): void
  /** The numbers of equal lists and objects that the levels of one validation of a recursive schema share; `undefined`: a fresh one per list. */
  equality(): Equality | undefined
}

/** A keyword (or value of one) the closures do not know: the schema goes to the fallback. */
export class Unsupported extends Error {}

/** A keyword whose value no validator could read (`type: "strng"`, a pattern that is no expression): construction fails with this sentence. */
export class SchemaMistake extends Error {}

export const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null

/** The `true` schema: every value is valid. */
export const ANYTHING: Compiled = { test: () => true, explain: () => {} }
/** The `false` schema: nothing is valid (a field the schema forbids). */
export const FORBIDDEN: Compiled = { test: () => false, explain: (_v, out) => out.add('extra_forbidden', 'Unknown field in this version.') }

/** One test of all of `tests` (each its own closure, so the common path calls them directly). */
export function allOf(tests: readonly Test[]): Test {
  if (tests.length === 0) return () => true
  if (tests.length === 1) return tests[0] as Test
  if (tests.length === 2) {
    const [a, b] = tests as [Test, Test]
    return (v) => a(v) && b(v)
  }
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as Test)(v)) return false
    return true
  }
}

/** A whole number of at least 0 (a count keyword's value), or a `SchemaMistake`. */
export function count(s: Json, key: string): number | undefined {
  const value = s[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new SchemaMistake(`a schema's ${key} is ${quotedValue(value)}, not a whole number of at least 0.`)
  return value
}

/** `source` as a regular expression with the `u` flag (as JSON Schema reads `pattern`), or a `SchemaMistake`. */
export function unicodePattern(source: unknown, key: string): RegExp {
  if (typeof source !== 'string') throw new SchemaMistake(`a schema's ${key} is ${quotedValue(source)}, not a regular expression in a string.`)
  try {
    return new RegExp(source, 'u')
  } catch (error) {
    throw new SchemaMistake(`a schema's ${key} ${quotedValue(source)} is not a regular expression with the u flag, as JSON Schema reads it (${(error as Error).message}).`)
  }
}
