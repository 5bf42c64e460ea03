import { displayedPriceInr, formatInr, type GstMode } from '@core/quote'
import { quotePage } from '~/features/quote/content'

export interface QuotePriceProps {
  readonly capacityKw: number | undefined
  readonly gstMode: GstMode
}

/** The displayed price of the chosen capacity (previous GST: base + ₹5,000), announced when it changes. */
export function QuotePrice({ capacityKw, gstMode }: QuotePriceProps) {
  return (
    <div aria-live="polite" className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
      {capacityKw === undefined ? (
        <p className="text-sm text-muted">{quotePage.noPrice}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-brand-900">
            {quotePage.priceLabel} · {capacityKw} kW
          </p>
          <p className="text-2xl font-bold tracking-tight text-ink" data-testid="quote-price">
            {formatInr(displayedPriceInr(capacityKw, gstMode))}
          </p>
          <p className="text-xs text-muted">{quotePage.priceHint[gstMode]}</p>
        </>
      )}
    </div>
  )
}
