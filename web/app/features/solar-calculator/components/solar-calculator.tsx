import { lazy, Suspense } from 'react'
import { useCalculator } from '~/features/solar-calculator/hooks/use-calculator'
import { calculatorPageCopy } from '~/features/solar-calculator/page-content'
import { CalculatorForm } from './calculator-form'

// The report (figures, loan, chart, assumptions) loads once there is one to show: the page paints and takes
// input with the form's code only.
const ReportResults = lazy(() =>
  import('./report-results').then((module) => ({ default: module.ReportResults })),
)

/** The calculator: its inputs beside the report, which appears once the inputs pass the rules. */
export function SolarCalculator() {
  const { fields, update, errors, report, query, hasShownErrors, submit } = useCalculator()
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section
        aria-label={calculatorPageCopy.form.legend}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2 lg:self-start print:hidden"
      >
        <CalculatorForm fields={fields} errors={errors} onChange={update} onSubmit={submit} />
      </section>
      <section
        aria-label={calculatorPageCopy.reportTitle}
        aria-live="polite"
        className="lg:col-span-3 print:col-span-5"
      >
        {report ? (
          <Suspense fallback={<p className="p-6 text-muted">{calculatorPageCopy.loading}</p>}>
            <ReportResults report={report} query={query} today={new Date().toISOString()} />
          </Suspense>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-muted">
            {hasShownErrors ? calculatorPageCopy.fixErrors : calculatorPageCopy.prompt}
          </p>
        )}
      </section>
    </div>
  )
}
