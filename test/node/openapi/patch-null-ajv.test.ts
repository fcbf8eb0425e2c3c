/**
 * A third party's reading of an older document's PATCH body: Ajv (JSON
 * Schema 2020-12) on version 1's `PersonPatchPatchRequest` agrees with the
 * server, for each body sent as version 1, on whether it is taken (200) or
 * refused (422, in version 1's names), a `null` included: the document takes
 * one only where the head's schema does, as request validation does
 * (test/support/patch-people.ts). No body version 1 may send gets the head
 * validator's 400. Node only (Ajv compiles with new Function, which workerd
 * refuses); the document is checked on the four runtimes by
 * test/openapi/patch-null.test.ts.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { patchBodySchema, patchPeople } from '../../support/patch-people.ts'

const BODIES: readonly object[] = [
  { mail: null },
  { status: null },
  { name: null },
  { nick: null },
  { fax: null },
  { mail: 'ada@example.com', nick: null },
  { status: 'archived' },
  { status: 'inactive', name: 'Ada Lovelace' },
  {},
]

describe("Ajv on an older document's PATCH body, against the server", () => {
  it('agrees on every body, nulls included', async () => {
    const { docs, send } = patchPeople()
    const ajv = new Ajv2020({ strict: false })
    const validate = ajv.compile(patchBodySchema(docs.document('1')).schema)
    const seen: [string, boolean, number][] = []
    for (const body of BODIES) seen.push([JSON.stringify(body), validate(body), (await send('1', body)).status])
    expect(seen).toEqual(seen.map(([body, , status]) => [body, status === 200, status]))
    expect(seen.map(([, , status]) => status)).toEqual([422, 422, 422, 200, 200, 200, 422, 200, 200])
  })
})
