import type { LeadReceipt } from '@core/api-types'
import {
  billRangesFor,
  defaultGstMode,
  estimatedCostText,
  type GstMode,
  type QuoteCategory,
  quoteCategories,
  quoteCategoryLabels,
  suggestedCapacityKw,
} from '@core/quote'
import { quoteFormFields } from '@core/quote-form-fields'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/button'
import { ConsentBoxes } from '~/components/consent-boxes'
import { SelectField, TextFields } from '~/components/form-field'
import { HoneypotField } from '~/components/honeypot-field'
import { TabList } from '~/components/ui/tabs'
import { quotePage } from '~/features/quote/content'
import { useQuotePrefill } from '~/features/quote/hooks/use-quote-prefill'
import { useQuoteTab } from '~/features/quote/hooks/use-quote-tab'
import {
  checkedValues,
  declaredBoxes,
  declaredChoices,
  declaredTextFields,
  filledValues,
} from '~/lib/declared-fields'
import { useLeadSubmit } from '~/lib/hooks/use-lead-submit'
import { billRangeOfBill } from '~/lib/quote-prefill'
import { GstModeToggle } from './gst-mode-toggle'
import { QuotePrice } from './quote-price'

// The confirmation shows only once a request is stored: its code loads then, not with the page.
const LeadConfirmation = lazy(() =>
  import('~/components/lead-confirmation').then((module) => ({ default: module.LeadConfirmation })),
)

// The sending (the request, and the page and landing UTM values it carries: core/source-fields.ts,
// lib/landing-source.ts) loads when the form is sent, not with the page.
const loadSendQuote = () => import('~/features/quote/api/send-quote').then((module) => module.sendQuote)
/** Residential, Housing Society, Commercial. */
const quoteTabs = quoteCategories.map((category) => ({ id: category, label: quoteCategoryLabels[category] }))

/** The id of a category's tab button, for the panel's aria-labelledby. */
const quoteTabId = (category: QuoteCategory) => `quote-tab-${category}`

/** Who to call back and about what bill: the declared text fields, with the API's constraints. */
const contactFields = declaredTextFields(quoteFormFields)

/** The declared choices the form has no control of its own for, a select each after the capacity. */
const moreChoices = declaredChoices(quoteFormFields)

/** The age and the WhatsApp updates boxes; the terms box with its links is drawn here. */
const boxes = declaredBoxes(quoteFormFields, ['agree'])

const capacityChoices = Object.entries(quoteFormFields.capacityKw.options).map(([value, label]) => ({
  value,
  label,
}))

/** The sent state: the reply's receipt (the reference), and the report the request came from. */
interface Sent {
  readonly receipt: LeadReceipt | undefined
  readonly reportLink: string | undefined
}

/**
 * The quote request: tabs with their hash rules, the GST mode buttons, the bill
 * range and capacity (a range suggests a capacity on the residential and housing tabs), the one price (and
 * the figure after the subsidy of the report it came from), and the form. The form leaves its checks to the
 * API (noValidate), whose messages show beside their fields. Submit (useLeadSubmit): 'Submitting...' on a
 * disabled button; success: the form gives way to a confirmation with the reference; a failure to send: a
 * toast, the details logged, the form kept. One idempotency key per fill.
 */
export function QuoteForm() {
  const [category, setCategory] = useQuoteTab()
  const [gstMode, setGstMode] = useState<GstMode>(defaultGstMode)
  const [billRange, setBillRange] = useState('')
  const [capacityKw, setCapacityKw] = useState<number | undefined>(undefined)
  const [sent, setSent] = useState<Sent | undefined>(undefined)
  const panelId = useId()
  const ranges = billRangesFor(category)

  // A range of another tab is not a choice on this one.
  useEffect(() => {
    setBillRange((current) =>
      billRangesFor(category).some((range) => range.value === current) ? current : '',
    )
  }, [category])

  // A link from the solar calculator fills in the capacity, the bill (and so its range) and the PIN code.
  const prefill = useQuotePrefill()
  useEffect(() => {
    if (prefill.capacityKw !== undefined) setCapacityKw(prefill.capacityKw)
  }, [prefill.capacityKw])
  useEffect(() => {
    if (prefill.bill) setBillRange(billRangeOfBill(category, prefill.bill))
  }, [prefill.bill, category])
  // The survey date's picker offers the API's window (survey-slot.ts) on the visitor's clock: read once the
  // page runs, as the prerendered page is static; its rule loads apart, the page's first load stays as it was.
  const [surveyWindow, setSurveyWindow] = useState<{ readonly first: string; readonly last: string }>()
  useEffect(() => {
    void import('@core/survey-slot').then((rule) => setSurveyWindow(rule.surveyDateBounds()))
  }, [])
  const prefilledFields = contactFields.map((field) =>
    field.name === 'pincode' || field.name === 'bill'
      ? { ...field, defaultValue: prefill[field.name] }
      : field.name === 'surveyDate' && surveyWindow
        ? { ...field, min: surveyWindow.first, max: surveyWindow.last }
        : field,
  )

  function chooseBillRange(value: string) {
    setBillRange(value)
    const suggested = suggestedCapacityKw(category, value)
    if (suggested !== undefined) setCapacityKw(suggested)
  }

  const {
    submitting,
    handleSubmit,
    fieldErrors: errors,
  } = useLeadSubmit({
    send: async (data, protection) =>
      (await loadSendQuote())(
        {
          category,
          gstMode,
          capacityKw: capacityKw ?? null,
          billRange,
          estimatedCost: estimatedCostText(capacityKw, gstMode),
          ...filledValues(quoteFormFields, data),
          ...checkedValues(quoteFormFields, data),
          ...(prefill.reportInputs ? { report: prefill.reportInputs } : {}),
        },
        protection,
      ),
    failedMessage: quotePage.failedMessage,
    logLabel: 'Quote form',
    logFailedReplies: true,
    onSent: (receipt) => {
      setBillRange('')
      setCapacityKw(undefined)
      setSent({ receipt, reportLink: prefill.report ? `/solar-calculator?${prefill.report}` : undefined })
    },
  })

  if (sent) {
    return (
      <Suspense fallback={null}>
        <LeadConfirmation what={quotePage.sentWhat} receipt={sent.receipt} reportLink={sent.reportLink} />
      </Suspense>
    )
  }

  return (
    <div className="flex flex-col gap-5">
      <TabList
        items={quoteTabs}
        value={category}
        onChange={setCategory}
        label={quotePage.tabsLabel}
        tabId={quoteTabId}
        panelId={panelId}
        variant="fill"
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={quoteTabId(category)}
        className="flex flex-col gap-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm font-medium text-ink">{quotePage.gstLabel}</span>
          <GstModeToggle
            value={gstMode}
            onChange={setGstMode}
            label={quotePage.gstLabel}
            optionLabels={quotePage.gstModes}
          />
        </div>

        <form
          onSubmit={handleSubmit}
          noValidate
          aria-busy={submitting || undefined}
          className="relative flex flex-col gap-5"
        >
          <HoneypotField />
          <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
            <TextFields fields={prefilledFields} errors={errors} />
            <SelectField
              label={quoteFormFields.billRange.label}
              name="billRange"
              value={billRange}
              onChange={(event) => chooseBillRange(event.target.value)}
              placeholder={quotePage.fields.billRangePlaceholder}
              options={ranges.map((range) => ({
                value: range.value,
                label: quoteFormFields.billRange.options[range.value] ?? range.value,
              }))}
              error={errors.billRange}
            />
            <SelectField
              label={quoteFormFields.capacityKw.label}
              name="capacityKw"
              value={capacityKw === undefined ? '' : String(capacityKw)}
              onChange={(event) =>
                setCapacityKw(event.target.value === '' ? undefined : Number(event.target.value))
              }
              placeholder={quotePage.fields.capacityPlaceholder}
              options={capacityChoices}
              hint={quotePage.fields.capacityHint}
              error={errors.capacityKw}
            />
            {moreChoices.map((choice) => (
              <SelectField
                key={choice.name}
                label={choice.label}
                name={choice.name}
                required={choice.required}
                defaultValue=""
                placeholder={quotePage.fields.choicePlaceholder}
                options={choice.options}
                error={errors[choice.name]}
              />
            ))}
          </div>

          <QuotePrice capacityKw={capacityKw} gstMode={gstMode} subsidy={prefill.reportSubsidy} />
          {prefill.reportInputs ? <p className="text-sm text-muted">{quotePage.reportAttached}</p> : null}

          <ConsentBoxes boxes={boxes} errors={errors} />
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="agree"
              required
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              aria-invalid={errors.agree ? true : undefined}
            />
            <span>
              {quotePage.agreeParts.before}
              <Link to="/terms" className="font-medium text-brand-800 underline">
                {quotePage.agreeParts.terms}
              </Link>
            </span>
          </label>
          {errors.agree ? <p className="-mt-3 text-sm text-danger">{errors.agree}</p> : null}

          <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:self-start">
            {submitting ? quotePage.submittingLabel : quotePage.submitLabel}
          </Button>
        </form>
      </div>
    </div>
  )
}
