import { lazy, Suspense } from 'react'
import { useCalculator } from '~/features/solar-calculator/hooks/use-calculator'
import { calculatorPageCopy } from '~/features/solar-calculator/page-content'
import { CalculatorForm } from './calculator-form'

// The report (figures, loan, chart, assumptions) loads once there is one to show: the page paints and takes
// input with the form's code only.
const ReportResults = lazy(() =>
  import('./report-results').then((module) => ({ default: module.ReportResults })),
)

/**
 * The report's place while it is being worked out: grey blocks where its figures will be, and the words for
 * a screen reader. The prerendered page shows it too, so a shared link opens on it and then on its report.
 */
function ReportSkeleton() {
  return (
    <div
      aria-busy="true"
      data-testid="report-skeleton"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 motion-safe:animate-pulse"
    >
      <p className="sr-only">{calculatorPageCopy.loading}</p>
      <div className="h-6 w-1/2 rounded bg-slate-200" />
      <div className="grid grid-cols-2 gap-4">
        <div className="h-16 rounded-lg bg-slate-100" />
        <div className="h-16 rounded-lg bg-slate-100" />
        <div className="h-16 rounded-lg bg-slate-100" />
        <div className="h-16 rounded-lg bg-slate-100" />
      </div>
      <div className="h-40 rounded-lg bg-slate-100" />
    </div>
  )
}

/** The calculator: its inputs beside the report, which appears once the inputs pass the rules. */
export function SolarCalculator() {
  const { fields, update, errors, report, query, pending, hasShownErrors, submit } = useCalculator()
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
          <Suspense fallback={<ReportSkeleton />}>
            <ReportResults report={report} query={query} today={new Date().toISOString()} />
          </Suspense>
        ) : pending ? (
          <ReportSkeleton />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-muted">
            {hasShownErrors ? calculatorPageCopy.fixErrors : calculatorPageCopy.prompt}
          </p>
        )}
      </section>
    </div>
  )
}
