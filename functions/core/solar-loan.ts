import { solarAssumptions } from './solar-assumptions'

/** The loan the solar report offers to work out: its instalment and the amount it starts from. */

/** A loan's monthly instalment (EMI), rounded: `amount · r(1+r)^n / ((1+r)^n − 1)`, r monthly, n months. */
export function loanEmiInr(amountInr: number, ratePercentPerYear: number, tenureYears: number): number {
  const months = Math.round(tenureYears * 12)
  if (!(amountInr > 0) || !(months > 0) || !(ratePercentPerYear >= 0)) return 0
  const rate = ratePercentPerYear / 100 / 12
  if (rate === 0) return Math.round(amountInr / months)
  const growth = (1 + rate) ** months
  return Math.round((amountInr * rate * growth) / (growth - 1))
}

/**
 * The loan the report starts from: the system price less the bank's margin, capped at the scheme banks' limit
 * for systems up to 3 kW (larger systems: the price less the margin; their terms differ by bank).
 */
export function defaultLoanAmountInr(capacityKw: number, systemPriceInr: number): number {
  const { marginPercent, maxAmountInr, maxCapacityKw } = solarAssumptions.loan
  const financed = Math.round(systemPriceInr * (1 - marginPercent / 100))
  return capacityKw <= maxCapacityKw ? Math.min(financed, maxAmountInr) : financed
}
