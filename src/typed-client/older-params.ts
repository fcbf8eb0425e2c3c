/**
 * Types only: the names and value types an older version's client sends for
 * the query parameters and request headers the head's validators type: each
 * `queryParamRenamed` / `requestHeaderRenamed` of a newer version undone,
 * a parameter whose values a newer version changes (`queryParamChanged`,
 * `requestHeaderChanged`) typed as any text, and the values a parameter shape
 * the history's validation checks has in that version; a parameter such a
 * change names that the head's validator does not type is added, any text,
 * required where its `olderRequired` says.
 */
import type { AnyShape, Shape } from '../changes/shape.ts'
import type { After, EntriesOf, OptionsOf, SaidOf, StatusNames, ValueAt } from './older.ts'

type RenameOp<Part> = Part extends 'header' ? 'route.header.renamed' : 'route.query.renamed'
/** A header name compared without case, as HTTP does, and as Hono's validators type it (lowercase); a query parameter name as it is. */
type NameIn<N, Part> = Part extends 'header' ? Lowercase<N & string> : N & string
type RenameSaid<E, Names, Part> = Extract<SaidOf<E>, { readonly op: RenameOp<Part>; readonly route: Names }>
/** Name `K` one version down: a name a rename made newer is its older one. */
type NameStep<K, Said, Part> = (Said extends { readonly older: infer O; readonly newer: infer N } ? (NameIn<N, Part> extends NameIn<K, Part> ? NameIn<O, Part> : never) : never) extends infer Found
  ? [Found] extends [never]
    ? K
    : Found
  : never
type NameBefore<K, Later extends readonly unknown[], Names, Part> = Later extends readonly [...infer Init, infer Last] ? NameBefore<NameStep<K, RenameSaid<Last, Names, Part>, Part>, Init, Names, Part> : K

/** The shape of route `R`'s parameters in `Part` (`query`, `header`) that the history's validation checks, or `never`. */
type ParamShapeOf<H, R extends string, M extends string, Part> = OptionsOf<H> extends { readonly validation?: infer Va }
  ? NonNullable<Va> extends { readonly '~parameters'?: infer P }
    ? NonNullable<P> extends infer Ps
      ? (`${M} ${R}` extends keyof Ps ? Ps[`${M} ${R}`] : R extends keyof Ps ? Ps[R] : never) extends infer E
        ? E extends { readonly [K in Part extends 'header' ? 'headers' : 'query']?: infer S } ? Extract<S, AnyShape> : never
        : never
      : never
    : never
  : never
/** The parameters of shape `S` in version `V`, by the name the validator gives each (a header's in lowercase). */
type ParamsAt<H, S, V extends string, Part> = S extends Shape<infer T, string> ? ValueAt<H, T, V, 'request'> extends infer O ? { [K in keyof O as Part extends 'header' ? Lowercase<K & string> : K]-?: O[K] } : never : never
/** A validator's value type `X` without the text values `O` (version `V`'s) does not take: an enum value added later. */
type NarrowedTo<X, O> = X extends undefined ? X : [X] extends [O] ? X : X extends string ? (string extends X ? X : never) : X
type ValueOp<Part> = Part extends 'header' ? 'route.request.header.changed' : 'route.query.changed'
type ValueSaid<E, Names, Part> = Extract<SaidOf<E>, { readonly op: ValueOp<Part>; readonly route: Names }>
/** `true` when one of `Said` (a version's value changes) names parameter `K`, else `never`. */
type ChangesValue<Said, K, Part> = Said extends { readonly name: infer N } ? (NameIn<N, Part> extends NameIn<K, Part> ? true : never) : never
/**
 * Whether a version of `Later` (newest last) changes the values of the parameter the head names `K`, walked down
 * from the head: in each version, its value changes (which name the version's names) before its renames are undone.
 */
type ValueChangedAbove<K, Later extends readonly unknown[], Names, Part> = Later extends readonly [...infer Init, infer Last]
  ? true extends ChangesValue<ValueSaid<Last, Names, Part>, K, Part>
    ? true
    : ValueChangedAbove<NameStep<K, RenameSaid<Last, Names, Part>, Part>, Init, Names, Part>
  : false
/**
 * What an `olderRequired` of type `Q` says: `true` or `false` as written, nothing when left out (`undefined`), and
 * `true` when the types cannot tell (a `boolean` variable): the client then sends it, which its version always takes.
 */
type RequiredGiven<Q> = [Q] extends [undefined] ? never : [Q] extends [true] ? true : [Q] extends [false] ? false : true
/** The `olderRequired` one of `Said` (a version's value changes) gives parameter `K`, else `Found`. */
type OlderRequiredOf<Said, K, Part, Found> = (Said extends { readonly name: infer N; readonly olderRequired: infer Q } ? (NameIn<N, Part> extends NameIn<K, Part> ? RequiredGiven<Q> : never) : never) extends infer Given
  ? [Given] extends [never]
    ? Found
    : Given
  : Found
/** Whether version `V` requires the parameter the head names `K` where a newer value change says (`olderRequired`, the oldest above `V` last), else `undefined`: walked down as `ValueChangedAbove`. */
type RequiredBelow<K, Later extends readonly unknown[], Names, Part, Found = undefined> = Later extends readonly [...infer Init, infer Last]
  ? RequiredBelow<NameStep<K, RenameSaid<Last, Names, Part>, Part>, Init, Names, Part, OlderRequiredOf<ValueSaid<Last, Names, Part>, K, Part, Found>>
  : Found
/**
 * Whether version `V` requires the parameter the head's validator of route `R` names `N` in `Part`: `true` or `false`
 * where a newer `queryParamChanged` / `requestHeaderChanged` gives `olderRequired`, else `undefined` (as the head types it).
 */
export type ParamRequiredAt<H, R extends string, M extends string, V extends string, N, Part> = RequiredBelow<N, After<EntriesOf<H>, V>, StatusNames<R, M>, Part>
/** A validator's value type as text of any value: a string, or a list of them. */
type AnyText<X> = X extends undefined ? X : X extends readonly unknown[] ? string[] : string

/**
 * The value type version `V` sends for the parameter the head's validator of route `R` names `N` in `Part`, typed `X`
 * there: any text where a newer version changes its values (`queryParamChanged`, `requestHeaderChanged`: the older
 * values are the change's, which the server checks against its `olderSchema`); else, where the history's validation
 * checks that part with a shape, narrowed to the shape's values in `V`.
 */
export type ParamValueAt<H, R extends string, M extends string, V extends string, N, Part, X> = ValueChangedAbove<N, After<EntriesOf<H>, V>, StatusNames<R, M>, Part> extends true ? AnyText<X> : ParamValueInShape<H, R, M, V, N, Part, X>
type ParamValueInShape<H, R extends string, M extends string, V extends string, N, Part, X> = [ParamShapeOf<H, R, M, Part>] extends [never]
  ? X
  : ParamsAt<H, ParamShapeOf<H, R, M, Part>, V, Part> extends infer O
    ? (Part extends 'header' ? Lowercase<N & string> : N) extends keyof O
      ? NarrowedTo<X, O[(Part extends 'header' ? Lowercase<N & string> : N) & keyof O]>
      : X
    : X

/**
 * The name version `V` gives the query parameter or request header (`Part`) that the head's validator of route `R`
 * (method `M`) names `K`: each `queryParamRenamed` / `requestHeaderRenamed` of a newer version undone, newest first.
 */
export type ParamNameAt<H, R extends string, M extends string, V extends string, K, Part extends 'query' | 'header'> = NameBefore<K, After<EntriesOf<H>, V>, StatusNames<R, M>, Part>

/** `[name, required]` of each of `Said` (a version's value changes): required where its `olderRequired` says so (`true`, or a `boolean` the types cannot tell). */
type DeclaredBy<Said, Part> = Said extends { readonly name: infer N; readonly olderRequired: infer Q } ? [NameIn<N, Part>, [Q] extends [undefined] ? false : RequiredGiven<Q>] : never
/** Each of `Found` (`[name, required]`) one version down: its name before `Said`'s renames. */
type DeclaredStep<Found, Said, Part> = Found extends readonly [infer N, infer Q] ? [NameStep<N, Said, Part>, Q] : never
/**
 * The parameters the value changes of `Later` (newest last) name, as `[name, required]` in the version below them
 * all, walked down as `RequiredBelow`: an older change of a parameter gives its requiredness.
 */
type DeclaredBelow<Later extends readonly unknown[], Names, Part, Found = never> = Later extends readonly [...infer Init, infer Last]
  ? DeclaredBelow<Init, Names, Part, DeclaredStep<Exclude<Found, [DeclaredBy<ValueSaid<Last, Names, Part>, Part>[0], boolean]> | DeclaredBy<ValueSaid<Last, Names, Part>, Part>, RenameSaid<Last, Names, Part>, Part>>
  : Found
/**
 * The query parameters or request headers (`Part`) version `V` sends to route `R` that a newer value change
 * (`queryParamChanged`, `requestHeaderChanged`) names but the head's validator does not (`Given`: the names `V` gives
 * those it does): any text, under `V`'s name, required where the change's `olderRequired` says, as the server checks
 * them with the history's request validation.
 */
export type DeclaredParamsAt<H, R extends string, M extends string, V extends string, Part, Given> =
  Exclude<DeclaredBelow<After<EntriesOf<H>, V>, StatusNames<R, M>, Part>, [Given, boolean]> extends infer Added
    ? { [A in Added as A extends readonly [infer N extends string, true] ? N : never]-?: string } & { [A in Added as A extends readonly [infer N extends string, false] ? N : never]?: string | undefined }
    : never
