import { addressLines } from '@core/company'
import { pincodeStateSource } from '@core/pincode-state'
import { formatInr } from '@core/quote'
import { solarAssumptionSources } from '@core/solar-assumption-sources'
import { solarAssumptions } from '@core/solar-assumptions'
import { formatPayback, type SolarReport } from '@core/solar-savings'
import { largestKw, smallestKw } from '@core/solar-sizing'
import { pmSuryaGhar, pmSuryaGharSubsidy } from '@core/subsidy'
import { Link } from 'react-router'
import { Button, buttonVariants } from '~/components/button'
import { company } from '~/content/company'
import { calculatorPage } from '~/features/solar-calculator/content'
import { displayDate } from '~/lib/format-date'
import { quotePrefillPath } from '~/lib/quote-prefill'
import { siteUrl } from '~/lib/site-url'
import { LoanEmi } from './loan-emi'
import { SavingChart } from './saving-chart'
import { ShareReport } from './share-report'

const copy = calculatorPage
const years = solarAssumptions.lifetimeYears
const number = (value: number, digits = 0) => value.toLocaleString('en-IN', { maximumFractionDigits: digits })

function Figure({ label, value, note, id }: { label: string; value: string; note?: string; id?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 break-inside-avoid print:p-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd>
        <span className="block text-xl font-bold text-ink sm:text-2xl print:text-lg" data-testid={id}>
          {value}
        </span>
        {note ? <span className="mt-1 block text-xs text-muted">{note}</span> : null}
      </dd>
    </div>
  )
}

/** A link to a source, opened in the same tab (a print shows its address beside it). */
function SourceLink({ source }: { source: { readonly name: string; readonly url: string } }) {
  return (
    <a href={source.url} rel="noopener" className="text-brand-800 underline underline-offset-2">
      {source.name}
      <span className="hidden print:inline"> ({source.url})</span>
    </a>
  )
}

/** The bill (₹ a month) a quote is prefilled with: the one given, or the units at the tariff with the fixed part. */
function billOf(report: SolarReport): string | undefined {
  return report.billBeforeInr === undefined ? undefined : String(Math.round(report.billBeforeInr))
}

/** The inputs in one line: the category, the bill or units, the PIN code, the roof, the tariff. */
function inputsSummary(report: SolarReport): string {
  const { input } = report
  return [
    copy.form.categoryLabels[input.category],
    input.bill !== undefined ? `bill ${formatInr(input.bill)} a month` : '',
    input.bill === undefined && input.units !== undefined ? `${number(input.units)} units a month` : '',
    input.capacityKw !== undefined ? `${input.capacityKw} kW chosen` : '',
    `PIN ${input.pincode}`,
    input.roofSqft !== undefined ? `roof ${number(input.roofSqft)} sq ft` : '',
    input.houses !== undefined ? `${number(input.houses)} houses` : '',
    `tariff ₹${number(report.tariffInrPerUnit, 2)} a unit`,
    `fixed part ${formatInr(report.fixedChargeInr)} a month`,
    input.state !== undefined ? `state ${input.state} (chosen)` : '',
  ]
    .filter(Boolean)
    .join(' · ')
}

export interface ReportResultsProps {
  readonly report: SolarReport
  /** The calculator's URL query of this report. */
  readonly query: string
  /** Today, as an ISO date, for the printed report. */
  readonly today: string
}

/** The report's money in the order it moves: paid at installation (or a loan), the subsidy credited, bills. */
function CashFlow({ report }: { readonly report: SolarReport }) {
  const c = copy.cashFlow
  const steps = [
    c.pay(
      formatInr(report.systemPriceInr),
      report.loan.emiInr > 0 ? formatInr(report.loan.emiInr) : undefined,
    ),
    report.subsidy.amountInr > 0
      ? c.credit(formatInr(report.subsidy.amountInr), solarAssumptions.subsidyCreditDays)
      : c.noSubsidy,
    c.bills(formatInr(report.monthlySavingInr)),
  ]
  return (
    <section
      aria-labelledby="cash-flow-heading"
      className="flex flex-col gap-3 break-inside-avoid print:gap-1"
    >
      <h3 id="cash-flow-heading" className="text-lg font-semibold text-ink">
        {c.heading}
      </h3>
      <ol className="grid gap-3 sm:grid-cols-3 print:grid-cols-3 print:gap-2" data-testid="report-cash-flow">
        {steps.map((step, index) => (
          <li
            key={step}
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-ink print:p-2"
          >
            <span className="mb-1 block font-semibold text-brand-800">{index + 1}.</span>
            {step}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Which state the subsidy used, and why. */
function stateNote(report: SolarReport): string {
  if (report.state === undefined) return copy.stateNotFound
  return report.stateBasis === 'chosen'
    ? copy.stateChosen(report.state)
    : copy.stateFound(report.state, report.input.pincode)
}

/**
 * The report: the figures, each stated as an estimate with its basis (the bill before and after, the net cost
 * named as such); the cash flow; the loan's EMI; the chart; the assumptions with their sources and dates; and
 * the hand-over to /get-quote and the print view. A use beyond our price list gets the need and a hand-over
 * to a quote instead of a price.
 */
export function ReportResults({ report, query, today }: ReportResultsProps) {
  const f = copy.figures
  const isChosen = report.capacityBasis === 'chosen'
  const usageKnown = report.monthlyUnits !== undefined
  const beyond = report.capacityBasis === 'usage-above-largest'
  const quotePath = quotePrefillPath(report.input.category, {
    capacityKw: beyond ? undefined : report.capacityKw,
    bill: billOf(report),
    pincode: report.input.pincode,
    report: query,
  })
  return (
    <div className="flex flex-col gap-8 print:gap-4">
      <header className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold tracking-tight text-ink">{copy.reportTitle}</h2>
        <p className="text-sm text-muted">{copy.reportDate(displayDate(today))}</p>
        {/* On paper the report names who prepared it and how to reach them (a screen has the site around it). */}
        <p className="hidden text-sm text-ink print:block" data-testid="report-company">
          <strong>{copy.preparedBy(company.name)}</strong> · Phone {company.phone.display} · WhatsApp{' '}
          {company.whatsapp.display} · {company.email} · {addressLines().join(', ')} ·{' '}
          {siteUrl ?? window.location.origin}
        </p>
        <p className="text-sm text-ink" data-testid="report-inputs">
          {inputsSummary(report)}
        </p>
        <p className="mt-2 rounded-lg bg-sun-100 px-3 py-2 text-sm text-ink">{copy.estimateNote}</p>
      </header>

      {report.neededKw !== undefined && !isChosen ? (
        <p className="text-lg font-semibold text-ink" data-testid="report-need">
          {copy.need(number(report.neededKw, 1))}
        </p>
      ) : null}

      {beyond ? (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-ink" data-testid="report-beyond">
            {copy.beyondPriceList(largestKw, smallestKw)}
          </p>
          <Link to={quotePath} className={buttonVariants({ size: 'lg' })}>
            {copy.beyondQuote}
          </Link>
        </div>
      ) : (
        <>
          <dl
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3 print:gap-2"
            aria-label={copy.reportTitle}
          >
            <Figure
              label={isChosen ? f.chosenCapacity : f.capacity}
              value={`${report.capacityKw} kW`}
              note={copy.capacityReason[report.capacityBasis]}
              id="report-capacity"
            />
            {report.billBeforeInr !== undefined && report.billAfterInr !== undefined ? (
              <>
                <Figure
                  label={f.billBefore}
                  value={formatInr(report.billBeforeInr)}
                  id="report-bill-before"
                />
                <Figure
                  label={f.billAfter}
                  value={formatInr(report.billAfterInr)}
                  note={f.billAfterNote(formatInr(report.fixedChargeInr))}
                  id="report-bill-after"
                />
              </>
            ) : null}
            <Figure
              label={f.price}
              value={formatInr(report.systemPriceInr)}
              note={f.priceNote}
              id="report-price"
            />
            <Figure
              label={f.subsidy}
              value={formatInr(report.subsidy.amountInr)}
              note={copy.subsidyNote(report.subsidy.rule, pmSuryaGhar)}
              id="report-subsidy"
            />
            <Figure
              label={f.netCost}
              value={formatInr(report.netCostInr)}
              note={f.netCostNote}
              id="report-net-cost"
            />
            <Figure
              label={f.monthlySaving}
              value={formatInr(report.monthlySavingInr)}
              note={`${f.yearlySaving}: ${formatInr(report.yearlySavingInr)}`}
              id="report-monthly-saving"
            />
            <Figure label={f.payback} value={formatPayback(report.paybackMonths)} id="report-payback" />
            <Figure
              label={f.lifetimeSaving(years)}
              value={formatInr(report.lifetimeSavingInr)}
              note={`${solarAssumptions.degradationPerYear * 100} % less output and ${solarAssumptions.tariffEscalationPerYear * 100} % higher tariff each year`}
              id="report-lifetime-saving"
            />
            <Figure
              label={f.generation}
              value={`${number(report.yearlyGenerationKwh)} kWh`}
              note={`${number(solarAssumptions.generationKwhPerKwYear)} kWh per kW a year`}
            />
            <Figure
              label={f.co2Year}
              value={`${report.co2TonnesPerYear.toFixed(1)} t`}
              note={`${f.co2Lifetime(years)}: ${report.co2TonnesLifetime.toFixed(1)} t`}
            />
          </dl>
          {report.capacityBasis === 'usage-below-smallest' ? (
            <p className="rounded-lg bg-sun-100 px-3 py-2 text-sm text-ink" data-testid="report-below">
              {copy.belowSmallest(
                smallestKw,
                formatInr(pmSuryaGharSubsidy('residential', 1, report.state).amountInr),
              )}
            </p>
          ) : null}
          <CashFlow report={report} />
        </>
      )}

      <div className="flex flex-col gap-2 text-sm text-muted">
        <p data-testid="report-state">{stateNote(report)}</p>
        <p>{usageKnown ? copy.savingNoteUsage : copy.savingNoteNoUsage}</p>
        <p>
          {copy.subsidyConditions} <SourceLink source={{ name: copy.rulesLink, url: pmSuryaGhar.rulesUrl }} />
        </p>
      </div>

      <div className="flex flex-wrap gap-3 print:hidden">
        {beyond ? null : (
          <Link to={quotePath} className={buttonVariants({ size: 'lg' })}>
            {copy.actions.quote}
          </Link>
        )}
        <Button type="button" variant="outline" size="lg" onClick={() => window.print()}>
          {copy.actions.print}
        </Button>
      </div>
      {/* The report's own link: it opens this report again, on any phone it is sent to. */}
      <div className="print:hidden">
        <ShareReport url={`${window.location.origin}${window.location.pathname}?${query}`} />
      </div>

      {beyond ? null : (
        <>
          <LoanEmi loan={report.loan} monthlySavingInr={report.monthlySavingInr} />
          <SavingChart years={report.years} netCostInr={report.netCostInr} />
        </>
      )}

      <section
        aria-labelledby="assumptions-heading"
        className="flex flex-col gap-2 text-sm break-inside-avoid"
      >
        <h3 id="assumptions-heading" className="text-lg font-semibold text-ink">
          {copy.assumptions.heading}
        </h3>
        <p className="text-muted">{copy.assumptions.asOf(displayDate(solarAssumptions.asOf))}</p>
        <ul className="list-disc space-y-1 pl-5 text-ink">
          <li>
            Tariff ₹{number(report.tariffInrPerUnit, 2)} a unit.{' '}
            <SourceLink source={solarAssumptionSources.tariff} />
          </li>
          <li>
            Fixed part of the bill {formatInr(report.fixedChargeInr)} a month, which solar does not remove.{' '}
            <SourceLink source={solarAssumptionSources.fixedCharge} />
          </li>
          <li>
            <SourceLink source={solarAssumptionSources.netMetering} />.
          </li>
          <li>
            Generation {number(solarAssumptions.generationKwhPerKwYear)} kWh per kW a year (the band quoted
            for India is {solarAssumptions.generationBandKwhPerKwYear.map((value) => number(value)).join('–')}
            ), {solarAssumptions.degradationPerYear * 100} % less each year.{' '}
            <SourceLink source={solarAssumptionSources.generation} />
          </li>
          <li>
            Tariff rising {solarAssumptions.tariffEscalationPerYear * 100} % a year; a life of {years} years;
            payback is simple (net cost over the first year’s saving).
          </li>
          <li>Roof: {solarAssumptions.roofSqftPerKw} sq ft of shade-free area per kW.</li>
          <li>Price: our price list at the current GST rate; sizes of 2 to 10 kW.</li>
          <li>
            Subsidy: {pmSuryaGhar.name}, in force from {displayDate(pmSuryaGhar.effectiveFrom)}.{' '}
            {pmSuryaGhar.sources.map((source) => (
              <span key={source.url}>
                <SourceLink source={source} />.{' '}
              </span>
            ))}
          </li>
          <li>
            State from the PIN code’s first digits. <SourceLink source={pincodeStateSource} />
          </li>
          <li>
            CO₂: {solarAssumptions.gridEmissionTonnesPerMwh} t per MWh of grid electricity.{' '}
            <SourceLink source={solarAssumptionSources.emission} />
          </li>
          <li>
            Loan: {solarAssumptions.loan.ratePercent} % a year for {solarAssumptions.loan.tenureYears} years,{' '}
            {solarAssumptions.loan.marginPercent} % paid by you, up to{' '}
            {formatInr(solarAssumptions.loan.maxAmountInr)} for homes’ systems up to{' '}
            {solarAssumptions.loan.maxCapacityKw} kW; otherwise an assumed market rate of{' '}
            {solarAssumptions.marketLoan.ratePercent} % a year.{' '}
            <SourceLink source={solarAssumptionSources.loan} />
          </li>
          <li>
            Subsidy credited about {solarAssumptions.subsidyCreditDays} days after commissioning.{' '}
            <SourceLink source={solarAssumptionSources.subsidyCredit} />
          </li>
        </ul>
      </section>
    </div>
  )
}
