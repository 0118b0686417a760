import { renderEndpointPage } from '../.vitepress/site-data/endpoint-page'
import { loadSiteData } from '../.vitepress/site-data/site'

/** One page per catalogue endpoint, its Markdown rendered from the catalogue entry. */
export default {
  paths() {
    return loadSiteData().endpoints.map((entry) => ({
      params: { operationId: entry.operationId, title: entry.summary },
      content: renderEndpointPage(entry),
    }))
  },
}
