/**
 * Properties of queryParamChanged over arbitrary queries: whatever an older
 * client sends (escapes that are not UTF-8, "+", "&" and "=" in values,
 * names that need decoding, empty pairs), the handler reads for the changed
 * parameter exactly `up` of each value as the handler's c.req.query() reads
 * it (an escape that is not UTF-8 kept as written), in order, and every
 * other parameter exactly as the head's request would
 * carry it; a converter that gives each value back leaves the URL as sent.
 * A portable file: it runs on all four runtimes.
 */
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { change, queryParamChanged } from '../../src/changes/index.ts'
import { handlerDecoded } from '../../src/http/query.ts'
import { migratingApp, twoVersionHistory } from '../support/two-versions.ts'

/** What the handler reads: every pair of the query, in order, as URLSearchParams reads it, and the raw query. */
function app(up: (older: string | null) => string | readonly string[] | null): Hono {
  const served = migratingApp(twoVersionHistory([change('Values.', [queryParamChanged('GET /things', 'tag', { up })])]))
  served.get('/things', (c) => c.json({ pairs: [...new URL(c.req.url).searchParams], raw: new URL(c.req.url).search }))
  return served
}

const piece = fc.oneof(
  fc.constantFrom('tag', 'ta%67', 'page', '%E0%A4%A', '%ZZ', 'a+b', '%26', '%3D', '', 'caf%C3%A9', '~', '*'),
  fc.string({ unit: fc.constantFrom('a', 'b', '%', '2', '6', '+', '.', 'é', ' '), maxLength: 6 }).map(encodeURI),
)
const pair = fc.tuple(piece, fc.option(piece, { nil: undefined })).map(([name, value]) => (value === undefined ? name : `${name}=${value}`))
const query = fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'))

const get = async (served: Hono, sent: string, version: string) => (await (await served.request(`/things?${sent}`, { headers: { 'Api-Version': version } })).json()) as { pairs: [string, string][]; raw: string }

describe('queryParamChanged over arbitrary queries', () => {
  const upper = app((older) => (older === null ? null : older.length % 2 === 0 ? older.toUpperCase() : [older, `${older}!`]))
  const same = app((older) => older)

  it("gives the handler up of each value of the changed parameter, in order, and the other pairs as the head's request carries them", async () => {
    await fc.assert(
      fc.asyncProperty(query, async (sent) => {
        // Each pair as the handler's URLSearchParams reads it; a tag's value as up gets it (as c.req.query() reads it),
        // and what up gave, unless it gave the value back: then the client's bytes.
        const expected = sent
          .split('&')
          .filter((pair) => pair !== '')
          .flatMap((pair): [string, string][] => {
            const [name, value] = [...new URLSearchParams(pair)][0] as [string, string]
            if (name !== 'tag') return [[name, value]]
            const equals = pair.indexOf('=')
            const given = handlerDecoded(equals === -1 ? '' : pair.slice(equals + 1))
            if (given.length % 2 !== 0) return [[name, given], [name, `${given}!`]]
            return given.toUpperCase() === given ? [[name, value]] : [[name, given.toUpperCase()]]
          })
        expect((await get(upper, sent, '1')).pairs).toEqual(expected)
      }),
      { numRuns: 200 },
    )
  })

  it('leaves the URL as sent when up gives every value back, and the head version always', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (sent) => {
        const head = await get(upper, sent, '2')
        expect((await get(same, sent, '1')).raw).toBe(head.raw)
      }),
      { numRuns: 200 },
    )
  })
})
