import { expect, it } from 'vitest'
import { detectRuntime } from '../support/runtime.ts'

it('runs inside workerd', () => {
  expect(detectRuntime()).toBe('workerd')
  expect(Reflect.get(navigator, 'userAgent')).toBe('Cloudflare-Workers')
})
