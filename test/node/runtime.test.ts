import { expect, it } from 'vitest'
import { detectRuntime } from '../support/runtime.ts'

it('runs on Node 22 or later (the project brings its own)', () => {
  expect(detectRuntime()).toBe('node')
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22)
})
