/**
 * What makes the demo world look like a real market to a newcomer: each curated token's price of the right
 * order of magnitude (approximate, rounded, for plausibility only: not market data) and a registry logo of
 * real size (128×128, in the token's monogram colour) rather than a 1×1 pixel.
 */
import { discPng } from '../../src/modules/logos/png-encoder'
import { monogramColour } from '../../src/modules/logos/monogram'

/** Approximate USD prices by ticker; stablecoins at 1, wrapped BTC/ETH at their underlying's order. */
const APPROX_PRICE_USD: Record<string, number> = {
  MIN: 0.02, SNEK: 0.0013, HOSKY: 0.00000005, INDY: 0.6, iUSD: 1, iBTC: 60_000, iETH: 2500, DJED: 1, SHEN: 1.2,
  USDM: 1, USDA: 1, WMT: 0.2, WMTX: 0.2, AGIX: 0.3, FET: 0.7, NTX: 0.6, C3: 0.02, LENFI: 1.5, LQ: 0.8,
  SUNDAE: 0.01, MILK: 0.4, COPI: 0.01, IAG: 0.28, STUFF: 0.02, WRT: 0.01, GENS: 0.02, MELD: 0.01, NOVA: 0.003,
  FACT: 0.01, OPT: 0.01, NMKR: 0.001, HUNT: 0.05, VYFI: 0.05, NIKEPIG: 0.0005, NEWM: 0.001, CLAY: 0.05,
  PAVIA: 0.002, JPG: 0.0001, GERO: 0.002, EMP: 0.0005, ENCS: 0.3, SOC: 0.001, DING: 0.000001, SPLASH: 0.05,
  STRIKE: 1.5, CBLP: 0.00005, FLDT: 0.2, SHARDS: 0.001, BTN: 0.005, AXO: 0.1, rsERG: 1, NVL: 0.005, XER: 0.002,
  NIGHT: 0.05, BODEGA: 0.05, RJV: 0.02, CERRA: 0.005, cNETA: 0.0001, DRIP: 0.01, LIFI: 0.003, OPTIM: 0.03,
  TEDY: 0.003, MyUSD: 1, MNT: 0.1, cBTC: 60_000, CNCT: 0.03, CSWAP: 0.01, BANK: 0.5,
}

/** A token's demo price: its approximate price (0.01 for a ticker not listed) moved by `jitter` (e.g. ±5 %). */
export function demoPrice(ticker: string, jitter: number): number {
  return significant((APPROX_PRICE_USD[ticker] ?? 0.01) * (1 + jitter))
}

/** Four significant digits: tiny prices (HOSKY's 5e-8) keep their digits where decimal rounding would zero them. */
export function significant(value: number): number {
  return Number(value.toPrecision(4))
}

const logos = new Map<string, string>()

/** A 128×128 PNG registry logo for the unit, base64 as the chain API sends it (built once per unit). */
export function demoLogoBase64(unit: string): string {
  let logo = logos.get(unit)
  if (logo === undefined) {
    const hex = monogramColour(unit)
    const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
    logo = Buffer.from(discPng(128, rgb)).toString('base64')
    logos.set(unit, logo)
  }
  return logo
}
