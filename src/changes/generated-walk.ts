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
import { holdsFile, said } from './instruction.ts'
import { MigrationFailure, misfit } from './migration-failure.ts'
import { BOUNDARY, CHECK, CHILD, CLEAR, CONVERT, DERIVE, EACH, MOVE, eachOf, entryFailure, shapeVisit, type Entry, type Visit } from './migration-walks.ts'

/** What the generated code calls, by name: the helpers the interpreter calls too. */
const HELPERS = { misfit, said, holdsFile, eachOf, entryFailure, MigrationFailure } as const

/** Makes a walk from the program's entries and the helpers. */
type Factory = (entries: readonly Entry[], helpers: typeof HELPERS) => Visit

/**
 * Set once the runtime refused code made from strings (an `EvalError`): from
 * then on the interpreter runs. workerd allows it while a Worker's global
 * scope runs (where a history built there compiles its routes' walks) and
 * refuses it during a request (a walk first compiled there, such as
 * `history.migrate`'s, is the interpreter's, unless a walk of the same
 * source was made at startup); Node with
 * `--disallow-code-generation-from-strings` and no-eval policies refuse it
 * always.
 */
let refused = false

/** Programs of the same source share their factory (the source holds names and kinds, never a function). */
const factories = new Map<string, Factory>()

/**
 * The walk of a shape's program: compiled to a function where the runtime
 * allows it, else the interpreter's. `interpret`: the interpreter's, always
 * (what the differential test compares the compiled walk with).
 */
export function shapeWalk(program: readonly Entry[], required: boolean, interpret = false): Visit {
  const factory = interpret || refused ? null : factoryOf(walkSource(program, required))
  return factory === null ? shapeVisit(program, required) : factory(program, HELPERS)
}

/** The factory of `source`, made once; `null` where the runtime refuses code made from strings. */
function factoryOf(source: string): Factory | null {
  let factory = factories.get(source)
  if (factory === undefined) {
    try {
      factory = new Function('entries', 'helpers', source) as Factory
    } catch (error) {
      // Any other error would be a fault of this module's source: never hidden behind the interpreter.
      if (!(error instanceof EvalError)) throw error
      refused = true
      return null
    }
    factories.set(source, factory)
  }
  return factory
}

/**
 * The source of the factory of a program's walk: each entry's step as the
 * interpreter runs it (migration-walks.ts `shapeVisit`), `pc` set to the
 * entry's index so that a failure is named as the interpreter names it.
 */
function walkSource(program: readonly Entry[], required: boolean): string {
  const head = ['"use strict";', 'const { misfit, said, holdsFile, eachOf, entryFailure, MigrationFailure } = helpers;']
  const body: string[] = []
  program.forEach((entry, i) => {
    const field = JSON.stringify(entry.field)
    const at = `c[${field}]`
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
        body.push(`b = ${at}; if (b !== undefined) { a = v${i}(b); if (a !== b) ${at} = a; }`)
        break
      case MOVE:
        body.push(`b = ${at}; if (b !== undefined) { c[${JSON.stringify(entry.to)}] = b; ${at} = undefined; }`)
        break
      case CLEAR:
        body.push(`if (${at} !== undefined) ${at} = undefined;`)
        break
      case DERIVE:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`a = said(f${i}(c)); if (a !== undefined) ${at} = a;`)
        break
      case CONVERT:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`b = ${at}; if (b !== undefined && b !== null && !holdsFile(b)) ${at} = said(f${i}(b));`)
        break
      case EACH:
        head.push(`const f${i} = entries[${i}].fn;`)
        body.push(`b = ${at}; if (b !== undefined && !(b instanceof Blob)) ${at} = Array.isArray(b) ? eachOf(b, f${i}) : said(f${i}(b));`)
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
