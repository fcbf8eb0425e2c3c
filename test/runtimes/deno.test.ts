import { expect, it } from 'vitest'
import { detectRuntime } from '../support/runtime.ts'

it('runs on Deno', () => {
  expect(detectRuntime()).toBe('deno')
})
