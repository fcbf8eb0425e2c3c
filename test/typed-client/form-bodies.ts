/**
 * An upload route whose validator reads a form (`zValidator('form', ...)`),
 * with a history whose `bodies` lays out its request and migrates older
 * forms (`forms: true`): version 2 renamed `name` to `title` and added
 * `tag` (default `'none'`). Shared by form-bodies.test.ts and
 * form-bodies.test-d.ts.
 */
import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { change, fieldAdded, fieldRenamed, shape, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

interface Upload {
  title: string
  tag: string
}
const Upload = shape<Upload>('Upload')
export const formHistory = versionHistory({
  versions: [
    { version: '1' },
    { version: '2', changes: [change('Uploads have a title and a tag.', [fieldRenamed(Upload, { older: 'name', newer: 'title' }), fieldAdded(Upload, 'tag', { default: 'none' })])] },
  ],
  bodies: { 'POST /uploads': { request: Upload, forms: true }, 'PATCH /uploads/:id': { request: Upload, forms: true } },
})
export const formScheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

export function formApp() {
  const base = new Hono()
  base.use('*', versionMiddleware({ scheme: formScheme, changes: formHistory }))
  return base
    .post('/uploads', zValidator('form', z.object({ title: z.string().min(1), tag: z.string() })), (c) => c.json({ received: c.req.valid('form') }, 201))
    .patch('/uploads/:id', zValidator('form', z.object({ title: z.string().min(1), tag: z.string() }).partial()), (c) => c.json({ received: c.req.valid('form') }, 200))
}
export type FormApp = ReturnType<typeof formApp>
