import { describe, expect, it } from 'bun:test'
import { TokenBucket } from '../../src/upstream/budget'

describe('TokenBucket', () => {
  it('lets a burst of `capacity` calls through, then refuses without waiting', () => {
    let now = 0
    const bucket = new TokenBucket(10, 5, () => now)
    const granted = Array.from({ length: 8 }, () => bucket.tryTake()).filter(Boolean).length
    expect(granted).toBe(5)
    now += 6_000 // 10 a minute: one token every 6 s
    expect(bucket.tryTake()).toBe(true)
    expect(bucket.tryTake()).toBe(false)
  })
})
