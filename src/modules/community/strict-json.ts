/**
 * The first key that an object of a JSON text names twice, or null. JSON.parse lets the last one win, so
 * `{"unit":"A","unit":"B"}` would be read as B while a wallet shows its signer A: a signed payload must name each
 * field once. Keys are compared as JSON.parse reads them, so `"unit"` and `"\u0075nit"` are the same key.
 * Only called on text JSON.parse accepted: strings, brackets, colons and commas are all it needs to look at.
 */
export function duplicateKey(json: string): string | null {
  /** One open object (its keys so far, and whether the next string is a key) or array (null). */
  const open: Array<{ keys: Set<string>; keyNext: boolean } | null> = []
  for (let i = 0; i < json.length; i++) {
    const char = json[i]
    if (char === '"') {
      const end = closingQuote(json, i)
      const top = open.at(-1)
      if (top?.keyNext) {
        const key = JSON.parse(json.slice(i, end + 1)) as string
        if (top.keys.has(key)) return key
        top.keys.add(key)
        top.keyNext = false
      }
      i = end
    } else if (char === '{') open.push({ keys: new Set(), keyNext: true })
    else if (char === '[') open.push(null)
    else if (char === '}' || char === ']') open.pop()
    else if (char === ',') {
      const top = open.at(-1)
      if (top) top.keyNext = true
    }
  }
  return null
}

/** Index of the quote closing the string that opens at `start` (a backslash escapes the character after it). */
function closingQuote(json: string, start: number): number {
  for (let i = start + 1; i < json.length; i++) {
    if (json[i] === '\\') i++
    else if (json[i] === '"') return i
  }
  return json.length - 1
}
