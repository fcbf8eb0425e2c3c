/**
 * What a NoReverseMatch message quotes: the route name (a namespace's version
 * in it included), a name without the version, an unknown keyword parameter,
 * each with its control characters escaped and cut to 80 characters; the
 * error's fields keep them whole.
 */
import { describe, expect, it } from 'vitest'
import { createReverse, defineRoutes, include, NamespaceVersioning, NoReverseMatch, route } from '../../src/index.ts'

const routes = defineRoutes([include('/v1', [route('user', '/users/:id')], { namespace: 'v1' })])
const reverse = createReverse(routes, new NamespaceVersioning())

/** What `call` throws. */
function thrown(call: () => unknown): NoReverseMatch {
  try {
    call()
  } catch (error) {
    return error as NoReverseMatch
  }
  throw new Error('no error')
}

describe('NoReverseMatch quotes names escaped and cut', () => {
  it('a namespaced version with CR LF is escaped in the message and whole in routeName', () => {
    const error = thrown(() => reverse('user', { version: 'v1\r\n', kwargs: { id: 1 } }))
    expect(error).toBeInstanceOf(NoReverseMatch)
    expect(error.message).toBe('Reverse for "v1\\r\\n:user" with kwargs {"id":1} not found: no route is named "v1\\r\\n:user". Without the version, "user": no route is named "user".')
    expect(error.routeName).toBe('v1\r\n:user')
  })

  it('a route name of 64 KiB is cut to 80 characters each time it is quoted', () => {
    const name = `u\n${'n'.repeat(64 * 1024)}`
    const error = thrown(() => (reverse as (name: string) => string)(name))
    const cut = `"u\\n${'n'.repeat(75)}…`
    expect(error.message).toBe(`Reverse for ${cut} with no parameters not found: no route is named ${cut}.`)
    expect(error.routeName).toBe(name)
  })

  it('an unknown keyword parameter of 64 KiB is cut in the reason', () => {
    const key = `k\r\n${'y'.repeat(64 * 1024)}`
    const error = thrown(() => reverse('user', { version: 'v1', kwargs: { id: 1, [key]: 2 } as never }))
    expect(error.reason).toBe(`unknown parameter "k\\r\\n${'y'.repeat(73)}… (it takes "id").`)
    expect(error.message).not.toMatch(/[\r\n]/)
    expect(error.message.length).toBeLessThan(500)
  })

  it('the params a message shows have their DEL, C1 controls and line separators escaped, and are cut to 200 characters between the halves of no pair', () => {
    const controls = thrown(() => reverse('user', { version: 'v1', kwargs: { id: 1, z: '\u007f\u009b\u2028' } as never }))
    expect(controls.message).toBe('Reverse for "v1:user" with kwargs {"id":1,"z":"\\u007f\\u009b\\u2028"} not found: unknown parameter "z" (it takes "id").')
    const emoji = thrown(() => reverse('user', { version: 'v1', kwargs: { id: '\u{1F600}'.repeat(200), z: 1 } as never }))
    expect(emoji.message).toBe(`Reverse for "v1:user" with kwargs {"id":"${'\u{1F600}'.repeat(96)}… (415 characters) not found: unknown parameter "z" (it takes "id").`)
  })
})
