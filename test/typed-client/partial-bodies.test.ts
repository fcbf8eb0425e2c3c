/**
 * The calls partial-bodies.test-d.ts types, at run time: what an older
 * client's types let it send is what its server takes, a whole body on a
 * PATCH read whole and a partial one on a PUT that merges; a partial
 * PATCH, which its types refuse, the server refuses too. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import { partialApp, partialHistory, partialScheme, type PartialApp } from './partial-bodies.ts'

const app = partialApp()
const v1 = versionedClient<PartialApp, typeof partialHistory>('https://api.test', { scheme: partialScheme, fetch: (input, init) => app.request(input, init) })('1')

describe("a bodies entry's partial, at run time", () => {
  it('a PATCH read whole takes the whole body, and refuses a part', async () => {
    const whole = await v1.people[':id'].$patch({ param: { id: '1' }, json: { name: 'Ada', age: 36 } })
    expect(whole.status).toBe(200)
    expect(await whole.json()).toEqual({ received: { fullName: 'Ada', age: 36 } })
    const part = await v1.people[':id'].$patch({ param: { id: '1' }, json: { age: 36 } as never })
    expect(part.status).toBe(400)
  })

  it('a PUT that merges takes a part', async () => {
    const res = await v1.people[':id'].$put({ param: { id: '1' }, json: { name: 'Ada' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: { fullName: 'Ada' } })
  })
})
