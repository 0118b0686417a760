import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type UTCTimestamp } from 'lightweight-charts'
import type { OhlcvBody } from '../../modules/charts/schemas'
import { DEFAULT_TIMEFRAME, TIMEFRAMES } from '../../modules/charts/timeframes'
import { apiGet } from './api'
import { el, section } from './dom'
import { formatChartPrice, formatPriceTicks, significantDecimals } from './format'
import { missingText, retryDelayMs } from './missing'

/**
 * The candle chart of one pool (GET /tokens/{unit}/ohlcv: by default the token's most liquid pool, its history
 * from source B stitched to the candles this service builds from the chain): candles and volume with
 * lightweight-charts, with timeframe, USD/ADA and pool choices. Prices on the axis, the crosshair and the last-price
 * tag are written by our own formatter (significant digits, a micro price as 0.0₇5123), not a fixed precision, so a
 * token at 1e-10 and one at 1e5 both read well. When the answer lacks source B (`missing`) the chart says so and
 * asks again after its retryAfter. The TradingView logo stays on (the licence's attribution), and the page footer
 * carries the notice.
 */
export function chartSection(unit: string): HTMLElement {
  const tf = el('select', { 'aria-label': 'Timeframe' }, ...TIMEFRAMES.map((t) => el('option', { value: t, selected: t === DEFAULT_TIMEFRAME }, t)))
  const quote = el('select', { 'aria-label': 'Quote currency' }, el('option', { value: 'usd' }, 'USD'), el('option', { value: 'ada' }, 'ADA'))
  const pool = el('select', { 'aria-label': 'Pool' }, el('option', { value: '' }, 'Most liquid pool'))
  const summary = el('p', { id: 'chart-summary', class: 'muted' }, 'Loading candles…')
  const canvasBox = el('div', { class: 'chart-box' })
  const figure = el('figure', { id: 'price-chart', 'aria-label': 'Price chart', 'aria-describedby': 'chart-summary' }, canvasBox)
  let chart: IChartApi | null = null
  let retry: ReturnType<typeof setTimeout> | undefined

  async function load(again = false) {
    clearTimeout(retry)
    const params = new URLSearchParams({ tf: tf.value, quote: quote.value })
    if (pool.value !== '') params.set('pool', pool.value)
    if (!again) summary.textContent = 'Loading candles…'
    const res = await apiGet<OhlcvBody>(`/tokens/${unit}/ohlcv?${params}`, again)
    chart?.remove()
    chart = null
    figure.dataset.bars = '0'
    if (!res.ok) {
      summary.textContent = res.error.code === 'no_chartable_pool'
        ? `No chart for this token: ${res.error.hint}`
        : `The chart is unavailable: ${res.error.hint}`
      // A refusal for now (a budget, a quota): asked again when it says.
      if (res.retryAfter !== null) retry = setTimeout(() => void load(true), res.retryAfter * 1000)
      return
    }
    const body = res.body
    if (pool.options.length === 1) {
      for (const choice of body.poolChoices) pool.append(el('option', { value: choice.address }, `${choice.name} on ${choice.dexId}`))
    }
    const delay = retryDelayMs(body.missing)
    if (delay !== null) retry = setTimeout(() => void load(true), delay)
    if (body.candles.length === 0) {
      summary.textContent = `No candles in this timeframe. ${body.coverage} ${missingText(body.missing)}`.trim()
      return
    }
    draw(body)
  }

  function draw(body: OhlcvBody) {
    const last = body.candles[body.candles.length - 1]
    const low = Math.min(...body.candles.map((c) => c.low).filter((p) => p > 0))
    // The finest step the scale may use: seven significant digits of the lowest price (base = 1 / minMove, exact).
    const precision = significantDecimals(Number.isFinite(low) ? low : last.close, 7)
    chart = createChart(canvasBox, {
      autoSize: true,
      layout: { attributionLogo: true, background: { color: '#ffffff' }, textColor: '#1f2937' },
      timeScale: { timeVisible: body.tf !== '1d' && body.tf !== '1w' },
    })
    const candles = chart.addSeries(CandlestickSeries, {
      priceFormat: { type: 'custom', formatter: formatChartPrice, tickmarksFormatter: formatPriceTicks, minMove: 10 ** -precision, base: 10 ** precision },
      upColor: '#15803d', downColor: '#b91c1c', wickUpColor: '#15803d', wickDownColor: '#b91c1c', borderVisible: false,
    })
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' }, color: '#93c5fd' })
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
    candles.setData(body.candles.map((c) => ({ time: c.time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })))
    volume.setData(body.candles.map((c) => ({ time: c.time as UTCTimestamp, value: c.volume })))
    chart.timeScale().fitContent()
    figure.dataset.bars = String(body.candles.length)
    figure.dataset.precision = String(precision)
    const fromChain = body.candles.filter((c) => c.source === 'chain').length
    const sources = fromChain === 0 || fromChain === body.candles.length ? '' : ` (the last ${fromChain} built from the chain, the earlier ones from source B)`
    summary.textContent =
      `${body.candles.length} ${body.tf} candles in ${body.quote} of ${body.pool.name} on ${body.pool.dexId}${sources}; last close ` +
      `${formatChartPrice(last.close)} ${body.quote}. ${body.coverage} ${missingText(body.missing)}`.trim()
  }

  for (const control of [tf, quote, pool]) control.addEventListener('change', () => void load())
  void load()

  return section('chart', 'Chart',
    el('div', { class: 'controls' }, el('label', {}, 'Timeframe ', tf), el('label', {}, 'Quote ', quote), el('label', {}, 'Pool ', pool)),
    figure,
    summary,
  )
}

