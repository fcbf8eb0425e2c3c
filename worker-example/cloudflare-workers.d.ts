/**
 * What the Worker (index.ts) and the workerd tests use of the runtime's
 * `cloudflare:workers` module: its bindings (wrangler.toml) and `waitUntil`.
 * Declared here rather than through @cloudflare/workers-types, whose globals
 * would clash with the DOM and Node types the rest of the project checks with.
 */
declare module 'cloudflare:workers' {
  /** A Workers KV namespace, as much as the example and its tests use. */
  interface KVNamespace {
    get(key: string): Promise<string | null>
    put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>
    delete(key: string): Promise<void>
    list(options?: { prefix?: string }): Promise<{ keys: { name: string; expiration?: number }[] }>
  }
  interface D1Result {
    results: unknown[]
  }
  interface D1PreparedStatement {
    bind(...values: unknown[]): D1PreparedStatement
    run(): Promise<unknown>
    all(): Promise<D1Result>
  }
  /** A D1 database, as much as the example and its tests use. */
  interface D1Database {
    prepare(query: string): D1PreparedStatement
    batch(statements: D1PreparedStatement[]): Promise<unknown>
    exec(query: string): Promise<unknown>
  }
  /** An Analytics Engine dataset, as much as the example and its tests use. */
  interface AnalyticsEngineDataset {
    writeDataPoint(point: { indexes?: string[]; blobs?: string[]; doubles?: number[] }): void
  }
  /** A Durable Object namespace, as much as the tests and the docs' examples use. */
  interface DurableObjectNamespace {
    idFromName(name: string): unknown
    get(id: unknown): { fetch(request: Request): Promise<Response> }
  }
  /** The bindings of wrangler.toml, and PIN_OBJECTS, which only the workerd tests bind (vitest.config.ts) and the docs' examples read. */
  export const env: {
    readonly PINS: KVNamespace
    readonly USAGE: D1Database
    readonly USAGE_EVENTS: AnalyticsEngineDataset
    readonly PIN_OBJECTS: DurableObjectNamespace
    readonly PIN_SECRET?: string
    readonly API_KEYS?: string
    readonly NOW?: string
    readonly OPERATOR_KEY?: string
  }
  /** The main Worker's entry points (the vitest plugin's `main`, worker-example/index.ts). */
  export const exports: { readonly default: { fetch(input: string | Request, init?: RequestInit): Promise<Response> } }
  /** Keeps the Worker alive until `promise` settles, without the request waiting. */
  export function waitUntil(promise: Promise<unknown>): void
}
