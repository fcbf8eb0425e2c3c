import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

/** The core suites that need nothing but Web APIs: they run on Node and inside workerd. */
const portable = [
  'test/accept.test.ts',
  'test/drf-versioning.test.ts',
  'test/options.test.ts',
  'test/properties.test.ts',
  'test/route-table.test.ts',
  'test/spec.test.ts',
]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/*.test.ts', 'test/e2e/*.test.ts'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './test/tsconfig.json',
          },
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })],
        test: {
          name: 'workerd',
          include: ['test/workers/*.test.ts', ...portable],
        },
      },
    ],
  },
})
