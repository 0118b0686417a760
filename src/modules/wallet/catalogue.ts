import { endpoint } from '../../catalogue/types'
import { documented, errorDoc } from '../../http/error-catalogue'
import { addressParam, invalidWalletInput, SAMPLE_STAKE } from './input'
import { PRICING_CAP } from './pricing-plan'
import { WalletResponse } from './schemas'

export const walletDoc = endpoint({
  operationId: 'getWallet',
  method: 'GET',
  path: '/wallet/{address}',
  tag: 'Wallet',
  summary: 'Wallet overview: ADA balance, rewards, pool and token holdings with USD values',
  description:
    'Accepts a mainnet payment address (`addr1…`), a mainnet stake address (`stake1…`) or an ADA Handle written ' +
    '`%24name` (the `$` URL-encoded). A payment address with a stake part stands for its whole stake account ' +
    '(every address under it); one without (an enterprise address) is reported on its own, with `stakeAddress` ' +
    'null, `rewards` 0 and `pool` null. A handle is resolved by the handle resolver, else on chain (its NFT ' +
    'under the ADA Handle policy, CIP-68 then legacy), then read like the address it points to.\n\n' +
    '`rewards` is the chain API’s `rewards_available` (withdrawable now); when it answers that null (seen in ' +
    '2025), `rewards` − `withdrawals` of the same account instead, and null if neither is given.\n\n' +
    'Balances and holdings come from the chain API; amounts are computed exactly from integer lovelace and raw ' +
    'units. Every holding is listed. Token prices come from source A and cover its DEXes only; only assets ' +
    `that can trade (more than one unit, or divisible) are looked up, at most ${PRICING_CAP} per wallet ` +
    '(curated tokens first), 30 per source A call; the rest are listed unpriced with a `priceSource` saying ' +
    'why. `holdingsValueUsd` is the sum of the priced holdings (source A prices) and `unpricedHoldings` counts ' +
    'those left out. `totalValueUsd` = `adaValueUsd` + `holdingsValueUsd` is a valuation that combines two price ' +
    'sources (ADA from the market provider, tokens from source A), kept apart in the two fields; it is never a ' +
    'DEX aggregate. When source A or the market provider is down the answer still comes, with the values that ' +
    'depend on it (and the total) null, labelled `X-Cache: STALE` and rebuilt within seconds.',
  params: [addressParam],
  cacheSeconds: 30,
  cacheNote: 'per normalised input',
  examples: [`/wallet/${SAMPLE_STAKE}`, '/wallet/%24snekfan'],
  errors: [
    documented(invalidWalletInput(), 'Not a mainnet addr1…/stake1… address or a valid $handle (testnet addresses included)'),
    errorDoc('address_not_found', 'The chain API has never seen the payment address', { address: 'addr1…' }),
    errorDoc('stake_address_not_found', 'The chain API has never seen the stake address', { stakeAddress: SAMPLE_STAKE }),
    errorDoc('handle_not_found', 'Neither the resolver nor the chain knows the handle', { handle: '$snekfan' }),
    errorDoc('upstream_unavailable', 'The chain API failed and no cached copy exists', { upstream: 'koios', failure: 'network' }),
  ],
  coverage: 'Token prices cover source A’s DEXes only (the answer’s `coverage` names them); ADA is valued with the market provider’s price.',
  response: WalletResponse,
  responseExample: {
    input: SAMPLE_STAKE,
    stakeAddress: SAMPLE_STAKE,
    adaBalance: 1535.472311,
    balanceLovelace: '1535472311',
    adaValueUsd: 998.05700215,
    rewards: 12.032191,
    rewardsLovelace: '12032191',
    pool: 'pool1r374eze6jd0s9ah7sy6ehkv5t5yqmr2x53p9h7w8sfcugacgs05',
    holdings: [
      {
        unit: '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b',
        name: 'Snek',
        ticker: 'SNEK',
        decimals: 0,
        quantity: '1500000',
        priceUsd: 0.001345,
        valueUsd: 2017.5,
        priceSource: 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).',
      },
      {
        unit: 'f0ff48bbb7bbe9d59a40f1ce90e9e9d0ff5002ec48f232b49ca0fb9a000de140736e656b66616e',
        name: 'snekfan',
        ticker: 'snekfan',
        decimals: 0,
        quantity: '1',
        priceUsd: null,
        valueUsd: null,
        priceSource: 'unpriced: a single indivisible unit (NFT-like), not looked up',
      },
    ],
    holdingsValueUsd: 2017.5,
    unpricedHoldings: 1,
    totalValueUsd: 3015.55700215,
    coverage: 'DEX figures across covered DEXes only, not chain-wide: sundaeswap, wingriders (source A).',
    truncated: false,
  },
})
