import type { LeadReceipt } from '@core/api-types'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { whatsappLink } from '~/content/company'
import { displayDateTime } from '~/lib/format-date'

/** Within how many business hours we call a visitor back: the response clock escalates well inside it. */
export const callBackWithinHours = 1

/** The clock started more than this after arrival: the lead came in while we were closed. */
const closedGapMs = 60_000

export interface LeadConfirmationProps {
  /** What was sent, in the heading: 'quote request', 'message'. */
  readonly what: string
  readonly receipt: LeadReceipt | undefined
  /** The solar report the request was sent with, to reopen. */
  readonly reportLink?: string | undefined
}

/**
 * What a visitor sees instead of the form once a quote or message is stored: its reference to quote, when
 * we call back (the response clock's start: now, or the next opening), a WhatsApp chat with the reference
 * in its first message, and the report when there was one. It takes the focus and is announced (status).
 */
export function LeadConfirmation({ what, receipt, reportLink }: LeadConfirmationProps) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.focus()
  }, [])
  const reference = receipt?.reference
  const opensLater =
    receipt?.clockStartedAt !== undefined &&
    Date.parse(receipt.clockStartedAt) - Date.parse(receipt.createdAt) > closedGapMs
  const hours = `${callBackWithinHours} business hour${callBackWithinHours === 1 ? '' : 's'}`
  const next = opensLater
    ? `We are closed now. We will call you within ${hours} of opening (${displayDateTime(receipt.clockStartedAt ?? '')} IST).`
    : `We will call you within ${hours}.`
  const message = reference
    ? `Hello, I just sent a ${what} on your website. My reference is ${reference}.`
    : `Hello, I just sent a ${what} on your website.`
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      data-lead-confirmation=""
      className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 outline-none focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <h2 className="text-xl font-bold text-ink">Thank you: your {what} is with us</h2>
      {reference ? (
        <p className="text-ink">
          Your reference is{' '}
          <strong className="font-mono text-lg tracking-wide" data-testid="lead-reference">
            {reference}
          </strong>
          . Quote it when you call or write to us.
        </p>
      ) : null}
      <p className="text-ink">{next}</p>
      <div className="flex flex-wrap gap-3">
        <a
          href={whatsappLink(message)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          Continue on WhatsApp
        </a>
        {reportLink ? (
          <Link
            to={reportLink}
            className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-white"
          >
            Open your solar report
          </Link>
        ) : null}
      </div>
    </div>
  )
}
