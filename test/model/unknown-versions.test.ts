/**
 * The model answers for the versions of its space, worked out once each; a
 * version outside it (whatever a client sends to a scheme that allows every
 * version) is served by none of its operations, and asking builds nothing
 * and keeps nothing, however many made-up versions come. A portable suite:
 * Node, workerd, Bun and Deno.
 */
import { describe, expect, it } from 'vitest'
import { HeaderVersioning } from '../../src/index.ts'
import type { OperationContracts } from '../../src/model/api-model.ts'
import { pathContracts } from '../../src/model/contracts.ts'
import { versionedOperation } from '../../src/model/operations.ts'
import { servedOperation, type RouteEvents } from '../../src/model/served.ts'
import { versionSpace } from '../../src/model/version-space.ts'

describe("a version outside the model's space", () => {
  const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'], defaultVersion: '2' })
  const space = versionSpace(scheme)

  function counted() {
    const asked: string[] = []
    const built: string[] = []
    const events: RouteEvents = { exists: (_names, version) => (asked.push(version), true), pathChanges: () => [] }
    const served = servedOperation({ method: 'GET', path: '/things/{id}', name: 'thing', names: ['thing'], routes: [], versionPattern: null }, space, scheme.placement, events)
    const operation = versionedOperation(served, space.versions, { contracts: (version, { params }): OperationContracts => (built.push(version), pathContracts(params)) })
    return { served, operation, asked, built }
  }

  it('is served by no operation: the light part and the contracts are worked out for the space alone', () => {
    const { served, operation, asked, built } = counted()
    expect(asked).toEqual(['1', '2'])
    for (let i = 0; i < 1_000; i++) {
      expect(served.at(`made-up-${i}`)).toBeNull()
      expect(operation.at(`made-up-${i}`)?.responses ?? null).toBeNull()
    }
    expect([asked, built]).toEqual([['1', '2'], []])
  })

  it("keeps answering each of the space's versions with what it worked out once", () => {
    const { operation, built } = counted()
    const first = operation.at('1')
    for (let i = 0; i < 100; i++) expect(operation.at('1')?.responses).toBe(first?.responses)
    expect(operation.at('2')?.params).toEqual(['id'])
    expect(built).toEqual(['1'])
    expect(operation.at('2')?.request.parameters.map((p) => p.name)).toEqual(['id'])
    expect(built).toEqual(['1', '2'])
  })
})
