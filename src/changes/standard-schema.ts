/**
 * The Standard Schema interface (standardschema.dev), declared here as types
 * only: a zod, valibot or arktype schema fits it, and none of them is a
 * dependency. Only the inferred types are read, never the schema at run time.
 */

/** What a Standard Schema (v1) carries under `~standard`, as far as the types go. */
export interface StandardSchemaV1Props<Input = unknown, Output = Input> {
  readonly version: 1
  readonly vendor: string
  readonly validate: (value: unknown) => unknown
  readonly types?: { readonly input: Input; readonly output: Output } | undefined
}

/** A Standard Schema such as a zod schema. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1Props<Input, Output>
}

/** The output type of a Standard Schema (what a parsed value looks like). */
export type InferOutput<S> = S extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer O }
    ? O
    : unknown
  : unknown
