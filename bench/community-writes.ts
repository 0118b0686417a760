/**
 * Figure 5: signed community writes against the embedded database, end to end over HTTP. Every wallet is made
 * and every write signed before the clock starts (a wallet-style signer takes ~40 ms a signature, far slower
 * than the server's check), so the figure is the service's own rate: body read, CIP-8 verification, the atomic
 * insert, the answer.
 */
import { verifyCip8 } from '../src/modules/community/cip8'
import { boostPayload, commentPayload } from '../test/community/helpers'
import { TestWallet, type SignedWriteBody } from '../test/community/wallet'
import type { BenchContext, FigureLine } from './figures'

const BOOSTS = 200
const COMMENT_WALLETS = 20
const COMMENTS_PER_WALLET = 10
const IN_FLIGHT = 16
const UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 })

async function post(url: string, bodies: SignedWriteBody[]): Promise<{ perSecond: number; created: number }> {
  let next = 0
  let created = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        if (res.status === 201) created += 1
        await res.arrayBuffer()
      }
    }),
  )
  return { perSecond: bodies.length / ((performance.now() - started) / 1000), created }
}

export async function communityWrites({ startService }: BenchContext): Promise<FigureLine[]> {
  const day = new Date().toISOString().slice(0, 10)
  const boostWallets = await Promise.all(Array.from({ length: BOOSTS }, () => TestWallet.create()))
  const boosts = await Promise.all(boostWallets.map((w) => w.sign(boostPayload(UNIT, day))))
  const commentWallets = await Promise.all(Array.from({ length: COMMENT_WALLETS }, () => TestWallet.create()))
  const comments: SignedWriteBody[] = []
  for (let i = 0; i < COMMENTS_PER_WALLET; i++) {
    for (const w of commentWallets) comments.push(await w.sign(commentPayload(UNIT, `benchmark comment ${i}`, Date.now())))
  }

  const service = await startService()
  try {
    // Warm the write path (connections, JIT) with refused writes: a payload changed after signing is a 401.
    const tampered = boosts.slice(0, 50).map((b) => ({ ...b, payload: `${b.payload} ` }))
    await post(`${service.url}/api/v1/community/boosts`, tampered)
    const boosted = await post(`${service.url}/api/v1/community/boosts`, boosts)
    const commented = await post(`${service.url}/api/v1/community/comments/${UNIT}`, comments)

    const rounds = 2000
    const started = performance.now()
    for (let i = 0; i < rounds; i++) {
      const result = verifyCip8(boosts[i % boosts.length])
      if (!result.ok) throw new Error(`a valid signature failed: ${result.code}`)
    }
    const verifications = rounds / ((performance.now() - started) / 1000)

    return [
      { label: `signed boosts, ${BOOSTS} distinct stake addresses, ${IN_FLIGHT} in flight`, value: `${fmt(boosted.perSecond)} /s`, note: `${boosted.created} of ${BOOSTS} answered 201` },
      { label: `signed comments, ${COMMENT_WALLETS} addresses × ${COMMENTS_PER_WALLET}, ${IN_FLIGHT} in flight`, value: `${fmt(commented.perSecond)} /s`, note: `${commented.created} of ${comments.length} answered 201` },
      { label: 'CIP-8 signature verifications alone (one core)', value: `${fmt(verifications)} /s`, note: 'verifyCip8 on a valid boost, in-process' },
    ]
  } finally {
    await service.stop()
  }
}
