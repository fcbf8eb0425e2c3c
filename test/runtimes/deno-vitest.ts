/**
 * The part of vitest's API the portable suites use, on Deno's own runner:
 * `describe`, `it`/`test` (all with `.each`) become `Deno.test` cases named
 * "describe > it", and `expect` is Jest's standalone `expect` package.
 * Mapped in for `vitest` by test/runtimes/deno.json, for `deno test` only.
 */
import { expect as jestExpect } from 'expect'

declare const Deno: { test(name: string, fn: () => unknown): void }

type Fn = (...args: never[]) => unknown

const prefix: string[] = []

function group(name: string, body: () => void): void {
  prefix.push(name)
  try {
    body()
  } finally {
    prefix.pop()
  }
}

function register(name: string, fn: () => unknown): void {
  Deno.test([...prefix, name].join(' > '), fn)
}

function format(template: string, args: readonly unknown[], index: number): string {
  let i = 0
  return template.replace(/%[sdifjoO#%]/g, (token) => {
    if (token === '%%') return '%'
    if (token === '%#') return String(index)
    const value = args[i++]
    if (token === '%i') return String(Math.trunc(Number(value)))
    if (token === '%d' || token === '%f') return String(Number(value))
    if (token === '%s') return typeof value === 'function' ? value.name : typeof value === 'string' ? value : stringify(value)
    return stringify(value)
  })
}

function stringify(value: unknown): string {
  if (typeof value === 'function') return value.name
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** `.each` for `it` (`add` registers a case) or `describe` (`add` runs a group). */
function eachWith(add: (name: string, fn: () => unknown) => void) {
  return (rows: readonly unknown[]) =>
    (template: string, fn: Fn): void => {
      rows.forEach((row, index) => {
        const args = Array.isArray(row) ? row : [row]
        const name = Array.isArray(row) || row === null || typeof row !== 'object' ? format(template, args, index) : named(template, row as Record<string, unknown>)
        add(name, () => (fn as (...a: unknown[]) => unknown)(...args))
      })
    }
}

const each = eachWith(register)

export const describe: ((name: string, body: () => void) => void) & { each: typeof each } = Object.assign(group, {
  each: eachWith((name, fn) => group(name, fn as () => void)),
})

/** vitest's `$key` names for object rows. */
function named(template: string, row: Record<string, unknown>): string {
  return template.replace(/\$([A-Za-z_][\w]*)/g, (token, key: string) => (key in row ? (typeof row[key] === 'string' ? (row[key] as string) : stringify(row[key])) : token))
}

export const it: ((name: string, fn: () => unknown, timeout?: number) => void) & { each: typeof each } = Object.assign(
  (name: string, fn: () => unknown) => register(name, fn),
  { each },
)
export const test: typeof it = it

/** Jest's `expect`, taking vitest's optional message (a second argument, which Jest refuses) and `expect.fail`. */
export const expect: typeof jestExpect & { fail(message?: string): never } = Object.assign((actual: unknown, _message?: string) => jestExpect(actual), jestExpect, {
  fail(message = 'expect.fail()'): never {
    throw new Error(message)
  },
})
