import type { QuoteCategory } from './quote'
import { solarAssumptions } from './solar-assumptions'

/** The loan the solar report offers to work out: its terms, its instalment and the amount it starts from. */

/** A loan's monthly instalment (EMI), rounded: `amount · r(1+r)^n / ((1+r)^n − 1)`, r monthly, n months. */
export function loanEmiInr(amountInr: number, ratePercentPerYear: number, tenureYears: number): number {
  const months = Math.round(tenureYears * 12)
  if (!(amountInr > 0) || !(months > 0) || !(ratePercentPerYear >= 0)) return 0
  const rate = ratePercentPerYear / 100 / 12
  if (rate === 0) return Math.round(amountInr / months)
  const growth = (1 + rate) ** months
  return Math.round((amountInr * rate * growth) / (growth - 1))
}

/** The loan terms a report starts from, and whether they are the scheme's. */
export interface LoanTerms {
  /** The scheme's collateral-free loan (a home's system up to 3 kW); otherwise an assumed market rate. */
  readonly scheme: boolean
  readonly ratePercent: number
  readonly tenureYears: number
  readonly marginPercent: number
}

/**
 * The scheme's loans (about 7 %, collateral-free up to ₹2 lakh) are for homes' systems up to 3 kW only: a
 * larger home system, a housing society or a business starts from the stated market rate instead.
 */
export function loanTermsFor(category: QuoteCategory, capacityKw: number): LoanTerms {
  const { loan, marketLoan } = solarAssumptions
  return category === 'residential' && capacityKw <= loan.maxCapacityKw
    ? {
        scheme: true,
        ratePercent: loan.ratePercent,
        tenureYears: loan.tenureYears,
        marginPercent: loan.marginPercent,
      }
    : { scheme: false, ...marketLoan }
}

/**
 * The loan's principal the report starts from: the system price less the bank's margin, capped at the scheme
 * banks' limit for a scheme loan (other loans: the price less the margin; their terms differ by bank).
 */
export function defaultLoanAmountInr(
  capacityKw: number,
  systemPriceInr: number,
  category: QuoteCategory = 'residential',
): number {
  const terms = loanTermsFor(category, capacityKw)
  const financed = Math.round(systemPriceInr * (1 - terms.marginPercent / 100))
  return terms.scheme ? Math.min(financed, solarAssumptions.loan.maxAmountInr) : financed
}
