/**
 * docs/request-validation.md as written: every ```ts block runs (a line
 * `expression // → value` asserts the value), and each curl command of the
 * page, sent to the page's app, answers exactly the text the page shows.
 * test/docs/readme.test.ts type-checks the page's blocks with every other page's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { markedSection, versionsTable } from '../support/docs-tables.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = readFileSync(`${root}docs/request-validation.md`, 'utf8')
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string)
const entries: Record<string, { default: string }> = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports
const sourceOf = (subpath: string): string => {
  const entry = entries[subpath === '' ? '.' : `.${subpath}`]
  if (entry === undefined) throw new Error(`the page imports hono-api-versioning${subpath}, which package.json does not export.`)
  return root + entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')
}
const scratch = `${root}.tmp/docs-request-validation/`

/** A block as a module: assertions made calls, package imports pointed at the sources, its app exported. */
function toModule(block: string): string {
  const lines = block.split('\n').map((line) => {
    const equals = /^(\s*;?)(.+?)\s*\/\/ → (.+)$/.exec(line)
    return equals ? `${equals[1]}__expect(${equals[2]}).toEqual(${equals[3]})` : line.replace(/from 'hono-api-versioning((?:\/[a-z]+)*)'/, (_, subpath: string) => `from '${sourceOf(subpath)}'`)
  })
  return [`import { expect as __expect } from 'vitest'`, ...lines, /\bconst app = /.test(block) ? 'export { app }' : 'export {}'].join('\n')
}

describe('docs/request-validation.md', () => {
  const modules: Record<string, unknown>[] = []

  it('has examples, each of which runs as written', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    mkdirSync(scratch, { recursive: true })
    // Every block but the import line asserts something.
    expect(blocks.filter((block) => !/\/\/ → /.test(block)).map((block) => block.trim())).toEqual([
      "import { requestValidation, InvalidRequestBody, InvalidRequestParameters } from 'hono-api-versioning/validation'",
    ])
    for (const [i, block] of blocks.entries()) {
      const file = `${scratch}example-${i + 1}.ts`
      writeFileSync(file, toModule(block))
      modules.push((await import(/* @vite-ignore */ file)) as Record<string, unknown>)
    }
  })

  it('answers each curl command with the text the page shows', async () => {
    const app = modules.find((m) => m['app'] !== undefined)?.['app'] as { request(path: string, init: RequestInit): Promise<Response> }
    expect(app).toBeDefined()
    const shell = /```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? ''
    const commands = [...shell.replace(/\\\n\s*/g, '').matchAll(/^curl -s -X (\w+) localhost:8787(\S+) (.*?)\n# (.*)$/gm)]
    expect(commands.length).toBe(3)
    for (const [, method, path, args, expected] of commands) {
      const headers = Object.fromEntries([...(args as string).matchAll(/-H '([^:]+): ([^']*)'/g)].map((h) => [h[1], h[2]]))
      const body = /-d '([^']*)'/.exec(args as string)?.[1]
      const res = await app.request(path as string, { method: method as string, headers, ...(body === undefined ? {} : { body }) })
      expect(await res.text()).toBe(expected)
    }
  })
})

/**
 * The odd-input table of the page: what hostile bodies and parameters get on
 * an older version beside the head's, made here from real requests; the page
 * must hold exactly this table.
 */
describe('docs/request-validation.md: what odd input gets', async () => {
  const { change, enumValuesAdded, fieldRenamed, queryParamRenamed, shape } = await import('../../src/changes/index.ts')
  const { requestValidation } = await import('../../src/validation/index.ts')
  const { migratingApp, twoVersionHistory } = await import('../support/two-versions.ts')

  const Order = shape('Order')
  const OrderFilter = shape('OrderFilter')
  const history = twoVersionHistory(
    [
      change('Orders have a reference.', [fieldRenamed(Order, { older: 'code', newer: 'reference' })]),
      change('Filters say state; orders can be pre-ordered.', [queryParamRenamed('GET /orders', { older: 'status', newer: 'state' }), enumValuesAdded(OrderFilter, 'state', ['preorder'], { fallback: 'open' })]),
    ],
    {
      bodies: { 'POST /orders': { request: Order } },
      // The 100,000-item bodies are larger than the default maxBodySize (1 MiB).
      maxBodySize: 8 * 1024 * 1024,
      validation: requestValidation({
        schemas: {
          Order: {
            type: 'object',
            properties: { reference: { type: 'string' }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true }, counts: { type: 'array', items: { type: 'integer' } }, note: {} },
            required: ['reference'],
            additionalProperties: false,
          },
          OrderFilter: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'shipped', 'preorder'] } }, additionalProperties: false },
        },
        parameters: { 'GET /orders': { query: OrderFilter } },
      }),
    },
  )
  const app = migratingApp(history)
  app.post('/orders', async (c) => c.json({ fields: Object.keys(await c.req.json<object>()).length }, 201))
  app.get('/orders', (c) => c.json({ state: c.req.query('state') ?? null }))

  const HOSTILE = '<img src=x onerror=alert(1)>'
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag-${i}`)
  /** One odd input: the body (or query) in each version's own names. */
  const ROWS: readonly { input: string; head: string; old: string; query?: true }[] = [
    { input: 'a `uniqueItems` list of 100,000 distinct strings', head: JSON.stringify({ reference: 'A', tags: tags(100_000) }), old: JSON.stringify({ code: 'A', tags: tags(100_000) }) },
    { input: 'the same list with its 8th item repeated at the end', head: JSON.stringify({ reference: 'A', tags: [...tags(100_000), 'tag-7'] }), old: JSON.stringify({ code: 'A', tags: [...tags(100_000), 'tag-7'] }) },
    { input: 'two lists nested 20,000 deep', head: `{"reference":"A","tags":[${nested(20_000)},${nested(20_000)}]}`, old: `{"code":"A","tags":[${nested(20_000)},${nested(20_000)}]}` },
    { input: '100,000 wrong-typed items', head: JSON.stringify({ reference: 'A', counts: tags(100_000) }), old: JSON.stringify({ code: 'A', counts: tags(100_000) }) },
    { input: 'a key with markup, unknown to the schema', head: JSON.stringify({ reference: 'A', [HOSTILE]: 1 }), old: JSON.stringify({ code: 'A', [HOSTILE]: 1 }) },
    { input: 'a key with markup over a value nested 20,000 deep', head: `{"reference":"A",${JSON.stringify(HOSTILE)}:${nested(20_000)}}`, old: `{"code":"A",${JSON.stringify(HOSTILE)}:${nested(20_000)}}` },
    { input: 'a query value the version does not have', head: '?state=preorder', old: '?status=preorder', query: true },
    { input: 'a query parameter with markup', head: `?${encodeURIComponent(HOSTILE)}=1`, old: `?${encodeURIComponent(HOSTILE)}=1`, query: true },
  ]

  async function answer(row: (typeof ROWS)[number], version: '1' | '2'): Promise<string> {
    const sent = version === '2' ? row.head : row.old
    const request = row.query
      ? new Request(`https://api.example/orders${sent}`, { headers: { 'Api-Version': version } })
      : new Request('https://api.example/orders', { method: 'POST', headers: { 'Api-Version': version, 'Content-Type': 'application/json' }, body: sent })
    const res = await app.request(request)
    const text = await res.text()
    if (text.length <= 200) return `${res.status} \`${text}\``
    const { detail } = JSON.parse(text) as { detail: unknown[] }
    return `${res.status}, ${detail.length} issues (${text.length.toLocaleString('en-US')} bytes), the first \`${JSON.stringify(detail[0])}\``
  }

  it('holds the table these requests answer', async () => {
    const rendered = await versionsTable('input', ROWS, answer)
    const found = markedSection(page, 'odd-input')
    expect(found, `the page's table between <!-- odd-input:start --> and <!-- odd-input:end --> should be:\n${rendered}`).toBe(rendered)
  })
})
