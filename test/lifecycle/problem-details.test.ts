/**
 * problemDetails() refuses a mistaken options object at construction, as
 * every other factory does. A portable file: it runs on all four runtimes.
 */
import { describe, expect, it } from 'vitest'
import { problemDetails } from '../../src/lifecycle/index.ts'
import type { ProblemDetailsOptions } from '../../src/lifecycle/problem-details.ts'

describe('problemDetails: configuration mistakes fail at construction', () => {
  it.each([
    ['an unknown option', { typebase: 'https://errors.example.com/' }, 'problemDetails: unknown option "typebase"; the options are typeBase.'],
    ['null', null, 'problemDetails: pass an options object with typeBase.'],
    ['a string', 'https://errors.example.com/', 'problemDetails: pass an options object with typeBase.'],
    ['an array', [], 'problemDetails: pass an options object with typeBase.'],
  ])('%s', (_, options, message) => {
    expect(() => problemDetails(options as unknown as ProblemDetailsOptions)).toThrow(new Error(message))
  })

  it('takes no options, or typeBase', () => {
    expect(typeof problemDetails()).toBe('function')
    expect(typeof problemDetails({})).toBe('function')
    expect(typeof problemDetails({ typeBase: 'https://errors.example.com/' })).toBe('function')
  })
})
