// Serves the probe app on the runtime it runs on (loopback): node / bun / deno. PORT env.
import { makeApp, probeState } from './app.ts'
const app = makeApp({ bodyLimitInRoute: 2000 })
app.get('/probe-state', (c) => c.json(probeState as never))
const port = Number((globalThis as { process?: { env: Record<string, string> } }).process?.env['PORT'] ?? (globalThis as { Deno?: { env: { get(k: string): string } } }).Deno?.env.get('PORT') ?? 8931)
const g = globalThis as { Bun?: { serve(o: object): unknown }; Deno?: { serve(o: object, f: unknown): unknown } }
if (g.Bun) g.Bun.serve({ hostname: '127.0.0.1', port, fetch: app.fetch })
else if (g.Deno) g.Deno.serve({ hostname: '127.0.0.1', port }, app.fetch)
else { const { serve } = await import('@hono/node-server'); serve({ fetch: app.fetch, hostname: '127.0.0.1', port }) }
console.log('ready', port)
