/**
 * Source B's hosted token image, as a redirect target: only an absolute https URL (a redirect must never send
 * a browser to plain http, a `javascript:` URL or a relative path), and never its "missing.png" placeholder.
 */
export function hostedImageLocation(imageUrl: string | null): string | null {
  if (imageUrl === null) return null
  let url: URL
  try {
    url = new URL(imageUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null
  if (/(^|\/)missing[^/]*\.png$/i.test(url.pathname)) return null
  return url.href
}
