/**
 * The typed client of a route whose validator reads a form: each version's
 * client sends the form in its own version's fields (version 1: `name`,
 * no `tag`), as `form`, never a JSON body beside it, and the server's
 * validator reads it migrated to the head's (`title`, `tag` from its
 * default). A portable suite: Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { formApp, formHistory, formScheme, type FormApp } from './form-bodies.ts'

const app = formApp()
const api = versionedClient<FormApp, typeof formHistory>('https://api.test', { scheme: formScheme, fetch: (input, init) => app.request(input, init) })

describe('a form route of the typed client', () => {
  it('version 1 posts its own form, which the validator reads migrated', async () => {
    const res = await api('1').uploads.$post({ form: { name: 'Desk' } })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ received: { title: 'Desk', tag: 'none' } })
  })

  it("version 2 posts the head's form", async () => {
    const res = await api('2').uploads.$post({ form: { title: 'Desk', tag: 'wood' } })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ received: { title: 'Desk', tag: 'wood' } })
  })

  it('version 1 patches with a partial form of its own fields', async () => {
    const res = await api('1').uploads[':id'].$patch({ param: { id: '1' }, form: { name: 'Chair' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: { title: 'Chair' } })
  })
})
