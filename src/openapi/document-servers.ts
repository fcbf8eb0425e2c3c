/**
 * The servers of each version's document, as the docs page reads them for
 * its policy (docs-policy.ts `documentOrigins`): `versionedOpenAPI`'s
 * documents say them from their options (`serverUrl`, the head document's
 * `servers`) under a key no entry point exports, without making a
 * document; documents of your own are asked for each document.
 */
/** The method of `versionedOpenAPI`'s documents that gives a version's `servers` without making its document. */
export const SERVERS: unique symbol = Symbol('hono-api-versioning document servers')

/** The `servers` of `version`'s document of `docs` (made only where `docs` cannot say them otherwise). */
export function serversOf(docs: { document(version: string): { readonly servers?: unknown } }, version: string): unknown {
  const said = (docs as { readonly [SERVERS]?: unknown })[SERVERS]
  return typeof said === 'function' ? (said as (version: string) => unknown)(version) : docs.document(version).servers
}
