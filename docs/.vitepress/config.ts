import { defineConfig } from 'vitepress'
import { loadSiteData } from './site-data/site'

const site = loadSiteData()
const tags = [...new Set(site.endpoints.map((e) => e.tag))]

/**
 * The docs site, served by the service at /docs/ (hence `base`). Built with no network: local search, no
 * web fonts, no external scripts. Endpoint pages come from the catalogue (endpoints/[operationId].paths.ts).
 */
export default defineConfig({
  title: 'cardano-market-api',
  description: 'Free, keyless REST API and MCP server over Cardano native-token market data',
  base: '/docs/',
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/guide/quick-start' },
      { text: 'Endpoints', link: '/endpoints/' },
      { text: 'MCP', link: '/guide/mcp' },
    ],
    sidebar: [
      {
        text: 'Guides',
        items: [
          { text: 'Quick start', link: '/guide/quick-start' },
          { text: 'Coverage and honesty rules', link: '/guide/coverage' },
          { text: 'Community signing (CIP-30)', link: '/guide/community-signing' },
          { text: 'Limits and caching', link: '/guide/limits-and-caching' },
          { text: 'Errors and their codes', link: '/guide/errors' },
          { text: 'Market history', link: '/guide/history' },
          { text: 'Live stream (SSE)', link: '/guide/live-stream' },
          { text: 'Trades and candles from the chain', link: '/guide/chain-trades' },
          { text: 'Prices for portfolios and tax tools', link: '/guide/prices' },
          { text: 'MCP for agents', link: '/guide/mcp' },
          { text: 'Self-hosting', link: '/guide/self-hosting' },
          { text: 'Operations', link: '/guide/operations' },
        ],
      },
      {
        text: 'For the next engineer',
        items: [
          { text: 'How it is built', link: '/guide/architecture' },
          { text: 'How each part works', link: '/guide/internals' },
          { text: 'Speed and benchmarks', link: '/guide/performance' },
          { text: 'Developing and testing', link: '/guide/development' },
        ],
      },
      ...tags.map((tag) => ({
        text: `Endpoints: ${tag}`,
        items: site.endpoints
          .filter((e) => e.tag === tag)
          .map((e) => ({ text: `${e.method} ${e.path.slice(site.apiPrefix.length) || '/'}`, link: `/endpoints/${e.operationId}` })),
      })),
    ],
    search: { provider: 'local' },
    outline: [2, 3],
  },
})
