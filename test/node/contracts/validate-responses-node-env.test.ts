/**
 * When validateResponses is on by default: NODE_ENV "development" or "test",
 * read from `process.env` once when the process has it, otherwise from the
 * Worker's env (`c.env.NODE_ENV`) on each request. Node only: it sets the
 * process's NODE_ENV.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { catalogApi } from '../../support/contracts-fixture.ts'

/** The head view forgot `title`, which the head document requires. */
const drifted = { product: (id: number) => ({ id, sku: `L-${id}` }) }
const status = async (app: ReturnType<typeof catalogApi>['app'], env?: object): Promise<number> =>
  (await app.request('https://lamps.test/products/1', { headers: { 'Api-Version': 'v3' } }, env)).status

const original = process.env['NODE_ENV']
afterEach(() => {
  if (original === undefined) delete process.env['NODE_ENV']
  else process.env['NODE_ENV'] = original
})

describe('validateResponses, by default', () => {
  it.each([
    ['test', 500],
    ['development', 500],
    ['production', 200],
    ['staging', 200],
  ])('with NODE_ENV=%s in the process, a drifted response answers %i', async (mode, expected) => {
    process.env['NODE_ENV'] = mode
    expect(await status(catalogApi({ ...drifted, validate: {} }).app)).toBe(expected)
  })

  it('without NODE_ENV in the process, reads the Worker env of each request', async () => {
    delete process.env['NODE_ENV']
    const { app } = catalogApi({ ...drifted, validate: {} })
    expect(await status(app, { NODE_ENV: 'development' })).toBe(500)
    expect(await status(app, { NODE_ENV: 'production' })).toBe(200)
    expect(await status(app)).toBe(200)
  })

  it('enabled: true or false wins over NODE_ENV', async () => {
    process.env['NODE_ENV'] = 'production'
    expect(await status(catalogApi({ ...drifted, validate: { enabled: true } }).app)).toBe(500)
    process.env['NODE_ENV'] = 'test'
    expect(await status(catalogApi({ ...drifted, validate: { enabled: false } }).app)).toBe(200)
  })
})
