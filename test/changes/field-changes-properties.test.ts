/**
 * Property (fast-check): for any history of field renames, additions and
 * removals over random versions, migrating a head value down to any version
 * and back up loses nothing that version can express: every field it had
 * comes back as it was, and a field added after it comes back as its
 * declared default (or stays absent without one). The value given is never
 * changed. FC_SEED replays a run; a failure prints the seed to replay.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { Instruction } from '../../src/changes/instruction.ts'

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
const RUNS = Number(env['FUZZ_RUNS'] ?? 300)
const SEED = env['FC_SEED'] === undefined ? undefined : Number(env['FC_SEED'])

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f']

/** One field of the head version: where its lineage began (0: it existed in the first version) and the default that addition declared. */
interface Lineage {
  readonly since: number
  readonly fallback?: string
}

/** A random valid history, built forward: each version applies a few operations to the fields of the one before. */
const histories = fc
  .record({
    initial: fc.subarray(NAMES, { minLength: 1 }),
    steps: fc.array(fc.array(fc.tuple(fc.constantFrom('rename', 'add', 'remove'), fc.nat(5), fc.nat(5), fc.boolean()), { maxLength: 3 }), { minLength: 1, maxLength: 5 }),
  })
  .map(({ initial, steps }) => {
    const Thing = shape('Thing')
    let fields = new Map<string, Lineage>(initial.map((name) => [name, { since: 0 }]))
    const versions: { version: string; changes?: ReturnType<typeof change>[] }[] = [{ version: 'v1' }]
    steps.forEach((ops, index) => {
      const step = index + 1
      const touched = new Set<string>()
      const instructions: Instruction[] = []
      const next = new Map(fields)
      for (const [op, i, j, withDefault] of ops) {
        const name = NAMES[i] as string
        const other = NAMES[j] as string
        if (touched.has(name)) continue
        if (op === 'rename' && fields.has(name) && !next.has(other) && !touched.has(other) && name !== other) {
          instructions.push(fieldRenamed(Thing, { older: name, newer: other }))
          next.set(other, next.get(name) as Lineage)
          next.delete(name)
          touched.add(name).add(other)
        } else if (op === 'add' && !fields.has(name) && !next.has(name)) {
          const fallback = withDefault ? `default-${name}-${step}` : undefined
          instructions.push(fieldAdded(Thing, name, fallback === undefined ? {} : { default: fallback }))
          next.set(name, fallback === undefined ? { since: step } : { since: step, fallback })
          touched.add(name)
        } else if (op === 'remove' && fields.has(name) && next.has(name)) {
          instructions.push(fieldRemoved(Thing, name, withDefault ? { older: () => `restored-${name}` } : {}))
          next.delete(name)
          touched.add(name)
        }
      }
      fields = next
      versions.push(instructions.length === 0 ? { version: `v${step + 1}` } : { version: `v${step + 1}`, changes: [change(`Step ${step}.`, instructions)] })
    })
    return { Thing, versions, head: fields }
  })

const values = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.boolean(), { maxKeys: 2 }))

describe('migrating down and back up loses nothing the older version can express', () => {
  it('for any history of renames, additions and removals, any version, in a list inside an envelope', () => {
    fc.assert(
      fc.property(histories, fc.array(values, { minLength: NAMES.length, maxLength: NAMES.length }), fc.nat(), ({ Thing, versions, head }, raw, pick) => {
        const history = versionHistory({ versions })
        const target = versions[pick % versions.length]?.version as string
        const index = versions.findIndex((v) => v.version === target)
        const item = Object.fromEntries([...head.keys()].map((name, i) => [name, raw[i]]))
        const value = { items: [item, { ...item }], total: 2 }
        const before = JSON.stringify(value)
        const layout = { items: [Thing] } as const
        const older = history.migrate(value as never, { as: layout, to: target })
        const back = history.migrate(older as never, { as: layout, from: target }) as { items: Record<string, unknown>[]; total: number }
        expect(JSON.stringify(value)).toBe(before)
        const expected: Record<string, unknown> = {}
        for (const [name, lineage] of head) {
          if (lineage.since <= index) expected[name] = item[name]
          else if (lineage.fallback !== undefined) expected[name] = lineage.fallback
        }
        expect(back).toEqual({ items: [expected, expected], total: 2 })
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    )
  })
})
