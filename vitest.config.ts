import { readFileSync } from 'node:fs'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { configDefaults, defineConfig } from 'vitest/config'

/** The suites every runtime runs (Node, workerd, Bun, Deno). */
const portable: string[] = JSON.parse(readFileSync(new URL('./test/portable.json', import.meta.url), 'utf8')).suites

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          // test/workers runs inside workerd only, test/runtimes on Bun and Deno only.
          exclude: [...configDefaults.exclude, 'test/workers/**', 'test/runtimes/**'],
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
            // A property-test replay (test/support/property-runs.ts) reaches the tests' process.env inside workerd.
            miniflare: { bindings: { FC_SEED: process.env['FC_SEED'] ?? '', FC_PATH: process.env['FC_PATH'] ?? '' } },
          }),
        ],
        test: {
          name: 'workerd',
          include: ['test/workers/*.test.ts', ...portable],
        },
      },
    ],
  },
})
