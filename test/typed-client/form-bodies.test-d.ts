/**
 * Types of the typed client of a route whose validator reads a form
 * (form-bodies.ts): the `form` input of each version's fields, with no
 * `json` input beside it; a PATCH's form is partial.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { versionedClient } from '../../src/typed-client/index.ts'
import type { FormApp, formHistory } from './form-bodies.ts'

const api = versionedClient<FormApp, typeof formHistory>('https://api.test', { scheme: { in: 'header', name: 'Api-Version' } })
type Sent<F extends (...args: never[]) => unknown> = Parameters<F>[0]

describe('a form route', () => {
  it("version 1 sends a form of its own fields, version 2 the head's; neither a JSON body", () => {
    expectTypeOf<Sent<ReturnType<typeof api<'1'>>['uploads']['$post']>>().toEqualTypeOf<{ form: { name: string } }>()
    expectTypeOf<Sent<ReturnType<typeof api<'2'>>['uploads']['$post']>>().toEqualTypeOf<{ form: { title: string; tag: string } }>()
  })

  it('a PATCH form is partial', () => {
    expectTypeOf<Sent<ReturnType<typeof api<'1'>>['uploads'][':id']['$patch']>>().toEqualTypeOf<{ param: { id: string }; form: { name?: string } }>()
  })
})
