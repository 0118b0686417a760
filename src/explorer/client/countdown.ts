/**
 * Status lines that count down ("Asking again in 25 s", 24 s, … "Asking again now…") rather than keep the
 * figure of the moment they were written. One countdown per element: the next text written with `countdown` or
 * `stopCountdown` ends the previous one.
 */
const timers = new WeakMap<Element, ReturnType<typeof setInterval>>()

/** Stop the element's countdown, if it has one (before writing other text into it). */
export function stopCountdown(target: Element): void {
  clearInterval(timers.get(target))
  timers.delete(target)
}

/** Write `text(elapsed)` into `target` now and once a second for `seconds` seconds (elapsed: whole seconds, up to `seconds`). */
export function countdown(target: HTMLElement, seconds: number, text: (elapsedSeconds: number) => string): void {
  stopCountdown(target)
  const started = performance.now()
  const write = () => {
    const elapsed = Math.min(seconds, Math.floor((performance.now() - started) / 1000))
    target.textContent = text(elapsed)
    if (elapsed >= seconds) stopCountdown(target)
  }
  write()
  if (seconds > 0) timers.set(target, setInterval(write, 1000))
}
