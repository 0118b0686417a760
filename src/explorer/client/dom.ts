/**
 * The one way the explorer puts content on the page: elements built with createElement and text set through
 * text nodes, never innerHTML. Comments and every upstream string (names, tickers, DEX ids) can therefore
 * never become markup.
 */
type Child = Node | string | number | null | undefined | false
type Attrs = Record<string, string | number | boolean | null | undefined>

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue
    node.setAttribute(name, value === true ? '' : String(value))
  }
  append(node, ...children)
  return node
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)))
  }
}

/** Replace an element's content. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren()
  append(parent, ...children)
}

export function main(): HTMLElement {
  return document.getElementById('main')!
}

/** A section with a heading; its id gives tests and anchors a stable handle. */
export function section(id: string, heading: string, ...children: Child[]): HTMLElement {
  return el('section', { id, 'aria-labelledby': `${id}-h` }, el('h2', { id: `${id}-h` }, heading), ...children)
}

/** A paragraph that screen readers announce when its text changes (status lines, not ticking cells). */
export function statusLine(id: string): HTMLParagraphElement {
  return el('p', { id, role: 'status', 'aria-live': 'polite', class: 'status' })
}

/** A token logo: decorative (the ticker beside it names the token); hidden when it does not load. */
export function logo(src: string, size: number): HTMLImageElement {
  const img = el('img', { src, alt: '', width: size, height: size, class: 'logo', loading: 'lazy', referrerpolicy: 'no-referrer' })
  img.addEventListener('error', () => img.classList.add('broken'), { once: true })
  return img
}

/**
 * A table that may be wider than the screen (a phone): it scrolls sideways inside its own region, which says so
 * in words above the table whenever it overflows (and casts a shadow at the edge that hides columns), and can be
 * scrolled with the keyboard (focusable, named). Tables put their key columns first, so those need no scrolling.
 */
export function scrollRegion(label: string, table: HTMLTableElement): HTMLElement {
  const hint = el('p', { class: 'scroll-hint' }, 'Scroll the table sideways for more columns →')
  const box = el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` }, table)
  const region = el('div', { class: 'table-region' }, hint, box)
  const update = () => region.classList.toggle('overflows', box.scrollWidth > box.clientWidth + 1)
  if (typeof ResizeObserver !== 'undefined') {
    const observer = new ResizeObserver(update)
    observer.observe(box)
    observer.observe(table)
  }
  return region
}
