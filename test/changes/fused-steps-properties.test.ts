/**
 * Property (fast-check): the fused migration (every version step in one walk:
 * a list's items each taken through all the steps, an envelope's fields too)
 * gives what the steps give one at a time, each a walk of the whole value,
 * for any history over four shapes (nesting each other, a list of them too)
 * and any value, fitting its layout or not: the same value, field
 * order and left-out fields included, the same calls of the user's functions,
 * or a failure for both. Both directions, partial bodies too. A walk over
 * more steps than one program takes is programs run in turn: each property
 * runs with programs of one, two and the default number of steps.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fieldAdded, fieldRemoved, fieldRenamed, shape, shapeConverted } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationFailure } from '../../src/changes/migration-failure.ts'
import { MigrationPlanner, runSteps, shapeSteps, type Direction } from '../../src/changes/migration-plan.ts'
import type { Layout } from '../../src/changes/shape.ts'
import { instruction, layouts, run, shapes, specs, valueOf, VERSIONS, type Outcome } from '../support/migration-histories.ts'
import { assertProperty } from '../support/property-runs.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const RUNS = Number(env['FUZZ_RUNS'] ?? 300)

describe('the fused migration agrees with the steps one at a time', () => {
  it('for any history over nested shapes, any value, any version, both directions', () => {
    assertProperty(
      fc.property(specs, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), fc.nat(VERSIONS - 2), fc.nat(3), fc.constantFrom<Direction>('down', 'up'), fc.boolean(), fc.constantFrom(1, 2, undefined), (steps, tape, version, root, direction, partial, size) => {
        const all = shapes()
        const instructions: ShapeInstruction[][] = [[], ...steps.map((list) => list.map((spec) => instruction(spec, all)).filter((i): i is ShapeInstruction => i !== null))]
        const planner = new MigrationPlanner(new Map(all.all.map((s) => [s, shapeSteps(s, instructions, VERSIONS)] as const)), VERSIONS, false, size)
        const layout = layouts(all)[root] as Layout
        const raw = valueOf(layout, tape, { i: 0 }, 0)
        // Going up, values come parsed: JSON values only.
        const value = direction === 'up' ? JSON.parse(JSON.stringify(raw) ?? 'null') : raw
        const isPartial = direction === 'up' && partial
        const one = run(value, planner.stepwise(layout, version, direction, isPartial))
        const fused = run(value, planner.steps(layout, version, direction, isPartial))
        expect(fused.ok).toBe(one.ok)
        if (one.ok && fused.ok) {
          expect(fused.value).toBe(one.value)
          // The same calls; a fused walk makes them in another order.
          expect([...fused.calls].sort()).toEqual([...one.calls].sort())
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
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed'))).toEqual(['[undefined,{"name":undefined,"label":"kept"}]', '[undefined,{"name":undefined,"label":"kept"}]'])
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

describe('a converter beside a fieldAdded and a fieldRemoved of its step (the Cadwyn way: the converter moves the data)', () => {
  const fields = fc.record({
    order: fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]),
    fallback: fc.constantFrom('none', 'constant', 'function'),
    keepOlder: fc.boolean(),
    olderFn: fc.boolean(),
    at: fc.constantFrom(1, 2),
    a: fc.option(fc.constantFrom('1 Main St', null), { nil: undefined }),
    b: fc.option(fc.constantFrom('sent', null), { nil: undefined }),
    x: fc.option(fc.constantFrom('x1'), { nil: undefined }),
    partial: fc.boolean(),
    interpret: fc.boolean(),
    fused: fc.boolean(),
  })

  it("going up, what the converter writes for the added field reaches the handler, and the default fills it only where the converter left it absent; going down, the converter reads the head's field and what it writes stays", () => {
    assertProperty(
      fc.property(fields, (c) => {
        const S = shape<Record<string, unknown>>('S')
        // The name of the renamed field where the converter's step runs: x before the rename, y after.
        const x = c.at === 1 ? 'x' : 'y'
        const added = fieldAdded(S, 'b', {
          ...(c.fallback === 'constant' ? { default: ['D'] } : c.fallback === 'function' ? { default: (older: Record<string, unknown>) => [`from ${String(older[x])}`] } : {}),
          keepOlder: c.keepOlder,
        })
        const removed = fieldRemoved(S, 'a', c.olderFn ? { older: () => 'from older' } : {})
        const converter = shapeConverted(S, {
          up: (value) => {
            const older = value as Record<string, unknown>
            return older['a'] === undefined ? older : { ...older, b: [older['a']] }
          },
          down: (newer: Record<string, unknown>) => ({ ...newer, a: (newer['b'] as unknown[] | undefined)?.[0] ?? 'none' }),
        })
        const three = [added, removed, converter] as ShapeInstruction[]
        const step = c.order.map((i) => three[i] as ShapeInstruction)
        // Another step of the history, so that the converter's step is fused with one or stands alone.
        const other = [fieldRenamed(S, { older: 'x', newer: 'y' }) as ShapeInstruction]
        const instructions: ShapeInstruction[][] = c.at === 1 ? [[], step, other] : [[], other, step]
        const planner = new MigrationPlanner(new Map([[S, shapeSteps(S, instructions, 3)]]), 3, c.interpret)
        const walk = (value: object, direction: Direction, partial = false) => {
          return runSteps(value, c.fused ? planner.steps(S, 0, direction, partial) : planner.stepwise(S, 0, direction, partial)) as Record<string, unknown>
        }
        const sent: Record<string, unknown> = {}
        if (c.a !== undefined) sent['a'] = c.a
        if (c.b !== undefined) sent['b'] = c.b
        if (c.x !== undefined) sent['x'] = c.x
        const up = walk(sent, 'up', c.partial)
        // What the field reaches the handler as: the converter's, else the client's own (keepOlder), else the default (a partial body: one derived from a field sent).
        const made = c.fallback === 'constant' ? (c.partial ? undefined : ['D']) : c.fallback === 'function' ? (c.partial && c.x === undefined ? undefined : [`from ${String(c.x)}`]) : undefined
        const expected = c.a !== undefined ? [c.a] : c.keepOlder && c.b !== undefined ? c.b : made
        expect(up['b']).toEqual(expected)
        expect(up['a']).toBeUndefined()
        const down = walk({ b: ['9 Head St'], ...(c.x === undefined ? {} : { y: c.x }) }, 'down')
        expect([down['a'], down['b']]).toEqual(['9 Head St', undefined])
      }),
      { numRuns: RUNS },
    )
  })
})
