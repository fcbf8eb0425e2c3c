/**
 * What a damaged or hostile lock gets from check(), and what record() does
 * with names that JavaScript objects treat apart: a lock nested far deeper
 * than any stack is compared in work linear in its size and reported in a
 * sentence, never a RangeError; a request named `__proto__` is frozen like
 * any other.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { contracts } from '../../src/contracts/index.ts'
import { jsonDifferences, MAX_DEPTH } from '../../src/contracts/json-diff.ts'

/** An array nested `depth` deep around 1, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

function api(answer: () => unknown) {
  const app = new Hono()
  app.get('/thing', (c) => c.json(answer()))
  return contracts({ app, versions: ['v1', 'v2'], requests: { thing: () => new Request('https://api.test/thing'), ['__proto__']: () => new Request('https://api.test/thing') } })
}

describe('a hostile or damaged lock', () => {
  it('a body 100,000 arrays deep is one difference with a sentence, not a RangeError', async () => {
    const frozen = api(() => ({ id: 1 }))
    const lock = JSON.parse(JSON.stringify(await frozen.record())) as { released: { v1: { responses: { thing: { body: unknown } } } } }
    lock.released.v1.responses.thing.body = nested(100_000)
    const report = await frozen.check(lock)
    expect(report.ok).toBe(false)
    expect(report.differences).toHaveLength(1)
    const [difference] = report.differences
    expect(difference?.path).toBe('body')
    expect(difference?.sentence).toBe(`v1: request "thing", at body: was ${'['.repeat(79)}…, now {"id":1}; declare it as a version change of the head version v2 so that older versions keep answering as recorded, or revert it.`)
  })

  it('two values as deep as that are compared to the end, differences named down to a bounded depth', () => {
    expect(jsonDifferences(nested(100_000), nested(100_000))).toEqual([])
    const found = jsonDifferences(nested(100_000), [nested(99_999)])
    expect(found).toEqual([])
    const other = nested(100_000) as unknown[]
    let inner: unknown = other
    for (let i = 0; i < 99_999; i++) inner = (inner as unknown[])[0]
    ;(inner as unknown[])[0] = 2
    const [difference, ...more] = jsonDifferences(nested(100_000), other)
    expect(more).toEqual([])
    expect(difference?.path).toBe(`$${'[0]'.repeat(MAX_DEPTH)}`)
  })

  it('a header value that is not a string makes the lock no lock', async () => {
    const frozen = api(() => ({ id: 1 }))
    const lock = JSON.parse(JSON.stringify(await frozen.record())) as { released: { v1: { responses: { thing: { headers: Record<string, unknown> } } } } }
    lock.released.v1.responses.thing.headers['content-type'] = { toString: null }
    await expect(frozen.check(lock)).rejects.toThrow('the lock\'s response to "thing" in version "v1" lacks its status, headers or body')
  })
})

describe('names objects treat apart', () => {
  it('a request named __proto__ is recorded as its own entry and checked', async () => {
    let id = 1
    const frozen = api(() => ({ id }))
    const lock = JSON.parse(JSON.stringify(await frozen.record())) as { released: { v1: { responses: Record<string, unknown> } } }
    expect(Object.keys(lock.released.v1.responses)).toEqual(['thing', '__proto__'])
    id = 2
    const report = await frozen.check(lock)
    expect(report.differences.map((d) => d.subject)).toEqual(['request "thing"', 'request "__proto__"'])
  })
})
