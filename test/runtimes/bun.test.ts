import { expect, it } from 'vitest'
import { detectRuntime } from '../support/runtime.ts'

it('runs on Bun', () => {
  expect(detectRuntime()).toBe('bun')
})
