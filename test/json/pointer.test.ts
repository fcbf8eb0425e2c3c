/**
 * `$ref`s are JSON Pointers in URI fragments, read by one rule (RFC 6901 §6):
 * percent-decoded, then split on "/", then `~1` and `~0` unescaped. The
 * documents (which components a version keeps) and validation (the closures
 * and the fallback) resolve a reference with "%", "~" or "/" in its name
 * alike. A portable file: it runs on all four runtimes.
 */
import { describe, expect, it } from 'vitest'
import { pointerRef, pointerTokens, refName } from '../../src/json/pointer.ts'
import { reachableComponents } from '../../src/json/refs.ts'
import { compileSchema } from '../support/compile-schema.ts'

describe('JSON Pointers in URI fragments (RFC 6901 §6)', () => {
  it.each([
    ['#', []],
    ['#/components/schemas/User', ['components', 'schemas', 'User']],
    ['#/a~1b/c~0d', ['a/b', 'c~d']],
    ['#/a~01', ['a~1']],
    ['#/100%25', ['100%']],
    ['#/a%20b', ['a b']],
    ['#/%7E1', ['/']],
    ['#/a%2Fb', ['a', 'b']],
    ['#/%zz', null],
    ['#a', null],
    ['/a', null],
  ])('%s has the tokens %j', (ref, tokens) => {
    expect(pointerTokens(ref)).toEqual(tokens)
  })

  it.each([
    [['components', 'schemas', 'User'], '#/components/schemas/User'],
    [['$defs', 'a/b~c'], '#/$defs/a~1b~0c'],
    [['$defs', '100%'], '#/$defs/100%25'],
    [['$defs', 'a b'], '#/$defs/a%20b'],
  ])('%j is written %s, and read back', (tokens, ref) => {
    expect(pointerRef(tokens)).toBe(ref)
    expect(pointerTokens(ref)).toEqual(tokens)
  })

  it('refName names what a reference points at directly under a base, or null', () => {
    expect(refName('#/$defs/100%25', ['$defs'])).toBe('100%')
    expect(refName('#/$defs/a/b', ['$defs'])).toBe(null)
    expect(refName('#/components/schemas/A', ['$defs'])).toBe(null)
    expect(refName('#/$defs/%E0%A4%A', ['$defs'])).toBe(null)
  })
})

describe('documents and validation resolve a reference with "%" in its name alike', () => {
  const names = ['100%', '100%25']
  it.each(names)('the component %j', (name) => {
    const ref = pointerRef(['components', 'schemas', name])
    const reached = reachableComponents([ref], { schemas: { '100%': { $ref: '#/components/schemas/Leaf' }, '100%25': {}, Leaf: {} } })
    expect(reached.has(ref)).toBe(true)
    expect(reached.has('#/components/schemas/Leaf')).toBe(name === '100%')
  })

  it('the closures read "#/$defs/100%25" as the definition "100%"', () => {
    const test = compileSchema({ $ref: '#/$defs/100%25', $defs: { '100%': { type: 'string' }, '100%25': { type: 'number' } } })
    expect(test?.('text')).toBe(true)
    expect(test?.(1)).toBe(false)
  })
})

describe('a name no URI can carry', () => {
  it('is refused with a sentence, not a URIError', () => {
    expect(() => pointerRef(['components', 'schemas', 'Bad\ud800Name'])).toThrow(/lone UTF-16 surrogate .* rename it/)
    expect(() => pointerRef(['components', 'schemas', 'Bad\ud800Name'])).not.toThrow(URIError)
    expect(pointerRef(['components', 'schemas', 'Café 😀'])).toBe('#/components/schemas/Caf%C3%A9%20%F0%9F%98%80')
  })
})
