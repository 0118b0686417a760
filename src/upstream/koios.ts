/**
 * Chain API: Koios (https://api.koios.rest/api/v1), PostgREST underneath. Every endpoint answers a JSON array,
 * `[]` meaning "not found" (HTTP 200). Amounts are lovelace / raw-unit strings, kept as exact decimal strings
 * here. Public tier: 100 calls per 10 s, 1000 rows a page, 1 KB POST bodies (so at most 8 assets per
 * `asset_info`), an optional bearer token for the registered tier.
 */
import type { Memo } from '../cache/memo'
import { UpstreamError } from './errors'
import { BatchedReads } from './batched-reads'
import { asCore } from './call-context'
import { memoised, type Fetched } from './fetched'
import type { UpstreamHttp } from './http-client'
import { arr, count, expectArray, intString, keep, num, obj, str, text, type Json } from './parse'
import { checkedBody, readBlock, readDatums, readTx, readTxRef, readUtxo, type ChainBlock, type ChainTx, type TxRef } from './koios-chain'

export const PAGE_SIZE = 1000
/** `asset_info` bodies must stay under the public tier's 1 KB. */
export const MAX_ASSETS_PER_INFO_CALL = 8
/** Stake addresses per `account_info` call: 15 (59 characters each, quoted) keep the body under the public tier's 1 KB. */
export const MAX_ACCOUNTS_PER_INFO_CALL = 15
/** Paging stops here (20,000 rows): a wallet past it is reported as truncated, never fetched forever. */
export const MAX_PAGES = 20

export interface AssetInfo {
  policyId: string
  assetNameHex: string
  assetNameAscii: string | null
  fingerprint: string | null
  totalSupply: string | null
  /** Unix seconds. */
  creationTime: number | null
  /** From the off-chain token registry (CIP-26), when registered. */
  registry: { name: string | null; ticker: string | null; description: string | null; decimals: number | null } | null
  /** The (333) reference datum fields of a CIP-68 fungible token, decoded to text/ints, when present. */
  cip68: { name: string | null; ticker: string | null; description: string | null; decimals: number | null } | null
}

export interface AssetSummary {
  stakedWallets: number
  unstakedAddresses: number
  addresses: number
}

/** A script as the chain API's `script_info` describes it (a minting policy id is its script's hash). */
export interface ScriptInfo {
  scriptHash: string
  /** `timelock` | `multisig` (native scripts) | `plutusV1` | `plutusV2` | `plutusV3`; null when not given. */
  type: string | null
  /** Native scripts: the script's JSON as db-sync stores it (cardano-cli's form); null for Plutus. */
  value: unknown
  /** Serialised size in bytes. */
  size: number | null
}

/** What `asset_info` says of an asset's supply (the safety report's read). */
export interface AssetSupply {
  /** Raw units, exact; null when not given. */
  totalSupply: string | null
  mintCount: number | null
  burnCount: number | null
}

/**
 * An asset's mint and burn transactions (`asset_history`), reduced to what answers read: counts and block times
 * (Unix seconds) of the first and last mint. Null times: no such transaction.
 */
export interface MintHistory {
  mints: number
  burns: number
  firstMintAt: number | null
  lastMintAt: number | null
}

/** One row of `asset_addresses`: a payment address, its stake address if any, the quantity it holds (exact). */
export interface AddressHolding {
  paymentAddress: string
  stakeAddress: string | null
  quantity: string
}

/**
 * Listing an asset's holders, reduced by the caller: `read` (every address, within the bound), `too_many` (a page
 * beyond the bound still had rows: the holder count grew past it) or `timed_out` (the chain API answered 504: its
 * 30 s query timeout, which large assets meet; worth no retry).
 */
export type HolderListing<T> = { kind: 'read'; value: T } | { kind: 'too_many'; readUpTo: number } | { kind: 'timed_out' }

export interface AccountInfo {
  stakeAddress: string
  status: string | null
  /** Lovelace, exact. */
  totalBalance: string
  /** Withdrawable rewards (see withdrawableRewards); null when the chain API gave no figure to tell. */
  rewardsAvailable: string | null
  delegatedPool: string | null
}

/** What decides whether a stake address may write to the community layer. */
export interface AccountStanding {
  stakeAddress: string
  /** `status` is `registered` (a stake key registered and not since deregistered). */
  registered: boolean
  /** `total_balance`: lovelace under the stake key plus its rewards, exact. */
  totalBalance: string
}

export interface AddressInfo {
  address: string
  balance: string
  stakeAddress: string | null
  scriptAddress: boolean
}

export interface AssetBalance {
  policyId: string
  assetNameHex: string
  fingerprint: string | null
  decimals: number | null
  /** Raw units, exact. */
  quantity: string
}

export interface ChainTip {
  hash: string
  epoch: number
  absSlot: number
  epochSlot: number | null
  blockHeight: number
  /** Unix seconds. */
  blockTime: number
}

export interface KoiosTtls {
  assetInfo: number
  /** The safety report's reads (asset supply, mint history, holder counts and listing, a script not found): a day. */
  safety: number
  /** A script found: for good (its hash is the policy id, so it can never change). */
  script: number
  assetLogo: number
  assetSummary: number
  account: number
  nftAddress: number
  tip: number
}

const DAY_MS = 24 * 60 * 60_000

export const DEFAULT_KOIOS_TTLS: KoiosTtls = {
  assetInfo: 10 * 60_000,
  safety: DAY_MS,
  // The memo's own bounds (entries, bytes) may still evict it; a year stands for "never expires".
  script: 365 * DAY_MS,
  assetLogo: 24 * 60 * 60_000,
  assetSummary: 6 * 60 * 60_000,
  account: 25_000,
  nftAddress: 5 * 60_000,
  tip: 20_000,
}

/**
 * Columns of `asset_info` the service needs. The registry fields are read through PostgREST JSON paths so the
 * ~30 KB base64 logo inside `token_registry_metadata` is never transferred with them.
 */
const ASSET_INFO_COLUMNS = [
  'policy_id',
  'asset_name',
  'asset_name_ascii',
  'fingerprint',
  'total_supply',
  'creation_time',
  'registry_name:token_registry_metadata->name',
  'registry_ticker:token_registry_metadata->ticker',
  'registry_description:token_registry_metadata->description',
  'registry_decimals:token_registry_metadata->decimals',
  'cip68_metadata',
].join(',')

const ASSET_LOGO_COLUMNS = 'policy_id,asset_name,registry_logo:token_registry_metadata->>logo'

export class Koios {
  /** Standings read one address at a time by the callers, sent as one call per client for those waiting together. */
  private readonly standings = new BatchedReads<AccountStanding | null>(MAX_ACCOUNTS_PER_INFO_CALL, (addresses) => this.readStandings(addresses))

  constructor(
    private readonly http: UpstreamHttp,
    private readonly memo: Memo,
    private readonly ttls: KoiosTtls = DEFAULT_KOIOS_TTLS,
  ) {}

  /** `POST /asset_info` for up to 8 assets, without logos. Unknown assets are simply absent. */
  assetInfo(assets: Array<{ policyId: string; assetNameHex: string }>): Promise<Fetched<AssetInfo[]>> {
    if (assets.length === 0) return Promise.resolve({ data: [], stale: false })
    if (assets.length > MAX_ASSETS_PER_INFO_CALL) throw new RangeError(`at most ${MAX_ASSETS_PER_INFO_CALL} assets per call`)
    const key = `koios:asset-info:${assets.map((a) => a.policyId + a.assetNameHex).join(',')}`
    return memoised(this.memo, key, { ttlMs: this.ttls.assetInfo }, async () => {
      const res = await this.http.post(
        '/asset_info',
        { _asset_list: assets.map((a) => [a.policyId, a.assetNameHex]) },
        { select: ASSET_INFO_COLUMNS },
      )
      return keep(expectArray('koios', res.body, 'asset_info'), readAssetInfo)
    })
  }

  /** The token-registry logo of one asset, base64 as Koios sends it; null when there is none. */
  assetLogo(policyId: string, assetNameHex: string): Promise<Fetched<string | null>> {
    const key = `koios:asset-logo:${policyId}${assetNameHex}`
    return memoised(
      this.memo,
      key,
      { ttlMs: this.ttls.assetLogo, sizeOf: (v) => (v?.length ?? 0) + 64 },
      async () => {
        const res = await this.http.post(
          '/asset_info',
          { _asset_list: [[policyId, assetNameHex]] },
          { select: ASSET_LOGO_COLUMNS },
        )
        const row = obj(expectArray('koios', res.body, 'asset_info')[0])
        if (row === null) return null
        // A proxy that ignores `select` sends the whole registry object instead of the aliased column.
        return text(row.registry_logo) ?? text(obj(row.token_registry_metadata)?.logo)
      },
    )
  }

  /** `GET /asset_summary`: holder counts in one call; null for an unknown asset. */
  assetSummary(policyId: string, assetNameHex: string): Promise<Fetched<AssetSummary | null>> {
    const key = assetSummaryKey(policyId, assetNameHex)
    return memoised(this.memo, key, { ttlMs: this.ttls.assetSummary }, () => this.readSummary(policyId, assetNameHex))
  }

  private async readSummary(policyId: string, assetNameHex: string): Promise<AssetSummary | null> {
    const res = await this.http.get('/asset_summary', { _asset_policy: policyId, _asset_name: assetNameHex })
    const row = obj(expectArray('koios', res.body, 'asset_summary')[0])
    if (row === null) return null
    return {
      stakedWallets: count(row.staked_wallets) ?? 0,
      unstakedAddresses: count(row.unstaked_addresses) ?? 0,
      addresses: count(row.addresses) ?? 0,
    }
  }

  /**
   * The last `asset_summary` read of this asset whatever its age, without calling out; undefined when it was
   * never read. Lets slow figures (holder counts) be computed in the background and shown once known.
   */
  peekAssetSummary(policyId: string, assetNameHex: string): AssetSummary | null | undefined {
    return this.memo.peek<AssetSummary | null>(assetSummaryKey(policyId, assetNameHex))
  }

  /**
   * `POST /script_info` for one script hash (a minting policy id is one); null when the chain API has no such
   * script (a policy whose script was only ever in witnesses db-sync did not record). A script found is kept for
   * good: its hash is its name, so it can never change. One not found is asked again after a day.
   */
  scriptInfo(scriptHash: string): Promise<Fetched<ScriptInfo | null>> {
    const key = `koios:script-info:${scriptHash}`
    return memoised(this.memo, key, { ttlMs: (found: ScriptInfo | null) => (found === null ? this.ttls.safety : this.ttls.script) }, async () => {
      // `bytes` (a Plutus script's code, up to 16 KB) is left out: nothing here reads it.
      const res = await this.http.post('/script_info', { _script_hashes: [scriptHash] }, { select: 'script_hash,type,value,size' })
      return keep(expectArray('koios', res.body, 'script_info'), readScriptInfo).find((s) => s.scriptHash === scriptHash) ?? null
    })
  }

  /**
   * `POST /asset_info`, the supply columns only (the safety report's read, kept a day); null for an asset the chain
   * API does not know (asked again after the detail's 10 minutes, so a token minted since is found soon).
   */
  assetSupply(policyId: string, assetNameHex: string): Promise<Fetched<AssetSupply | null>> {
    const key = `koios:asset-supply:${policyId}${assetNameHex}`
    return memoised(this.memo, key, { ttlMs: (found: AssetSupply | null) => (found === null ? this.ttls.assetInfo : this.ttls.safety) }, async () => {
      const res = await this.http.post(
        '/asset_info',
        { _asset_list: [[policyId, assetNameHex]] },
        { select: 'policy_id,asset_name,total_supply,mint_cnt,burn_cnt' },
      )
      const row = expectArray('koios', res.body, 'asset_info')
        .map(obj)
        .find((r) => r !== null && text(r.policy_id)?.toLowerCase() === policyId && (str(r.asset_name) ?? '').toLowerCase() === assetNameHex)
      if (row === undefined || row === null) return null
      return { totalSupply: intString(row.total_supply), mintCount: count(row.mint_cnt), burnCount: count(row.burn_cnt) }
    })
  }

  /**
   * `GET /asset_history`: the asset's mint and burn transactions (quantity as text, negative for a burn), reduced
   * to counts and the first and last mint's block time, kept a day; null for an unknown asset. Its SQL lists a
   * transaction once per metadata label it carries (it groups by the label), so transactions are counted by hash,
   * and times are read from the rows rather than from the answer's order.
   */
  assetMintHistory(policyId: string, assetNameHex: string): Promise<Fetched<MintHistory | null>> {
    const key = `koios:asset-history:${policyId}${assetNameHex}`
    return memoised(this.memo, key, { ttlMs: this.ttls.safety }, async () => {
      const res = await this.http.get('/asset_history', {
        _asset_policy: policyId,
        _asset_name: assetNameHex,
        select: 'policy_id,asset_name,minting_txs',
      })
      const row = obj(expectArray('koios', res.body, 'asset_history')[0])
      if (row === null) return null
      return readMintHistory(arr(row.minting_txs) ?? [])
    })
  }

  /** `GET /asset_summary` for the safety report, kept a day (the detail's background estimate keeps its own entry, 6 h). */
  assetHolderCounts(policyId: string, assetNameHex: string): Promise<Fetched<AssetSummary | null>> {
    const key = `koios:asset-summary-day:${policyId}${assetNameHex}`
    return memoised(this.memo, key, { ttlMs: this.ttls.safety }, () => this.readSummary(policyId, assetNameHex))
  }

  /**
   * `GET /asset_addresses`, page after page of 1000 up to `maxPages`, reduced by `reduce` and kept a day (one entry
   * per asset and bound: the reduction, never the rows). The caller reads it only for an asset held at no more
   * than `maxPages` × 1000 addresses (`expected`: the holder count it read). Pitfalls: the SQL groups by address
   * with no ORDER BY, so pages are asked for in an explicit order (or rows could repeat or go missing between
   * them; `reduce` still gets every row as sent, to count an address once); quantities are text, kept exact; a 504 (the chain API's 30 s
   * query limit, which large assets meet) is `timed_out`, kept like a listing and never retried. When the last
   * page allowed is full and more rows came than `expected`, the holders grew past the bound: `too_many`.
   */
  assetHolders<T>(
    policyId: string,
    assetNameHex: string,
    bound: { maxPages: number; expected: number },
    reduce: (rows: AddressHolding[]) => T,
  ): Promise<Fetched<HolderListing<T>>> {
    const key = `koios:asset-holders:${policyId}${assetNameHex}:${bound.maxPages}`
    return memoised(this.memo, key, { ttlMs: this.ttls.safety }, async (): Promise<HolderListing<T>> => {
      const rows: AddressHolding[] = []
      for (let page = 0; page < bound.maxPages; page++) {
        const query = {
          _asset_policy: policyId,
          _asset_name: assetNameHex,
          select: 'payment_address,stake_address,quantity',
          order: 'payment_address.asc',
          offset: page * PAGE_SIZE,
          limit: PAGE_SIZE,
        }
        const res = await this.http.get('/asset_addresses', query, [504])
        if (res.status === 504) return { kind: 'timed_out' }
        const list = expectArray('koios', res.body, 'asset_addresses')
        rows.push(...keep(list, readHolding))
        if (list.length < PAGE_SIZE) return { kind: 'read', value: reduce(rows) }
      }
      if (rows.length > bound.expected) return { kind: 'too_many', readUpTo: rows.length }
      return { kind: 'read', value: reduce(rows) }
    })
  }

  /** `GET /asset_nft_address`: the current holder of a supply-1 asset; null when none. */
  assetNftAddress(
    policyId: string,
    assetNameHex: string,
  ): Promise<Fetched<{ paymentAddress: string; stakeAddress: string | null } | null>> {
    const key = `koios:nft-address:${policyId}${assetNameHex}`
    return memoised(this.memo, key, { ttlMs: this.ttls.nftAddress }, async () => {
      const res = await this.http.get('/asset_nft_address', { _asset_policy: policyId, _asset_name: assetNameHex })
      const row = obj(expectArray('koios', res.body, 'asset_nft_address')[0])
      const paymentAddress = row && text(row.payment_address)
      if (!row || !paymentAddress) return null
      return { paymentAddress, stakeAddress: text(row.stake_address) }
    })
  }

  /** `POST /account_info` for one stake address; null when the chain has never seen it. */
  accountInfo(stakeAddress: string): Promise<Fetched<AccountInfo | null>> {
    return memoised(this.memo, `koios:account-info:${stakeAddress}`, { ttlMs: this.ttls.account }, async () => {
      const res = await this.http.post('/account_info', { _stake_addresses: [stakeAddress] })
      const row = obj(expectArray('koios', res.body, 'account_info')[0])
      if (row === null) return null
      return {
        stakeAddress: text(row.stake_address) ?? stakeAddress,
        status: str(row.status),
        totalBalance: intString(row.total_balance) ?? '0',
        rewardsAvailable: withdrawableRewards(row),
        delegatedPool: text(row.delegated_pool),
      }
    })
  }

  /**
   * Whether a stake address is registered and what it holds, cached for `ttlMs` (the caller's horizon: the
   * community layer reads it once per UTC day); null when the chain has never seen the address. Reads of several
   * addresses waiting together go out as one `account_info` call of up to 15.
   */
  accountStanding(stakeAddress: string, ttlMs: number): Promise<Fetched<AccountStanding | null>> {
    return memoised(this.memo, `koios:account-standing:${stakeAddress}`, { ttlMs }, () => this.standings.load(stakeAddress))
  }

  /** One `account_info` call for up to 15 addresses, only the columns a standing needs; absent addresses are null. */
  private async readStandings(addresses: string[]): Promise<Map<string, AccountStanding | null | UpstreamError>> {
    const res = await this.http.post('/account_info', checkedBody({ _stake_addresses: addresses }), { select: 'stake_address,status,total_balance' })
    const found = new Map<string, AccountStanding | null | UpstreamError>(addresses.map((a) => [a, null]))
    for (const value of expectArray('koios', res.body, 'account_info')) {
      const row = obj(value)
      const stakeAddress = row && text(row.stake_address)
      if (row === null || stakeAddress === null || !found.has(stakeAddress)) continue
      const totalBalance = intString(row.total_balance)
      found.set(
        stakeAddress,
        totalBalance === null
          ? new UpstreamError('koios', 'bad_shape', `account_info: no total_balance for ${stakeAddress}`)
          : { stakeAddress, registered: str(row.status) === 'registered', totalBalance },
      )
    }
    return found
  }

  /** `POST /account_assets`, every page (1000 rows each, up to MAX_PAGES). */
  accountAssets(stakeAddress: string): Promise<Fetched<{ assets: AssetBalance[]; truncated: boolean }>> {
    return memoised(this.memo, `koios:account-assets:${stakeAddress}`, { ttlMs: this.ttls.account }, () =>
      this.allPages('/account_assets', { _stake_addresses: [stakeAddress] }, 'account_assets'),
    )
  }

  /** `POST /address_info` for one address, without its UTxO set; null when the chain has never seen it. */
  addressInfo(address: string): Promise<Fetched<AddressInfo | null>> {
    return memoised(this.memo, `koios:address-info:${address}`, { ttlMs: this.ttls.account }, async () => {
      const res = await this.http.post(
        '/address_info',
        { _addresses: [address] },
        { select: 'address,balance,stake_address,script_address' },
      )
      const row = obj(expectArray('koios', res.body, 'address_info')[0])
      if (row === null) return null
      return {
        address: text(row.address) ?? address,
        balance: intString(row.balance) ?? '0',
        stakeAddress: text(row.stake_address),
        scriptAddress: row.script_address === true,
      }
    })
  }

  /** `POST /address_assets`, every page. */
  addressAssets(address: string): Promise<Fetched<{ assets: AssetBalance[]; truncated: boolean }>> {
    return memoised(this.memo, `koios:address-assets:${address}`, { ttlMs: this.ttls.account }, () =>
      this.allPages('/address_assets', { _addresses: [address] }, 'address_assets'),
    )
  }

  /** `GET /tip`: the latest block (a core-plan resource). */
  tip(): Promise<Fetched<ChainTip>> {
    return asCore(() =>
      memoised(this.memo, 'koios:tip', { ttlMs: this.ttls.tip }, async () => {
        const res = await this.http.get('/tip')
        const row = obj(expectArray('koios', res.body, 'tip')[0])
        const tip = row && readTip(row)
        if (!tip) throw new UpstreamError('koios', 'bad_shape', 'tip: no usable row')
        return tip
      }),
    )
  }

  /*
   * The chain follower's reads (src/chain/). Never memoised: each poll asks for what is new since its cursor,
   * and the follower's own budget (the 'chain-follower' core input) bounds how many it makes. Bodies are checked
   * against the public tier's 1 KB before they leave.
   */

  /**
   * `POST /credential_txs`: txs touching the credentials at or after `afterHeight` (inclusive), one page of 1000
   * in a stable order (height, then hash: Koios gives no order inside a block), up to `maxHeight` when given
   * (a PostgREST filter on the result).
   */
  async credentialTxs(
    credentials: string[],
    afterHeight: number,
    page: { order: 'asc' | 'desc'; offset?: number; maxHeight?: number },
  ): Promise<TxRef[]> {
    const body = checkedBody({ _payment_credentials: credentials, _after_block_height: afterHeight })
    const res = await this.http.post('/credential_txs', body, {
      select: 'tx_hash,block_height,block_time',
      order: `block_height.${page.order},tx_hash.asc`,
      block_height: page.maxHeight === undefined ? undefined : `lte.${page.maxHeight}`,
      offset: page.offset ?? 0,
      limit: PAGE_SIZE,
    })
    return keep(expectArray('koios', res.body, 'credential_txs'), readTxRef)
  }

  /** `POST /credential_utxos` (extended: assets and inline datums), one page of 1000 in a stable order: the pools' current UTxOs. */
  async credentialUtxos(credentials: string[], offset: number): Promise<{ rows: number; outputs: Array<NonNullable<ReturnType<typeof readUtxo>>> }> {
    const body = checkedBody({ _payment_credentials: credentials, _extended: true })
    const res = await this.http.post('/credential_utxos', body, { order: 'tx_hash.asc,tx_index.asc', offset, limit: PAGE_SIZE })
    const rows = expectArray('koios', res.body, 'credential_utxos')
    return { rows: rows.length, outputs: keep(rows, readUtxo) }
  }

  /** `POST /tx_info` with inputs, assets and inline datums (JSON and CBOR): what pool readers need. */
  async txInfo(txHashes: string[]): Promise<ChainTx[]> {
    if (txHashes.length === 0) return []
    const body = checkedBody({ _tx_hashes: txHashes, _inputs: true, _assets: true, _scripts: true, _bytecode: true })
    const res = await this.http.post('/tx_info', body)
    return keep(expectArray('koios', res.body, 'tx_info'), readTx)
  }

  /** `POST /datum_info`: datum hash → CBOR hex, for datum-hash pools (Minswap V1, Sundae V1, WingRiders V1). */
  async datumInfo(datumHashes: string[]): Promise<Map<string, string>> {
    if (datumHashes.length === 0) return new Map()
    const res = await this.http.post('/datum_info', checkedBody({ _datum_hashes: datumHashes }))
    return readDatums(expectArray('koios', res.body, 'datum_info'))
  }

  /** `GET /blocks` from `fromHeight` up, ascending: the tip and the hashes of the provisional window in one call. */
  async blocksFrom(fromHeight: number, limit = 50): Promise<ChainBlock[]> {
    const res = await this.http.get('/blocks', {
      block_height: `gte.${fromHeight}`,
      select: 'hash,block_height,block_time',
      order: 'block_height.asc',
      limit,
    })
    return keep(expectArray('koios', res.body, 'blocks'), readBlock)
  }

  /** `GET /blocks` newest first: the tip and the blocks just below it. */
  async latestBlocks(limit: number): Promise<ChainBlock[]> {
    const res = await this.http.get('/blocks', { select: 'hash,block_height,block_time', order: 'block_height.desc', limit })
    return keep(expectArray('koios', res.body, 'blocks'), readBlock)
  }

  /**
   * `GET /blocks` newest first, one row `offset` below the tip: where a follower that starts `offset` blocks back
   * intersects the chain, in one call; null when the chain is shorter.
   */
  async blockBelowTip(offset: number): Promise<ChainBlock | null> {
    const res = await this.http.get('/blocks', { select: 'hash,block_height,block_time', order: 'block_height.desc', offset, limit: 1 })
    return keep(expectArray('koios', res.body, 'blocks'), readBlock)[0] ?? null
  }

  private async allPages(path: string, body: Json, what: string): Promise<{ assets: AssetBalance[]; truncated: boolean }> {
    const assets: AssetBalance[] = []
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await this.http.post(path, body, { offset: page * PAGE_SIZE, limit: PAGE_SIZE })
      const rows = expectArray('koios', res.body, what)
      assets.push(...keep(rows, readAssetBalance))
      if (rows.length < PAGE_SIZE) return { assets, truncated: false }
    }
    return { assets, truncated: true }
  }
}

const assetSummaryKey = (policyId: string, assetNameHex: string) => `koios:asset-summary:${policyId}${assetNameHex}`

/**
 * Withdrawable rewards in lovelace: `rewards_available`, else (Koios has answered it null, seen in 2025) the
 * rewards ever earned minus those withdrawn, never below 0; null when neither figure is there.
 */
export function withdrawableRewards(row: Json): string | null {
  const available = intString(row.rewards_available)
  if (available !== null) return available
  const earned = intString(row.rewards)
  const withdrawn = intString(row.withdrawals)
  if (earned === null || withdrawn === null) return null
  const left = BigInt(earned) - BigInt(withdrawn)
  return String(left > 0n ? left : 0n)
}

function readAssetBalance(value: unknown): AssetBalance | null {
  const row = obj(value)
  if (row === null) return null
  const policyId = text(row.policy_id)
  const quantity = intString(row.quantity)
  if (policyId === null || quantity === null) return null
  return {
    policyId: policyId.toLowerCase(),
    assetNameHex: (str(row.asset_name) ?? '').toLowerCase(),
    fingerprint: text(row.fingerprint),
    decimals: count(row.decimals),
    quantity,
  }
}

function readAssetInfo(value: unknown): AssetInfo | null {
  const row = obj(value)
  if (row === null) return null
  const policyId = text(row.policy_id)
  if (policyId === null) return null
  // Aliased JSON-path columns when `select` was honoured; the whole registry object when it was not.
  const full = obj(row.token_registry_metadata)
  const registryName = str(row.registry_name) ?? str(full?.name)
  const registryTicker = str(row.registry_ticker) ?? str(full?.ticker)
  const registryDescription = str(row.registry_description) ?? str(full?.description)
  const registryDecimals = count(row.registry_decimals ?? full?.decimals)
  const hasRegistry = [registryName, registryTicker, registryDescription, registryDecimals].some((v) => v !== null)
  return {
    policyId: policyId.toLowerCase(),
    assetNameHex: (str(row.asset_name) ?? '').toLowerCase(),
    assetNameAscii: str(row.asset_name_ascii),
    fingerprint: text(row.fingerprint),
    totalSupply: intString(row.total_supply),
    creationTime: count(row.creation_time),
    registry: hasRegistry
      ? { name: registryName, ticker: registryTicker, description: registryDescription, decimals: registryDecimals }
      : null,
    cip68: readCip68(row.cip68_metadata),
  }
}

/**
 * CIP-68 (333) reference datum: `{fields: [{map: [{k: {bytes}, v: {bytes|int}}]}, …], constructor: 0}`.
 * Keys and byte values are hex of UTF-8 text.
 */
function readCip68(value: unknown): AssetInfo['cip68'] {
  const metadata = obj(value)
  const datum = obj(metadata?.['333'])
  const fields = datum && Array.isArray(datum.fields) ? datum.fields : null
  const entries = fields && obj(fields[0]) && Array.isArray(obj(fields[0])!.map) ? (obj(fields[0])!.map as unknown[]) : null
  if (entries === null) return null
  const out: Record<string, string | number> = {}
  for (const entry of entries) {
    const e = obj(entry)
    const key = hexToUtf8(str(obj(e?.k)?.bytes))
    if (key === null) continue
    const v = obj(e?.v)
    const asInt = num(v?.int)
    const asText = hexToUtf8(str(v?.bytes))
    if (asInt !== null) out[key] = asInt
    else if (asText !== null) out[key] = asText
  }
  const stringOf = (k: string) => (typeof out[k] === 'string' ? (out[k] as string) : null)
  const decimals = typeof out.decimals === 'number' && Number.isInteger(out.decimals) && out.decimals >= 0 ? out.decimals : null
  return { name: stringOf('name'), ticker: stringOf('ticker'), description: stringOf('description'), decimals }
}

function hexToUtf8(hex: string | null): string | null {
  if (hex === null || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'))
  } catch {
    return null
  }
}

function readScriptInfo(value: unknown): ScriptInfo | null {
  const row = obj(value)
  const scriptHash = row && text(row.script_hash)?.toLowerCase()
  if (!row || !scriptHash) return null
  return { scriptHash, type: text(row.type), value: row.value ?? null, size: count(row.size) }
}

/** A signed integer given as text (a burn's quantity is negative); null when it is not one. */
const signedInt = (value: unknown): bigint | null =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : null

function readMintHistory(txs: unknown[]): MintHistory {
  const seen = new Set<string>()
  const history: MintHistory = { mints: 0, burns: 0, firstMintAt: null, lastMintAt: null }
  for (const value of txs) {
    const tx = obj(value)
    const hash = tx && text(tx.tx_hash)
    const quantity = tx && signedInt(tx.quantity)
    if (!tx || !hash || quantity === null || quantity === 0n || seen.has(hash)) continue
    seen.add(hash)
    if (quantity < 0n) {
      history.burns += 1
      continue
    }
    history.mints += 1
    const time = count(tx.block_time)
    if (time === null) continue
    if (history.firstMintAt === null || time < history.firstMintAt) history.firstMintAt = time
    if (history.lastMintAt === null || time > history.lastMintAt) history.lastMintAt = time
  }
  return history
}

function readHolding(value: unknown): AddressHolding | null {
  const row = obj(value)
  const paymentAddress = row && text(row.payment_address)
  const quantity = row && intString(row.quantity)
  if (!row || !paymentAddress || quantity === null) return null
  return { paymentAddress, stakeAddress: text(row.stake_address), quantity }
}

function readTip(row: Json): ChainTip | null {
  const hash = text(row.hash)
  const epoch = count(row.epoch_no)
  const absSlot = count(row.abs_slot)
  // `block_no` is the deprecated alias of `block_height`; older deployments send only one of them.
  const blockHeight = count(row.block_height) ?? count(row.block_no)
  const blockTime = count(row.block_time)
  if (hash === null || epoch === null || absSlot === null || blockHeight === null || blockTime === null) return null
  return { hash, epoch, absSlot, epochSlot: count(row.epoch_slot), blockHeight, blockTime }
}
