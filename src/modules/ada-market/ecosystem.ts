/**
 * The ecosystem list: the market provider's `cardano-ecosystem` category by market cap. The category contains
 * ADA itself; the list is of the tokens built on Cardano, so ADA is left out (it has its own `ada` block) and
 * the top 50 are the 50 largest other members. The provider is asked for one more row than the list size
 * (ECOSYSTEM_ROWS), so dropping ADA still leaves 50.
 */
import type { RegistryToken } from '../../registry/registry'
import { ADA_ID, type CoinMarket } from '../../upstream/coingecko'
import { ECOSYSTEM_SIZE, type EcosystemToken } from './schemas'

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * The curated token a provider coin is, so the list joins /tokens: the provider names no policy id, so a coin
 * is the registry token with the same ticker (any case) whose name agrees (equal, or one the start of the
 * other, letters and digits only: "Iagon" / "IAGON"). A ticker alone could be another chain's coin: no match.
 */
export function registryUnitOf(coin: { symbol: string | null; name: string | null }, tokens: readonly RegistryToken[]): string | null {
  if (coin.symbol === null || coin.name === null) return null
  const symbol = coin.symbol.toLowerCase()
  const name = squash(coin.name)
  const match = tokens.find((t) => {
    const registryName = squash(t.name)
    return t.ticker.toLowerCase() === symbol && name !== '' && registryName !== '' && (name.startsWith(registryName) || registryName.startsWith(name))
  })
  return match?.unit ?? null
}

export function topEcosystem(markets: readonly CoinMarket[], tokens: readonly RegistryToken[], size = ECOSYSTEM_SIZE): EcosystemToken[] {
  return markets
    .filter((m) => m.id !== ADA_ID)
    .slice(0, size)
    .map((m) => ({
      id: m.id,
      unit: registryUnitOf(m, tokens),
      symbol: m.symbol ?? '',
      name: m.name ?? m.id,
      priceUsd: m.priceUsd,
      change24h: m.change24h,
      marketCap: m.marketCap,
      volume24h: m.volume24h,
    }))
}
