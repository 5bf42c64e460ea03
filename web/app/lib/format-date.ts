import { businessDateLabel } from '@core/date-labels'
import { businessTimeZone } from '@core/time-zone'

/**
 * '2024-11-18' or an ISO time → '18 Nov 2024' (company time, so the prerendered HTML and the browser agree
 * whatever the visitor's clock says); text that is not a date comes back as it is ('' for none).
 */
export function displayDate(value: string | undefined): string {
  if (!value) return ''
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? value : businessDateLabel(time)
}

/** Made on first use: an `Intl` formatter made at load starts ICU on every page that imports this module. */
let dateTimeFormat: Intl.DateTimeFormat | undefined

/** An ISO time → '23 Nov 2026, 03:30 pm' (company time); text that is not a time comes back as it is. */
export function displayDateTime(value: string): string {
  const time = new Date(value)
  if (Number.isNaN(time.getTime())) return value
  dateTimeFormat ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: businessTimeZone,
  })
  return dateTimeFormat.format(time)
}
