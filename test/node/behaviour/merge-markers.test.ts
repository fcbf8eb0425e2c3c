/**
 * No text file of the repository holds a merge's conflict markers: a docs page once kept
 * `<<<<<<< HEAD ... >>>>>>> older-fields` in its options table, with both sides' rows, and every check passed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const TEXT = /\.(md|ts|mts|js|mjs|json|toml|py|ya?ml|sh)$/
const SKIPPED = /(^|\/)(node_modules|\.git|\.tmp|\.wrangler|dist|coverage)(\/|$)/
const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => TEXT.test(f) && !SKIPPED.test(f))

it('reads the repository', () => {
  expect(files).toContain('README.md')
  expect(files.length).toBeGreaterThan(100)
})

it('no file holds a conflict marker at the start of a line', () => {
  const marked = files.filter((f) => /^(<{7}|>{7})( |$)|^={7}$/m.test(readFileSync(root + f, 'utf8')))
  expect(marked).toEqual([])
})
