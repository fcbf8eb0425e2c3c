/**
 * A long history (a dated API of hundreds of versions) compiles in work
 * linear in its length: each version's walk between it and the head is
 * programs of a bounded number of steps, those nearer the head shared by
 * every version further from it (migration-plan.ts `#chained`), where one
 * program per version of all its steps made n²/2 entries. Counted in the
 * entries of the programs made, never timed. And such a walk migrates as
 * the steps say, at the oldest version and between. A portable file: it
 * runs on all four runtimes.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldChanged, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { MigrationPlanner, shapeSteps } from '../../src/changes/migration-plan.ts'
import type { AnyShape } from '../../src/changes/shape.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

type Fields = Record<string, unknown>

/** A history of `n` versions, each renaming a field of one shape (`o<k>` to `n<k>`) and every third changing another's value. */
function renames(n: number): { Item: AnyShape; Tag: AnyShape; instructions: ShapeInstruction[][] } {
  const Tag = shape<Fields>('Tag')
  const Item = shape<Fields>('Item', { nested: { tag: Tag } })
  const instructions: ShapeInstruction[][] = [[]]
  for (let k = 1; k < n; k++) {
    const list = [fieldRenamed(Item, { older: `o${k}`, newer: `n${k}` }) as ShapeInstruction]
    if (k % 3 === 0) list.push(fieldChanged(Tag, `t${k}`, { down: (v) => String(v), up: (v) => Number(v) }) as ShapeInstruction)
    instructions.push(list)
  }
  return { Item, Tag, instructions }
}

/**
 * The entries of the programs made for every version's walk of `[Item]`, both directions. Interpreted: the count is
 * the same, and the runtime's functions made from strings, a bounded number per process, are left to other suites.
 */
function entriesOf(n: number): number {
  const { Item, Tag, instructions } = renames(n)
  const planner = new MigrationPlanner(new Map([Item, Tag].map((s) => [s, shapeSteps(s, instructions, n)] as const)), n, true)
  for (let v = 0; v < n; v++) for (const direction of ['down', 'up'] as const) planner.steps([Item], v, direction)
  return planner.entries
}

describe('a long history', () => {
  it('compiles programs whose entries grow linearly with its versions, not with their square', () => {
    const [small, large] = [entriesOf(300), entriesOf(1200)]
    // Every version has a walk of its own (at least its oldest program).
    expect(small).toBeGreaterThan(100)
    // Four times the versions: about four times the entries (one program per version of its whole distance: sixteen).
    expect(large).toBeLessThan(small * 5)
  })

  it("migrates each version's bodies as its steps say, down and up, across many programs", async () => {
    const n = 200
    const Tag = shape<Fields>('Tag')
    const Item = shape<Fields>('Item', { nested: { tag: Tag } })
    const versions: { version: string; changes?: ReturnType<typeof change>[] }[] = [{ version: 'v0' }]
    for (let k = 1; k < n; k++) {
      const list = [fieldRenamed(Item, { older: `o${k}`, newer: `n${k}` })]
      versions.push({ version: `v${k}`, changes: [change(`Item o${k} is n${k}.`, k % 3 === 0 ? [...list, fieldChanged(Tag, `t${k}`, { down: (v) => String(v), up: (v) => Number(v) })] : list)] })
    }
    const history = versionHistory({ versions, bodies: { 'GET /items': { response: { items: [Item] } }, 'POST /items': { request: Item } } })
    const names = versions.map((v) => v.version)
    const app = new Hono()
    app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: names, defaultVersion: 'v0' }), changes: history }))
    const item: Fields = { tag: {} }
    for (let k = 1; k < n; k++) {
      item[`n${k}`] = k
      if (k % 3 === 0) (item['tag'] as Fields)[`t${k}`] = k
    }
    app.get('/items', (c) => c.json({ items: [item] }))
    app.post('/items', async (c) => c.json(await c.req.json()))
    for (const v of [0, 1, 60, 70, 71, 117, n - 2, n - 1]) {
      const older: Fields = { tag: {} }
      for (let k = 1; k < n; k++) {
        older[k > v ? `o${k}` : `n${k}`] = k
        if (k % 3 === 0) (older['tag'] as Fields)[`t${k}`] = k > v ? `${k}` : k
      }
      const got = (await (await app.request('/items', { headers: { 'Api-Version': `v${v}` } })).json()) as { items: Fields[] }
      expect(got.items[0]).toEqual(older)
      const sent = await app.request('/items', { method: 'POST', headers: { 'Api-Version': `v${v}`, 'Content-Type': 'application/json' }, body: JSON.stringify(older) })
      expect(await sent.json()).toEqual(item)
    }
  })
})
