/**
 * Table-driven tests of `Accept` parsing (RFC 9110 §12.5.1, for vendor media types and the configured types) and
 * of `AcceptHeaderVersioning`'s negotiation (DRF's, src/http/accept-list.ts). One row, one case.
 */
import { describe, expect, it } from 'vitest'
import { parseAccept, parseMediaType, type AcceptedMediaType, type MediaRange } from '../../src/http/accept.ts'
import { NotAcceptable, VersioningError } from '../../src/errors.ts'
import { AcceptHeaderVersioning, NOT_ACCEPTABLE_MESSAGE, type AcceptHeaderVersioningOptions } from '../../src/schemes/accept-header.ts'

const NOT_SATISFIABLE = 'Could not satisfy the request Accept header.'
const INVALID_VERSION = 'Invalid version in "Accept" header.'

type Params = Readonly<Record<string, string>>

interface PlainRange {
  readonly type: string
  readonly subtype: string
  readonly params: Params
  readonly q: number
  readonly precedence: number
}

const plainRange = (r: MediaRange): PlainRange => ({
  type: r.type,
  subtype: r.subtype,
  params: Object.fromEntries(r.params),
  q: r.q,
  precedence: r.precedence,
})

/** A range as the parser should give it; `q` 1 and no params unless told. */
const range = (type: string, subtype: string, params: Params = {}, q = 1): PlainRange => ({
  type,
  subtype,
  params,
  q,
  precedence: type === '*' ? 0 : subtype === '*' ? 1 : Object.keys(params).length > 0 ? 3 : 2,
})

const plainAccepted = (a: AcceptedMediaType | null): { mediaType: string; params: Params } | null =>
  a === null ? null : { mediaType: a.mediaType, params: Object.fromEntries(a.params) }

describe('parseAccept', () => {
  interface Row {
    readonly why: string
    readonly header: string
    readonly ranges: readonly PlainRange[]
  }
  const rows: Row[] = [
    // Empty input
    { why: 'empty header', header: '', ranges: [] },
    { why: 'blank header', header: ' \t ', ranges: [] },
    { why: 'only empty list elements', header: ' , ,, ', ranges: [] },
    // Basic ranges and their precedence
    { why: 'type/subtype', header: 'application/json', ranges: [range('application', 'json')] },
    { why: 'type/*', header: 'text/*', ranges: [range('text', '*')] },
    { why: '*/*', header: '*/*', ranges: [range('*', '*')] },
    { why: 'parameters make precedence 3', header: 'text/plain;format=flowed', ranges: [range('text', 'plain', { format: 'flowed' })] },
    { why: 'params on */* keep precedence 0', header: '*/*;version=2.0', ranges: [range('*', '*', { version: '2.0' })] },
    { why: 'params on type/* keep precedence 1', header: 'application/*;version=2.0', ranges: [range('application', '*', { version: '2.0' })] },
    { why: 'q alone keeps precedence 2', header: 'text/html;q=0.5', ranges: [range('text', 'html', {}, 0.5)] },
    { why: 'structured suffix subtype', header: 'application/vnd.api+json', ranges: [range('application', 'vnd.api+json')] },
    { why: 'header order is kept', header: 'text/html, application/json, */*', ranges: [range('text', 'html'), range('application', 'json'), range('*', '*')] },
    // Case
    { why: 'type and subtype are case-insensitive', header: 'Application/JSON', ranges: [range('application', 'json')] },
    { why: 'parameter names are case-insensitive, values keep their case', header: 'application/json; VeRsIoN=V2.0-Beta', ranges: [range('application', 'json', { version: 'V2.0-Beta' })] },
    { why: 'Q is the weight too', header: 'text/html;Q=0.3', ranges: [range('text', 'html', {}, 0.3)] },
    // q-values
    { why: 'q=0', header: 'text/html;q=0', ranges: [range('text', 'html', {}, 0)] },
    { why: 'q=0.', header: 'text/html;q=0.', ranges: [range('text', 'html', {}, 0)] },
    { why: 'q=0.000', header: 'text/html;q=0.000', ranges: [range('text', 'html', {}, 0)] },
    { why: 'q=0.001', header: 'text/html;q=0.001', ranges: [range('text', 'html', {}, 0.001)] },
    { why: 'q=0.5', header: 'text/html;q=0.5', ranges: [range('text', 'html', {}, 0.5)] },
    { why: 'q=0.25', header: 'text/html;q=0.25', ranges: [range('text', 'html', {}, 0.25)] },
    { why: 'q=0.999', header: 'text/html;q=0.999', ranges: [range('text', 'html', {}, 0.999)] },
    { why: 'q=1', header: 'text/html;q=1', ranges: [range('text', 'html', {}, 1)] },
    { why: 'q=1.', header: 'text/html;q=1.', ranges: [range('text', 'html', {}, 1)] },
    { why: 'q=1.000', header: 'text/html;q=1.000', ranges: [range('text', 'html', {}, 1)] },
    { why: 'q after other params', header: 'application/json;version=2;q=0.7', ranges: [range('application', 'json', { version: '2' }, 0.7)] },
    { why: 'q is not kept as a parameter', header: 'application/json;q=0.7', ranges: [range('application', 'json', {}, 0.7)] },
    // Malformed q: that range is skipped, the others are kept
    { why: 'q=2', header: 'text/html;q=2, application/json', ranges: [range('application', 'json')] },
    { why: 'q=abc', header: 'text/html;q=abc, application/json', ranges: [range('application', 'json')] },
    { why: 'q=0.1234 (four decimals)', header: 'text/html;q=0.1234, application/json', ranges: [range('application', 'json')] },
    { why: 'q=1.001', header: 'text/html;q=1.001, application/json', ranges: [range('application', 'json')] },
    { why: 'q=1.5', header: 'text/html;q=1.5, application/json', ranges: [range('application', 'json')] },
    { why: 'q=-0.5', header: 'text/html;q=-0.5, application/json', ranges: [range('application', 'json')] },
    { why: 'q=.5', header: 'text/html;q=.5, application/json', ranges: [range('application', 'json')] },
    { why: 'q=0.5e0', header: 'text/html;q=0.5e0, application/json', ranges: [range('application', 'json')] },
    { why: 'q= (no value)', header: 'text/html;q=, application/json', ranges: [range('application', 'json')] },
    { why: 'q=01', header: 'text/html;q=01, application/json', ranges: [range('application', 'json')] },
    // Optional whitespace and empty list elements
    { why: 'spaces around ; and ,', header: 'text/html ; q=0.5 , application/json ;version=2', ranges: [range('text', 'html', {}, 0.5), range('application', 'json', { version: '2' })] },
    { why: 'tabs around ; and ,', header: 'text/html\t;\tq=0.5\t,\tapplication/json', ranges: [range('text', 'html', {}, 0.5), range('application', 'json')] },
    { why: 'no whitespace at all', header: 'text/html;q=0.5,application/json;version=2', ranges: [range('text', 'html', {}, 0.5), range('application', 'json', { version: '2' })] },
    { why: 'leading empty elements', header: ', ,application/json', ranges: [range('application', 'json')] },
    { why: 'empty elements in the middle and at the end', header: 'text/html,, ,application/json, ,', ranges: [range('text', 'html'), range('application', 'json')] },
    { why: 'an empty parameter after ;', header: 'application/json;', ranges: [range('application', 'json')] },
    { why: 'empty parameters between others', header: 'application/json; ;version=2;', ranges: [range('application', 'json', { version: '2' })] },
    // Quoted strings
    { why: 'a quoted value', header: 'application/json; version="2.0"', ranges: [range('application', 'json', { version: '2.0' })] },
    { why: 'an empty quoted value', header: 'application/json; version=""', ranges: [range('application', 'json', { version: '' })] },
    { why: 'a comma inside quotes', header: 'application/json; version="1,2", text/html', ranges: [range('application', 'json', { version: '1,2' }), range('text', 'html')] },
    { why: 'a semicolon and = inside quotes', header: 'application/json; x="a;b=c"', ranges: [range('application', 'json', { x: 'a;b=c' })] },
    { why: 'spaces inside quotes are kept', header: 'application/json; x=" a b "', ranges: [range('application', 'json', { x: ' a b ' })] },
    { why: 'an escaped quote', header: 'application/json; x="a\\"b"', ranges: [range('application', 'json', { x: 'a"b' })] },
    { why: 'an escaped backslash', header: 'application/json; x="a\\\\b"', ranges: [range('application', 'json', { x: 'a\\b' })] },
    { why: 'an escaped ordinary character', header: 'application/json; x="\\a\\,"', ranges: [range('application', 'json', { x: 'a,' })] },
    { why: 'an escaped quote then a comma inside quotes', header: 'a/b; x="\\",", c/d', ranges: [range('a', 'b', { x: '",' }), range('c', 'd')] },
    { why: 'a quoted value keeps its case', header: 'a/b; X="MiXeD"', ranges: [range('a', 'b', { x: 'MiXeD' })] },
    { why: 'obs-text in an unquoted value', header: 'a/b; v=caf\u00e9', ranges: [range('a', 'b', { v: 'caf\u00e9' })] },
    // Broken ranges: skipped, the others kept
    { why: 'no slash', header: 'application, text/html', ranges: [range('text', 'html')] },
    { why: 'a bare word', header: 'garbage', ranges: [] },
    { why: '*/json (wildcard type, concrete subtype)', header: '*/json, text/html', ranges: [range('text', 'html')] },
    { why: 'no type', header: '/json, text/html', ranges: [range('text', 'html')] },
    { why: 'no subtype', header: 'application/, text/html', ranges: [range('text', 'html')] },
    { why: 'space before the slash', header: 'application /json, text/html', ranges: [range('text', 'html')] },
    { why: 'space after the slash', header: 'application/ json, text/html', ranges: [range('text', 'html')] },
    { why: 'a second slash', header: 'application/json/x, text/html', ranges: [range('text', 'html')] },
    { why: 'junk after the subtype', header: 'application/json junk, text/html', ranges: [range('text', 'html')] },
    { why: 'a parameter without =', header: 'application/json;version, text/html', ranges: [range('text', 'html')] },
    { why: 'a parameter without a name', header: 'application/json;=2, text/html', ranges: [range('text', 'html')] },
    { why: 'a parameter without a value is empty (as Django reads it)', header: 'application/json;version=, text/html', ranges: [range('application', 'json', { version: '' }), range('text', 'html')] },
    { why: 'junk after an unquoted value', header: 'application/json; version=1 junk, text/html', ranges: [range('text', 'html')] },
    { why: 'junk after a quoted value', header: 'application/json; version="1" junk, text/html', ranges: [range('text', 'html')] },
    { why: 'a broken range holding a quoted comma', header: 'garbage; x="a,b", text/html', ranges: [range('text', 'html')] },
    { why: 'a non-token character in the subtype', header: 'application/js\u00f6n, text/html', ranges: [range('text', 'html')] },
    { why: 'a non-token character in a value', header: 'application/json; v=a\u0100b, text/html', ranges: [range('text', 'html')] },
    { why: 'an unterminated quote swallows the rest of the header', header: 'text/html, application/json; version="1.0, */*', ranges: [range('text', 'html')] },
    { why: 'a trailing backslash inside an unterminated quote', header: 'application/json; version="1\\', ranges: [] },
  ]
  it.each(rows)('$why: $header', ({ header, ranges }) => {
    expect(parseAccept(header).map(plainRange)).toEqual(ranges)
  })
})

describe('parseMediaType', () => {
  interface Row {
    readonly text: string
    readonly parsed: { mediaType: string; type: string; subtype: string; params: Params } | null
  }
  const rows: Row[] = [
    { text: 'application/json', parsed: { mediaType: 'application/json', type: 'application', subtype: 'json', params: {} } },
    { text: 'Application/JSON', parsed: { mediaType: 'application/json', type: 'application', subtype: 'json', params: {} } },
    { text: 'application/vnd.api+json', parsed: { mediaType: 'application/vnd.api+json', type: 'application', subtype: 'vnd.api+json', params: {} } },
    { text: 'application/json; charset=utf-8', parsed: { mediaType: 'application/json', type: 'application', subtype: 'json', params: { charset: 'utf-8' } } },
    { text: 'Text/Plain; Format="Flowed"', parsed: { mediaType: 'text/plain', type: 'text', subtype: 'plain', params: { format: 'Flowed' } } },
    { text: 'text/plain;a=1;b="x,y"', parsed: { mediaType: 'text/plain', type: 'text', subtype: 'plain', params: { a: '1', b: 'x,y' } } },
    { text: 'application/json; charset=', parsed: { mediaType: 'application/json', type: 'application', subtype: 'json', params: { charset: '' } } },
    // Not one concrete media type
    { text: '', parsed: null },
    { text: '*/*', parsed: null },
    { text: 'application/*', parsed: null },
    { text: '*/json', parsed: null },
    { text: 'application', parsed: null },
    { text: 'application/', parsed: null },
    { text: '/json', parsed: null },
    { text: 'application/json, text/html', parsed: null },
    { text: 'application/json junk', parsed: null },
    { text: 'application/json; charset', parsed: null },
    { text: 'application/json; charset="utf-8', parsed: null },
    { text: 'application/json; charset=utf-8 junk', parsed: null },
  ]
  it.each(rows)('$text', ({ text, parsed }) => {
    const result = parseMediaType(text)
    expect(result === null ? null : { ...result, params: Object.fromEntries(result.params) }).toEqual(parsed)
  })
})

describe('AcceptHeaderVersioning', () => {
  interface Row {
    readonly why: string
    readonly options: AcceptHeaderVersioningOptions
    readonly accept: string | null
    readonly result: { version: string | null } | { error: string }
  }
  const rows: Row[] = [
    // No or blank Accept: the default media type, no version parameter
    { why: 'no Accept, no default', options: {}, accept: null, result: { version: null } },
    { why: 'no Accept, a default', options: { defaultVersion: '1.0' }, accept: null, result: { version: '1.0' } },
    { why: 'empty Accept', options: { defaultVersion: '1.0' }, accept: '', result: { version: '1.0' } },
    { why: 'blank Accept', options: { defaultVersion: '1.0' }, accept: ' \t ', result: { version: '1.0' } },
    // The version parameter
    { why: 'the version parameter', options: {}, accept: 'application/json; version=2.0', result: { version: '2.0' } },
    { why: 'a quoted version', options: {}, accept: 'application/json; version="2.0"', result: { version: '2.0' } },
    // As DRF: the header is split at every comma, quoted or not, and a value that is not wrapped in quotes is read as written.
    { why: 'a comma splits the header inside quotes too', options: {}, accept: 'application/json; version="2,0"', result: { version: '"2' } },
    { why: 'the name is case-insensitive, the value keeps its case', options: {}, accept: 'Application/JSON; VERSION=V2', result: { version: 'V2' } },
    { why: 'a custom versionParam', options: { versionParam: 'api-version' }, accept: 'application/json; api-version=3; version=9', result: { version: '3' } },
    { why: 'a custom versionParam in mixed case', options: { versionParam: 'Api-Version' }, accept: 'application/json; API-VERSION=3', result: { version: '3' } },
    { why: 'no version parameter: the default', options: { defaultVersion: '1.0' }, accept: 'application/json', result: { version: '1.0' } },
    { why: 'q does not count as the version', options: {}, accept: 'application/json; q=0.5', result: { version: null } },
    { why: 'an empty quoted version', options: {}, accept: 'application/json; version=""', result: { version: '' } },
    // Wildcards carry their parameters
    { why: '*/* with a version', options: {}, accept: '*/*; version=2.0', result: { version: '2.0' } },
    { why: 'application/* with a version', options: {}, accept: 'application/*; version=2.0', result: { version: '2.0' } },
    { why: 'the most specific range gives the version', options: {}, accept: '*/*; version=1, application/json; version=2', result: { version: '2' } },
    { why: 'a broken specific range does not', options: {}, accept: 'application/json; version=2 junk, */*; version=1', result: { version: '1' } },
    { why: 'empty list elements', options: {}, accept: ', ,application/json; version=2', result: { version: '2' } },
    // Several rendered types
    { why: 'another rendered type', options: { mediaTypes: ['application/json', 'application/vnd.api+json'] }, accept: 'application/vnd.api+json; version=2', result: { version: '2' } },
    { why: 'a range with parameters beats one without, whatever q', options: { mediaTypes: ['application/json', 'text/html'] }, accept: 'text/html, application/json; version=2; q=0.5', result: { version: '2' } },
    { why: 'the type with the version wins on q', options: { mediaTypes: ['application/json', 'text/html'] }, accept: 'text/html;q=0.5, application/json; version=2', result: { version: '2' } },
    // Allowed versions
    { why: 'an allowed version', options: { allowedVersions: ['1.0', '2.0'] }, accept: 'application/json; version=2.0', result: { version: '2.0' } },
    { why: 'a version not allowed', options: { allowedVersions: ['1.0', '2.0'] }, accept: 'application/json; version=3.0', result: { error: INVALID_VERSION } },
    { why: 'allowed versions are case-sensitive', options: { allowedVersions: ['v1'] }, accept: 'application/json; version=V1', result: { error: INVALID_VERSION } },
    { why: 'no version, the default not listed but allowed', options: { allowedVersions: ['2.0'], defaultVersion: '1.0' }, accept: 'application/json', result: { version: '1.0' } },
    { why: 'the default given explicitly is allowed', options: { allowedVersions: ['2.0'], defaultVersion: '1.0' }, accept: 'application/json; version=1.0', result: { version: '1.0' } },
    { why: 'no version, no default, null not allowed', options: { allowedVersions: ['1.0'] }, accept: 'application/json', result: { error: INVALID_VERSION } },
    { why: 'no version, no default, null allowed', options: { allowedVersions: ['1.0', null] }, accept: 'application/json', result: { version: null } },
    { why: 'an empty list allows any version', options: { allowedVersions: [] }, accept: 'application/json; version=anything', result: { version: 'anything' } },
    // A rendered type with parameters: a client sends only the version (documented merge of parameters)
    { why: 'a version for a rendered type with a charset', options: { mediaTypes: ['application/json; charset=utf-8'] }, accept: 'application/json; version=2', result: { version: '2' } },
    { why: 'a version and the same charset', options: { mediaTypes: ['application/json; charset=utf-8'] }, accept: 'application/json; charset=utf-8; version=2', result: { version: '2' } },
    { why: 'a version and another charset', options: { mediaTypes: ['application/json; charset=utf-8'] }, accept: 'application/json; charset=latin1; version=2', result: { error: NOT_SATISFIABLE } },
    // Nothing acceptable: 406 with the fixed message, whatever the version
    { why: 'a type not rendered', options: {}, accept: 'text/html', result: { error: NOT_SATISFIABLE } },
    { why: 'a type not rendered, with a version', options: { allowedVersions: ['1.0'] }, accept: 'text/html; version=1.0', result: { error: NOT_SATISFIABLE } },
    // As DRF: q ranks nothing and refuses nothing.
    { why: 'q=0 for the only rendered type', options: {}, accept: 'application/json; version=2; q=0', result: { version: '2' } },
    { why: '*/*;q=0', options: {}, accept: '*/*;q=0', result: { version: null } },
    { why: 'a malformed q', options: {}, accept: 'application/json; q=2; version=2', result: { version: '2' } },
    { why: '*/json matches (DRF: * as the type matches any)', options: {}, accept: '*/json; version=2', result: { version: '2' } },
    { why: 'a parameter without = is ignored', options: {}, accept: 'application/json; junk; version=2', result: { version: '2' } },
    { why: 'a name*= value is percent-decoded (RFC 2231, as Django)', options: {}, accept: "application/json; version*=UTF-8''v%32", result: { version: 'v2' } },
    { why: 'a wildcard range gives its parameters as DRF writes and reads them again', options: {}, accept: '*/*; version="a;b"', result: { version: 'a' } },
    { why: 'only ranges matching nothing', options: {}, accept: 'application/json junk, garbage, application/, /json, *', result: { error: NOT_SATISFIABLE } },
    { why: 'an element with a type beyond ASCII (DRF: 500) is skipped', options: {}, accept: 'applicatïon/json; version=1, */*; version=2', result: { version: '2' } },
    { why: 'an unterminated quote is read as written', options: {}, accept: 'application/json; version="2', result: { version: '"2' } },
  ]
  it.each(rows)('$why: $accept', ({ options, accept, result }) => {
    const scheme = new AcceptHeaderVersioning(options)
    const headers = new Headers()
    if (accept !== null) headers.set('Accept', accept)
    const request = new Request('https://api.example.com/users', { headers })
    if ('version' in result) {
      expect(scheme.determineVersion(request)).toBe(result.version)
      return
    }
    let caught: unknown
    try {
      scheme.determineVersion(request)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(NotAcceptable)
    expect(caught).toBeInstanceOf(VersioningError)
    expect(caught).toMatchObject({ name: 'NotAcceptable', status: 406, detail: result.error, message: result.error })
  })

  it('exports the exact not-acceptable message', () => {
    expect(NOT_ACCEPTABLE_MESSAGE).toBe(NOT_SATISFIABLE)
  })

  interface OrderRow {
    readonly mediaTypes: readonly string[]
    readonly accept: string | null
    readonly mediaType: string
    readonly params: Params
  }
  const orderRows: OrderRow[] = [
    { mediaTypes: ['text/html', 'application/json'], accept: null, mediaType: 'text/html', params: {} },
    { mediaTypes: ['application/json', 'text/html'], accept: null, mediaType: 'application/json', params: {} },
    { mediaTypes: ['text/html', 'application/json'], accept: '*/*; version=2', mediaType: 'text/html', params: { version: '2' } },
    { mediaTypes: ['application/json', 'text/html'], accept: '*/*; version=2', mediaType: 'application/json', params: { version: '2' } },
    { mediaTypes: ['text/html', 'application/json'], accept: 'application/json, text/html', mediaType: 'text/html', params: {} },
    { mediaTypes: ['application/json', 'text/html'], accept: 'text/html, application/json', mediaType: 'application/json', params: {} },
    { mediaTypes: ['text/html', 'application/json'], accept: 'text/*, application/json', mediaType: 'application/json', params: {} },
    { mediaTypes: ['text/html', 'application/json'], accept: 'text/html;q=0.9, application/json', mediaType: 'text/html', params: { q: '0.9' } },
    { mediaTypes: ['application/json', 'application/vnd.api+json'], accept: 'application/*;version=3', mediaType: 'application/json', params: { version: '3' } },
    { mediaTypes: ['application/vnd.api+json', 'application/json'], accept: 'application/*;version=3', mediaType: 'application/vnd.api+json', params: { version: '3' } },
  ]
  it.each(orderRows)('negotiate with mediaTypes $mediaTypes and Accept $accept', ({ mediaTypes, accept, mediaType, params }) => {
    const scheme = new AcceptHeaderVersioning({ mediaTypes })
    const headers = new Headers()
    if (accept !== null) headers.set('Accept', accept)
    const accepted = scheme.negotiate(new Request('https://api.example.com/', { headers }))
    expect(plainAccepted(accepted)).toEqual({ mediaType, params })
  })

  interface BadOptionRow {
    readonly why: string
    readonly options: AcceptHeaderVersioningOptions
    readonly message: RegExp
  }
  const badOptions: BadOptionRow[] = [
    { why: 'a wildcard media type', options: { mediaTypes: ['*/*'] }, message: /not a media type/ },
    { why: 'a type/* media type', options: { mediaTypes: ['application/*'] }, message: /not a media type/ },
    { why: 'a broken media type', options: { mediaTypes: ['json'] }, message: /not a media type/ },
    { why: 'an empty list', options: { mediaTypes: [] }, message: /non-empty list/ },
    { why: 'q as versionParam', options: { versionParam: 'Q' }, message: /cannot be "q"/ },
    { why: 'a versionParam that is not a token', options: { versionParam: 'api version' }, message: /media-type parameter name/ },
  ]
  it.each(badOptions)('refuses $why at construction', ({ options, message }) => {
    expect(() => new AcceptHeaderVersioning(options)).toThrow(message)
  })
})

describe('a bound on the work of one header', () => {
  // README: "only the first 1,000 list elements of a header are read, valid or not". The figure is
  // written here, not read from MAX_MEDIA_RANGES, so changing the constant fails this test.
  const scheme = new AcceptHeaderVersioning()
  const withAcceptableAt = (position: number): Request =>
    new Request('http://t/', { headers: { accept: `${'text/html, '.repeat(position - 1)}application/json; version=2` } })

  it('reads the 1,000th list element', () => {
    expect(parseAccept(`${'text/html, '.repeat(999)}application/json; version=2`)).toHaveLength(1000)
    expect(scheme.determineVersion(withAcceptableAt(1000))).toBe('2')
  })

  it('ignores the 1,001st and later, valid or not', () => {
    expect(parseAccept(`${'text/html, '.repeat(1000)}application/json; version=2`)).toHaveLength(1000)
    expect(() => scheme.determineVersion(withAcceptableAt(1001))).toThrow('Could not satisfy the request Accept header.')
    // Broken elements count too: 999 of them, then the acceptable one is the 1,000th.
    const broken = (count: number): Request => new Request('http://t/', { headers: { accept: `${'nonsense, '.repeat(count)}application/json; version=2` } })
    expect(scheme.determineVersion(broken(999))).toBe('2')
    expect(() => scheme.determineVersion(broken(1000))).toThrow('Could not satisfy the request Accept header.')
  })
  it("decodes a name*= value of any length (200,000 Latin-1 escapes: no call stack overflow)", () => {
    const long = (charset: string) => new Request('http://t/', { headers: { accept: `application/json; version*=${charset}''${'%41'.repeat(200_000)}` } })
    for (const charset of ['latin1', 'utf-8']) expect(scheme.determineVersion(long(charset))).toBe('A'.repeat(200_000))
    expect(new AcceptHeaderVersioning({ allowedVersions: ['AA'] }).determineVersion(new Request('http://t/', { headers: { accept: "application/json; version*=latin1''%41%41" } }))).toBe('AA')
  })
})
