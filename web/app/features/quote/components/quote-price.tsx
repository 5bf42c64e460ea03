import { displayedPriceInr, formatInr, type GstMode } from '@core/quote'
import { quotePage } from '~/features/quote/content'

export interface QuotePriceProps {
  readonly capacityKw: number | undefined
  readonly gstMode: GstMode
  /** The subsidy of the solar report the form was opened from, for the capacity it was worked out for. */
  readonly subsidy?: { readonly capacityKw: number; readonly subsidyInr: number } | undefined
}

/**
 * The one price of the chosen capacity (previous GST: base + ₹5,000): the same figure the request carries
 * and the staff see. With a report of the same capacity, the figure after its subsidy beside it. Announced
 * when it changes.
 */
export function QuotePrice({ capacityKw, gstMode, subsidy }: QuotePriceProps) {
  const price = capacityKw === undefined ? undefined : displayedPriceInr(capacityKw, gstMode)
  const reportSubsidy =
    subsidy && subsidy.capacityKw === capacityKw && subsidy.subsidyInr > 0 ? subsidy : undefined
  return (
    <div aria-live="polite" className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
      {capacityKw === undefined || price === undefined ? (
        <p className="text-sm text-muted">{quotePage.noPrice}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-brand-900">
            {quotePage.priceLabel} · {capacityKw} kW
          </p>
          <p className="text-2xl font-bold tracking-tight text-ink" data-testid="quote-price">
            {formatInr(price)}
          </p>
          <p className="text-xs text-muted">{quotePage.priceHint[gstMode]}</p>
          {reportSubsidy ? (
            <p className="mt-2 text-sm text-ink" data-testid="quote-after-subsidy">
              {quotePage.afterSubsidy(
                formatInr(price - reportSubsidy.subsidyInr),
                formatInr(reportSubsidy.subsidyInr),
              )}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-muted">{quotePage.gstExplained}</p>
        </>
      )}
    </div>
  )
}
