/**
 * The types of test/typed-client/nested-patterns.test.ts: a client's paths
 * leave out whole a param's pattern that holds braces of its own
 * (`:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}`, `:id{[0-9]{1,6}}`), as `hc` does.
 */
import { Hono } from 'hono'
import { describe, expectTypeOf, it } from 'vitest'
import { versionHistory } from '../../src/changes/index.ts'
import { versionedClient } from '../../src/typed-client/index.ts'

const history = versionHistory({ versions: [{ version: '2025-01-01' }, { version: '2026-01-01' }] })
const app = new Hono().get('/:version{[0-9]{4}-[0-9]{2}-[0-9]{2}}/orders/:id{[0-9]{1,6}}', (c) => c.json({ id: Number(c.req.param('id')) }))
const client = versionedClient<typeof app, typeof history>('https://orders.test', { scheme: { in: 'path' } })('2025-01-01')

describe('patterns with braces inside', () => {
  it('are left out whole from the client paths', () => {
    expectTypeOf<keyof typeof client>().toEqualTypeOf<':version'>()
    expectTypeOf<keyof (typeof client)[':version']['orders']>().toEqualTypeOf<':id'>()
  })
})
