import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { configDefaults, defineConfig } from 'vitest/config'
import { EXAMPLE_NOW } from './test/support/example-clock.ts'
import { NODE_ONLY, RUNTIME_ONLY, SUITES } from './test/runtimes/suites.ts'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          // Every suite (test/runtimes/suites.ts), but those of workerd, Bun and Deno alone.
          include: [SUITES],
          exclude: [...configDefaults.exclude, ...RUNTIME_ONLY],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './test/tsconfig.json',
          },
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // The worker example, and the Durable Object class of durableObjectPinStore (test/workers/main.ts).
            main: './test/workers/main.ts',
            // A property-test replay (test/support/property-runs.ts) reaches the tests' process.env inside workerd;
            // the worker example runs on the tests' fixed clock (its NOW var), as under `wrangler dev` in test/e2e/.
            miniflare: {
              bindings: { FC_SEED: process.env['FC_SEED'] ?? '', FC_PATH: process.env['FC_PATH'] ?? '', NOW: EXAMPLE_NOW },
              durableObjects: { PIN_OBJECTS: { className: 'ClientPinObject', useSQLite: true } },
            },
          }),
        ],
        test: {
          name: 'workerd',
          // The suites every runtime runs, by folder (test/runtimes/suites.ts), and test/workers/.
          include: [SUITES],
          exclude: [...configDefaults.exclude, ...NODE_ONLY, 'test/runtimes/**'],
        },
      },
    ],
  },
})
