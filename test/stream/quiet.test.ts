/**
 * A stream kept quiet for 40 s through the real app (Elysia's listen, whose idle timeout is 30 s): it stays
 * open, carries comment heartbeats every 15 s and nothing else, and still delivers the next change.
 * A real 40 s wait, once.
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { Collector } from './collector'
import { readRaw, SNEK, startStreamService, type StreamService } from './support'

let s: StreamService
beforeAll(async () => {
  s = await startStreamService()
  await s.refresh()
})
afterAll(() => s.stop())

it('survives 40 quiet seconds with heartbeats, then delivers a change', async () => {
  const raw = await fetch(`${s.base}/api/v1/stream?topics=token:${SNEK}`)
  const client = new Collector(`${s.base}/api/v1/stream?topics=token:${SNEK}`)
  const started = Date.now()
  const text = await readRaw(raw, () => false, 40_000)
  expect(Date.now() - started).toBeGreaterThanOrEqual(39_900)
  // Two heartbeats in 40 s (every 15 s), the snapshot, and no other event.
  const beats = text.split('\n\n').filter((block) => block === ': hb')
  expect(beats.length).toBeGreaterThanOrEqual(2)
  expect(text.match(/^event: /gm)).toEqual(['event: '])
  expect(client.opens).toBe(1)
  expect(client.errors).toEqual([])
  expect(client.source.readyState).toBe(client.source.OPEN)
  // Still delivering on both after the quiet.
  s.setSnekPrice(0.00777)
  await s.refresh()
  const after = await readRaw(raw, (t) => t.includes('event: token'), 5000)
  expect(after).toContain('event: token')
  const delta = await client.next('token')
  expect(delta.data.token.address).toBe(SNEK)
  expect(client.opens).toBe(1)
  client.close()
  await raw.body!.cancel()
}, 60_000)
