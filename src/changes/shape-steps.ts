/**
 * What the migration planner (migration-plan.ts) knows of each shape, worked
 * out once per history: its instructions by version step, where its nested
 * shapes sit in each version, and the older layouts its converters declare.
 */
import { opConvert, type Convert, type ShapeInstruction } from './instruction.ts'
import type { AnyShape, Layout } from './shape.ts'
import { checkedBeside, renamesOf } from './converter-beside.ts'

/** What the planner knows of one shape, per version step. */
export interface ShapeSteps {
  /** Instructions by step (`k`: between version k-1 and version k), in declaration order. */
  readonly byStep: ReadonlyMap<number, readonly ShapeInstruction[]>
  /** Where nested shapes sit, per version index (renames and removals of those fields followed). */
  readonly nestedAt: readonly ReadonlyMap<string, Layout>[]
  /** Steps whose converter declares an older layout, newest first. */
  readonly replacements: readonly { readonly step: number; readonly older: Layout }[]
}

/** Builds each shape's steps from the instructions of the history (`steps[k]`: those of version k). */
export function shapeSteps(shape: AnyShape, instructions: readonly (readonly ShapeInstruction[])[], versionCount: number): ShapeSteps {
  const byStep = new Map<number, ShapeInstruction[]>()
  instructions.forEach((list, step) => {
    const own = list.filter((i) => i.shape === shape)
    if (own.length > 0) byStep.set(step, own)
  })
  const nestedAt: ReadonlyMap<string, Layout>[] = new Array<ReadonlyMap<string, Layout>>(versionCount)
  let current: ReadonlyMap<string, Layout> = shape.nested
  nestedAt[versionCount - 1] = current
  for (let v = versionCount - 2; v >= 0; v--) {
    const changes = byStep.get(v + 1)
    if (changes !== undefined && changes.some((i) => i.nested !== undefined && (current.has(i.nested.field) || i.nested.layout !== undefined))) {
      const next = new Map(current)
      for (const i of [...changes].reverse()) {
        if (i.nested === undefined || (!current.has(i.nested.field) && i.nested.layout === undefined)) continue
        // A changed field's declared older layout stands in for the newer one (fieldChanged with older).
        const layout = i.nested.layout ?? (current.get(i.nested.field) as Layout)
        next.delete(i.nested.field)
        if (i.nested.older !== null) next.set(i.nested.older, layout)
      }
      current = next
    }
    nestedAt[v] = current
  }
  const replacements: { step: number; older: Layout }[] = []
  for (const [step, list] of byStep) {
    for (const i of list) if (i.older !== undefined) replacements.push({ step, older: i.older })
  }
  replacements.sort((a, b) => b.step - a.step)
  return { byStep, nestedAt, replacements }
}

/** Going down (newer to older: responses) or up (older to newer: requests). */
export type Direction = 'down' | 'up'

/**
 * One step's instructions on one shape, in the order they run. Going down:
 * field instructions newest-declared first, then converters; going up:
 * converters, then field instructions in declaration order (on a partial
 * body, each one's `upPartial`); those with nothing to do left out. Of the
 * field instructions, those that only take a field away (going up, a
 * `fieldRemoved`; going down, a `fieldAdded`) run last: a `fieldAdded`'s
 * `default` and a `fieldRemoved`'s `older`, functions of the whole object,
 * read it with that field whatever order the change lists them in (each
 * field has one instruction per step, so nothing else reads a field after
 * it is taken away).
 *
 * Beside a converter, a `fieldAdded` lets it read and write its field:
 * going down, its field is taken away after the converters (they read the
 * head's value); going up, the older client's own value for it is dropped
 * before them, and its `default` fills it after them only where they left
 * it absent (what they write is kept). A `fieldRemoved` already runs on
 * the side of the converters where its field is there: going up, after
 * them (they read the older value), and going down, its `older` before
 * them (they read it, and what they write instead is kept). A converter
 * that declares an older layout makes the object going up (no value of the
 * client's to drop before it; what it writes is kept, as above), and going
 * down runs after every field instruction (its value is of another layout).
 * Going up, a `fieldRenamed`'s newer name, which the older client's version
 * does not have, is dropped from its value before anything else of the step
 * (converters included), as an added field's is: the handler reads the head's
 * name only from the older one.
 * A `fieldRenamed` and a `fieldChanged` move their field's data themselves,
 * so a converter beside them must not repeat it: beside a rename, each
 * converter is wrapped (here, once per history) so that a repeat that would
 * lose or overwrite the renamed value fails instead (converter-beside.ts).
 */
export function order(list: readonly ShapeInstruction[], direction: Direction, partial: boolean): ShapeInstruction[] {
  const fields = list.filter((i) => !i.converter)
  let converters = list.filter((i) => i.converter)
  const takesAway = (i: ShapeInstruction): boolean => (direction === 'down' ? i.downOp : i.upOp)?.kind === 'clear'
  const inOrder = direction === 'down' ? fields.reverse() : fields
  const kept = inOrder.filter((i) => !takesAway(i))
  const steps = [...kept, ...inOrder.filter(takesAway)]
  // A converter that declares an older layout gives (down) or takes (up) a value of another layout, where no field
  // instruction of the shape can run: going down, they all run before it; going up, the object is the converter's own.
  const beside = converters.length > 0 && converters.every((i) => i.older === undefined)
  // Beside a rename of the step, each converter's result is checked for the rename's work repeated (converter-beside.ts).
  if (beside) {
    const renames = renamesOf(fields, direction)
    if (renames.length > 0) converters = converters.map((i) => checkedBeside(i, renames, direction))
  }
  const ordered =
    direction === 'down'
      ? beside
        ? [...kept, ...converters.reverse(), ...inOrder.filter(takesAway)]
        : [...steps, ...converters.reverse()]
      : converters.length > 0
        ? [...(beside ? inOrder.flatMap((i) => dropOf(i)) : []), ...converters, ...steps.map((i) => (i.added === undefined ? i : { ...i, up: i.added.fill, upPartial: i.added.fillPartial }))]
        : [...inOrder.flatMap((i) => (i.newerDrop === undefined ? [] : dropOf(i))), ...steps]
  return ordered.filter((i) => pick(i, direction, partial) !== null)
}

/**
 * The dropping of an older client's own value for a field its version does
 * not have, as an instruction of its own: a `fieldAdded`'s field (none:
 * `keepOlder`), a `fieldRenamed`'s newer name; none for another instruction.
 */
function dropOf(i: ShapeInstruction): ShapeInstruction[] {
  const drop = i.added?.drop ?? i.newerDrop
  return drop === undefined || drop === null ? [] : [{ ...i, up: opConvert(drop), upOp: drop, upPartial: undefined }]
}

export function pick(i: ShapeInstruction, direction: Direction, partial: boolean): Convert | null {
  return direction === 'up' && partial && i.upPartial !== undefined ? i.upPartial : i[direction]
}
