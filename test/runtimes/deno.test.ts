import { expect, it } from 'vitest'
import { detectRuntime } from '../runtime.ts'

it('runs on Deno', () => {
  expect(detectRuntime()).toBe('deno')
})
