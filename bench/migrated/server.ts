/**
 * Serves the migrated-request benchmark's app (app.ts) on 127.0.0.1 on the
 * runtime that runs this file (bench/served/serve.ts).
 *
 * Usage: <runtime> bench/migrated/server.ts <port>
 */
import { args, serveOn } from '../served/serve.ts'
import { migratedApp } from './app.ts'

await serveOn(migratedApp().fetch, Number(args[0]))
