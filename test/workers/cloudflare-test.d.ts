/**
 * What the workerd tests use of `cloudflare:test` (@cloudflare/vitest-plugin):
 * `runInDurableObject`, to edit a Durable Object's own storage by hand.
 * Declared here rather than through the plugin's types, whose Workers globals
 * would clash with the DOM and Node types the rest of the project checks with.
 */
declare module 'cloudflare:test' {
  /** Runs `callback` inside the object `stub` points to, with its state (`ctx`). */
  export function runInDurableObject<R>(
    stub: unknown,
    callback: (instance: unknown, state: { storage: { sql: { exec(query: string, ...bindings: unknown[]): { toArray(): unknown[] } } } }) => R | Promise<R>,
  ): Promise<R>
}
