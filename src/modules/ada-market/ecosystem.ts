/**
 * The ecosystem list: the market provider's `cardano-ecosystem` category by market cap. The category contains
 * ADA itself; the list is of the tokens built on Cardano, so ADA is left out (it has its own `ada` block) and
 * the top 50 are the 50 largest other members. The provider is asked for one more row than the list size
 * (ECOSYSTEM_ROWS), so dropping ADA still leaves 50.
 */
import { ADA_ID, type CoinMarket } from '../../upstream/coingecko'
import { ECOSYSTEM_SIZE, type EcosystemToken } from './schemas'

export function topEcosystem(markets: readonly CoinMarket[], size = ECOSYSTEM_SIZE): EcosystemToken[] {
  return markets
    .filter((m) => m.id !== ADA_ID)
    .slice(0, size)
    .map((m) => ({
      id: m.id,
      symbol: m.symbol ?? '',
      name: m.name ?? m.id,
      priceUsd: m.priceUsd,
      change24h: m.change24h,
      marketCap: m.marketCap,
      volume24h: m.volume24h,
    }))
}
