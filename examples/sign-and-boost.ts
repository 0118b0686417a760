/**
 * Sign from code: a bot's boost and comment, with no browser wallet.
 *
 *   API_URL=https://your-deployment.example MNEMONIC="word1 … word24" bun examples/sign-and-boost.ts
 *   API_URL=http://localhost:3000 MNEMONIC="<the demo writer's words>" bun examples/sign-and-boost.ts   # bun run demo prints them
 *
 * What it does, step by step (the same steps a CIP-30 wallet's signData takes):
 *   1. derive (from MNEMONIC) or create a key: account 0, address 0, through @cardano-sdk/key-management;
 *   2. build the payload JSON string ({"action":"boost","unit":…,"day":"YYYY-MM-DD"}, UTC day);
 *   3. sign it CIP-8 (COSE_Sign1) with the account's reward (stake) address;
 *   4. POST {payload, signature, key, rewardAddressHex} as application/json, then the same for a comment.
 *
 * Who can write: a stake address registered on chain that controls at least the deployment's minimum (25 ADA
 * by default; the server reads it once per UTC day). A new key is neither, so without MNEMONIC this makes a key,
 * prints its words on stderr, and is answered 403 writer_not_eligible with what the address lacks: register
 * that stake key and fund it from a wallet, or use a funded wallet's words. On `bun run demo`, use the demo's
 * writer, whose words the demo prints and the demo's fake chain lists as registered with 1,000 ADA.
 *
 * Uses only this project's own dependencies (`bun install` brings them).
 */
import { Cardano } from '@cardano-sdk/core'
import * as Crypto from '@cardano-sdk/crypto'
import { AddressType, InMemoryKeyAgent, util as keyUtil } from '@cardano-sdk/key-management'
import type { HexBlob } from '@cardano-sdk/util'

const API_URL = (process.env.API_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const UNIT = process.env.UNIT ?? '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b' // SNEK
const COMMENT = process.env.COMMENT ?? 'gm from a bot (examples/sign-and-boost.ts)'

// 1. The key: the mnemonic's account 0, as a software wallet derives it. The passphrase only encrypts the
//    key in memory here; it is not part of the derivation.
await Crypto.ready()
const mnemonicWords = process.env.MNEMONIC?.trim().split(/\s+/) ?? keyUtil.generateMnemonicWords()
if (process.env.MNEMONIC === undefined) console.error(`new key; keep these words to sign as the same stake address:\n  ${mnemonicWords.join(' ')}`)
const quiet = { debug() {}, info() {}, warn() {}, error() {}, trace() {} }
const agent = await InMemoryKeyAgent.fromBip39MnemonicWords(
  { chainId: Cardano.ChainIds.Mainnet, mnemonicWords, getPassphrase: async () => Buffer.from('in-memory only') },
  { bip32Ed25519: await Crypto.SodiumBip32Ed25519.create(), logger: quiet as never },
)
const account = await agent.deriveAddress({ index: 0, type: AddressType.External }, 0)
const stakeAddress = account.rewardAccount // stake1…
// What CIP-30 getRewardAddresses()[0] returns: the reward address bytes in hex (e1… on mainnet).
const rewardAddressHex = Cardano.Address.fromBech32(stakeAddress).toBytes()
console.log(`signing as ${stakeAddress}`)

/** 3. CIP-8 signData(rewardAddress, hex(utf8(payload))), as the Lace wallet runs it, then 4. the POST. */
async function signedPost(path: string, payloadObject: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(payloadObject) // the exact string signed is the string sent
  const { signature, key } = await agent.signCip8Data({
    knownAddresses: [account],
    signWith: stakeAddress as Cardano.RewardAccount,
    payload: Buffer.from(payload, 'utf8').toString('hex') as HexBlob,
  })
  const res = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, signature, key, rewardAddressHex }),
  })
  const body = await res.json()
  console.log(`POST ${path} → ${res.status} ${JSON.stringify(body)}`)
  return { status: res.status, body }
}

// 2. Payloads: a boost carries today's UTC day, a comment the current time (within 5 minutes of the server's).
const now = new Date()
const boost = await signedPost('/api/v1/community/boosts', { action: 'boost', unit: UNIT, day: now.toISOString().slice(0, 10) })
const comment = await signedPost(`/api/v1/community/comments/${UNIT}`, { action: 'comment', unit: UNIT, body: COMMENT, ts: now.toISOString() })

// 409 on the boost: this stake address already boosted today (one a UTC day, on any token); not a failure of signing.
const ok = (boost.status === 201 || boost.status === 409) && (comment.status === 201 || comment.status === 200)
if (boost.status === 403 || comment.status === 403) {
  console.error(
    'refused: this stake address may not write here (see the hint above). Register the stake key and hold the minimum ADA ' +
      'under it, then run again with MNEMONIC set to its words (on bun run demo: the demo writer\'s words it prints).',
  )
}
process.exit(ok ? 0 : 1)
