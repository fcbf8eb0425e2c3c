/**
 * A change: one human description, a stable id, and the instructions that
 * say what it changed. The change object is also the handle a handler asks
 * the history about (`history.predates(c.var.version, change)`).
 */
import type { Instruction } from './instruction.ts'
import { checkOptionNames, isRecord } from '../options.ts'
import { quoted, quotedValue } from '../quote.ts'

/** A change of a version, made with `change()`. */
export interface Change<I extends readonly Instruction[] = readonly Instruction[]> {
  /** The stable id (given, or derived from the description). */
  readonly id: string
  /** What changed, for humans (the changelog). */
  readonly description: string
  /** What it changed in shapes and routes; empty for a change of behaviour or errors alone (`history.predates`, converters of errors). */
  readonly instructions: I
}

/** Options of `change()`. */
export interface ChangeOptions {
  /**
   * The stable id, for the changelog and OpenAPI.
   * @default the description in lower case, words joined with "-"
   */
  readonly id?: string | undefined
}

/**
 * Declares a change: a description and what it changed. Put it in the
 * version that introduced it. A change of behaviour alone (a handler asks
 * `history.predates(c.var.version, change)`) lists no instructions (`[]`)
 * and still has its place in the changelog.
 *
 * @example
 * ```ts
 * const titles = change('Products have a title instead of a name.', [fieldRenamed(Product, { older: 'name', newer: 'title' })])
 * ```
 */
export function change<const I extends readonly Instruction[]>(description: string, instructions: I, options?: ChangeOptions): Change<I> {
  const where = 'change'
  if (typeof description !== 'string' || description.trim() === '') {
    throw new Error(`${where}: the description must be a sentence saying what changed, such as "Products have a title instead of a name.".`)
  }
  if (!Array.isArray(instructions)) {
    throw new Error(`${where}(${quoted(description)}): list what it changes, such as [fieldRenamed(Product, { older: 'name', newer: 'title' })], or [] for a change of behaviour alone.`)
  }
  for (const instruction of instructions as readonly unknown[]) {
    const kind = (instruction as { kind?: unknown } | null)?.kind
    if (kind !== 'shape' && kind !== 'route') {
      throw new Error(`${where}(${quoted(description)}): every instruction must come from fieldRenamed(), routeAdded() or another change function.`)
    }
  }
  if (options !== undefined && !isRecord(options)) throw new Error(`${where}(${quoted(description)}): options must be an object such as { id: "product-title" }.`)
  if (options !== undefined) checkOptionNames(options, `${where}(${quoted(description)})`, ['id'])
  const given = options?.id
  if (given !== undefined && (typeof given !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._:-]*$/.test(given))) {
    throw new Error(`${where}(${quoted(description)}): id must be letters, digits, ".", "_", ":" or "-", got ${quotedValue(given)}.`)
  }
  const id = given ?? slug(description)
  if (id === '') throw new Error(`${where}(${quoted(description)}): no id can be derived from the description; give one with { id: "..." }.`)
  return Object.freeze({ id, description, instructions: Object.freeze([...instructions]) as readonly Instruction[] as I })
}

/** The description in lower case, runs of other characters as one "-", at most 64 characters, no "-" at either end. */
function slug(text: string): string {
  const joined = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 64)
  let start = 0
  let end = joined.length
  // Trimmed without a regexp: /-+$/ backtracks over long runs of "-".
  while (start < end && joined[start] === '-') start++
  while (end > start && joined[end - 1] === '-') end--
  return joined.slice(start, end)
}
