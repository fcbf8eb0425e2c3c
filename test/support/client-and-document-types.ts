/**
 * Types only: the parts of one operation as a Hono client types it
 * (`versionedClient`'s or `hc`'s) and as openapi-typescript types it from an
 * OpenAPI document, each in a form the other can be compared with
 * (`expectTypeOf<...>().toEqualTypeOf<...>()`). Read by the check file
 * test/node/openapi/typed-client-differential.test.ts generates.
 *
 * What is left out of the comparison, and why:
 * - `readonly` (the client's older shapes carry it, openapi-typescript's do not);
 * - `undefined` in an optional parameter's or field's type (a zod validator's input has it);
 * - the version's own parameter (the client sends it itself);
 * - statuses other than 2xx: the toolkit's own answers (404, 406, 410, 413,
 *   415, 422) are documented but typed by no Hono client; a validator's 400 is
 *   typed but not documented.
 */

/** `T` without `readonly`, deeply. */
export type Plain<T> = T extends readonly (infer I)[] ? Plain<I>[] : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T

type At<C, S extends readonly string[]> = S extends readonly [infer H extends string, ...infer R extends string[]] ? (H extends keyof C ? At<C[H], R> : never) : C

/** Whether client `C` has method `M` (`'$get'`) at path segments `S` (`['products', ':id']`); with `Get`, the method itself (or `never`). */
export type Has<C, S extends readonly string[], M extends string, Get extends boolean = false> = [At<C, S>] extends [never]
  ? Get extends true
    ? never
    : false
  : M extends keyof At<C, S>
    ? Get extends true
      ? At<C, S>[M]
      : true
    : Get extends true
      ? never
      : false

/** Whether openapi-typescript's `paths` has operation `M` (`'get'`) at `Path`. */
export type HasDoc<P, Path extends string, M extends string> = Path extends keyof P ? (M extends keyof P[Path] ? (undefined extends P[Path][M] ? false : true) : false) : false

type Input<F> = F extends (input: infer I, ...rest: never[]) => unknown ? NonNullable<I> : never
type Defined<T> = T extends object ? { [K in keyof T]: Exclude<T[K], undefined> } : T

/** A client call's input `K` (`'param'`, `'query'`, `'header'`, `'json'`), `never` without one. */
export type ClientPart<F, K extends string> = K extends keyof Input<F> ? Defined<Plain<Input<F>[K]>> : never

type Params<D> = D extends { parameters: infer Q } ? Q : never
/** A document operation's parameters in `K` (`'path'`, `'query'`, `'header'`), `never` without any. */
export type DocPart<D, K extends string> = K extends keyof Params<D> ? Plain<NonNullable<Params<D>[K]>> : never

type Lower<T> = { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] }
type OwnHeaders<D> = Omit<Lower<DocPart<D, 'header'>>, 'api-version'>
/** A document operation's header parameters by the lowercase names Hono's validators give them, without the version's own. */
export type DocHeaders<D> = [DocPart<D, 'header'>] extends [never] ? never : keyof OwnHeaders<D> extends never ? never : OwnHeaders<D>

/** A document operation's JSON request body, `never` without one. */
export type DocBody<D> = D extends { requestBody?: infer B } ? ([NonNullable<B>] extends [never] ? never : NonNullable<B> extends { content: { 'application/json': infer J } } ? Plain<J> : never) : never

type Res<F> = F extends (...args: never[]) => Promise<infer R> ? R : never
/** A handler that names no status (`c.json(body)`) is typed by Hono with every status: its answer stands for the document's success. */
type Wide<F> = [200 | 201 | 202] extends [Res<F> extends { status: infer S } ? S : never] ? true : false
type Answers200<R> = R extends { status: infer S } ? (200 extends S ? R : never) : never
type OkOf<F> = Wide<F> extends true ? Answers200<Res<F>> : Extract<Res<F>, { ok: true }>
type JsonOf<R> = R extends { json(): Promise<infer J> } ? Plain<J> : never

/** A client call's JSON body by success status (a handler naming none: by the document `D`'s success statuses). */
export type ClientOk<F, D> = Wide<F> extends true ? { [S in keyof DocOk<D>]: JsonOf<OkOf<F>> } : { [R in OkOf<F> as R extends { status: infer S extends number } ? S : never]: JsonOf<R> }

type Responses<D> = D extends { responses: infer R } ? R : never
/** A document operation's JSON body by success status; `unknown` (what a client's `json()` of a response typed without JSON gives) without one. */
export type DocOk<D> = { [S in keyof Responses<D> as S extends 200 | 201 | 202 | 203 | 204 ? S : never]: Responses<D>[S] extends { content: { 'application/json': infer J } } ? Plain<J> : unknown }

/** A client call's JSON body of error status `S` (400 and above), `never` when the client types none. */
export type ClientError<F, S extends number> = JsonOf<Extract<Res<F>, { status: S }>>
/** A document operation's JSON body of status `S`: its error bodies (the toolkit's own beside the app's). */
export type DocError<D, S extends number> = S extends keyof Responses<D> ? (Responses<D>[S] extends { content: { 'application/json': infer J } } ? Plain<J> : unknown) : never
/** Whether a client's error body of status `S` is one the document gives (or the client types none). */
export type FitsError<F, D, S extends number> = [ClientError<F, S>] extends [never] ? true : [ClientError<F, S>] extends [DocError<D, S>] ? true : false
