import { describe, expect, it } from 'vitest'
import { AcceptHeaderVersioning, HostNameVersioning, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning } from '../../src/index.ts'
import { semver } from '../../src/formats/index.ts'

describe('defaults', () => {
  it.each([AcceptHeaderVersioning, HostNameVersioning, NamespaceVersioning, QueryParameterVersioning, URLPathVersioning])('are those of DRF: %s', (Scheme) => {
    const { defaultVersion, allowedVersions, versionParam, versionFormat } = new Scheme()
    expect({ defaultVersion, allowedVersions, versionParam, versionFormat }).toEqual({ defaultVersion: null, allowedVersions: null, versionParam: 'version', versionFormat: null })
  })

  it('Accept renders application/json unless told otherwise', () => {
    expect(new AcceptHeaderVersioning().mediaTypes).toEqual(['application/json'])
  })
})

describe('allowedVersions takes any iterable of strings and null', () => {
  it.each([
    ['an array', ['v1', 'v2']],
    ['a Set', new Set(['v1', 'v2'])],
    ['a frozen tuple', Object.freeze(['v1', 'v2'] as const)],
  ])('%s', (_kind, allowedVersions) => {
    const scheme = new QueryParameterVersioning({ allowedVersions })
    expect(scheme.allowedVersions).toEqual(['v1', 'v2'])
    expect(Object.isFrozen(scheme.allowedVersions)).toBe(true)
  })

  it('is copied: changing the given list later changes nothing', () => {
    const list = ['v1']
    const scheme = new QueryParameterVersioning({ allowedVersions: list })
    list.push('v2')
    expect(scheme.isAllowedVersion('v2')).toBe(false)
  })
})

describe('mistakes fail at construction with a sentence that says what to fix', () => {
  const schemes = [AcceptHeaderVersioning, URLPathVersioning, NamespaceVersioning, HostNameVersioning, QueryParameterVersioning]

  it.each(schemes)('%o: allowedVersions given as a string', (Scheme) => {
    expect(() => new Scheme({ allowedVersions: 'v1' as never })).toThrow(
      `${Scheme.name}: allowedVersions must be a list of versions such as ["v1"], not the string "v1".`,
    )
  })

  it.each<[string, unknown, string]>([
    ['allowedVersions a number', { allowedVersions: 2 }, 'allowedVersions must be a list of version strings (or null for any version), got number 2.'],
    ['allowedVersions holding a number', { allowedVersions: ['v1', 2] }, 'allowedVersions may hold only version strings and null, got number 2.'],
    ['allowedVersions an object', { allowedVersions: { v1: true } }, 'allowedVersions must be a list of version strings (or null for any version), got an object.'],
    ['defaultVersion a number', { defaultVersion: 1 }, 'defaultVersion must be a version string or null, got number 1.'],
    ['versionParam empty', { versionParam: '' }, 'versionParam must be a non-empty string such as "version", got "".'],
    ['versionParam not a string', { versionParam: 1 }, 'versionParam must be a non-empty string such as "version", got number 1.'],
    ['a misspelt option', { allowedVersion: ['v1'] }, 'unknown option "allowedVersion" (did you mean "allowedVersions"?); the options are defaultVersion, allowedVersions, versionParam, versionFormat.'],
    ['an unknown option', { strict: true }, 'unknown option "strict"; the options are defaultVersion, allowedVersions, versionParam, versionFormat.'],
    ['options not an object', 'v1', 'options must be an object such as { allowedVersions: [\'v1\', \'v2\'] }, got "v1".'],
    ['options an array', ['v1'], 'options must be an object such as { allowedVersions: [\'v1\', \'v2\'] }, got an array.'],
    // Plain JavaScript: a Map's entries are no keys, so every option was its default (every version allowed), silently.
    ['options a Map', new Map([['allowedVersions', ['v1']]]), 'options must be an object such as { allowedVersions: [\'v1\', \'v2\'] }, got a Map.'],
    ['options a Date', new Date(0), 'options must be an object such as { allowedVersions: [\'v1\', \'v2\'] }, got a Date.'],
    ['options an Error', new Error('v1'), 'options must be an object such as { allowedVersions: [\'v1\', \'v2\'] }, got an Error.'],
    // The factory, not the format it makes: named, with the call to write; an app's own function by its name, never its source.
    ['versionFormat the semver factory itself', { versionFormat: semver }, 'versionFormat must be a version format such as semver() or dateVersions(), or null, got the function "semver" (call it: semver()).'],
    ['versionFormat a function of the app', { versionFormat: function ourFormat() { return 'secret source' } }, 'versionFormat must be a version format such as semver() or dateVersions(), or null, got the function "ourFormat".'],
  ])('%s', (_case, options, message) => {
    expect(() => new QueryParameterVersioning(options as never)).toThrow(`QueryParameterVersioning: ${message}`)
  })

  it.each<[string, unknown, string]>([
    ['versionParam "q"', { versionParam: 'Q' }, 'versionParam cannot be "q", the Accept header\'s weight parameter; choose another name such as "version".'],
    ['versionParam with a space', { versionParam: 'api version' }, 'versionParam must be a media-type parameter name'],
    ['mediaTypes empty', { mediaTypes: [] }, 'mediaTypes must be a non-empty list such as ["application/json"].'],
    ['mediaTypes a string', { mediaTypes: 'application/json' }, 'mediaTypes must be a non-empty list such as ["application/json"].'],
    ['a wildcard media type', { mediaTypes: ['application/*'] }, 'mediaTypes holds "application/*", which is not a media type such as "application/json" (no wildcards).'],
    ['a media type without subtype', { mediaTypes: ['json'] }, 'mediaTypes holds "json", which is not a media type'],
    ['mediaTypes on another scheme', { mediaType: ['application/json'] }, 'unknown option "mediaType" (did you mean "mediaTypes"?)'],
  ])('AcceptHeaderVersioning: %s', (_case, options, message) => {
    expect(() => new AcceptHeaderVersioning(options as never)).toThrow(`AcceptHeaderVersioning: ${message}`)
  })

  it('only AcceptHeaderVersioning takes mediaTypes', () => {
    expect(() => new HostNameVersioning({ mediaTypes: ['application/json'] } as never)).toThrow('HostNameVersioning: unknown option "mediaTypes"')
  })
})
