import { calculatorPage } from '~/features/solar-calculator/content'
import { useCalculator } from '~/features/solar-calculator/hooks/use-calculator'
import { CalculatorForm } from './calculator-form'
import { ReportResults } from './report-results'

/** The calculator: its inputs beside the report, which appears once the inputs pass the rules. */
export function SolarCalculator() {
  const { fields, update, errors, report, query, hasShownErrors, submit } = useCalculator()
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section
        aria-label={calculatorPage.form.legend}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2 lg:self-start print:hidden"
      >
        <CalculatorForm fields={fields} errors={errors} onChange={update} onSubmit={submit} />
      </section>
      <section
        aria-label={calculatorPage.reportTitle}
        aria-live="polite"
        className="lg:col-span-3 print:col-span-5"
      >
        {report ? (
          <ReportResults report={report} query={query} today={new Date().toISOString()} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-muted">
            {hasShownErrors ? calculatorPage.fixErrors : calculatorPage.prompt}
          </p>
        )}
      </section>
    </div>
  )
}
