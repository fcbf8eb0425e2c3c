/**
 * record() on Node: a JSON answer that JSON.parse reads but JSON.stringify
 * cannot write back (100,000 arrays deep) is refused with a sentence naming
 * the request and version, not left in a lock that throws a RangeError when
 * written to its file. (Node-only: how deep each runtime's JSON.parse reads
 * differs.)
 */
import { Hono } from 'hono'
import { expect, it } from 'vitest'
import { contracts } from '../../../src/contracts/index.ts'

it('a response too deep for a lock file is refused with a sentence', async () => {
  const text = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`
  const app = new Hono()
  app.get('/deep', (c) => c.body(text, 200, { 'content-type': 'application/json' }))
  const frozen = contracts({ app, versions: ['v1', 'v2'], requests: { deep: () => new Request('https://api.test/deep') } })
  await expect(frozen.record()).rejects.toThrow(
    'contracts: the response to "deep" in version "v1" is JSON nested too deep to write into a lock file; record a request whose answer is shallower, or leave this one out of requests.',
  )
})
