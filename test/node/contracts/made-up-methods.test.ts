/**
 * A made-up method (any token a client sends) that reaches validateResponses
 * on documents without a model gets the app's answer: it never reaches a
 * path item's other fields (`summary`, `parameters`, `servers`), which used
 * to be read as its operation and answer 500. Node only: Node's `Request`
 * keeps a method it does not know (Bun's and workerd's make it GET).
 */
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { validateResponses } from '../../../src/contracts/index.ts'
import type { ValidatedDocuments } from '../../../src/contracts/validate-responses.ts'
import { PATH_ITEM_DOCUMENT } from '../../support/path-item-document.ts'

it("answers a made-up method as the app does, never through a path item's other fields", async () => {
  const documents: ValidatedDocuments = { versions: [{ version: 'v3' }], document: () => PATH_ITEM_DOCUMENT }
  const app = new Hono()
  app.onError((error, c) => c.text(error.message, 500))
  app.use('*', validateResponses(documents, { enabled: true }))
  app.use('*', async (c, next) => {
    c.set('version' as never, 'v3' as never)
    await next()
  })
  app.all('/products', (c) => c.json({ lamps: [] }))
  const answer = async (method: string) => {
    const response = await app.request('https://lamps.test/products', { method })
    return `${response.status} ${await response.text()}`
  }
  expect([await answer('SUMMARY'), await answer('PARAMETERS'), await answer('SERVERS'), await answer('POST')]).toEqual(Array.from({ length: 4 }, () => '200 {"lamps":[]}'))
  // GET has an operation there: its body lacks `items`.
  expect(await answer('GET')).toBe('500 GET /products answered 200 in version v3 with a body its document does not allow: at #: Instance does not have required property "items".')
})
