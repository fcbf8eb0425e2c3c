/**
 * Generated clients from the worker example's documents: openapi-typescript
 * types each version's document of each section, and a small openapi-fetch
 * client per document, written against those types, type-checks under the
 * package's strict settings. No documented JSON body is typed `unknown`
 * (request or response), and the older versions' bodies are their own
 * shapes (`name`, a price string), not the head's.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLE_NOW_MS } from '../../support/example-clock.ts'
import { releasesDocsOn, sections } from '../../../worker-example/docs.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = `${root}.tmp/typed-client/`

type Json = Record<string, unknown>

/** Each document, named `<section>-<version>`. */
const documents: { name: string; document: Json }[] = []
const fixed = releasesDocsOn(() => EXAMPLE_NOW_MS)
for (const section of sections) {
  const docs = section.api === '/releases' ? fixed : section.documents
  for (const { version } of docs.versions) documents.push({ name: `${section.api.slice(1)}-${version.replace(/\./g, '_')}`, document: docs.document(version) as unknown as Json })
}

/** A client of `document`, using its types: each JSON body of every operation must not be unknown. */
function clientSource(name: string, document: Json): string {
  const lines = [
    `import createClient from 'openapi-fetch'`,
    `import type { paths } from './${name}.ts'`,
    `type Known<T> = unknown extends T ? false : true`,
    `const yes = <T extends true>(_: T): void => {}`,
    `export const client = createClient<paths>({ baseUrl: 'http://catalog.test' })`,
  ]
  for (const [path, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put']) {
      const operation = item[method] as Json | undefined
      if (operation === undefined) continue
      const at = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`
      for (const [status, response] of Object.entries(operation['responses'] as Record<string, Json>)) {
        for (const media of Object.keys((response['content'] ?? {}) as Json)) {
          if (media.endsWith('json')) lines.push(`yes<Known<${at}['responses'][${status}]['content'][${JSON.stringify(media)}]>>(true)`)
        }
      }
      if (operation['requestBody'] !== undefined) lines.push(`yes<Known<NonNullable<${at}['requestBody']>['content']['application/json']>>(true)`)
    }
  }
  return `${lines.join('\n')}\n`
}

const tsc = promisify(execFile)

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const { name, document } of documents) {
    writeFileSync(`${dir}${name}.ts`, astToString(await openapiTS(JSON.parse(JSON.stringify(document)) as never)))
    writeFileSync(`${dir}${name}.client.ts`, clientSource(name, document))
  }
  writeFileSync(
    `${dir}calls.ts`,
    [
      `import { client as older } from './releases-2025-01-01.client.ts'`,
      `import { client as newest } from './releases-2026-06-01.client.ts'`,
      `import { client as path1 } from './path-v1.client.ts'`,
      `export async function calls(): Promise<void> {`,
      `  const product = await older.GET('/releases/products/{id}', { params: { path: { id: '1' }, header: { 'Api-Version': '2025-01-01' } } })`,
      `  const name: string | undefined = product.data?.name`,
      `  const price: string | undefined = product.data?.price`,
      `  const list = await older.GET('/releases/products', { params: { header: { 'Api-Version': '2025-01-01' } } })`,
      `  const first: string | undefined = list.data?.[0]?.name`,
      `  const created = await older.POST('/releases/products', { params: { header: { 'Api-Version': '2025-01-01' } }, body: { name: 'Genmaicha', price: '8.50', category: 'https://catalog.test/releases/categories/tea' } })`,
      `  const id: number | undefined = created.data?.id`,
      `  const top = await newest.GET('/releases/top-categories', { params: { header: { 'Api-Version': '2026-06-01' } } })`,
      `  const links: string[] | undefined = top.data?.categories`,
      `  const amount: number | undefined = (await newest.GET('/releases/products/{id}', { params: { path: { id: '1' }, header: { 'Api-Version': '2026-06-01' } } })).data?.price.amount`,
      `  const v1: string | undefined = (await path1.GET('/path/v1/products/{id}', { params: { path: { id: '1' } } })).data?.name`,
      `  void [name, price, first, id, links, amount, v1]`,
      `}`,
      '',
    ].join('\n'),
  )
}, 60_000)

describe('openapi-typescript and openapi-fetch over every version of every section of the worker example', () => {
  it('generates types for each document', () => {
    expect(documents.length).toBe(17)
  })

  it('a client of each document type-checks strictly, with no documented JSON body typed unknown', async () => {
    const args = ['--ignoreConfig', '--noEmit', '--strict', '--exactOptionalPropertyTypes', '--skipLibCheck', '--allowImportingTsExtensions', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node']
    const files = [...documents.map((d) => `${dir}${d.name}.client.ts`), `${dir}calls.ts`]
    const run = await tsc(process.execPath, [`${root}node_modules/typescript/bin/tsc`, ...args, ...files], { cwd: root }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(run).toBe('')
  }, 120_000)
})
