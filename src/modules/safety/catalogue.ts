import { endpoint } from '../../catalogue/types'
import { apiError, documented, errorDoc } from '../../http/error-catalogue'
import { assetParam, SNEK_UNIT } from '../../http/asset-input'
import { THRESHOLDS } from './flags'
import { SafetyReportSchema, type SafetyReport } from './schemas'

/** The report's usual lifetime: its chain API parts are kept a day, the follower's part is read again this often. */
export const SAFETY_CACHE_SECONDS = 300

const SNEK_POLICY = SNEK_UNIT.slice(0, 56)
/** USDM: a Plutus minting policy (a flag to show), as the examples' token. */
const USDM = 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d'
const SAMPLE_KEY = '6d2ee6ae4e2b7f5e1a2d4e7f8c9b0a1d2e3f405162738495a6b7c8d9'
const SAMPLE_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d'

const pct = (share: number) => `${share * 100} %`

/** What each flag means and when it is raised (the errors of judgement are the reader's: these are facts). */
export const FLAG_RULES: ReadonlyArray<{ code: SafetyReport['flags'][number]['code']; severity: string; rule: string }> = [
  { code: 'mint_open', severity: 'danger / warning', rule: 'The policy can still mint: danger for a native script with no time bound (whoever holds its keys can mint at any time); warning for a native script whose time bound is still ahead (until mintableUntil) or a Plutus policy (its rules are code, so the issuer may be able to mint). Not raised for a locked native policy or an unknown one.' },
  { code: 'minted_recently', severity: 'warning', rule: `A mint other than the first within the last ${THRESHOLDS.recentMintDays} days (supply.lastMintAt after supply.firstMintAt).` },
  { code: 'concentrated', severity: 'warning', rule: `The 10 largest holders outside the DEX pools hold more than ${pct(THRESHOLDS.concentratedTop10Share)} of the supply (top10Share).` },
  { code: 'single_whale', severity: 'danger', rule: `One holder outside the pools (a stake address, or an address without one) holds more than ${pct(THRESHOLDS.whaleTop1Share)} (top1Share).` },
  { code: 'young_pool', severity: 'warning', rule: `The oldest followed pool was created less than ${THRESHOLDS.youngPoolDays} days ago (not raised when a pool predates the follower's records: its age is unknown).` },
  { code: 'thin_liquidity', severity: 'warning', rule: `The followed pools hold less than ${THRESHOLDS.thinLiquidityAda.toLocaleString('en-US')} ADA of liquidity (twice their ADA reserves).` },
  { code: 'no_pool', severity: 'info', rule: 'The chain follower records no ADA pool of the token (it may trade on DEXes or pairs it does not follow).' },
]

export const safetyDoc = endpoint({
  operationId: 'getTokenSafety',
  method: 'GET',
  path: '/tokens/{asset}/safety',
  tag: 'Tokens',
  summary: 'Safety report from the chain: can it still be minted, supply changes, holder concentration, pool depth and age',
  description: [
    'Can the issuer still mint, who holds the token, how deep and how old are its pools: read from the chain, keyless and ' +
      'reproducible (an addition to the contract). For any token the service can find: curated, with a pool the chain ' +
      'follower records, or known to the chain API (Koios); 404 otherwise. On-chain facts, not advice.',
    '`policy` (the chain API\'s `script_info` of the policy id, which is its script\'s hash): `kind` native | plutus | ' +
      'unknown. For a native script, `mintableUntil` is the time of the last slot at which it can still be satisfied: ' +
      '`before N` bounds it at slot N − 1 (a transaction must land strictly before N); `all` takes the earliest of its ' +
      'parts, `any` the latest, `atLeast k` the k-th latest; `sig` and `after` have no upper bound, and a part with none ' +
      'leaves `any` unbounded (null = no time bound). `locked` is true once that time is past (or when the script can ' +
      'never be satisfied), false when unbounded or still ahead, null for plutus and unknown policies. `signatures` are ' +
      'the key hashes the script names; `script` is its JSON as the chain API gives it. Slots are mainnet slots: the ' +
      'Shelley era starts at slot 4,492,800 = 2020-07-29T21:44:51Z, one slot a second.',
    '`supply` (`asset_info`, `asset_history`): `total` in base units (exact), mint and burn transaction counts, the first ' +
      'and the latest mint\'s block time.',
    `\`holders\` (\`asset_summary\`): payment addresses, stake addresses and unstaked addresses holding it; and, when at ` +
      'most SAFETY_MAX_HOLDER_PAGES × 1,000 addresses hold it (default 5,000), `concentration` read through ' +
      '`asset_addresses`: quantities grouped by stake address (an address without one counts alone), what the pool ' +
      'scripts of the followed DEXes hold counted apart as `inPools`, `top1Share` and `top10Share` of the supply among ' +
      'the rest, and `top` (the 10 largest). Shares are of the supply held at the addresses read (the total supply), 0 to ' +
      '1. Above the bound `computed` is false and `reason` says why; no page is read then. A 504 of the chain API (its ' +
      '30 s query limit, which large tokens meet) also leaves it uncomputed, without a retry.',
    '`liquidity`, from the chain follower\'s records alone (no call): the token\'s followed ADA pools, `liquidityAda` ' +
      '(twice their tradeable ADA reserves), the deepest pool and when the oldest was created; `asOf` is the last block ' +
      'the follower read. `checkedAt` is when the oldest chain API read in the report was made.',
    '`flags`, danger first; a section that is missing raises none. ' + FLAG_RULES.map((f) => `\`${f.code}\` (${f.severity}): ${f.rule}`).join(' '),
    'Upstream cost: every chain API read is a cold read of the long tail, admitted for your client like a token detail ' +
      `(never the core plan's share), and kept a day per token (a policy's script for good: it can never change). A cold ` +
      'report costs 4 chain API calls (`asset_info`, `script_info`, `asset_history`, `asset_summary`) plus one ' +
      '`asset_addresses` call per 1,000 holding addresses under the bound: at most 9 by default; within the day it costs ' +
      'none. A unit outside the registry that the follower does not know is checked first (`asset_info`), so a made-up ' +
      'unit costs one call.',
    'Degrades rather than fails: a chain API read refused (a budget, a quota, this client\'s fair share: nothing is ' +
      'called) or failed leaves its section null (or `holders.concentration` null) and `missing` names the chain API ' +
      'with the code it would have answered and when to ask again; the rest is answered 200, labelled X-Cache: STALE and ' +
      'kept no longer than that retryAfter.',
  ].join('\n\n'),
  params: [assetParam('Asset unit: 56 hex characters of policy id followed by 0–64 hex characters of asset name (either case)')],
  cacheSeconds: SAFETY_CACHE_SECONDS,
  cacheNote: 'per asset; its chain API reads are kept a day; shorter when a policy locks sooner, and an answer with `missing` at most its shortest retryAfter',
  examples: [`/tokens/${USDM}/safety`],
  errors: [
    documented(apiError('invalid_asset_unit'), 'The unit is not 56 hex characters of policy id plus an even-length hex asset name'),
    errorDoc('token_not_on_chain', 'Not curated, no followed pool, and the chain API knows no such asset', { unit: 'ab'.repeat(28) }),
    errorDoc('upstream_unavailable', 'A unit outside the registry and the follower, and the chain API failed with no cached copy (it cannot be told apart from an unknown one)', {
      upstream: 'koios',
      failure: 'network',
    }),
    errorDoc('busy_for_this_client', 'As above, when that look-up was refused for this client\'s fair share (or upstream_budget_spent, upstream_quota_paced, upstream_quota_exhausted for the service\'s own budget or quota)', {
      upstream: 'koios',
      retryAfterSeconds: 20,
    }),
  ],
  coverage: 'Policy, supply and holders from the chain API (Koios); liquidity from the pools the chain follower reads (Minswap V1 and V2, SundaeSwap V1 and V3, WingRiders V1 and V2, Splash), not chain-wide.',
  response: SafetyReportSchema,
  responseExample: {
    unit: SNEK_UNIT,
    policy: {
      policyId: SNEK_POLICY,
      kind: 'native',
      scriptType: 'timelock',
      mintableUntil: '2023-05-19T21:04:50Z',
      mintableUntilSlot: 92_963_999,
      locked: true,
      signatures: [SAMPLE_KEY],
      script: { type: 'all', scripts: [{ type: 'sig', keyHash: SAMPLE_KEY }, { type: 'before', slot: 92_964_000 }] },
      size: 60,
    },
    supply: { total: '76715880000', mintTxCount: 1, burnTxCount: 0, firstMintAt: '2023-05-03T16:28:43Z', lastMintAt: '2023-05-03T16:28:43Z' },
    holders: {
      addresses: 46_890,
      stakeAddresses: 41_210,
      unstakedAddresses: 2_211,
      concentration: {
        computed: false,
        reason: '46,890 addresses hold it, more than the 5,000 this service lists (SAFETY_MAX_HOLDER_PAGES=5 pages of 1,000).',
        maxAddresses: 5000,
        addressesRead: null,
        holderCount: null,
        inPools: null,
        top1Share: null,
        top10Share: null,
        top: [],
      },
    },
    liquidity: {
      poolCount: 2,
      liquidityAda: 1_524_001.5,
      deepestPool: { id: SAMPLE_POOL, dexId: 'minswap-v2', reserveAda: '612000750000', createdAt: null },
      oldestPoolCreatedAt: null,
    },
    flags: [],
    asOf: { blockHeight: 12_345_678, blockHash: 'aa'.repeat(32), time: 1764547200 },
    checkedAt: '2025-12-01T00:00:00Z',
    missing: [],
  },
})
