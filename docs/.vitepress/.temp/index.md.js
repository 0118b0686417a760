import { useSSRContext, unref } from "vue";
import { ssrRenderAttrs, ssrRenderList, ssrInterpolate, ssrRenderAttr } from "vue/server-renderer";
import { w as withBase } from "./Content.CwmVwVea.js";
import { s as site } from "./pages.CzG4pRM1.js";
import "@vueuse/core";
const __pageData = JSON.parse('{"title":"cardano-market-api","description":"","frontmatter":{},"headers":[],"relativePath":"index.md","filePath":"index.md"}');
const __default__ = { name: "index.md" };
const _sfc_main = /* @__PURE__ */ Object.assign(__default__, {
  __ssrInlineRender: true,
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="cardano-market-api" tabindex="-1">cardano-market-api <a class="header-anchor" href="#cardano-market-api" aria-label="Permalink to &quot;cardano-market-api&quot;">​</a></h1><p>A free, keyless, public REST API over Cardano native-token market data, wallet overviews and ADA market statistics, plus a wallet-signed community layer (one boost per stake address per UTC day, comment threads), and the same data as MCP tools for AI agents.</p><ul><li><strong>REST</strong> at <code>/api/v1</code>: no key, no signup, JSON everywhere except the logo image. The API describes itself at <a href="/api/v1/" target="_blank"><code>/api/v1/</code></a>, the OpenAPI 3.1 document is at <a href="/api/v1/openapi.json" target="_blank"><code>/api/v1/openapi.json</code></a> and an interactive reference (works offline) at <a href="/api/v1/reference" target="_blank"><code>/api/v1/reference</code></a>.</li><li><strong>MCP</strong> at <code>/api/mcp</code> (Streamable HTTP): see <a href="./guide/mcp">MCP for agents</a>.</li><li><strong>Live stream</strong> at <code>/api/v1/stream</code> (Server-Sent Events): screener and token changes pushed once per refresh; see <a href="./guide/live-stream">Live stream</a>.</li><li><strong>Honest numbers</strong>: DEX volume and liquidity cover named DEXes only, and every aggregate says which. See <a href="./guide/coverage">coverage and honesty rules</a>.</li></ul><p>Start with the <a href="./guide/quick-start">quick start</a>.</p><h2 id="endpoints" tabindex="-1">Endpoints <a class="header-anchor" href="#endpoints" aria-label="Permalink to &quot;Endpoints&quot;">​</a></h2><table><thead><tr><th>Method</th><th>Path</th><th>Purpose</th></tr></thead><tbody><!--[-->`);
      ssrRenderList(unref(site).endpoints, (e) => {
        _push(`<tr><td>${ssrInterpolate(e.method)}</td><td><a class="endpoint-link"${ssrRenderAttr("href", unref(withBase)("/endpoints/" + e.operationId))}><code>${ssrInterpolate(e.path)}</code></a></td><td>${ssrInterpolate(e.summary)}</td></tr>`);
      });
      _push(`<!--]--></tbody></table><h2 id="guides" tabindex="-1">Guides <a class="header-anchor" href="#guides" aria-label="Permalink to &quot;Guides&quot;">​</a></h2><ul><li><a href="./guide/quick-start">Quick start</a>: curl and fetch examples, and the conventions (identifiers, time units, case, which price)</li><li><a href="./guide/coverage">Coverage and honesty rules</a></li><li><a href="./guide/community-signing">Community signing</a>: boosts and comments with a CIP-30 wallet, or signed from code</li><li><a href="./guide/errors">Errors and their codes</a>: every <code>{code, error, hint}</code> the API answers</li><li><a href="./guide/history">Market history</a>: what the service records, candles and the daily export</li><li><a href="./guide/limits-and-caching">Limits and caching</a></li><li><a href="./guide/live-stream">Live stream (SSE)</a>: <code>EventSource</code> in a browser, Node/Bun and curl examples</li><li><a href="./guide/chain-trades">Trades and candles from the chain</a>: how swaps are read from followed DEX pools, per-DEX rules</li><li><a href="./guide/mcp">MCP for agents</a></li><li><a href="./guide/self-hosting">Self-hosting</a>: environment variables, embedded or remote libSQL, several instances</li></ul></div>`);
    };
  }
});
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
export {
  __pageData,
  _sfc_main as default
};
