/**
 * The copy of a handler's value (json-copy.ts) with a record's laid-out
 * field names as literals, made from strings once per list of names where
 * the runtime allows it (code-from-strings.ts), as generated-walk.ts does
 * for a shape's walk: the function that copies the laid-out fields
 * (`c["category"]`) and, for a shape a converter reads whole, the test that
 * its other fields are JSON (`field === "category"`). The source holds only
 * declared field names, each written with `JSON.stringify`, and the code of
 * this module: never a value of a request or a response. `null` where the
 * runtime refuses: json-copy.ts then runs its loops, the same steps.
 */
import { functionOf } from './code-from-strings.ts'
import { inherited } from './instruction.ts'

/** A laid-out field's copy (json-copy.ts `Copy`). */
type FieldCopy = (value: unknown, key: string) => unknown

/** A record copied, changed in place. */
type Copied = Record<string, unknown>

/** What the generated `seenAsJson` calls: json-copy.ts's. */
export interface SeenHelpers {
  readonly asJson: (value: unknown, key: string) => unknown
  readonly isPlainObject: (value: object, depth: number) => boolean
  readonly without: (object: Copied, gone: readonly string[]) => Copied
}

/**
 * json-copy.ts `copyFields` of `fields` as one function whose field
 * accesses are literal names; a name every object has (`constructor`) is
 * read as the copy's own field only, as the loop reads it. `null`: refused.
 */
export function generatedFieldsCopier(fields: readonly (readonly [string, FieldCopy])[]): ((copy: Copied) => void) | null {
  const lines = fields.map(([field], i) => {
    const name = JSON.stringify(field)
    const read = inherited(field) ? `(Object.hasOwn(c, ${name}) ? c[${name}] : undefined)` : `c[${name}]`
    return `v = ${read}; if (v !== undefined && v !== null) c[${name}] = f${i}(v, ${name});`
  })
  const source = ['"use strict";', ...fields.map((_, i) => `const f${i} = copies[${i}];`), 'return function copyLaidOut(c) {', 'let v;', ...lines, '};'].join('\n')
  const factory = functionOf<(copies: readonly FieldCopy[]) => (copy: Copied) => void>(['copies'], source)
  return factory === null ? null : factory(fields.map(([, copy]) => copy))
}

/**
 * json-copy.ts `seenAsJson` with the laid-out fields' names as literals
 * (`field === "category"`), the fields it skips. `null`: refused.
 */
export function generatedSeenAsJson(laidOut: readonly string[], helpers: SeenHelpers): ((copy: Copied) => Copied) | null {
  const isLaidOut = laidOut.length === 0 ? 'false' : `(${laidOut.map((field) => `field === ${JSON.stringify(field)}`).join(' || ')})`
  const source = [
    '"use strict";',
    'const { asJson, isPlainObject, without } = helpers;',
    'return function seenAsJson(copy) {',
    'let gone;',
    'for (const field in copy) {',
    'const v = copy[field];',
    'if (typeof v === "string" || typeof v === "boolean") continue;',
    'if (typeof v === "number") { if (v - v === 0 && v !== 0) continue; }',
    `else if (typeof v === "object") { if (v === null || ${isLaidOut} || isPlainObject(v, 0)) continue; }`,
    `if (${isLaidOut}) continue;`,
    'const json = asJson(v, field);',
    'if (json === undefined) (gone ??= []).push(field);',
    'else if (json !== v) copy[field] = json;',
    '}',
    'return gone === undefined ? copy : without(copy, gone);',
    '};',
  ].join('\n')
  const factory = functionOf<(helpers: SeenHelpers) => (copy: Copied) => Copied>(['helpers'], source)
  return factory === null ? null : factory(helpers)
}
