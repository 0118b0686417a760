import { useSSRContext, unref } from "vue";
import { ssrRenderAttrs, ssrRenderList, ssrInterpolate, ssrRenderAttr } from "vue/server-renderer";
import { w as withBase } from "./Content.CwmVwVea.js";
import { s as site } from "./pages.CzG4pRM1.js";
import "@vueuse/core";
const __pageData = JSON.parse('{"title":"Endpoints","description":"","frontmatter":{},"headers":[],"relativePath":"endpoints/index.md","filePath":"endpoints/index.md"}');
const __default__ = { name: "endpoints/index.md" };
const _sfc_main = /* @__PURE__ */ Object.assign(__default__, {
  __ssrInlineRender: true,
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="endpoints" tabindex="-1">Endpoints <a class="header-anchor" href="#endpoints" aria-label="Permalink to &quot;Endpoints&quot;">​</a></h1><p>Every endpoint of <code>/api/v1</code>, generated from the same catalogue that serves the index at <code>/api/v1/</code> and the OpenAPI document, so the three always agree. Each page gives the parameters and their bounds, example requests and responses, the error answers, the cache lifetime and what the figures cover.</p><table><thead><tr><th>Method</th><th>Path</th><th>Purpose</th><th>Cache</th></tr></thead><tbody><!--[-->`);
      ssrRenderList(unref(site).endpoints, (e) => {
        _push(`<tr><td>${ssrInterpolate(e.method)}</td><td><a class="endpoint-link"${ssrRenderAttr("href", unref(withBase)("/endpoints/" + e.operationId))}><code>${ssrInterpolate(e.path)}</code></a></td><td>${ssrInterpolate(e.summary)}</td><td>${ssrInterpolate(e.cacheSeconds === null ? "not cached" : e.cacheSeconds + " s")}</td></tr>`);
      });
      _push(`<!--]--></tbody></table></div>`);
    };
  }
});
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("endpoints/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
export {
  __pageData,
  _sfc_main as default
};
