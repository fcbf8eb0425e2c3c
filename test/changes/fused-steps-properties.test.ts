/**
 * Property (fast-check): the fused migration (every version step in one walk:
 * a list's items each taken through all the steps, an envelope's fields too)
 * gives what the steps give one at a time, each a walk of the whole value,
 * for any history over four shapes (nesting each other, a list of them too)
 * and any value, fitting its layout or not: the same value, field
 * order and left-out fields included, the same calls of the user's functions,
 * or a failure for both. Both directions, partial bodies too.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { enumValuesAdded, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, shapeConverted } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationFailure } from '../../src/changes/migration-failure.ts'
import { MigrationPlanner, runSteps, shapeSteps, type Direction } from '../../src/changes/migration-plan.ts'
import { Shape, type AnyShape, type Layout } from '../../src/changes/shape.ts'
import { assertProperty } from '../support/property-runs.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const RUNS = Number(env['FUZZ_RUNS'] ?? 300)

const VERSIONS = 5
const NAMES = ['a', 'b', 'n', 'cs', 'kids', 'x'] as const
const OPS = ['rename', 'add', 'addDefault', 'remove', 'removeOlder', 'changed', 'enum', 'convert', 'convertOdd', 'convertOlder'] as const

type Spec = { readonly shape: number; readonly op: (typeof OPS)[number]; readonly a: number; readonly b: number }

/** What the user's functions were called with, in the order of the calls. */
let calls: string[] = []

/** The shapes of one run: `Item` nests a `Tag` and a list of `Node`s, which nest a list of `Tag`s; `Box` is the older layout a converter may declare. */
function shapes() {
  const Tag = shape('Tag')
  const Node = shape('Node', { nested: { kids: [Tag] } })
  const Item = shape('Item', { nested: { n: Tag, cs: [Node] } })
  const Box = shape('Box')
  return { all: [Item, Tag, Node, Box] as const, Item, Tag, Node, Box }
}

function instruction(spec: Spec, all: ReturnType<typeof shapes>): ShapeInstruction | null {
  const target = [all.Item, all.Tag, all.Node][spec.shape] as AnyShape
  const a = NAMES[spec.a] as string
  const b = NAMES[spec.b] as string
  const tag = `${target.name}.${spec.op}.${a}`
  const note = (what: unknown): void => void calls.push(`${tag}:${JSON.stringify(what) ?? 'undefined'}`)
  switch (spec.op) {
    case 'rename':
      return a === b ? null : (fieldRenamed(target, { older: a, newer: b }) as ShapeInstruction)
    case 'add':
      return fieldAdded(target, a) as ShapeInstruction
    case 'addDefault':
      return fieldAdded(target, a, { default: (older) => (note(older), older['x'] ?? 'made') }) as ShapeInstruction
    case 'remove':
      return fieldRemoved(target, a) as ShapeInstruction
    case 'removeOlder':
      return fieldRemoved(target, a, { older: (newer: Record<string, unknown>) => (note(newer), newer['boom'] === a ? fail() : `${String(newer['x'])}<`) }) as ShapeInstruction
    case 'changed':
      return fieldChanged(target, a, {
        down: (value) => (note(value), value === 'boom' ? fail() : typeof value === 'string' ? `${value}<` : { was: value }),
        up: (value) => (note(value), typeof value === 'string' ? `${value}>` : [value]),
      }) as ShapeInstruction
    case 'enum':
      return enumValuesAdded(target, a, ['new'], { fallback: 'old' }) as ShapeInstruction
    case 'convert':
      return shapeConverted(target, {
        down: (value: Record<string, unknown>) => (note(value), { ...value, [b]: `c${spec.b}` }),
        up: ((value: unknown) => (note(value), typeof value === 'object' && value !== null ? { ...value, up: b } : value)) as never,
      }) as ShapeInstruction
    case 'convertOdd':
      // A converter whose result is not always an object: later steps find a value that does not fit, or none.
      return shapeConverted(target, {
        down: (value: Record<string, unknown>) => (note(value), value['x'] === 'odd' ? 'odd' : value['x'] === 'none' ? undefined : value['x'] === 'boom' ? fail() : value),
        up: ((value: unknown) => (note(value), value === 'odd' ? { x: 'even' } : value)) as never,
      }) as ShapeInstruction
    case 'convertOlder':
      return target === all.Node
        ? null
        : (shapeConverted(target, {
            down: (value: Record<string, unknown>) => (note(value), { boxes: [{ x: value['x'] ?? null }, value] }),
            up: ((value: unknown) => (note(value), (value as { boxes?: unknown[] } | null)?.boxes?.[1] ?? value)) as never,
            older: { boxes: [all.Box] },
          }) as ShapeInstruction)
  }
}

function fail(): never {
  throw new Error('boom')
}

/** A value laid out as `layout`, fitting it or not, drawn from `tape`. */
function valueOf(layout: Layout, tape: readonly number[], at: { i: number }, depth: number): unknown {
  const next = (): number => tape[at.i++ % tape.length] as number
  if (Array.isArray(layout)) return next() < 3 ? 'not a list' : Array.from({ length: next() % 4 }, () => valueOf(layout[0] as Layout, tape, at, depth + 1))
  if (!(layout instanceof Shape)) {
    const out: Record<string, unknown> = {}
    for (const [field, inner] of Object.entries(layout)) if (next() > 5) out[field] = valueOf(inner as Layout, tape, at, depth + 1)
    return out
  }
  const roll = next()
  if (roll < 3) return ['a string', 7, null][roll]
  const out: Record<string, unknown> = {}
  const primitives = ['new', 'old', 'odd', 'none', 'boom', 'a', 1, 0, null, true, { deep: [1] }]
  for (const name of ['a', 'b', 'x', 'n', 'boom']) if (next() > 40) out[name] = primitives[next() % primitives.length]
  if (depth < 4) for (const [field, inner] of (layout as AnyShape).nested) if (next() > 20) out[field] = valueOf(inner, tape, at, depth + 1)
  return out
}

/** A value with its fields in order, `undefined` ones included. */
function describe_(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(describe_).join(',')}]`
  if (typeof value === 'object' && value !== null) return `{${Object.keys(value).map((k) => `${k}:${describe_((value as Record<string, unknown>)[k])}`).join(',')}}`
  return value === undefined ? 'undefined' : JSON.stringify(value)
}

type Outcome = { readonly ok: true; readonly value: string; readonly calls: readonly string[] } | { readonly ok: false; readonly error: unknown }

function run(value: unknown, steps: readonly ((value: unknown) => unknown)[]): Outcome {
  calls = []
  try {
    const migrated = runSteps(structuredClone(value), steps)
    return { ok: true, value: describe_(migrated), calls: [...calls].sort() }
  } catch (error) {
    return { ok: false, error }
  }
}

const specs = fc.array(
  fc.array(fc.record({ shape: fc.nat(2), op: fc.constantFrom(...OPS), a: fc.nat(NAMES.length - 1), b: fc.nat(NAMES.length - 1) }), { maxLength: 3 }),
  { minLength: VERSIONS - 1, maxLength: VERSIONS - 1 },
)

describe('the fused migration agrees with the steps one at a time', () => {
  it('for any history over nested shapes, any value, any version, both directions', () => {
    assertProperty(
      fc.property(specs, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), fc.nat(VERSIONS - 2), fc.nat(3), fc.constantFrom<Direction>('down', 'up'), fc.boolean(), (steps, tape, version, root, direction, partial) => {
        const all = shapes()
        const instructions: ShapeInstruction[][] = [[], ...steps.map((list) => list.map((spec) => instruction(spec, all)).filter((i): i is ShapeInstruction => i !== null))]
        const planner = new MigrationPlanner(new Map(all.all.map((s) => [s, shapeSteps(s, instructions, VERSIONS)] as const)), VERSIONS)
        const layout = ([all.Item, [all.Item], { items: [all.Item], tag: all.Tag }, [all.Node]] as const)[root] as Layout
        const raw = valueOf(layout, tape, { i: 0 }, 0)
        // Going up, values come parsed: JSON values only.
        const value = direction === 'up' ? JSON.parse(JSON.stringify(raw) ?? 'null') : raw
        const isPartial = direction === 'up' && partial
        const one = run(value, planner.stepwise(layout, version, direction, isPartial))
        const fused = run(value, planner.steps(layout, version, direction, isPartial))
        expect(fused.ok).toBe(one.ok)
        if (one.ok && fused.ok) {
          expect(fused.value).toBe(one.value)
          expect(fused.calls).toEqual(one.calls)
        } else if (!one.ok && !fused.ok) {
          expect(fused.error).toBeInstanceOf(MigrationFailure)
          expect(one.error).toBeInstanceOf(MigrationFailure)
        }
        expect(planner.steps(layout, version, direction, isPartial).length).toBe(Math.min(1, planner.stepwise(layout, version, direction, isPartial).length))
      }),
      { numRuns: RUNS },
    )
  })
})

describe('a step that leaves a shape without a value', () => {
  const Tag = shape('Tag')
  const instructions: ShapeInstruction[][] = [
    [],
    [fieldRenamed(Tag, { older: 'label', newer: 'name' }) as ShapeInstruction],
    [shapeConverted(Tag, { down: (tag: Record<string, unknown>) => (tag['name'] === 'gone' ? undefined : tag) }) as ShapeInstruction],
  ]
  const planner = new MigrationPlanner(new Map([[Tag, shapeSteps(Tag, instructions, 3)]]), 3)
  const both = (layout: Layout, value: unknown): Outcome[] => [run(value, planner.stepwise(layout, 0, 'down')), run(value, planner.steps(layout, 0, 'down'))]

  it("fails at the next step in an envelope's field, which must hold a value at each step", () => {
    for (const outcome of both({ tag: Tag }, { tag: { name: 'gone' } })) {
      expect(outcome.ok).toBe(false)
      const failure = (outcome as { error: MigrationFailure }).error
      expect(failure).toBeInstanceOf(MigrationFailure)
      expect([failure.at, failure.what]).toEqual(['$.tag', 'expected a value, found none'])
    }
  })

  it('is left out in a list, where the later steps have nothing to do', () => {
    const outcomes = both([Tag], [{ name: 'gone' }, { name: 'kept' }])
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual(['[undefined,{name:undefined,label:"kept"}]', '[undefined,{name:undefined,label:"kept"}]'])
  })
})

describe('a version whose steps have nothing to do on a layout', () => {
  it('has no step, whatever the shapes nested in it', () => {
    const Tag = shape('Tag')
    const Item = shape<Record<string, unknown>>('Item', { nested: { tag: Tag, tags: [Tag] } })
    const instructions: ShapeInstruction[][] = [[], [fieldRenamed(Item, { older: 'name', newer: 'title' }) as ShapeInstruction], [], []]
    const planner = new MigrationPlanner(new Map([Item, Tag].map((s) => [s, shapeSteps(s, instructions, 4)] as const)), 4)
    for (const layout of [Item, [Item], { items: [Item], tag: Tag }, Tag] as Layout[]) {
      for (const direction of ['down', 'up'] as const) {
        expect([0, 1, 2, 3].map((version) => planner.steps(layout, version, direction).length)).toEqual(layout === Tag ? [0, 0, 0, 0] : [1, 0, 0, 0])
        expect([0, 1, 2, 3].map((version) => planner.stepwise(layout, version, direction).length)).toEqual(layout === Tag ? [0, 0, 0, 0] : [1, 0, 0, 0])
      }
    }
  })
})
