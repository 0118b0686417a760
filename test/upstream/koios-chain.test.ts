import { describe, expect, it } from 'bun:test'
import { BATCH, checkedBody, MAX_BODY_BYTES, readTx, readUtxo } from '../../src/upstream/koios-chain'

const hash = (n: number) => n.toString(16).padStart(64, '0')

describe('Koios chain reads', () => {
  it('keeps every follower body under the public 1 KB at the batch sizes used', () => {
    const creds = Array.from({ length: BATCH.credentialTxs }, (_, i) => hash(i).slice(0, 56))
    const bodies = [
      { _payment_credentials: creds, _after_block_height: 12_345_678 },
      { _payment_credentials: creds, _extended: true },
      { _tx_hashes: Array.from({ length: BATCH.txInfo }, (_, i) => hash(i)), _inputs: true, _assets: true, _scripts: true, _bytecode: true },
      { _datum_hashes: Array.from({ length: BATCH.datumInfo }, (_, i) => hash(i)) },
    ]
    for (const body of bodies) expect(() => checkedBody(body)).not.toThrow()
    expect(() => checkedBody({ _tx_hashes: Array.from({ length: BATCH.txInfo + 2 }, (_, i) => hash(i)) , _inputs: true, _assets: true, _scripts: true, _bytecode: true })).toThrow(RangeError)
    expect(MAX_BODY_BYTES).toBe(1000)
  })

  it('reads big numbers given as strings, burns as negatives, and drops what it cannot read', () => {
    const item = (over: Record<string, unknown> = {}) => ({
      payment_addr: { bech32: 'addr1x', cred: 'AB'.repeat(28) },
      stake_addr: null,
      tx_hash: hash(1),
      tx_index: 0,
      value: '9223372036854775807',
      datum_hash: null,
      inline_datum: { bytes: 'D87980', value: { constructor: 0, fields: [] } },
      asset_list: [
        { policy_id: 'CD'.repeat(28), asset_name: '4c', quantity: '9223372036854775000' },
        { policy_id: 'ef'.repeat(28), asset_name: '', quantity: 'lots' },
      ],
      ...over,
    })
    const tx = readTx({
      tx_hash: hash(2),
      block_hash: hash(3),
      block_height: '12345',
      tx_timestamp: 1_700_000_000,
      tx_block_index: 4,
      inputs: [item(), item({ value: null })],
      outputs: [item()],
      assets_minted: [{ policy_id: 'cd'.repeat(28), asset_name: '4c', quantity: '-25' }],
    })!
    expect(tx.blockHeight).toBe(12345)
    expect(tx.inputs).toHaveLength(1)
    expect(tx.outputs[0].lovelace).toBe(9_223_372_036_854_775_807n)
    expect(tx.outputs[0].paymentCred).toBe('ab'.repeat(28))
    expect([...tx.outputs[0].assets]).toEqual([['cd'.repeat(28) + '4c', 9_223_372_036_854_775_000n]])
    expect(tx.outputs[0].datumCbor).toBe('d87980')
    expect(tx.outputs[0].txHash).toBe(hash(2))
    expect(tx.minted.get('cd'.repeat(28) + '4c')).toBe(-25n)
    expect(readTx({ tx_hash: hash(2) })).toBeNull()
    expect(readUtxo({ tx_hash: hash(5), tx_index: 1, address: 'addr1x', payment_cred: 'ab'.repeat(28), value: '2000000', block_height: 7 })!.output.lovelace).toBe(2_000_000n)
    expect(readUtxo({ tx_hash: hash(5) })).toBeNull()
  })
})
