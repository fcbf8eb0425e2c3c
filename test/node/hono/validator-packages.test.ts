/**
 * The validator packages Hono apps attach to plain routes,
 * `@hono/zod-validator`'s `zValidator` and `@hono/standard-validator`'s
 * `sValidator`, see the body `versionMiddleware`'s version changes migrated
 * up to the head version (it reaches them through Hono's body cache), and
 * their refusals reach the older client. On Node (the portable suites import
 * neither package: test/hono/validators.test.ts runs hono's own validator
 * and @hono/zod-openapi's on every runtime).
 */
import { sValidator } from '@hono/standard-validator'
import { zValidator } from '@hono/zod-validator'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { migratingApp, twoVersionHistory } from '../../support/two-versions.ts'
import { User, userChanges } from '../../support/users-fixture.ts'

const history = twoVersionHistory(userChanges, { bodies: { 'POST /z/users': { request: User, response: User }, 'POST /s/users': { request: User, response: User } } })
const NewUser = z.object({ fullName: z.string().min(1), email: z.email().nullable() })

const app = migratingApp(history)
app.post('/z/users', zValidator('json', NewUser), (c) => c.json({ id: 7, ...c.req.valid('json') }, 201))
app.post('/s/users', sValidator('json', NewUser), (c) => c.json({ id: 7, ...c.req.valid('json') }, 201))

const post = (path: string, version: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe.each(['/z/users', '/s/users'])('%s (zValidator, sValidator)', (path) => {
  it('an older body passes the head schema once migrated; the answer is in the older shape', async () => {
    const res = await post(path, '1', { name: 'Ada' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 7, name: 'Ada' })
  })

  it('the head body is the validator\'s own', async () => {
    const res = await post(path, '2', { fullName: 'Ada', email: 'ada@example.com' })
    expect(await res.json()).toEqual({ id: 7, fullName: 'Ada', email: 'ada@example.com' })
  })

  it('a refusal of the migrated body is the validator\'s 400, for the older client too', async () => {
    for (const [version, body] of [['1', { name: '' }], ['2', { name: 'Ada', email: null }]] as const) {
      const res = await post(path, version, body)
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain('fullName')
    }
  })
})
