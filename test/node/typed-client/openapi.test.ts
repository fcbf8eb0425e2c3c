/**
 * The typed clients' responses against the worker example's per-version
 * OpenAPI documents (worker-example/docs.ts, one per /releases version):
 * what each version's client receives validates against that version's
 * response schema, an independent description of the same shapes (Ajv,
 * JSON Schema 2020-12; Node only, Ajv compiles with `new Function`). Lists
 * of the older version are not described there (their conversion is
 * custom), so their items are checked against the item schema.
 */
import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { versionedClient } from '../../../src/typed-client/index.ts'
import { createApp, type CatalogApp } from '../../../worker-example/app.ts'
import type { releasesHistory } from '../../../worker-example/changes.ts'
import { releasesDocsOn } from '../../../worker-example/docs.ts'
import { EXAMPLE_NOW_MS } from '../../support/example-clock.ts'

// The tests' fixed clock, for the app and its documents alike: no sunset passes under them.
const now = (): number => EXAMPLE_NOW_MS
const app = createApp({ now })
const releasesDocs = releasesDocsOn(now)
const releases = versionedClient<CatalogApp, typeof releasesHistory>('http://catalog.test', {
  scheme: { in: 'header', name: 'Api-Version' },
  fetch: (input, init) => app.request(input, init),
})

/** A validator of a component schema of version `version`'s document. */
function schemaOf(version: string, name: string): (value: unknown) => boolean {
  const document = releasesDocs.document(version) as { components: { schemas: Record<string, object> } }
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'doc', components: document.components })
  const validate = ajv.compile({ $ref: `doc#/components/schemas/${name}` })
  return (value) => validate(value)
}

async function json(res: Promise<Response>): Promise<unknown> {
  const answer = await res
  expect(answer.status).toBe(200)
  return answer.json()
}

describe('each /releases client receives what its version\'s OpenAPI document describes', () => {
  it('2025-01-01', async () => {
    const client = releases('2025-01-01')
    const product = schemaOf('2025-01-01', 'Product')
    const category = schemaOf('2025-01-01', 'Category')
    expect(product(await json(client.releases.products[':id'].$get({ param: { id: '1' } })))).toBe(true)
    expect(category(await json(client.releases.categories[':slug'].$get({ param: { slug: 'tea' } })))).toBe(true)
    const products = (await json(client.releases.products.$get())) as unknown[]
    expect(products.length).toBe(3)
    expect(products.every(product)).toBe(true)
    const categories = (await json(client.releases.categories.$get())) as unknown[]
    expect(categories.every(category)).toBe(true)
  })

  it('2026-06-01', async () => {
    const client = releases('2026-06-01')
    expect(schemaOf('2026-06-01', 'Product')(await json(client.releases.products[':id'].$get({ param: { id: '1' } })))).toBe(true)
    expect(schemaOf('2026-06-01', 'ProductList')(await json(client.releases.products.$get()))).toBe(true)
    expect(schemaOf('2026-06-01', 'CategoryList')(await json(client.releases.categories.$get()))).toBe(true)
    expect(schemaOf('2026-06-01', 'TopCategories')(await json(client.releases['top-categories'].$get()))).toBe(true)
  })

  it('a head-shaped body would not validate against the older document', async () => {
    const head = await json(releases('2026-06-01').releases.products[':id'].$get({ param: { id: '1' } }))
    expect(schemaOf('2025-01-01', 'Product')(head)).toBe(false)
  })
})
