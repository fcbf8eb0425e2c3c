/**
 * One schema's validator for a request part, made once: the value's depth
 * bounded first (an iterative walk), then "valid?" asked of the compiled
 * closures, and only for a refused value the walk that names its issues,
 * at most `maxIssues` of them. A schema the closures cannot compile goes to
 * `@cfworker/json-schema` (fallback.ts, which refuses at construction one
 * whose cost it cannot bound). Whatever the value, the answer is
 * valid (`null`) or a bounded list of issues: nothing it throws reaches the
 * server's error handler.
 */
import { compileOrUnknown } from './compile.ts'
import { SchemaMistake } from './compiled.ts'
import { fallbackCheck } from './fallback.ts'
import { IssueSink, type IssueNames, type RequestIssue } from './issues.ts'
import { nestsDeeperThan } from './json-values.ts'
import type { Json } from '../json/object.ts'

/** What bounds a validation, and how its issues are named: the same for every schema of a `requestValidation`. */
export interface Limits {
  /** The most issues listed. */
  readonly maxIssues: number
  /** The most levels of lists and objects a value may nest. */
  readonly maxDepth: number
  readonly names: IssueNames
}

/** A request part's validation: `null` when the value is valid, else its issues (at most `limits.maxIssues`). */
export type PartValidator = (value: unknown, root: string, max?: number) => RequestIssue[] | null

/** The validator of `schema` (2020-12, components as `$defs`). */
export function partValidator(schema: Json, limits: Limits, where: string, of?: string): PartValidator {
  let compiled: ReturnType<typeof compileOrUnknown>
  try {
    compiled = compileOrUnknown(schema)
  } catch (error) {
    // A schema no validator could read is a mistake to fix now, not a refusal (or an acceptance) of every request.
    if (error instanceof SchemaMistake) throw new Error(`${where}: ${error.message} Fix the schema.`)
    throw error
  }
  const test = typeof compiled === 'string' ? null : compiled.test
  const report = typeof compiled === 'string' ? fallbackCheck(schema, compiled, where, of) : (value: unknown, out: IssueSink) => (compiled.explain(value, out), false)
  const tooDeep = `Nested more than ${limits.maxDepth} levels deep.`
  return function validatePart(value, root, max = limits.maxIssues) {
    if (nestsDeeperThan(value, limits.maxDepth)) {
      const out = new IssueSink(root, max, limits.names)
      out.add('too_deep', tooDeep)
      return out.issues
    }
    let out: IssueSink | undefined
    try {
      // The common question first, with nothing allocated; the issues only for a refused value.
      if (test !== null && test(value)) return null
      out = new IssueSink(root, max, limits.names)
      if (report(value, out)) return null
    } catch {
      // Nothing a request sends is the server's error.
      out ??= new IssueSink(root, max, limits.names)
      out.add('invalid', 'The value could not be validated against the schema.')
    }
    if (out.issues.length === 0) out.add('invalid', 'Does not match the schema.')
    return out.issues
  }
}
