/** A schema compiled into the validator's closures, as its tests ask for it. */
import { compileOrUnknown } from '../../src/validation/compile.ts'
import type { Test } from '../../src/validation/compiled.ts'

/** The schema's test, or `null` when it uses a keyword the closures do not know (the fallback's). */
export function compileSchema(schema: unknown): Test | null {
  const compiled = compileOrUnknown(schema)
  return typeof compiled === 'string' ? null : compiled.test
}
