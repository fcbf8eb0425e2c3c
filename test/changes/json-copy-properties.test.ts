/**
 * Property (fast-check): the copy of a handler's value along its layout
 * (src/changes/json-copy.ts) gives the same copy whether its laid-out
 * fields are copied, and an object a converter reads whole tested as JSON
 * (skipping those fields), by functions made with literal names (where the
 * runtime allows code made from strings) or by the loops reading the names
 * from data: for any history, layouts whose nested fields have names that
 * are no identifiers, and values holding what JSON reads otherwise (toJSON,
 * undefined, functions, symbols, -0, NaN, class instances, BigInt): the
 * same fields in the same order, the same values, or the same error. Names
 * every object has (`constructor`, `toString`) are read as the object's own
 * fields only; `__proto__`, refused as a declared name, is held by values as
 * an own field (as JSON.parse makes it). On the runtimes this runs on code
 * generation is allowed, and the copies compared are asserted to be of the
 * two back ends (never the loops twice).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shape } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { copier } from '../../src/changes/json-copy.ts'
import { shapeSteps } from '../../src/changes/migration-plan.ts'
import type { Layout } from '../../src/changes/shape.ts'
import { instruction, specs, valueOf, VERSIONS } from '../support/migration-histories.ts'
import { assertProperty } from '../support/property-runs.ts'
import { detectRuntime } from '../support/runtime.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const RUNS = Number(env['FUZZ_RUNS'] ?? 300)

const ODD = ['a"b\\c', 'constructor', '0', 'line\u2028sep\n', '"]; throw 1; //', 'toString', 'valueOf', 'hasOwnProperty']
const NAMES = ['a', 'b', 'x', 'n', ...ODD]
/** Fields values hold: `__proto__` too (an own data field), which no layout or instruction may name. */
const VALUE_NAMES = [...NAMES, '__proto__']

/** The runtimes this suite runs on (test/runtimes/suites.ts), each of which allows code made from strings here. */
const GENERATING = ['node', 'bun', 'deno', 'workerd']

/** Functions made by the copies without `interpret`, over the whole property: none of them may be a loop. */
const made = { generated: 0, interpreted: 0 }

class Point {
  x = 1
}

/** Leaves JSON reads otherwise than as they are, and plain ones. */
const LEAVES: readonly unknown[] = [
  'text',
  1,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  null,
  true,
  undefined,
  () => 1,
  Symbol('s'),
  new Date(0),
  { toJSON: () => ({ made: [1, undefined] }) },
  { toJSON: () => undefined },
  new Point(),
  { a: undefined, b: () => 1, c: [undefined, -0] },
  Object.assign(Object.create(null) as object, { a: 1 }),
  [1, 'two', null],
  10n,
]

/** Shapes whose nested fields have names that are no identifiers; `Node` and `Box` as instruction() expects them. */
function shapes() {
  const Tag = shape('Tag')
  const Node = shape('Node', { nested: { kids: [Tag] } })
  const Item = shape('Item', { nested: { [ODD[0] as string]: Tag, [ODD[1] as string]: [Node], [ODD[2] as string]: Tag, [ODD[3] as string]: [Tag], n: Tag, [ODD[5] as string]: Tag } })
  const Box = shape('Box')
  return { all: [Item, Tag, Node, Box] as const, Item, Tag, Node, Box }
}

/** A value with its fields in order, and what JSON would not keep as it is shown as such. */
function shown(value: unknown): string {
  switch (typeof value) {
    case 'function':
      return 'function'
    case 'symbol':
      return 'symbol'
    case 'bigint':
      return `${value}n`
    case 'undefined':
      return 'undefined'
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value)
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) return `[${value.map(shown).join(',')}]`
      const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null
      const entries = Object.keys(value).map((k) => `${JSON.stringify(k)}:${shown((value as Record<string, unknown>)[k])}`)
      return `${proto === null ? 'null' : (proto.constructor?.name ?? '?')}{${entries.join(',')}}`
    }
    default:
      return JSON.stringify(value)
  }
}

function copied(copy: (value: unknown, key: string) => unknown, value: unknown): string {
  try {
    return shown(copy(value, ''))
  } catch (error) {
    return `threw ${(error as Error).constructor.name}: ${(error as Error).message}`
  }
}

describe('the copy along a layout, laid-out fields copied by a generated function or by the loop', () => {
  it('gives the same copy for any history, odd field names and values JSON reads otherwise', () => {
    assertProperty(
      fc.property(specs, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), fc.nat(VERSIONS - 2), fc.nat(2), (steps, tape, version, root) => {
        const all = shapes()
        const instructions: ShapeInstruction[][] = [[], ...steps.map((list) => list.map((spec) => instruction(spec, all, NAMES)).filter((i): i is ShapeInstruction => i !== null))]
        const map = new Map(all.all.map((s) => [s, shapeSteps(s, instructions, VERSIONS)] as const))
        const layout = ([all.Item, [all.Item], { [ODD[4] as string]: [all.Item], tag: all.Tag }] as const)[root] as Layout
        const value = valueOf(layout, tape, { i: 0 }, 0, VALUE_NAMES, LEAVES)
        const generating = { generated: 0, interpreted: 0 }
        const looping = { generated: 0, interpreted: 0 }
        expect(copied(copier(layout, version, map, false, generating), value)).toBe(copied(copier(layout, version, map, true, looping), value))
        // The two back ends, never the loops compared with themselves.
        expect(generating.interpreted).toBe(0)
        expect(looping.generated).toBe(0)
        expect(generating.generated).toBe(looping.interpreted)
        made.generated += generating.generated
      }),
      { numRuns: RUNS },
    )
    expect(GENERATING).toContain(detectRuntime())
    expect(made.generated).toBeGreaterThan(0)
  })
})
