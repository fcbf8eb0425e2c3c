/**
 * A shape's program (migration-walks.ts) compiled to JavaScript, once, where
 * the runtime allows code made from strings (Node, Bun, Deno): one function
 * per program whose field accesses are literal names (`c["title"]`), which
 * the engine specialises as it does handwritten code, where the interpreter
 * (`shapeVisit`) reads the names from its entries. The source holds only
 * declared field names, each written with `JSON.stringify` (a string
 * literal, whatever the name), and the code of this module: never a value
 * of a request or a response. The walks, converters and instructions reach
 * the function as an array it closes over. Where code generation is refused
 * (Cloudflare Workers during a request, Node's
 * `--disallow-code-generation-from-strings`, a no-eval policy), the
 * interpreter runs: the same steps, the same failures.
 */
import { functionOf, type BackEnds } from './code-from-strings.ts'
import { holdsFile, said } from './instruction.ts'
import { fieldTaken, MigrationFailure, misfit } from './migration-failure.ts'
import { BACK, BOUNDARY, CHECK, CHILD, CLEAR, CONVERT, DERIVE, EACH, MOVE, eachOf, entryFailure, shapeVisit, type Entry, type Visit } from './migration-walks.ts'

/** What the generated code calls, by name: the helpers the interpreter calls too. */
const HELPERS = { misfit, said, holdsFile, eachOf, entryFailure, fieldTaken, MigrationFailure } as const

/** Makes a walk from the program's entries and the helpers. */
type Factory = (entries: readonly Entry[], helpers: typeof HELPERS) => Visit

/**
 * The walk of a shape's program: compiled to a function where the runtime
 * allows it (code-from-strings.ts), else the interpreter's. `interpret`: the
 * interpreter's, always (what the differential test compares the compiled
 * walk with); `made` counts which was made. Programs of the same source
 * share their factory.
 */
export function shapeWalk(program: readonly Entry[], required: boolean, interpret: boolean, made: BackEnds): Visit {
  const factory = interpret ? null : functionOf<Factory>(['entries', 'helpers'], walkSource(program, required))
  if (factory === null) {
    made.interpreted++
    return shapeVisit(program, required)
  }
  made.generated++
  return factory(program, HELPERS)
}

/**
 * The source of the factory of a program's walk: each entry's step as the
 * interpreter runs it (migration-walks.ts `shapeVisit`), `pc` set to the
 * entry's index so that a failure is named as the interpreter names it. A
 * field named as a member of every object (`Entry.own`: `constructor`) is
 * read as the object's own only; functions are called from a local
 * constant, without a receiver (`this` undefined), as the interpreter calls them.
 */
function walkSource(program: readonly Entry[], required: boolean): string {
  const head = ['"use strict";', 'const { misfit, said, holdsFile, eachOf, entryFailure, fieldTaken, MigrationFailure } = helpers;']
  if (program.some((entry) => entry.own || (entry.kind === BACK && entry.toOwn))) head.push('const hasOwn = Object.hasOwn;')
  const body: string[] = []
  program.forEach((entry, i) => {
    const field = JSON.stringify(entry.field)
    const at = `c[${field}]`
    const read = entry.own ? `(hasOwn(c, ${field}) ? ${at} : undefined)` : at
    body.push(`pc = ${i};`)
    switch (entry.kind) {
      case CHECK:
        body.push('if (typeof c !== "object" || c === null || Array.isArray(c)) return misfit(c, "an object");')
        break
      case BOUNDARY:
        body.push(`if (c === undefined) { ${required ? 'throw new MigrationFailure("layout", "expected a value, found none");' : 'return c;'} }`)
        break
      case CHILD:
        head.push(`const v${i} = entries[${i}].visit;`)
        body.push(`b = ${read}; if (b !== undefined) { a = v${i}(b); if (a !== b) ${at} = a; }`)
        break
      case MOVE:
        body.push(`b = ${read}; if (b !== undefined) { c[${JSON.stringify(entry.to)}] = b; ${at} = undefined; }`)
        break
      case BACK: {
        // The older name must be absent: the sentence of the failure is the entry's, read when it fails.
        const to = JSON.stringify(entry.to)
        const written = entry.toOwn ? `(hasOwn(c, ${to}) ? c[${to}] : undefined)` : `c[${to}]`
        body.push(`if (${written} !== undefined) throw fieldTaken(${to}, entries[${i}].taken);`)
        body.push(`b = ${read}; if (b !== undefined) { c[${to}] = b; ${at} = undefined; }`)
        break
      }
      case CLEAR:
        body.push(`if (${read} !== undefined) ${at} = undefined;`)
        break
      case DERIVE:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`if (${read} !== undefined) throw fieldTaken(${field}, entries[${i}].taken);`)
        body.push(`a = said(f${i}(c)); if (a !== undefined) ${at} = a;`)
        break
      case CONVERT:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`b = ${read}; if (b !== undefined && b !== null && !holdsFile(b)) ${at} = said(f${i}(b));`)
        break
      case EACH:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`b = ${read}; if (b !== undefined && !(b instanceof Blob)) ${at} = Array.isArray(b) ? eachOf(b, f${i}) : said(f${i}(b));`)
        break
      default:
        // CALL (an instruction's function) and OLDER (the older layout's walk): the value is replaced.
        head.push(`const v${i} = entries[${i}].visit;`)
        body.push(`c = v${i}(c);`)
    }
  })
  return [
    ...head,
    'return function migrateShape(value) {',
    'let c = value, pc = 0, a, b;',
    'try {',
    ...body,
    '} catch (error) { throw entryFailure(error, entries[pc]); }',
    'return c;',
    '};',
  ].join('\n')
}
