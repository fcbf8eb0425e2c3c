/**
 * A head document written by hand, inline in `versionedOpenAPI({ document })`, as docs/openapi.md says a document
 * may be: it compiles (before, TypeScript refused it: "'info' does not exist in type 'OpenAPIInput'", found by the
 * new-user trial); the documents tools give, typed as interfaces, still do.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })

describe('versionedOpenAPI({ document })', () => {
  it('takes a document written inline', () => {
    const docs = versionedOpenAPI({
      scheme,
      document: {
        openapi: '3.1.0',
        info: { title: 'Orders', version: '2' },
        servers: [{ url: 'https://api.example.com' }],
        tags: [{ name: 'orders' }],
        paths: { '/orders': { get: { responses: { '200': { description: 'The orders.' } } } } },
        components: { schemas: { Order: { type: 'object' } } },
      },
    })
    expectTypeOf(docs.document('1').paths).toBeObject()
  })

  it('takes a document typed as an interface, as tools type theirs', () => {
    interface ToolDocument {
      openapi: string
      info: { title: string; version: string }
      paths: Record<string, object>
      'x-logo'?: string
    }
    const made: ToolDocument = { openapi: '3.1.0', info: { title: 'Orders', version: '2' }, paths: {} }
    expectTypeOf(versionedOpenAPI({ scheme, document: made }).document('2').paths).toBeObject()
  })

  it('refuses what is no document', () => {
    // @ts-expect-error: an OpenAPI document names its version
    versionedOpenAPI({ scheme, document: { info: { title: 'Orders', version: '2' }, paths: {} } })
  })
})
