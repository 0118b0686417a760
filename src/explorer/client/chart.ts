import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type UTCTimestamp, type WhitespaceData } from 'lightweight-charts'
import type { OhlcvBody } from '../../modules/charts/schemas'
import { candleSeconds, DEFAULT_TIMEFRAME, TIMEFRAME_SPECS, TIMEFRAMES, type Timeframe } from '../../modules/charts/timeframes'
import { apiGet } from './api'
import { toScale } from './chart-scale'
import { countdown, stopCountdown } from './countdown'
import { el, section } from './dom'
import { formatChartPrice, formatPriceTicks, significantDecimals } from './format'
import { askingAgain, missingText, retryDelayMs } from './missing'

export interface ChartOptions {
  /** The chart of this one pool (a pool page), rather than the token's pool choices. */
  pool?: string
  /** The timeframe shown first (default 1h). */
  tf?: Timeframe
}

/**
 * The candle chart of one pool (GET /tokens/{unit}/ohlcv: by default the token's most liquid pool, its history
 * from source B stitched to the candles this service builds from the chain): candles and volume with
 * lightweight-charts, with timeframe, USD/ADA and pool choices. The time axis is to scale: an interval without
 * trades is an empty slot (chart-scale.ts), not squeezed out. Prices on the axis, the crosshair and the last-price
 * tag are written by our own formatter (significant digits, a micro price as 0.0₇5123), not a fixed precision, so a
 * token at 1e-10 and one at 1e5 both read well. When the answer lacks source B (`missing`) the chart says so and
 * counts down to asking again after its retryAfter. The TradingView logo stays on (the licence's attribution), and
 * the page footer carries the notice.
 */
export function chartSection(unit: string, options: ChartOptions = {}): HTMLElement {
  const tf = el('select', { 'aria-label': 'Timeframe' }, ...TIMEFRAMES.map((t) => el('option', { value: t, selected: t === (options.tf ?? DEFAULT_TIMEFRAME) }, t)))
  const quote = el('select', { 'aria-label': 'Quote currency' }, el('option', { value: 'usd' }, 'USD'), el('option', { value: 'ada' }, 'ADA'))
  const pool = el('select', { 'aria-label': 'Pool' }, el('option', { value: options.pool ?? '' }, options.pool === undefined ? 'Most liquid pool' : 'This pool'))
  const summary = el('p', { id: 'chart-summary', class: 'muted' }, 'Loading candles…')
  const canvasBox = el('div', { class: 'chart-box' })
  const figure = el('figure', { id: 'price-chart', 'aria-label': 'Price chart', 'aria-describedby': 'chart-summary' }, canvasBox)
  let chart: IChartApi | null = null
  let retry: ReturnType<typeof setTimeout> | undefined

  async function load(again = false) {
    clearTimeout(retry)
    const params = new URLSearchParams({ tf: tf.value, quote: quote.value })
    if (pool.value !== '') params.set('pool', pool.value)
    if (!again) {
      stopCountdown(summary)
      summary.textContent = 'Loading candles…'
    }
    const res = await apiGet<OhlcvBody>(`/tokens/${unit}/ohlcv?${params}`, again)
    chart?.remove()
    chart = null
    figure.dataset.bars = '0'
    if (!res.ok) {
      const why = res.error.code === 'no_chartable_pool' ? `No chart for this token: ${res.error.hint}` : `The chart is unavailable: ${res.error.hint}`
      // A refusal for now (a budget, a quota): asked again when it says, counted down meanwhile.
      const wait = res.retryAfter
      if (wait === null) {
        stopCountdown(summary)
        summary.textContent = why
        return
      }
      countdown(summary, wait, (elapsed) => `${why} ${askingAgain(wait - elapsed)}`)
      retry = setTimeout(() => void load(true), wait * 1000)
      return
    }
    const body = res.body
    if (options.pool === undefined && pool.options.length === 1) {
      for (const choice of body.poolChoices) pool.append(el('option', { value: choice.address }, `${choice.name} on ${choice.dexId}`))
    }
    const delay = retryDelayMs(body.missing)
    if (delay !== null) retry = setTimeout(() => void load(true), delay)
    const said = body.candles.length === 0 ? `No candles in this timeframe. ${body.coverage}` : draw(body)
    countdown(summary, (delay ?? 0) / 1000, (elapsed) => `${said} ${missingText(body.missing, elapsed)}`.trim())
  }

  /** Draws the candles, the time axis to scale; returns what the chart shows, in words. */
  function draw(body: OhlcvBody): string {
    const last = body.candles[body.candles.length - 1]
    const low = Math.min(...body.candles.map((c) => c.low).filter((p) => p > 0))
    // The finest step the scale may use: seven significant digits of the lowest price (base = 1 / minMove, exact).
    const precision = significantDecimals(Number.isFinite(low) ? low : last.close, 7)
    chart = createChart(canvasBox, {
      autoSize: true,
      layout: { attributionLogo: true, background: { color: '#ffffff' }, textColor: '#1f2937' },
      // minBarSpacing: a long history with many empty intervals still fits the width (MAX_SLOTS at 0.05 px a slot).
      timeScale: { timeVisible: body.tf !== '1d' && body.tf !== '1w', minBarSpacing: 0.05 },
    })
    const candles = chart.addSeries(CandlestickSeries, {
      priceFormat: { type: 'custom', formatter: formatChartPrice, tickmarksFormatter: formatPriceTicks, minMove: 10 ** -precision, base: 10 ** precision },
      upColor: '#15803d', downColor: '#b91c1c', wickUpColor: '#15803d', wickDownColor: '#b91c1c', borderVisible: false,
    })
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' }, color: '#93c5fd' })
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
    // Intervals without a candle are whitespace points: an empty slot each, so the axis stays proportional.
    const scaled = toScale(body.candles, candleSeconds(TIMEFRAME_SPECS[body.tf]))
    const gap = (time: number): WhitespaceData<UTCTimestamp> => ({ time: time as UTCTimestamp })
    candles.setData(scaled.slots.map(({ time, candle: c }) => (c === null ? gap(time) : { time: time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })))
    volume.setData(scaled.slots.map(({ time, candle: c }) => (c === null ? gap(time) : { time: time as UTCTimestamp, value: c.volume })))
    chart.timeScale().fitContent()
    const shown = body.candles.length - scaled.leftOut
    figure.dataset.bars = String(shown)
    figure.dataset.precision = String(precision)
    const fromChain = body.candles.slice(scaled.leftOut).filter((c) => c.source === 'chain').length
    const sources = fromChain === 0 || fromChain === shown ? '' : ` (the last ${fromChain} built from the chain, the earlier ones from source B)`
    const empty = scaled.empty === 0 ? '' : ` ${scaled.empty} ${body.tf} intervals without trades are left empty: the time axis is to scale.`
    const cut = scaled.leftOut === 0 ? '' : ` The ${scaled.leftOut} oldest candles are left out, to keep the axis to scale.`
    return (
      `${shown} ${body.tf} candles in ${body.quote} of ${body.pool.name} on ${body.pool.dexId}${sources}; last close ` +
      `${formatChartPrice(last.close)} ${body.quote}.${empty}${cut} ${body.coverage}`
    )
  }

  for (const control of [tf, quote, pool]) control.addEventListener('change', () => void load())
  void load()

  return section('chart', 'Chart',
    el('div', { class: 'controls' }, el('label', {}, 'Timeframe ', tf), el('label', {}, 'Quote ', quote), options.pool === undefined ? el('label', {}, 'Pool ', pool) : null),
    figure,
    summary,
  )
}

