/**
 * Where the runtime refuses code made from strings (Node with
 * `--disallow-code-generation-from-strings`, as workerd during a request),
 * shapes' walks are the interpreter's, and every exchange gives what it
 * gives where walks are generated functions: responses migrated down,
 * bodies migrated up, a converter's failure, `history.migrate`.
 *
 * Node only: runs test/support/code-generation-app.ts in a child Node.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

function run(flags: readonly string[]): Record<string, unknown> {
  const result = spawnSync(`${root}node_modules/.bin/node`, [...flags, `${root}test/support/code-generation-app.ts`], { cwd: root, encoding: 'utf8', timeout: 60_000 })
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as Record<string, unknown>
}

it('runs the interpreter where code generation is refused, with the same exchanges', () => {
  const generating = run([])
  const refused = run(['--disallow-code-generation-from-strings'])
  expect([generating['evaluates'], generating['generated']]).toEqual([true, true])
  expect([refused['evaluates'], refused['generated']]).toEqual(['EvalError: Code generation from strings disallowed for this context', false])
  const { evaluates: _a, generated: _b, ...exchanges } = generating
  const { evaluates: _c, generated: _d, ...same } = refused
  expect(same).toEqual(exchanges)
  expect(exchanges['get']).toBe('200 {"items":[{"id":1,"price":"10.00","status":"active","category":{"slug":"c","name":"C"},"sku":"SKU-1","name":"P1"},{"id":2,"price":"19.99","status":"active","category":{"slug":"c","name":"C"},"sku":"SKU-2","name":"P2"}]}')
  expect(exchanges['failure']).toBe(
    '500 Error: versionHistory: the 200 response of "GET /products" cannot be migrated to version "v1": at $.items[1].price, the field.changed converter of shape Product threw: a negative price.',
  )
})
