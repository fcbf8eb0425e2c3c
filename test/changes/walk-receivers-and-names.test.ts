/**
 * What user code and field names meet on every path of a migration: the
 * planner's fused walk and its step-by-step walks, each by the generated
 * function and by the interpreter (migration-plan.ts `interpret`), and
 * `history.migrate`. A converter written as a `function` or a method is
 * called without a receiver (`this` undefined, never the walk's entry or
 * op); a field named as a member of every object (`constructor`,
 * `toString`) is read as the object's own field only, in the walks and in
 * the copy of a handler's value; `__proto__` is refused as a field name.
 */
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, shapeConverted, versionHistory } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { copier } from '../../src/changes/json-copy.ts'
import { MigrationPlanner, runSteps, shapeSteps, type Direction } from '../../src/changes/migration-plan.ts'
import type { AnyShape } from '../../src/changes/shape.ts'

const VERSIONS = ['1', '2', '3']

/** A history of three versions whose steps make `v2` and `v3`, for the planner and for `versionHistory`. */
function planners(v2: readonly unknown[], v3: readonly unknown[], interpret: boolean, ...all: AnyShape[]) {
  const instructions = [[], v2, v3] as ShapeInstruction[][]
  return new MigrationPlanner(new Map(all.map((s) => [s, shapeSteps(s, instructions, VERSIONS.length)] as const)), VERSIONS.length, interpret)
}

const history = (v2: readonly unknown[], v3: readonly unknown[]) =>
  versionHistory({ versions: [{ version: '1' }, { version: '2', changes: [change('Two.', v2 as never)] }, { version: '3', changes: [change('Three.', v3 as never)] }] })

const PATHS: readonly (readonly [Direction, boolean])[] = [
  ['down', false],
  ['up', false],
  ['up', true],
]

describe("a user's converter is called without a receiver", () => {
  const receivers: unknown[] = []
  const Tag = shape('Tag')
  const Item = shape<Record<string, unknown>>('Item', { nested: { tag: Tag } })
  // Field instructions and a whole-object converter in one step: going up the field instructions run after the
  // converter (as functions, not as the walk's data), going down before it.
  const v2 = [
    fieldChanged(Item, 'price', {
      down(value) {
        receivers.push(this)
        return `${String(value)}`
      },
      up(value) {
        receivers.push(this)
        return Number(value)
      },
    }),
    fieldRemoved(Item, 'sku', {
      older: function (this: unknown) {
        receivers.push(this)
        return 'S'
      },
    }),
    fieldAdded(Item, 'made', {
      default: function (this: unknown) {
        receivers.push(this)
        return 1
      },
    }),
    shapeConverted(Item, {
      down: function (this: unknown, value: Record<string, unknown>) {
        receivers.push(this)
        return value
      },
      up: function (this: unknown, value: unknown) {
        receivers.push(this)
        return value
      } as never,
    }),
  ]
  const v3 = [
    fieldChanged(Tag, 'name', {
      down(value) {
        receivers.push(this)
        return `${String(value)}<`
      },
      up(value) {
        receivers.push(this)
        return `${String(value)}>`
      },
    }),
    shapeConverted(Item, {
      down(value: Record<string, unknown>) {
        receivers.push(this)
        return value
      },
    }),
  ]
  const newer = { price: 5, tag: { name: 'n' }, made: 2 }
  const older = { price: '5', sku: 'S', tag: { name: 'n' } }

  for (const interpret of [false, true]) {
    for (const walk of ['steps', 'stepwise'] as const) {
      for (const [direction, partial] of PATHS) {
        it(`${interpret ? 'by the interpreter' : 'by the generated walk'}, ${walk === 'steps' ? 'fused' : 'step by step'}, ${direction}${partial ? ' (a partial body)' : ''}`, () => {
          receivers.length = 0
          const planner = planners(v2, v3, interpret, Item, Tag)
          runSteps(structuredClone(direction === 'down' ? newer : older), planner[walk](Item, 0, direction, partial))
          expect(receivers.length).toBeGreaterThan(2)
          expect(receivers.map((self) => (self === undefined ? 'undefined' : Object.keys(self as object).join(',')))).toEqual(receivers.map(() => 'undefined'))
          expect(interpret ? planner.backEnds.generated : planner.backEnds.interpreted).toBe(0)
        })
      }
    }
  }

  it('by history.migrate, both directions', () => {
    receivers.length = 0
    const made = history(v2, v3)
    made.migrate(structuredClone(newer), { as: Item, to: '1' })
    made.migrate(structuredClone(older), { as: Item, from: '1' })
    expect(receivers.length).toBeGreaterThan(4)
    expect(receivers.every((self) => self === undefined)).toBe(true)
  })
})

describe('a field named as a member of every object is read as the object’s own', () => {
  const calls: unknown[] = []
  const Tag = shape('Tag')
  const Item = shape<Record<string, unknown>>('Item', { nested: { constructor: Tag } })
  const v2 = [
    fieldChanged(Tag, 'name', { down: (value) => `${String(value)}<`, up: (value) => `${String(value)}>` }),
    fieldChanged(Item, 'toString', { down: (value) => (calls.push(value), `${String(value)}!`), up: (value) => (calls.push(value), value as never) }),
    fieldRenamed(Item, { older: 'old', newer: 'valueOf' }),
    fieldRemoved(Item, 'hasOwnProperty'),
    fieldAdded(Item, 'propertyIsEnumerable'),
  ]
  const full = { id: 1, constructor: { name: 'n' }, toString: 't', valueOf: 'v', propertyIsEnumerable: 1 }

  for (const interpret of [false, true]) {
    for (const walk of ['steps', 'stepwise'] as const) {
      it(`${interpret ? 'by the interpreter' : 'by the generated walk'}, ${walk === 'steps' ? 'fused' : 'step by step'}: absent, they are left absent; present, they are migrated`, () => {
        const planner = planners(v2, [], interpret, Item, Tag)
        for (const direction of ['down', 'up'] as const) {
          calls.length = 0
          const migrated = runSteps({ id: 1 }, planner[walk](Item, 0, direction)) as object
          expect([Object.keys(migrated), calls]).toEqual([['id'], []])
        }
        expect(JSON.stringify(runSteps(structuredClone(full), planner[walk](Item, 0, 'down')))).toBe('{"id":1,"constructor":{"name":"n<"},"toString":"t!","old":"v"}')
        expect(interpret ? planner.backEnds.generated : planner.backEnds.interpreted).toBe(0)
      })
    }

    it(`in an envelope's fields (${interpret ? 'by the interpreter' : 'by the generated walk'})`, () => {
      // A partial body: an envelope field may be missing, and a missing one is skipped, not walked.
      const steps = planners(v2, [], interpret, Item, Tag).steps({ constructor: Tag }, 0, 'up', true)
      expect(Object.keys(runSteps({}, steps) as object)).toEqual([])
      expect(JSON.stringify(runSteps({ constructor: { name: 'n' } }, steps))).toBe('{"constructor":{"name":"n>"}}')
    })

    it(`in the copy of a handler's value (${interpret ? 'the loops' : 'the generated functions'})`, () => {
      const instructions = [[], v2, []] as ShapeInstruction[][]
      const steps = new Map([Item, Tag].map((s) => [s, shapeSteps(s, instructions, VERSIONS.length)] as const))
      const made = { generated: 0, interpreted: 0 }
      const copy = copier(Item, 0, steps, interpret, made)
      expect(Object.keys(copy({ id: 1 }, '') as object)).toEqual(['id'])
      expect(JSON.stringify(copy({ ...full, constructor: { name: 'n', toJSON: () => ({ name: 'j' }) } }, ''))).toBe(
        '{"id":1,"constructor":{"name":"j"},"toString":"t","valueOf":"v","propertyIsEnumerable":1}',
      )
      expect(interpret ? made.generated : made.interpreted).toBe(0)
    })
  }

  it('by history.migrate', () => {
    calls.length = 0
    const made = history(v2, [])
    expect(Object.keys(made.migrate({ id: 1 }, { as: Item, to: '1' }) as object)).toEqual(['id'])
    expect(Object.keys(made.migrate({ id: 1 }, { as: Item, from: '1' }) as object)).toEqual(['id'])
    expect(calls).toEqual([])
  })
})

describe('__proto__', () => {
  const Tag = shape('Tag')
  const said = 'cannot be "__proto__", which JavaScript objects take for their prototype rather than a field; give the field another name in the API.'

  it('is refused as the name of a field an instruction or a layout declares, with a sentence saying what to do', () => {
    expect(() => fieldRenamed(Tag, { older: '__proto__', newer: 'x' })).toThrow(`fieldRenamed: older ${said}`)
    expect(() => fieldRenamed(Tag, { older: 'x', newer: '__proto__' })).toThrow(`fieldRenamed: newer ${said}`)
    expect(() => fieldChanged(Tag, '__proto__', { down: (v) => v, up: (v) => v as never })).toThrow(`fieldChanged: the field ${said}`)
    expect(() => fieldAdded(Tag, '__proto__')).toThrow(`fieldAdded: the field ${said}`)
    expect(() => fieldRemoved(Tag, '__proto__')).toThrow(`fieldRemoved: the field ${said}`)
    expect(() => shape<Record<string, unknown>>('Box', { nested: { ['__proto__']: Tag } })).toThrow('shape("Box"): nested: a field cannot be named "__proto__"')
    expect(() => history([], []).migrate({} as never, { as: { ['__proto__']: Tag } as never, to: '1' })).toThrow('history.migrate: as: a field cannot be named "__proto__"')
  })

  it('held by a value as its own field (as JSON.parse makes it) stays a field, and the prototype stays', () => {
    const Item = shape('Item')
    const made = history([fieldRenamed(Item, { older: 'name', newer: 'title' })], [])
    const migrated = made.migrate(JSON.parse('{"title":"T","__proto__":{"polluted":true}}'), { as: Item, to: '1' }) as Record<string, unknown>
    expect(Object.getPrototypeOf(migrated)).toBe(Object.prototype)
    expect(JSON.stringify(migrated)).toBe('{"__proto__":{"polluted":true},"name":"T"}')
  })
})
