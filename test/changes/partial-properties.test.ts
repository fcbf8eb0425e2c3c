/**
 * Properties of partial bodies, for random older bodies and random subsets of
 * their fields (the fields a PATCH sends): every field the handler receives
 * comes from a field sent (its head name), with the value the same field gets
 * when the whole body is migrated as a full one (PUT); sent as `null`, every
 * field it becomes is `null`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { change, fieldAdded, fieldChanged, fieldRemoved, fieldRenamed, shape } from '../../src/changes/index.ts'
import { assertAsyncProperty } from '../support/property-runs.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

interface Person { email: string; first_name: string; last_name: string; category: string; age: number }
const Person = shape<Person>('Person')
const half = (older: Record<string, unknown>, i: number): string => String(older['name']).split(' ')[i] ?? ''
const history = twoVersionHistory(
  [
    change('Mail is email.', [fieldRenamed(Person, { older: 'mail', newer: 'email' })]),
    change('Names are split.', [
      fieldAdded(Person, 'first_name', { default: (o) => half(o, 0) }),
      fieldAdded(Person, 'last_name', { default: (o) => half(o, 1) }),
      fieldRemoved(Person, 'name'),
    ]),
    change('People have a category; the legacy flag is gone.', [fieldAdded(Person, 'category', { default: 'general' }), fieldRemoved(Person, 'legacy')]),
    change('Ages are numbers.', [fieldChanged(Person, 'age', { down: (age) => String(age), up: (age) => Number(age) })]),
  ],
  { bodies: { 'PATCH /people/:id': { request: Person }, 'PUT /people/:id': { request: Person } } },
)
const app = migratingApp(history)
app.patch('/people/:id', async (c) => c.json(await c.req.json()))
app.put('/people/:id', async (c) => c.json(await c.req.json()))

/** The head fields each older field becomes. */
const BECOMES: Record<string, readonly string[]> = { mail: ['email'], name: ['first_name', 'last_name'], legacy: [], category: [], age: ['age'] }

const word = fc.stringMatching(/^[A-Za-z]{1,8}$/)
const body = fc.record({
  mail: word.map((w) => `${w}@example.com`),
  name: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
  legacy: fc.boolean(),
  category: word,
  age: fc.integer({ min: 0, max: 120 }).map(String),
})

async function send(method: string, value: object): Promise<Record<string, unknown>> {
  const res = await app.request('/people/1', { method, headers: { 'Api-Version': '1', 'Content-Type': 'application/merge-patch+json' }, body: JSON.stringify(value) })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

describe('an older partial body', () => {
  it('holds only fields made from fields sent, each as the full migration makes it', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(body, fc.subarray(Object.keys(BECOMES)), async (full, sent) => {
        const partial = Object.fromEntries(sent.map((key) => [key, full[key as keyof typeof full]]))
        const [patched, put] = await Promise.all([send('PATCH', partial), send('PUT', full)])
        expect(Object.keys(patched).sort()).toEqual(sent.flatMap((key) => BECOMES[key] ?? []).sort())
        for (const [key, value] of Object.entries(patched)) expect(value).toEqual(put[key])
      }),
      { numRuns: 200 },
    )
  })

  it('sent as null, becomes null in every field it makes', async () => {
    await assertAsyncProperty(
      fc.asyncProperty(fc.subarray(Object.keys(BECOMES), { minLength: 1 }), async (sent) => {
        const patched = await send('PATCH', Object.fromEntries(sent.map((key) => [key, null])))
        expect(patched).toEqual(Object.fromEntries(sent.flatMap((key) => BECOMES[key] ?? []).map((key) => [key, null])))
      }),
      { numRuns: 100 },
    )
  })
})
