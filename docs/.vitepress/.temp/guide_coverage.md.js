import { useSSRContext, unref } from "vue";
import { ssrRenderAttrs, ssrRenderList, ssrInterpolate } from "vue/server-renderer";
import { s as site } from "./pages.CzG4pRM1.js";
const __pageData = JSON.parse('{"title":"Coverage and honesty rules","description":"","frontmatter":{},"headers":[],"relativePath":"guide/coverage.md","filePath":"guide/coverage.md"}');
const __default__ = { name: "guide/coverage.md" };
const _sfc_main = /* @__PURE__ */ Object.assign(__default__, {
  __ssrInlineRender: true,
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="coverage-and-honesty-rules" tabindex="-1">Coverage and honesty rules <a class="header-anchor" href="#coverage-and-honesty-rules" aria-label="Permalink to &quot;Coverage and honesty rules&quot;">​</a></h1><p>Cardano has no single source for DEX data. The service merges two upstreams that index disjoint sets of DEXes, and says exactly what each figure covers. Show the <code>coverage</code> string next to any volume or liquidity figure.</p><h2 id="the-rules" tabindex="-1">The rules <a class="header-anchor" href="#the-rules" aria-label="Permalink to &quot;The rules&quot;">​</a></h2><ul><!--[-->`);
      ssrRenderList(unref(site).coverageRules, (rule) => {
        _push(`<li>${ssrInterpolate(rule)}</li>`);
      });
      _push(`<!--]--></ul><p>Upstreams are named neutrally: <strong>source A</strong> (a DEX aggregator), <strong>source B</strong> (a pool index, also the candle source), the <strong>chain API</strong> (balances, holdings, asset facts, holders, chain tip), the <strong>market provider</strong> (ADA price, series, ecosystem list) and the <strong>handle resolver</strong>.</p><h2 id="the-coverage-string" tabindex="-1">The <code>coverage</code> string <a class="header-anchor" href="#the-coverage-string" aria-label="Permalink to &quot;The \`coverage\` string&quot;">​</a></h2><p>Every aggregate answer carries one. Its three forms, as the service words them with the default DEX lists:</p><table tabindex="0"><thead><tr><th>When</th><th><code>coverage</code></th></tr></thead><tbody><tr><td>Screener and token detail, both sources answered</td><td><code>${ssrInterpolate(unref(site).coverageStrings.merged)}</code></td></tr><tr><td>Source B unavailable (degraded to source A), and always for search and wallet prices</td><td><code>${ssrInterpolate(unref(site).coverageStrings.sourceAOnly)}</code></td></tr><tr><td>Candles (<code>/ohlcv</code>): one pool, never an aggregate</td><td><code>${ssrInterpolate(unref(site).coverageStrings.chart)}</code></td></tr><tr><td>History (<code>/tokens/{asset}/history</code>): recorded by this service, see <a href="./history">Market history</a></td><td><code>Recorded by this service from the merged source A and source B figures since &lt;date&gt;; not a pool chart.</code></td></tr></tbody></table><p>The DEX lists come from the deployment&#39;s configuration (<code>SOURCE_A_DEXES</code>, <code>SOURCE_B_DEXES</code>) plus any further source B DEX seen in the data.</p><h2 id="what-follows-for-a-client" tabindex="-1">What follows for a client <a class="header-anchor" href="#what-follows-for-a-client" aria-label="Permalink to &quot;What follows for a client&quot;">​</a></h2><ul><li>Label DEX volume and liquidity &quot;across covered DEXes&quot;, never &quot;total&quot;.</li><li>Source A and source B pool sets do not overlap (source B pools on source A&#39;s DEXes are left out), so merged figures do not double count.</li><li>The screener reads source A in batches of 30 tokens (<code>/tokens/v1</code>), the token detail reads each token&#39;s full pair list (<code>/token-pairs/v1</code>). Source A may list fewer pairs per token in the batch answer (a third-party report says only the top pair), so a token&#39;s source A liquidity, volume and <code>pairCount</code> can be lower in the screener than on its detail page; the detail is the complete figure.</li><li>Market-provider figures (<code>/market</code>) are a different universe (centralised and decentralised exchanges) and are never added to DEX figures.</li><li>For <code>source_b</code> pair rows, <code>buys24h</code> and <code>sells24h</code> are always 0 because that upstream has no per-pool counts: render &quot;—&quot;, not zero.</li><li>Wallet holdings with no price keep <code>valueUsd: null</code>; they are listed, never dropped, and <code>totalValueUsd</code> leaves them out.</li><li><code>holders</code> on token detail is an estimate from the chain API and is <code>null</code> on a cold cache: retry after about a minute.</li><li>Candles with <code>quote=ada</code> are derived (USD candles divided by ADA&#39;s USD price), not read from the pool.</li><li>A degraded answer (an upstream down) is labelled <code>X-Cache: STALE</code> and rebuilt within seconds.</li></ul><p>Not provided today (roadmap only): a live trades feed, candles from own chain ingestion, NFT analytics, DEX aggregator integration.</p></div>`);
    };
  }
});
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("guide/coverage.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
export {
  __pageData,
  _sfc_main as default
};
