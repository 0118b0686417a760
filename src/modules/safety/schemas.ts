/** Response shape of GET /tokens/{asset}/safety; the service's and the pure modules' types are derived from it. */
import { t, type Static } from 'elysia'
import type { TSchema } from '@sinclair/typebox'
import { Missing } from '../../http/missing-source'
import { AsOfSchema } from '../trades/schemas'

const Iso = (description: string) => t.String({ format: 'date-time', description })
const nullable = <T extends TSchema>(schema: T, description: string) => t.Union([schema, t.Null()], { description })
const Share = (description: string) =>
  t.Number({ minimum: 0, maximum: 1, description: `${description}: a fraction of the supply held at the addresses read, 0 to 1, rounded to 6 decimals` })
const BaseUnits = (description: string) => t.String({ pattern: '^[0-9]+$', description: `${description}, base units (exact decimal integer)` })

export const PolicySchema = t.Object(
  {
    policyId: t.String({ description: 'The minting policy: the hash of its script' }),
    kind: t.Union([t.Literal('native'), t.Literal('plutus'), t.Literal('unknown')], {
      description: '`native`: a native script (signatures and time bounds, read here); `plutus`: a Plutus script (code: its rules cannot be read from the chain API); `unknown`: the chain API has no script with this hash (its witness was never recorded), or one it describes in a form this service cannot read',
    }),
    scriptType: nullable(t.String({ examples: ['timelock'] }), 'The chain API\'s script type (`timelock`, `multisig`, `plutusV1`, `plutusV2`, `plutusV3`); null when unknown'),
    mintableUntil: nullable(
      Iso('The last moment (the start of the last slot) at which the native script can still be satisfied'),
      'Native scripts: the time of the last slot the script can be satisfied at (`before N` bounds it at slot N − 1; `all` takes the earliest of its parts, `any` the latest, `atLeast k` the k-th latest; a part with no upper bound has none). null: no time bound (the holders of the keys can mint at any time), or never satisfiable (then `locked` is true), or not a native script',
    ),
    mintableUntilSlot: nullable(t.Integer({ minimum: 0 }), 'The same as a mainnet slot; null as mintableUntil'),
    locked: nullable(
      t.Boolean(),
      'Native scripts: true when mintableUntil is past (or the script can never be satisfied), false when it is unbounded or in the future; null for plutus and unknown policies',
    ),
    signatures: t.Array(t.String({ pattern: '^[0-9a-f]{56}$' }), { description: 'Key hashes the native script names, each once (empty for plutus and unknown)' }),
    script: t.Union([t.Object({ type: t.String() }, { additionalProperties: true }), t.Null()], {
      description: 'The native script as the chain API gives it (cardano-cli JSON: `type` sig | all | any | atLeast | before | after, with `keyHash`, `scripts`, `required`, `slot`); null for plutus and unknown',
    }),
    size: nullable(t.Integer({ minimum: 0 }), 'Serialised size of the script in bytes; null when unknown'),
  },
  { title: 'SafetyPolicy' },
)

export const SupplySchema = t.Object(
  {
    total: nullable(BaseUnits('Total supply now (minted less burned)'), 'null when the chain API could not say'),
    mintTxCount: nullable(t.Integer({ minimum: 0 }), 'Transactions that minted the token'),
    burnTxCount: nullable(t.Integer({ minimum: 0 }), 'Transactions that burned some of it'),
    firstMintAt: nullable(Iso('Block time of the first mint'), 'null when the mint history could not be read (see missing)'),
    lastMintAt: nullable(Iso('Block time of the latest mint (burns excluded)'), 'null when the mint history could not be read (see missing)'),
  },
  { title: 'SafetySupply' },
)

export const HolderSchema = t.Object(
  {
    holder: t.String({ description: 'A stake address (stake1…) for the addresses grouped under it, or a payment address (addr1…) that has no stake part' }),
    kind: t.Union([t.Literal('stake'), t.Literal('address')]),
    quantity: BaseUnits('Held'),
    share: Share('Its share'),
  },
  { title: 'SafetyHolder' },
)

export const ConcentrationSchema = t.Object(
  {
    computed: t.Boolean({ description: 'false: not computed (too many addresses hold the token, or the chain API timed out listing them): `reason` says which' }),
    reason: nullable(t.String(), 'Why it was not computed; null when it was'),
    maxAddresses: t.Integer({ minimum: 0, description: 'The bound: holders are listed only for a token held at no more addresses (SAFETY_MAX_HOLDER_PAGES × 1,000)' }),
    addressesRead: nullable(t.Integer({ minimum: 0 }), 'Payment addresses listed; null when not computed'),
    holderCount: nullable(t.Integer({ minimum: 0 }), 'Holders outside the pools after grouping by stake address (an address without one counts alone); null when not computed'),
    inPools: t.Union(
      [
        t.Object({
          quantity: BaseUnits('Held at the pool scripts of the DEXes the chain follower reads'),
          share: Share('Their share'),
          addresses: t.Integer({ minimum: 0, description: 'Pool script addresses holding it' }),
        }),
        t.Null(),
      ],
      { description: 'What the followed DEXes\' pool scripts hold, counted apart from the holders; null when not computed' },
    ),
    top1Share: nullable(Share('The largest holder outside the pools'), 'null when not computed or nobody outside the pools holds it'),
    top10Share: nullable(Share('The 10 largest holders outside the pools together'), 'null when not computed or nobody outside the pools holds it'),
    top: t.Array(HolderSchema, { description: 'The 10 largest holders outside the pools, largest first (ties by holder); empty when not computed' }),
  },
  { title: 'SafetyConcentration' },
)

export const HoldersSchema = t.Object(
  {
    addresses: t.Integer({ minimum: 0, description: 'Payment addresses holding the token (the chain API\'s asset_summary)' }),
    stakeAddresses: t.Integer({ minimum: 0, description: 'Stake addresses holding it (staked wallets)' }),
    unstakedAddresses: t.Integer({ minimum: 0, description: 'Addresses without a stake part holding it' }),
    concentration: t.Union([ConcentrationSchema, t.Null()], { description: 'null when listing the holders failed (see missing)' }),
  },
  { title: 'SafetyHolders' },
)

export const LiquiditySchema = t.Object(
  {
    poolCount: t.Integer({ minimum: 0, description: "The token's ADA pools the chain follower records" }),
    liquidityAda: t.Number({ minimum: 0, description: 'Twice their tradeable ADA reserves, in ADA' }),
    deepestPool: t.Union(
      [
        t.Object({
          id: t.String({ description: "The pool's id (LP-token unit), as /pools/{poolId} takes it" }),
          dexId: t.String({ examples: ['minswap-v2'] }),
          reserveAda: BaseUnits('Its tradeable ADA reserve (lovelace)'),
          createdAt: nullable(Iso('When its creating transaction was read on chain'), 'null: created before the follower\'s records begin'),
        }),
        t.Null(),
      ],
      { description: 'The pool with the largest ADA reserve; null with no pool' },
    ),
    oldestPoolCreatedAt: nullable(
      Iso('Creation of the oldest pool'),
      'null with no pool, or when a pool was created before the follower\'s records begin (its age is then unknown, and at least that of those records)',
    ),
  },
  { title: 'SafetyLiquidity' },
)

export const FLAG_CODES = ['mint_open', 'minted_recently', 'concentrated', 'single_whale', 'young_pool', 'thin_liquidity', 'no_pool'] as const
export const SEVERITIES = ['info', 'warning', 'danger'] as const

export const FlagSchema = t.Object(
  {
    code: t.Union(FLAG_CODES.map((c) => t.Literal(c)), { description: 'What was found (the docs list each code, its rule and thresholds)' }),
    severity: t.Union(SEVERITIES.map((s) => t.Literal(s))),
    message: t.String({ description: 'The finding in plain words, with its figures' }),
  },
  { title: 'SafetyFlag' },
)

export const SafetyReportSchema = t.Object(
  {
    unit: t.String({ description: 'Asset unit, lowercase' }),
    policy: t.Union([PolicySchema, t.Null()], { description: 'null when the chain API read was refused or failed (see missing)' }),
    supply: t.Union([SupplySchema, t.Null()], { description: 'null when the chain API read was refused or failed (see missing)' }),
    holders: t.Union([HoldersSchema, t.Null()], { description: 'null when the chain API read was refused or failed (see missing)' }),
    liquidity: t.Union([LiquiditySchema, t.Null()], { description: 'From the chain follower\'s records alone; null when this deployment has no database (DATABASE_URL=off: nothing is followed)' }),
    flags: t.Array(FlagSchema, {
      description: 'Plain findings from the figures above, danger first; a section that is missing raises none. On-chain facts, not advice',
    }),
    asOf: t.Union(AsOfSchema.anyOf, { description: 'The last block the chain follower had read (the liquidity part); null before it has read anything' }),
    checkedAt: nullable(Iso('When the oldest chain API read in this report was made'), 'null when no chain API read answered'),
    missing: Missing,
  },
  { title: 'SafetyReport' },
)

export type SafetyReport = Static<typeof SafetyReportSchema>
export type SafetyPolicy = Static<typeof PolicySchema>
export type SafetySupply = Static<typeof SupplySchema>
export type SafetyHolders = Static<typeof HoldersSchema>
export type SafetyConcentration = Static<typeof ConcentrationSchema>
export type SafetyLiquidity = Static<typeof LiquiditySchema>
export type SafetyFlag = Static<typeof FlagSchema>
export type FlagCode = (typeof FLAG_CODES)[number]
