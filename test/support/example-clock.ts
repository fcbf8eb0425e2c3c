/**
 * The clock the tests give the worker example's version policy, so that its
 * answers do not change when a sunset passes: after the deprecation of
 * `2025-01-01` (2026-06-01) and the sunset of `2024-01-01` (2026-01-01),
 * before the sunset of `2025-01-01` (2027-06-01).
 */
export const EXAMPLE_NOW = '2026-09-01T00:00:00Z'
export const EXAMPLE_NOW_MS: number = Date.UTC(2026, 8, 1)
