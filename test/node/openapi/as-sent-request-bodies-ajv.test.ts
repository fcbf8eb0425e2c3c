/**
 * A third party's reading of an older document's request body under a media
 * type the route passes to the handler as sent (`unmigrated`): Ajv (JSON
 * Schema 2020-12) on version 1's documented form schema agrees with the
 * server, for each form sent as version 1, on whether it is taken (200) or
 * refused (400, the head's validator of the form). Node only (Ajv compiles
 * with new Function, which workerd refuses); the document itself is checked
 * on the four runtimes by test/openapi/as-sent-request-bodies.test.ts.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { asSentNotes, FORM } from '../../support/as-sent-notes.ts'

const FORMS: readonly Record<string, string>[] = [{ title: 'A', body: 'B' }, { subject: 'A', body: 'B' }, { title: 'A' }, { subject: 'A', title: 'A', body: 'B' }, {}]

describe("Ajv on an older document's as-sent form body, against the server", () => {
  for (const derived of [false, true]) {
    it(`agrees on every form${derived ? ' (with requests)' : ''}`, async () => {
      const { docs, send } = asSentNotes(derived)
      const document = docs.document('1') as unknown as { components?: object; paths: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }> }
      const ajv = new Ajv2020({ strict: false })
      ajv.addSchema({ $id: 'doc', components: document.components ?? {} })
      const validate = ajv.compile(JSON.parse(JSON.stringify(document.paths['/notes']?.post.requestBody.content[FORM]?.schema).replace(/"#\/components\//g, '"doc#/components/')) as object)
      const seen: [string, boolean, number][] = []
      for (const form of FORMS) {
        const status = (await send(FORM, new URLSearchParams(form).toString())).status
        seen.push([JSON.stringify(form), validate(form), status])
      }
      expect(seen.map(([form, valid, status]) => [form, valid, status === 200])).toEqual(seen.map(([form, , status]) => [form, status === 200, status === 200]))
      // Taken as the head's fields: the document says so too.
      expect(seen[0]?.[2]).toBe(200)
    })
  }
})
