/**
 * A deprecated version's operations carry the day the version goes away as
 * `x-sunset`, the full-date (YYYY-MM-DD, UTC) contract diff tools read
 * (oasdiff: removing a deprecated operation is no breaking change after
 * that day); a version without a sunset, or not deprecated, has none, and
 * an operation that gives its own keeps it.
 *
 * A portable file: Web APIs, hono and vitest only.
 */
import { describe, expect, it } from 'vitest'
import { defineRoutes, HeaderVersioning, route } from '../../src/index.ts'
import { versionPolicy } from '../../src/lifecycle/index.ts'
import { versionedOpenAPI } from '../../src/openapi/index.ts'
import type { OperationObject } from '../../src/openapi/types.ts'

const scheme = new HeaderVersioning({ allowedVersions: ['v1', 'v2', 'v3', 'v4'], defaultVersion: 'v4' })
const routes = defineRoutes([route('item-list', '/items'), route('item-detail', '/items/:id')])
const policy = versionPolicy({
  versions: {
    // Deprecated, going away late in the day (UTC): the day is its UTC date.
    v1: { deprecation: '2026-01-01T00:00:00Z', sunset: '2099-03-04T23:30:00Z' },
    // Deprecated with no sunset.
    v2: { deprecation: '2026-01-01T00:00:00Z' },
    // A sunset to come, no deprecation yet.
    v3: { sunset: '2099-06-01T00:00:00Z' },
  },
})
const docs = versionedOpenAPI({ scheme, routes, policy })
const operations = (version: string): OperationObject[] =>
  Object.values(docs.document(version).paths).flatMap((item) => Object.values(item as Record<string, OperationObject>).filter((op) => typeof op === 'object' && op !== null && 'responses' in op))

describe('x-sunset on a deprecated version’s operations', () => {
  it('gives each operation of a deprecated version with a sunset its day, as oasdiff parses it', () => {
    const ops = operations('v1')
    expect(ops.length).toBe(2)
    for (const op of ops) {
      expect(op.deprecated).toBe(true)
      expect(op['x-sunset']).toBe('2099-03-04')
    }
  })

  it('leaves it out where the version is not deprecated or has no sunset', () => {
    for (const version of ['v2', 'v3', 'v4']) {
      for (const op of operations(version)) expect(op['x-sunset']).toBeUndefined()
    }
    expect(operations('v2').every((op) => op.deprecated === true)).toBe(true)
  })

  it('keeps an x-sunset the app’s own operation gives', () => {
    const document = {
      openapi: '3.1.0', info: { title: 'Items', version: 'v4' },
      paths: {
        '/items': { get: { 'x-sunset': '2030-01-01', responses: { '200': { description: 'The items.' } } } },
        '/items/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'An item.' } } } },
      },
    }
    const own = versionedOpenAPI({ scheme, routes, policy, document })
    const list = own.document('v1').paths['/items']?.get as OperationObject
    expect(list['x-sunset']).toBe('2030-01-01')
    expect((own.document('v1').paths['/items/{id}']?.get as OperationObject)['x-sunset']).toBe('2099-03-04')
  })
})
