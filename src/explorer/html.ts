import type { Config } from '../config'
import { contentSecurityPolicy } from '../http/page-headers'
import { API_PREFIX } from '../paths'
import type { ExplorerAssets } from './assets'
import { boostRule } from './client/boost-rule'

/** What the pages say that depends on the deployment: who may boost (COMMUNITY_MIN_ADA). */
export interface ShellSettings {
  communityMinAda: number
}

export const shellSettings = (config: Pick<Config, 'community'>): ShellSettings => ({ communityMinAda: config.community.minAda })

export type PageKind = 'screener' | 'tokens' | 'token' | 'wallet' | 'pools' | 'search' | 'pool'

/**
 * Scripts only from this origin (the page's bundle with lightweight-charts inside; no inline script, no eval);
 * styles allow inline because the chart library sets element styles. Images: this service's logos, the data: URIs
 * wallets use for their icons, and HTTPS. Nothing may frame the page, and forms and fetches stay on this origin.
 * Logos may come from an upstream's image CDN over HTTPS (the logo endpoint redirects there for some tokens); an
 * image cannot run script.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy({
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: https:",
  'connect-src': "'self'",
})

const TITLES: Record<PageKind, string> = {
  screener: 'Cardano token screener',
  tokens: 'All tokens on chain',
  token: 'Token',
  wallet: 'Wallet',
  pools: 'New pools',
  search: 'Search',
  pool: 'Pool',
}

/** Links every page carries: the screener, all tokens, the new pools, the API index, the docs and the reference. */
const NAV = [
  ['/', 'Screener'],
  ['/tokens', 'All tokens'],
  ['/pools/new', 'New pools'],
  [`${API_PREFIX}/`, 'API index'],
  ['/docs/', 'Docs'],
  [`${API_PREFIX}/reference`, 'API reference'],
] as const

/**
 * The page shell: static per kind and deployment (the script reads the unit or wallet from the URL and fills
 * `main`), so it holds nothing from the request and no secret. Text is filled in by the script with textContent only.
 */
export function pageShell(kind: PageKind, assets: ExplorerAssets, settings: ShellSettings): string {
  const nav = NAV.map(([href, label]) => `<a href="${href}">${label}</a>`).join('\n      ')
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${TITLES[kind]} · cardano-market-api</title>
  <link rel="icon" href="/favicon.ico">
  <link rel="stylesheet" href="${assets.style}">
  <script type="module" src="${assets.script}"></script>
</head>
<body data-page="${kind}" data-min-ada="${settings.communityMinAda}">
  <header class="site">
    <a class="brand" href="/">cardano-market-api</a>
    <nav aria-label="Site">
      ${nav}
    </nav>
    <form id="site-search" class="search" role="search" action="/search" method="get">
      <input type="search" name="q" aria-label="Search tokens" placeholder="Ticker, name, unit or fingerprint" maxlength="100" autocomplete="off" required>
      <button type="submit">Search</button>
    </form>
  </header>
  <main id="main"><p class="muted">Loading…</p></main>
  <footer class="site">
    <p>Market figures from DEX aggregators (source A: DexScreener, source B: GeckoTerminal), chain facts from Koios,
      ADA from CoinGecko; every aggregate covers the DEXes those sources cover, not all of Cardano.
      Boosts: ${boostRule(settings.communityMinAda)}.</p>
    <p>Charts: <a href="https://www.tradingview.com/">TradingView Lightweight Charts™</a>,
      Copyright (с) 2025 TradingView, Inc. (Apache-2.0).</p>
    <p>${nav.replaceAll('\n      ', ' · ')}</p>
  </footer>
</body>
</html>
`
}
