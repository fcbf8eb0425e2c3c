/**
 * Property (fast-check): a shape's walk compiled to a function
 * (src/changes/generated-walk.ts, where the runtime allows code made from
 * strings) does what the interpreter of its program does
 * (migration-walks.ts `shapeVisit`), for any history over nested shapes,
 * field names that are no identifiers included, and any value, fitting its
 * layout or not: the same value (field order and left-out fields included),
 * the same calls of the user's functions in the same order, or the same
 * failure (class, reason, sentence, JSON path, cause; a field a step going
 * down writes found there already among them), the user's functions
 * called with the same `this` (undefined). Both directions, partial bodies
 * too, walks chained of programs of one or two steps included. On the
 * runtimes this runs on code generation is allowed, and the walks compared are asserted to be of the two back ends (never the
 * interpreter twice). Where code generation is refused, the interpreter
 * runs: test/node/changes/no-code-generation.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fieldRenamed, shape } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationFailure } from '../../src/changes/migration-failure.ts'
import { MigrationPlanner, shapeSteps, type Direction } from '../../src/changes/migration-plan.ts'
import type { Layout } from '../../src/changes/shape.ts'
import { instruction, layouts, run, shapes, specs, valueOf, VERSIONS, type Outcome } from '../support/migration-histories.ts'
import { assertProperty } from '../support/property-runs.ts'
import { detectRuntime } from '../support/runtime.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const RUNS = Number(env['FUZZ_RUNS'] ?? 300)

/**
 * Field names a generated function must quote (quotes, backslashes, line separators, code, numbers) or read as the
 * object's own only (members of every object: `constructor`, `toString` ...). `__proto__` is refused as a declared
 * name (instruction.ts `checkObjectField`); values hold it as an own field, as JSON.parse makes it.
 */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty']
const NAMES = ['a', 'b', 'n', 'cs', 'kids', 'x', 'a"b\\c', "it's", ...PROTOTYPE_NAMES, '0', 'line\u2028sep\n', '"]; throw 1; //', '${x}']
const VALUE_NAMES = ['a', 'b', 'x', 'n', 'boom', 'a"b\\c', "it's", ...PROTOTYPE_NAMES, '__proto__', '0', 'line\u2028sep\n', '"]; throw 1; //']

/** The runtimes this suite runs on (test/runtimes/suites.ts), each of which allows code made from strings here (vitest's workerd pool too). */
const GENERATING = ['node', 'bun', 'deno', 'workerd']

/** Walks made by the planners without `interpret`, over the whole property: none of them may be the interpreter's. */
const made = { generated: 0, interpreted: 0 }

/** How many runs failed for a field a step going down writes found there already (a rename's older name, a removed field given back): both back ends must meet it. */
let taken = 0

/** What an outcome's failure says: its class, reason, sentence, path and cause. */
function failure(outcome: Outcome): unknown {
  if (outcome.ok) return null
  const error = outcome.error as Error & Partial<MigrationFailure>
  const cause = error.cause as Error | undefined
  return { class: error.constructor.name, failure: error instanceof MigrationFailure, reason: error.reason, what: error.what ?? error.message, path: error.path, cause: cause?.message }
}

describe('the generated walk of a shape agrees with the interpreter', () => {
  it('for any history, any field names, any value, any version, both directions', () => {
    assertProperty(
      fc.property(specs, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), fc.nat(VERSIONS - 2), fc.nat(3), fc.constantFrom<Direction>('down', 'up'), fc.boolean(), fc.constantFrom(1, 2, undefined), (steps, tape, version, root, direction, partial, fused) => {
        const all = shapes()
        const instructions: ShapeInstruction[][] = [[], ...steps.map((list) => list.map((spec) => instruction(spec, all, NAMES)).filter((i): i is ShapeInstruction => i !== null))]
        const shapeMap = new Map(all.all.map((s) => [s, shapeSteps(s, instructions, VERSIONS)] as const))
        // Programs of one or two steps each, chained, or of every step.
        const generated = new MigrationPlanner(shapeMap, VERSIONS, false, fused)
        const interpreted = new MigrationPlanner(shapeMap, VERSIONS, true, fused)
        const layout = layouts(all)[root] as Layout
        const raw = valueOf(layout, tape, { i: 0 }, 0, VALUE_NAMES)
        const value = direction === 'up' ? JSON.parse(JSON.stringify(raw) ?? 'null') : raw
        const isPartial = direction === 'up' && partial
        for (const walk of ['steps', 'stepwise'] as const) {
          const one = run(value, interpreted[walk](layout, version, direction, isPartial))
          const other = run(value, generated[walk](layout, version, direction, isPartial))
          expect(other.ok).toBe(one.ok)
          expect(other.calls).toEqual(one.calls)
          if (one.ok && other.ok) expect(other.value).toBe(one.value)
          expect(failure(other)).toEqual(failure(one))
          if (!one.ok && (one.error as Partial<MigrationFailure>).reason === 'history') taken++
        }
        // The two back ends, never the interpreter compared with itself.
        expect(generated.backEnds.interpreted).toBe(0)
        expect(interpreted.backEnds.generated).toBe(0)
        made.generated += generated.backEnds.generated
      }),
      { numRuns: RUNS },
    )
    expect(GENERATING).toContain(detectRuntime())
    expect(made.generated).toBeGreaterThan(0)
    expect(taken).toBeGreaterThan(0)
  })
})

describe('which walk runs', () => {
  const Item = shape('Item')
  const instructions: ShapeInstruction[][] = [[], [fieldRenamed(Item, { older: 'name', newer: 'title' }) as ShapeInstruction]]
  const steps = new Map([[Item, shapeSteps(Item, instructions, 2)]])
  // Code made from strings runs here and now (Node, Bun, Deno; workerd in its test pool): asserted, so that the
  // property above compares two back ends. Refused: test/node/changes/no-code-generation.test.ts.
  const allowed = ((): boolean => {
    try {
      return new Function('return 1')() === 1
    } catch {
      return false
    }
  })()

  it(`is the generated function on ${detectRuntime()}, the interpreter when asked`, () => {
    expect(GENERATING).toContain(detectRuntime())
    expect(allowed).toBe(true)
    const planner = new MigrationPlanner(steps, 2)
    const [walk] = planner.steps(Item, 0, 'down')
    // The generated function names the fields in its source; the interpreter reads them from its program.
    expect(String(walk).includes('c["title"]')).toBe(true)
    expect(planner.backEnds).toEqual({ generated: 1, interpreted: 0 })
    const interpreting = new MigrationPlanner(steps, 2, true)
    const [interpreted] = interpreting.steps(Item, 0, 'down')
    expect(String(interpreted).includes('c["title"]')).toBe(false)
    expect(interpreting.backEnds).toEqual({ generated: 0, interpreted: 1 })
    for (const run_ of [walk, interpreted]) expect(JSON.stringify(run_?.({ title: 'T', id: 1 }))).toBe('{"id":1,"name":"T"}')
  })
})
