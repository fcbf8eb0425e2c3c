import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../src/http/bounded-cache.ts'

describe('BoundedCache', () => {
  it('remembers, and empties itself when full', () => {
    const cache = new BoundedCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('c')).toBe(3)
  })

  it('keeps no key longer than 1,024 characters, but returns its value', () => {
    const cache = new BoundedCache<number>(8)
    const long = 'x'.repeat(1025)
    expect(cache.set(long, 7)).toBe(7)
    expect(cache.get(long)).toBeUndefined()
    cache.set('x'.repeat(1024), 8)
    expect(cache.get('x'.repeat(1024))).toBe(8)
  })
})
