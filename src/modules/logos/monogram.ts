/**
 * The last logo tier: a deterministic SVG monogram. The colour comes from a hash of the unit and the letters
 * from the token's ticker (or asset name), so one unit with the same registry data always gets byte-identical
 * art. Every text is XML-escaped: a ticker such as `<script>` is shown, never parsed as markup.
 */

const SIZE = 128
const MAX_LETTERS = 5
/** Font size by number of letters, so up to five fit inside the circle. */
const FONT_SIZE = [0, 56, 48, 40, 32, 26]
const MAX_LABEL = 64

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c])
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text fit for XML: control, format and unpaired surrogate characters removed, spaces collapsed. */
function printable(text: string): string {
  return text.replace(/[\p{C}]/gu, '').replace(/\s+/g, ' ').trim()
}

/** Up to five letters of the label, without spaces; `?` when nothing printable is left. */
export function monogramLetters(label: string | null): string {
  const letters = Array.from(printable(label ?? '').replace(/ /g, '')).slice(0, MAX_LETTERS).join('')
  return letters === '' ? '?' : letters
}

/** 32-bit FNV-1a: small, stable across runtimes and versions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A colour from the unit: hue from its hash, saturation and lightness fixed so white letters stay legible. */
export function monogramColour(unit: string): string {
  const hue = fnv1a(unit.toLowerCase()) % 360
  return hslToHex(hue, 0.55, 0.4)
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = lightness - chroma / 2
  const [r, g, b] =
    hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x]
  const channel = (v: number) => Math.round((v + m) * 255).toString(16).padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** The SVG document for a unit and its label (ticker or asset name; null when it has neither). */
export function monogramSvg(unit: string, label: string | null): string {
  const letters = monogramLetters(label)
  const title = escapeXml(Array.from(printable(label ?? '')).slice(0, MAX_LABEL).join('') || 'Token')
  const fontSize = FONT_SIZE[Array.from(letters).length]
  const half = SIZE / 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<circle cx="${half}" cy="${half}" r="${half}" fill="${monogramColour(unit)}"/>` +
    `<text x="${half}" y="${half}" dominant-baseline="central" text-anchor="middle" ` +
    `font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" font-size="${fontSize}" ` +
    `font-weight="700" fill="#ffffff">${escapeXml(letters)}</text>` +
    `</svg>`
  )
}
