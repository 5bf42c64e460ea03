import { formatInr } from '@core/quote'
import { type LoanTerms, loanEmiInr } from '@core/solar-loan'
import { useEffect, useState } from 'react'
import { TextField } from '~/components/form-field'
import { calculatorPage } from '~/features/solar-calculator/content'

const copy = calculatorPage.loan

export interface LoanEmiProps {
  /** The report's loan: the scheme's terms or a market rate, and the principal it starts from. */
  readonly loan: LoanTerms & { readonly principalInr: number }
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
 * A loan's EMI beside the monthly saving: principal, rate and tenure start from the report's loan (the scheme's
 * terms for a home's system up to 3 kW, else a stated market rate; again whenever they change) and can be
 * changed.
 */
export function LoanEmi({ loan, monthlySavingInr }: LoanEmiProps) {
  const [amount, setAmount] = useState(String(loan.principalInr))
  const [rate, setRate] = useState(String(loan.ratePercent))
  const [tenure, setTenure] = useState(String(loan.tenureYears))

  const values = { loanAmount: amount, loanRate: rate, loanTenure: tenure }
  const setters = { loanAmount: setAmount, loanRate: setRate, loanTenure: setTenure }

  useEffect(() => {
    setAmount(String(loan.principalInr))
    setRate(String(loan.ratePercent))
    setTenure(String(loan.tenureYears))
  }, [loan.principalInr, loan.ratePercent, loan.tenureYears])

  const valid =
    numberOf(amount) > 0 &&
    numberOf(rate) >= 0 &&
    numberOf(rate) <= 30 &&
    numberOf(tenure) >= 1 &&
    numberOf(tenure) <= 30
  const emi = valid ? loanEmiInr(numberOf(amount), numberOf(rate), numberOf(tenure)) : undefined

  return (
    // Left out of the print: its inputs are for trying terms; the printed cash flow names the loan's EMI.
    <section aria-labelledby="loan-heading" className="flex flex-col gap-4 break-inside-avoid print:hidden">
      <h3 id="loan-heading" className="text-lg font-semibold text-ink">
        {copy.heading}
      </h3>
      <p className="text-sm text-muted">{loan.scheme ? copy.intro : copy.introMarket}</p>
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
