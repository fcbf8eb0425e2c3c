/**
 * AcceptHeaderVersioning's `mediaTypes` holding the version parameter itself
 * (`application/json; version=1`): negotiation then required that version,
 * so every request for another allowed version got 406. Refused at
 * construction with a sentence that says what to fix. A portable file.
 */
import { describe, expect, it } from 'vitest'
import { AcceptHeaderVersioning } from '../../src/index.ts'

const accept = (scheme: AcceptHeaderVersioning, value: string) => scheme.determineVersion(new Request('https://api.example.com/users', { headers: { Accept: value } }))

describe('AcceptHeaderVersioning mediaTypes', () => {
  it.each<[string, () => unknown, string]>([
    ['the version parameter', () => new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], mediaTypes: ['application/json; version=1'] }), 'AcceptHeaderVersioning: mediaTypes holds "application/json; version=1", whose "version" parameter is where requests put their version; list the media type without it.'],
    ['the version parameter in another case', () => new AcceptHeaderVersioning({ mediaTypes: ['application/json', 'text/csv; VERSION=2'] }), 'AcceptHeaderVersioning: mediaTypes holds "text/csv; VERSION=2", whose "version" parameter'],
    ['a versionParam of its own', () => new AcceptHeaderVersioning({ versionParam: 'api', mediaTypes: ['application/json; api=1'] }), 'AcceptHeaderVersioning: mediaTypes holds "application/json; api=1", whose "api" parameter'],
  ])('refuses a media type with %s', (_case, make, message) => {
    expect(make).toThrow(message)
  })

  it('keeps other parameters: a version is read beside a charset', () => {
    const scheme = new AcceptHeaderVersioning({ allowedVersions: ['1', '2'], mediaTypes: ['application/json; charset=utf-8'] })
    expect(accept(scheme, 'application/json; version=2')).toBe('2')
  })
})
