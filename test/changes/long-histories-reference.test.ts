/**
 * A long history's migrations against a naive reference written here: each
 * version's body walked one version step at a time, in plain JavaScript,
 * down for responses (a JSON body and the items of an NDJSON stream) and up
 * for requests (a full POST body and a partial PATCH one). The history is
 * longer than two of the planner's programs (128 steps each, counted from
 * the head), and its steps do not commute (a field renamed in every
 * version, a text appended to in order), so a program joined in the wrong
 * order, or a step lost or run twice where two programs meet, differs from
 * the reference. Versions sampled at each side of each program boundary.
 * A portable file: it runs on all four runtimes.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import type { ShapeInstruction } from '../../src/changes/instruction.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

type Fields = Record<string, unknown>

const N = 300
const PROGRAM = 128
const Tag = shape<Fields>('Tag')
const Item = shape<Fields>('Item', { nested: { tag: Tag } })
const added = (k: number) => k % 5 === 0
const removed = (k: number) => k % 7 === 0
const tagged = (k: number) => k % 2 === 0
/** The field version `k`'s added field reads (present in every version from the one before it on). */
const addedFrom = (k: number) => (k === 5 ? 'id' : `a${k - 5}`)

/** Version k: r(k-1) is renamed r(k), trail gets ".k", every fifth adds a(k), every seventh removes x(k), every second appends to tag.s. */
function instructionsOf(k: number): ShapeInstruction[] {
  const list: ShapeInstruction[] = [
    fieldRenamed(Item, { older: `r${k - 1}`, newer: `r${k}` }) as ShapeInstruction,
    fieldChanged(Item, 'trail', { down: (v) => String(v).slice(0, String(v).lastIndexOf('.')), up: (v) => `${String(v)}.${k}` }) as ShapeInstruction,
  ]
  if (added(k)) list.push(fieldAdded(Item, `a${k}`, { default: (older: Fields) => `${String(older[addedFrom(k)])}+${k}` }) as ShapeInstruction)
  if (removed(k)) list.push(fieldRemoved(Item, `x${k}`, { older: (newer: Fields) => `${String(newer['id'])}x${k}` }) as ShapeInstruction)
  if (tagged(k)) list.push(fieldChanged(Tag, 's', { down: (v) => String(v).slice(0, String(v).lastIndexOf('/')), up: (v) => `${String(v)}/${k}` }) as ShapeInstruction)
  return list
}

/** The reference: one version step of an item, down (version k to k - 1) or up (k - 1 to k). */
function stepOf(item: Fields, k: number, direction: 'down' | 'up', partial: boolean): Fields {
  const out: Fields = { ...item, tag: item['tag'] === undefined ? undefined : { ...(item['tag'] as Fields) } }
  if (out['tag'] === undefined) delete out['tag']
  const [from, to] = direction === 'down' ? [`r${k}`, `r${k - 1}`] : [`r${k - 1}`, `r${k}`]
  if (Object.hasOwn(out, from)) {
    out[to] = out[from]
    delete out[from]
  }
  if (typeof out['trail'] === 'string') out['trail'] = direction === 'down' ? out['trail'].slice(0, out['trail'].lastIndexOf('.')) : `${out['trail']}.${k}`
  if (added(k)) {
    if (direction === 'down') delete out[`a${k}`]
    else if (!partial || Object.hasOwn(out, addedFrom(k))) out[`a${k}`] = `${String(out[addedFrom(k)])}+${k}`
  }
  if (removed(k)) {
    if (direction === 'down') out[`x${k}`] = `${String(out['id'])}x${k}`
    else delete out[`x${k}`]
  }
  const tag = out['tag'] as Fields | undefined
  if (tagged(k) && tag !== undefined && typeof tag['s'] === 'string') tag['s'] = direction === 'down' ? tag['s'].slice(0, tag['s'].lastIndexOf('/')) : `${tag['s']}/${k}`
  return out
}

/** The reference: `item` of version `from` in version `to`, a step at a time. */
function walked(item: Fields, from: number, to: number, partial = false): Fields {
  let out = item
  if (to < from) for (let k = from; k > to; k--) out = stepOf(out, k, 'down', partial)
  else for (let k = from + 1; k <= to; k++) out = stepOf(out, k, 'up', partial)
  return out
}

const versions = [{ version: 'v0' }, ...Array.from({ length: N - 1 }, (_, i) => ({ version: `v${i + 1}`, changes: [change(`Version ${i + 1}.`, instructionsOf(i + 1))] }))]
const history = versionHistory({
  versions,
  bodies: { 'GET /items': { response: { items: [Item] } }, 'GET /items/export': { items: Item }, 'POST /items': { request: Item }, 'PATCH /items': { request: Item } },
  maxBodySize: 4_194_304,
})
const app = new Hono()
app.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: versions.map((v) => v.version), defaultVersion: `v${N - 1}` }), changes: history }))

/** The head's item: each added field as the reference adds it from version 0's. */
const oldest: Fields = { id: 1, r0: 'R', trail: '0', tag: { s: '0' } }
for (let k = 1; k < N; k++) if (removed(k)) oldest[`x${k}`] = `1x${k}`
const head = walked(oldest, 0, N - 1)
app.get('/items', (c) => c.json({ items: [head, head] }))
app.get('/items/export', (c) => c.body(`${JSON.stringify(head)}\n${JSON.stringify({ ...head, id: 2 })}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
app.post('/items', async (c) => c.json(await c.req.json()))
app.patch('/items', async (c) => c.json(await c.req.json()))

/** Versions at each side of the boundaries of programs counted from the head, and the ends. */
const SAMPLED = [...new Set([0, 1, 2, 3, N - 2, N - 1, ...[1, 2].flatMap((j) => [-2, -1, 0, 1, 2].map((d) => N - 1 - j * PROGRAM + d))])].sort((a, b) => a - b)
const send = (method: string, v: number, body: unknown) => app.request('/items', { method, headers: { 'Api-Version': `v${v}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe(`a history of ${N} versions against a step-by-step reference`, () => {
  it('the reference itself: the head, walked down and up again, is the head', () => {
    expect(head['r299']).toBe('R')
    expect(walked(walked(head, N - 1, 0), 0, N - 1)).toEqual(head)
  })

  it.each(SAMPLED)('version v%i: a response body, down', async (v) => {
    const got = (await (await app.request('/items', { headers: { 'Api-Version': `v${v}` } })).json()) as { items: Fields[] }
    const expected = walked(head, N - 1, v)
    expect(got.items).toEqual([expected, expected])
  })

  it.each(SAMPLED)("version v%i: a stream's items, down", async (v) => {
    const text = await (await app.request('/items/export', { headers: { 'Api-Version': `v${v}` } })).text()
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line) as Fields)).toEqual([walked(head, N - 1, v), walked({ ...head, id: 2 }, N - 1, v)])
  })

  it.each(SAMPLED)('version v%i: a full request body, up', async (v) => {
    const older = walked(oldest, 0, v)
    expect(await (await send('POST', v, older)).json()).toEqual(walked(older, v, N - 1))
  })

  it.each(SAMPLED)('version v%i: a partial request body, up', async (v) => {
    const older = walked(oldest, 0, v)
    const tag = older['tag'] as Fields
    // The renamed field and the trail alone; then the field the next added one reads, alone.
    const sent: Fields = { [`r${v}`]: 'changed', trail: older['trail'], tag: { s: tag['s'] } }
    expect(await (await send('PATCH', v, sent)).json()).toEqual(walked(sent, v, N - 1, true))
    const next = Array.from({ length: N }, (_, k) => k).find((k) => k > v && added(k)) as number
    const reads: Fields = { [addedFrom(next)]: older[addedFrom(next)] ?? 'sent' }
    expect(await (await send('PATCH', v, reads)).json()).toEqual(walked(reads, v, N - 1, true))
  })
})
