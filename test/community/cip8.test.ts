/**
 * The CIP-8 verifier on its own: the public vectors signed by real wallets and tools (cip8-vectors.json, each
 * naming the public repository it comes from), with the verdict a mainnet and a testnet server must
 * reach; then signatures from the independent wallet-style signer; then envelopes edited byte by byte.
 */
import { describe, expect, it } from 'bun:test'
import { parseCoseKey, parseCoseSign1 } from '../../src/modules/community/cose'
import { verifyCip8 } from '../../src/modules/community/cip8'
import { TestWallet } from './wallet'

interface Vector {
  id: string
  signature: string
  key: string
  addressHex: string
  hashed: boolean
  detached: boolean
  signedPayloadHex: string
  serverTest: null | {
    rewardAddressHex: string
    payload: string
    allowDetached?: boolean
    expectMainnet: string
    expectTestnet: string
  }
}

const vectors = (await Bun.file(new URL('./cip8-vectors.json', import.meta.url)).json()).vectors as Vector[]
const verdict = (result: ReturnType<typeof verifyCip8>) => (result.ok ? 'ACCEPT' : result.code)

describe('public vectors from real wallets and tools', () => {
  it('has the vectors to run', () => {
    expect(vectors.filter((v) => v.serverTest !== null).length).toBe(13)
  })

  for (const vector of vectors.filter((v) => v.serverTest !== null)) {
    const test = vector.serverTest!
    const input = { payload: test.payload, signature: vector.signature, key: vector.key, rewardAddressHex: test.rewardAddressHex }
    it(`${vector.id}: mainnet ${test.expectMainnet}, testnet ${test.expectTestnet}`, () => {
      expect(verdict(verifyCip8(input, { networkId: 1, allowDetached: test.allowDetached }))).toBe(test.expectMainnet)
      expect(verdict(verifyCip8(input, { networkId: 0, allowDetached: test.allowDetached }))).toBe(test.expectTestnet)
    })
  }

  it('accepts the mainnet vectors with the stake address as identity', () => {
    const augusta = vectors.find((v) => v.id === 'cvd-augusta-stake-mainnet')!
    const result = verifyCip8({
      payload: augusta.serverTest!.payload,
      signature: augusta.signature,
      key: augusta.key,
      rewardAddressHex: augusta.serverTest!.rewardAddressHex,
    })
    expect(result).toMatchObject({ ok: true, stakeAddress: 'stake1uyvfslqkzgrf6syq5r4jg7pqewv8l65phh024lw5r7vk9qgznhyty', hashed: false })
  })

  it('refuses the detached testnet vector when detached payloads are not allowed (the default)', () => {
    const detached = vectors.find((v) => v.id === 'cvd-detached-null-payload-testnet')!
    const input = { payload: detached.serverTest!.payload, signature: detached.signature, key: detached.key, rewardAddressHex: detached.serverTest!.rewardAddressHex }
    expect(verdict(verifyCip8(input, { networkId: 0 }))).toBe('DETACHED_NOT_ALLOWED')
  })

  it('parses the format-only Lace vector (base address header, 5-entry COSE_Key) without trusting it', () => {
    const format = vectors.find((v) => v.id === 'cardano-js-sdk-coseutils-format-dummy-sig')!
    const cose = parseCoseSign1(format.signature)
    expect(Buffer.from(cose.address).toString('hex')).toBe(format.addressHex)
    expect(Buffer.from(cose.payload!).toString('hex')).toBe(format.signedPayloadHex)
    expect(cose.hashed).toBe(false)
    expect(Buffer.from(parseCoseKey(format.key)).toString('hex')).toBe('3fe822fca223192577130a288b766fcac5b2b8972d89fc229bbc00af60aeaf67')
  })
})

describe('signatures from the wallet-style signer', async () => {
  const wallet = await TestWallet.create()
  const other = await TestWallet.create()
  const payload = '{"action":"boost","unit":"279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b","day":"2026-01-31"}'

  it('accepts a Lace-style signature (kid in the protected header, 5-entry COSE_Key)', async () => {
    const result = verifyCip8(await wallet.sign(payload))
    expect(result).toEqual({ ok: true, stakeAddress: wallet.stakeAddress, stakeKeyHash: wallet.rewardAddressHex.slice(2), hashed: false })
  })

  it('accepts a hashed payload (blake2b-224, as a Ledger produces) and refuses it when hashing is off', async () => {
    const signed = await wallet.signEnvelope(payload, { hashed: true })
    // The COSE payload is the 28-byte hash, not the 109 bytes of the JSON.
    expect(parseCoseSign1(signed.signature).payload!.length).toBe(28)
    expect(verifyCip8(signed)).toMatchObject({ ok: true, hashed: true, stakeAddress: wallet.stakeAddress })
    expect(verdict(verifyCip8(signed, { allowHashed: false }))).toBe('HASHED_NOT_ALLOWED')
  })

  it('refuses a payload changed by one space, hashed or not', async () => {
    const tampered = payload.replace('"day":', '"day": ')
    expect(verdict(verifyCip8({ ...(await wallet.sign(payload)), payload: tampered }))).toBe('PAYLOAD_MISMATCH')
    expect(verdict(verifyCip8({ ...(await wallet.signEnvelope(payload, { hashed: true })), payload: tampered }))).toBe('PAYLOAD_MISMATCH')
  })

  it("refuses another wallet's key for this address", async () => {
    const mine = await wallet.sign(payload)
    const theirs = await other.sign(payload)
    expect(verdict(verifyCip8({ ...mine, key: theirs.key }))).toBe('KEY_ADDRESS_MISMATCH')
  })

  it('refuses a signature made for another address than rewardAddressHex', async () => {
    const theirs = await other.sign(payload)
    expect(verdict(verifyCip8({ ...theirs, rewardAddressHex: wallet.rewardAddressHex }))).toBe('ADDRESS_MISMATCH')
  })

  it('refuses testnet, script and enterprise addresses', async () => {
    const testnet = await TestWallet.create('testnet')
    expect(verdict(verifyCip8(await testnet.sign(payload)))).toBe('WRONG_NETWORK')
    const script = await wallet.signEnvelope(payload, { addressHex: `f1${wallet.rewardAddressHex.slice(2)}` })
    expect(verdict(verifyCip8(script))).toBe('SCRIPT_REWARD_ADDRESS')
    const enterprise = await wallet.signWithEnterpriseAddress(payload)
    expect(enterprise.rewardAddressHex.slice(0, 2)).toBe('61')
    expect(verdict(verifyCip8(enterprise))).toBe('BAD_REWARD_ADDRESS')
  })

  it('refuses a signature whose bytes were changed', async () => {
    const signed = await wallet.sign(payload)
    // The last hex digit belongs to the 64-byte Ed25519 signature.
    const last = signed.signature.at(-1) === '0' ? '1' : '0'
    expect(verdict(verifyCip8({ ...signed, signature: signed.signature.slice(0, -1) + last }))).toBe('BAD_SIGNATURE')
  })

  describe('envelopes no wallet emits', () => {
    it('refuses a tagged COSE_Sign1 (tag 18) and trailing bytes', async () => {
      const signed = await wallet.sign(payload)
      expect(verdict(verifyCip8({ ...signed, signature: `d2${signed.signature}` }))).toBe('BAD_COSE_SIGN1')
      expect(verdict(verifyCip8({ ...signed, signature: `${signed.signature}00` }))).toBe('BAD_COSE_SIGN1')
    })

    it('refuses flipping the unsigned "hashed" flag: the signed bytes no longer match', async () => {
      const signed = await wallet.sign(payload)
      // a1 66 "hashed" f4 (false) -> f5 (true)
      const flipped = signed.signature.replace('a166686173686564f4', 'a166686173686564f5')
      expect(flipped).not.toBe(signed.signature)
      expect(verdict(verifyCip8({ ...signed, signature: flipped }))).toBe('PAYLOAD_MISMATCH')
    })

    it('refuses a COSE_Key carrying a private key, or with a wrong curve', async () => {
      const signed = await wallet.sign(payload)
      // Lace's key is a5 {1:1, 2:addr, 3:-8, -1:6, -2:x}: add -4 (d) as a sixth entry.
      const withPrivate = `a6${signed.key.slice(2)}235820${'11'.repeat(32)}`
      expect(verdict(verifyCip8({ ...signed, key: withPrivate }))).toBe('BAD_COSE_KEY')
      const x25519 = signed.key.replace('032720062158', '032720042158')
      expect(x25519).not.toBe(signed.key)
      expect(verdict(verifyCip8({ ...signed, key: x25519 }))).toBe('BAD_COSE_KEY')
    })

    it('refuses a duplicated label in the COSE_Key', async () => {
      const signed = await wallet.sign(payload)
      // a5 | 0101 (kty) | 02 581d <29-byte kid> | rest: replace the kid entry by a second kty entry.
      const kid = signed.key.slice(6, 6 + 2 + 4 + 58)
      expect(kid.startsWith('02581d')).toBe(true)
      const duplicated = `a50101 0101${signed.key.slice(6 + kid.length)}`.replace(' ', '')
      expect(verdict(verifyCip8({ ...signed, key: duplicated }))).toBe('BAD_COSE_KEY')
      expect(verdict(verifyCip8({ ...signed, key: `a50101${signed.key.slice(6)}` }))).toBe('ACCEPT')
    })
  })
})
