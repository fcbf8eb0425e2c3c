/**
 * Which Content-Types are JSON: one answer for migrating bodies (requests and
 * responses) and for validateResponses. A portable file: it runs on all four
 * runtimes.
 */
import { describe, expect, it } from 'vitest'
import { isJsonType } from '../../src/changes/media-types.ts'

describe('isJsonType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/problem+json',
    'application/merge-patch+json',
    'application/vnd.api+json',
    'application/vnd.a+b+json',
    'application/vnd.x!y+json',
  ])('%s is JSON', (type) => {
    expect(isJsonType(type)).toBe(true)
  })

  it.each([null, '', 'text/json', 'application/jsonp', 'application/json-seq', 'application/x-ndjson', 'application/+json', 'text/plain; application/json'])('%s is not', (type) => {
    expect(isJsonType(type)).toBe(false)
  })
})
