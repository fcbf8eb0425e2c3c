/**
 * problemDetails() refuses a mistaken options object at construction, as
 * every other factory does. A portable file: it runs on all four runtimes.
 */
import { describe, expect, it } from 'vitest'
import { problemDetails } from '../../src/lifecycle/index.ts'
import type { ProblemDetailsOptions } from '../../src/lifecycle/problem-details.ts'
import { VersioningError } from '../../src/errors.ts'

describe('problemDetails: configuration mistakes fail at construction', () => {
  it.each([
    ['an unknown option', { typebase: 'https://errors.example.com/' }, 'problemDetails: unknown option "typebase" (did you mean "typeBase"?); the only option is typeBase.'],
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

describe('problemDetails: a code or status of an error of your own', () => {
  class Refused extends VersioningError {
    readonly status: number
    constructor(status: number, code: string) {
      super('Refused.', code)
      this.status = status
    }
  }

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'SomethingElse'])('a code %j that is no code of the toolkit: its title is the status phrase', async (code) => {
    const res = problemDetails({ typeBase: 'https://errors.example.com/' })(new Refused(404, code))
    const body = (await res.json()) as Record<string, unknown>
    expect(body['title']).toBe('Not Found')
    expect(body['status']).toBe(404)
  })

  it.each([418, 599])('a status %i the toolkit does not answer: its title is "Error"', async (status) => {
    const body = (await problemDetails()(new Refused(status, 'UnsupportedApiVersion')).json()) as Record<string, unknown>
    expect(body['title']).toBe('Error')
  })
})
