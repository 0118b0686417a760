/**
 * The scheduler on a manual clock: the first refresh at start, the next one `refreshMs` after the last ended
 * (never two at once), the roll-up at the first tick and then once a day, and a clean stop.
 */
import { describe, expect, it } from 'bun:test'
import { HistoryScheduler } from '../../src/modules/history/scheduler'
import { Logger, memorySink } from '../../src/observability/logger'
import { ManualClock } from './support'

function harness() {
  let now = 0
  const clock = new ManualClock(() => now)
  const log = { refreshes: 0, rollUps: 0 }
  let release: (() => void) | null = null
  const scheduler = new HistoryScheduler({
    refreshMs: 45_000,
    refresh: () => {
      log.refreshes += 1
      return new Promise<void>((resolve) => {
        release = resolve
      })
    },
    rollUp: async () => {
      log.rollUps += 1
    },
    clock,
    logger: new Logger('silent', memorySink()),
  })
  const finish = async () => {
    release!()
    await scheduler.tick()
  }
  return { scheduler, clock, log, finish, release: () => release!(), advance: (ms: number) => void (now += ms) }
}

describe('the history scheduler', () => {
  it('refreshes at start, then refreshMs after each refresh ends, one at a time', async () => {
    const { scheduler, clock, log, finish, advance } = harness()
    scheduler.start()
    expect(clock.fireDue()).toBe(true)
    expect(log.refreshes).toBe(1)
    // A slow refresh: nothing else starts while it runs, however long it takes.
    advance(120_000)
    expect(clock.fireDue()).toBe(false)
    await finish()
    advance(44_999)
    expect(clock.fireDue()).toBe(false)
    advance(1)
    expect(clock.fireDue()).toBe(true)
    expect(log.refreshes).toBe(2)
    await finish()
    await scheduler.stop()
  })

  it('rolls up at the first refresh, then once a day', async () => {
    const { scheduler, clock, log, finish, advance } = harness()
    scheduler.start()
    clock.fireDue()
    await finish()
    expect(log.rollUps).toBe(1)
    for (let i = 0; i < 10; i++) {
      advance(45_000)
      clock.fireDue()
      await finish()
    }
    expect(log.rollUps).toBe(1)
    advance(86_400_000)
    clock.fireDue()
    await finish()
    expect(log.rollUps).toBe(2)
    await scheduler.stop()
  })

  it('stops cleanly: waits for the refresh under way and starts no other', async () => {
    const { scheduler, clock, log, release, advance } = harness()
    scheduler.start()
    clock.fireDue()
    let stopped = false
    const stopping = scheduler.stop().then(() => {
      stopped = true
    })
    await Bun.sleep(5)
    expect(stopped).toBe(false)
    // The refresh ends: stop resolves, and no timer is left to fire, however long one waits.
    release()
    await stopping
    expect(stopped).toBe(true)
    advance(10 * 45_000)
    expect(clock.fireDue()).toBe(false)
    expect(log.refreshes).toBe(1)
  })
})
