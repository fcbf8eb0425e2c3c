/**
 * A history whose `bodies` say which request bodies are partial updates
 * against the method's default: a PATCH read whole (`partial: false`) and a
 * PUT that merges (`partial: true`); version 2 renamed `name` to
 * `fullName`. Shared by partial-bodies.test.ts and partial-bodies.test-d.ts.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { change, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Person {
  fullName: string
  age: number
}
const Person = shape<Person>('Person')
export const partialHistory = versionHistory({
  versions: [{ version: '1' }, { version: '2', changes: [change('People have a fullName instead of a name.', [fieldRenamed(Person, { older: 'name', newer: 'fullName' })])] }],
  bodies: { 'PATCH /people/:id': { request: Person, partial: false }, 'PUT /people/:id': { request: Person, partial: true } },
})
export const partialScheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

const PersonSchema = z.object({ fullName: z.string(), age: z.number() })
export function partialApp() {
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: partialScheme, changes: partialHistory }))
  return base
    .patch('/people/:id', zValidator('json', PersonSchema), (c) => c.json({ received: c.req.valid('json') }, 200))
    .put('/people/:id', zValidator('json', PersonSchema.partial()), (c) => c.json({ received: c.req.valid('json') }, 200))
}
export type PartialApp = ReturnType<typeof partialApp>
