import { formatInr } from '@core/quote'
import { solarAssumptions } from '@core/solar-assumptions'
import { defaultLoanAmountInr, loanEmiInr } from '@core/solar-loan'
import { useEffect, useState } from 'react'
import { TextField } from '~/components/form-field'
import { calculatorPage } from '~/features/solar-calculator/content'

const copy = calculatorPage.loan
const terms = solarAssumptions.loan

export interface LoanEmiProps {
  readonly capacityKw: number
  readonly systemPriceInr: number
  readonly monthlySavingInr: number
}

/** The loan's three inputs, in order: the name of the value, its label in the copy, the keyboard to offer. */
const loanFields = [
  { name: 'loanAmount', label: 'amount', inputMode: 'numeric' },
  { name: 'loanRate', label: 'rate', inputMode: 'decimal' },
  { name: 'loanTenure', label: 'tenure', inputMode: 'numeric' },
] as const

const numberOf = (text: string) => Number(text.replace(/,/g, '').trim())

/**
 * A loan's EMI beside the monthly saving: amount, rate and tenure start from the public-sector banks' terms
 * for rooftop solar (the amount from the system price, again whenever the system changes) and can be changed.
 */
export function LoanEmi({ capacityKw, systemPriceInr, monthlySavingInr }: LoanEmiProps) {
  const [amount, setAmount] = useState(String(defaultLoanAmountInr(capacityKw, systemPriceInr)))
  const [rate, setRate] = useState(String(terms.ratePercent))
  const [tenure, setTenure] = useState(String(terms.tenureYears))

  const values = { loanAmount: amount, loanRate: rate, loanTenure: tenure }
  const setters = { loanAmount: setAmount, loanRate: setRate, loanTenure: setTenure }

  useEffect(() => {
    setAmount(String(defaultLoanAmountInr(capacityKw, systemPriceInr)))
  }, [capacityKw, systemPriceInr])

  const valid =
    numberOf(amount) > 0 &&
    numberOf(rate) >= 0 &&
    numberOf(rate) <= 30 &&
    numberOf(tenure) >= 1 &&
    numberOf(tenure) <= 30
  const emi = valid ? loanEmiInr(numberOf(amount), numberOf(rate), numberOf(tenure)) : undefined

  return (
    <section aria-labelledby="loan-heading" className="flex flex-col gap-4 break-inside-avoid print:gap-2">
      <h3 id="loan-heading" className="text-lg font-semibold text-ink">
        {copy.heading}
      </h3>
      <p className="text-sm text-muted">
        {copy.intro} {capacityKw > terms.maxCapacityKw ? copy.largeSystem : null}
      </p>
      <div className="grid gap-4 sm:grid-cols-3 print:gap-2">
        {loanFields.map((field) => (
          <TextField
            key={field.name}
            label={copy[field.label]}
            name={field.name}
            inputMode={field.inputMode}
            autoComplete="off"
            value={values[field.name]}
            onChange={(event) => setters[field.name](event.target.value)}
          />
        ))}
      </div>
      <div aria-live="polite" className="grid gap-3 sm:grid-cols-2">
        {emi === undefined ? (
          <p className="text-sm text-danger">{copy.invalid}</p>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-muted">{copy.emi}</p>
            <p className="text-2xl font-bold text-ink" data-testid="loan-emi">
              {formatInr(emi)}
            </p>
            <p className="text-sm text-muted">{copy.versusSaving(formatInr(monthlySavingInr))}</p>
          </div>
        )}
      </div>
    </section>
  )
}
