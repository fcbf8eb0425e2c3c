/**
 * The route events the model's operations read (model/operations.ts
 * `routeEvents`): each version's position in the order is looked up, not
 * searched for, so every operation asking of every version costs linear
 * work (a search each made versionedOpenAPI of 100,000 versions take
 * minutes). Counted in the order's searches, never timed; and the events
 * are the history's at each version's position. A portable file.
 */
import { describe, expect, it } from 'vitest'
import { routeEvents, type RouteHistory } from '../../src/model/operations.ts'

describe('routeEvents', () => {
  it("asks the history at each version's position, without searching the order per question", () => {
    const versions = Array.from({ length: 200 }, (_, i) => `v${200 - i}`)
    let searches = 0
    const order = Object.assign([...versions], {
      indexOf(this: string[], version: string) {
        searches++
        return Array.prototype.indexOf.call(this, version)
      },
    })
    const asked: number[] = []
    const history: RouteHistory = {
      exists: (_names, at) => {
        asked.push(at)
        return at < 150
      },
      changesAbove: (_names, at) => (at > 100 ? [{ type: 'route.path.changed', older: '/old', newer: '/new' }] : []),
    }
    const events = routeEvents(history, order, (path) => path.replace(':id', '{id}'))
    const existing = versions.filter((version) => events.exists(['items'], version))
    const moved = versions.filter((version) => events.pathChanges(['items'], version).length > 0)
    expect(searches).toBe(0)
    expect(asked).toEqual(versions.map((_, i) => i))
    expect(existing).toEqual(versions.slice(0, 150))
    expect(moved).toEqual(versions.slice(101))
    expect(events.exists(['items'], 'v0')).toBe(true)
    expect(asked.at(-1)).toBe(-1)
  })
})
