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

  it('fails at once when the next token is further away than the caller will wait', async () => {
    const bucket = new TokenBucket(10, 1)
    bucket.tryTake()
    const started = performance.now()
    expect(await bucket.take(500)).toBe(false)
    expect(performance.now() - started).toBeLessThan(100)
  })

  it('makes a caller wait for a token that arrives in time, in arrival order', async () => {
    const bucket = new TokenBucket(1200, 1) // one token every 50 ms
    bucket.tryTake()
    const order: number[] = []
    const a = bucket.take(1000).then((ok) => ok && order.push(1))
    const b = bucket.take(1000).then((ok) => ok && order.push(2))
    await Promise.all([a, b])
    expect(order).toEqual([1, 2])
  })
})
