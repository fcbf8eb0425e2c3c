/**
 * The threat rows of docs/version-changes.md's query parameter and header
 * values (`queryParamChanged`, `requestHeaderChanged`): huge and repeated
 * values an older client sends, beside the head's. Each case makes its app
 * once; the handler answers how many values and characters it read, never
 * the values. Read by test/support/threats.ts (THREAT_TABLES). Web APIs only.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { change, queryParamChanged, requestHeaderChanged, versionHistory } from '../../src/changes/index.ts'
import { versionMiddleware } from '../../src/hono/index.ts'
import { HeaderVersioning } from '../../src/index.ts'

/** One input and a way to send it (test/support/threats.ts `ThreatCase`). */
interface Case {
  readonly input: string
  prepare(): () => Promise<string>
}

const KIB_64 = 64 * 1024

function app(): Hono {
  const history = versionHistory({
    versions: [
      { version: '1' },
      {
        version: '2',
        changes: [
          change('Values written as the head writes them.', [
            queryParamChanged('GET /products', 'status', { up: (older) => (older === 'available' ? 'active' : older) }),
            queryParamChanged('GET /products', 'tags', { up: (older) => older?.split(',') ?? null }),
            queryParamChanged('GET /products', 'strict', {
              up: (older) => {
                if (older !== null && older !== 'yes' && older !== 'no') throw new Error('not a flag')
                return older === null ? null : String(older === 'yes')
              },
            }),
            requestHeaderChanged('GET /products', 'X-Flag', { up: (older) => (older === 'yes' ? 'true' : older) }),
          ]),
        ],
      },
    ],
  })
  const served = new Hono()
  served.use('*', versionMiddleware({ scheme: new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' }), changes: history }))
  served.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.text('app.onError', 500)))
  served.get('/products', (c) => {
    const status = c.req.queries('status') ?? []
    const tags = c.req.queries('tags') ?? []
    return c.json({ status: status.length, statusCharacters: status.join('').length, tags: tags.length, flag: c.req.header('x-flag')?.length ?? 0 })
  })
  return served
}

/** A case sending `query` and `headers` in `version` to the app. */
function sent(input: string, version: '1' | '2', query: string, headers: Record<string, string> = {}): Case {
  return {
    input,
    prepare() {
      const served = app()
      return async () => {
        const response = await served.fetch(new Request(`https://api.test/products?${query}`, { headers: { 'Api-Version': version, ...headers } }))
        return `${response.status} \`${await response.text()}\``
      }
    },
  }
}

const repeated = (name: string, value: string, n = 10_000): string => Array.from({ length: n }, () => `${name}=${value}`).join('&')

export const PARAMETER_THREATS: readonly Case[] = [
  sent('a 64 KiB value of a changed query parameter (head version)', '2', `status=${'a'.repeat(KIB_64)}`),
  sent('a 64 KiB value of a changed query parameter (older version)', '1', `status=${'a'.repeat(KIB_64)}`),
  sent('a changed query parameter sent 10,000 times (head version)', '2', repeated('status', 'available')),
  sent('a changed query parameter sent 10,000 times (older version)', '1', repeated('status', 'available')),
  sent('10,000 query parameters none of which changes (head version)', '2', Array.from({ length: 10_000 }, (_, i) => `p${i}=x`).join('&')),
  sent('10,000 query parameters none of which changes (older version)', '1', Array.from({ length: 10_000 }, (_, i) => `p${i}=x`).join('&')),
  sent('one value of 10,000 comma-separated items split into 10,000 (older version)', '1', `tags=${Array.from({ length: 10_000 }, () => 'x').join(',')}`),
  sent('a value the converter throws on, sent 10,000 times (older version)', '1', repeated('strict', '%3Cscript%3E')),
  sent('a 64 KiB value of a changed request header (older version)', '1', '', { 'X-Flag': 'y'.repeat(KIB_64) }),
]
