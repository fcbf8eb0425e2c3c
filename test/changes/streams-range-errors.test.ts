/**
 * The sentence of a stream stopped by a `RangeError`: "nested too deeply"
 * only for a stack overflow (V8's and JavaScriptCore's words); another one
 * (a string beyond the runtime's longest: "Invalid string length" on V8,
 * "Out of memory" on JavaScriptCore) says its own message, not a nesting the
 * item does not have.
 *
 * Portable: Web APIs, hono and vitest only.
 */
import { describe, expect, it } from 'vitest'
import { itemError } from '../../src/changes/streams.ts'
import { names, Person, readAll, V1, V2 } from '../support/stream-people.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

const subject = { route: '"GET /s"', version: '1', type: 'application/x-ndjson' }

describe('a RangeError stops a stream with its own words unless it is a stack overflow', () => {
  it('the sentence of each', () => {
    for (const message of ['Maximum call stack size exceeded', 'Maximum call stack size exceeded.', 'too much recursion']) {
      expect(itemError(subject, 0, new RangeError(message)).message).toBe('versionHistory: item 1 of the application/x-ndjson stream of "GET /s" cannot be migrated to version "1": it is nested too deeply; the stream stopped before it.')
    }
    for (const message of ['Invalid string length', 'Out of memory']) {
      expect(itemError(subject, 1, new RangeError(message)).message).toBe(`versionHistory: item 2 of the application/x-ndjson stream of "GET /s" cannot be migrated to version "1": ${message}; the stream stopped before it.`)
    }
  })

  it('an item nested 100,000 deep is migrated or stops the stream as nested too deeply, as far as the runtime goes; never the head shape', async () => {
    const history = twoVersionHistory([names], { bodies: { 'GET /s': { items: Person } } })
    const app = migratingApp(history)
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    app.get('/s', (c) => c.body(`{"id":1,"fullName":"Ada","more":${deep}}\n`, 200, { 'Content-Type': 'application/x-ndjson' }))
    expect((await readAll(await app.request('/s', { headers: V2 }))).text).toBe(`{"id":1,"fullName":"Ada","more":${deep}}\n`)
    const { text, error } = await readAll(await app.request('/s', { headers: V1 }))
    // Compared as text: a deep comparison of the values would overflow the test's own stack.
    if (error === undefined) expect(text).toBe(`{"id":1,"more":${deep},"name":"Ada"}\n`)
    else {
      expect(text).toBe('')
      expect(String(error)).toContain('item 1 of the application/x-ndjson stream of "GET /s" cannot be migrated to version "1": it is nested too deeply; the stream stopped before it.')
    }
  })
})
