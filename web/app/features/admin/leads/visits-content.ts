/** The words of the site visits: the lead page's card and dialog, and the Visits view (/admin/visits). */
export const visitCopy = {
  heading: 'Site visits',
  none: 'No site visit booked yet.',
  book: 'Book site visit',
  reschedule: 'Reschedule',
  cancel: 'Cancel visit',
  calendar: 'Add to calendar (.ics)',
  calendarFailed: 'The calendar file could not be downloaded.',
  cancelled: 'Cancelled',
  date: 'Date',
  slot: 'Time slot',
  engineer: 'Engineer',
  address: 'Address',
  addressHint: 'The site address the lead gave, unless you change it.',
  notes: 'Notes for the engineer',
  reason: 'Why it is cancelled (optional)',
  save: 'Book visit',
  saveMove: 'Save new slot',
  saveCancel: 'Cancel the visit',
  close: 'Close',
  saving: 'Saving…',
  failed: 'The visit could not be saved.',
  /** The timeline's lines. */
  event: {
    booked: 'Site visit booked',
    rescheduled: 'Site visit moved',
    cancelled: 'Site visit cancelled',
  },
  /** The Visits view. */
  view: {
    title: 'Visits',
    intro: 'Booked site visits by day, in India’s time.',
    refusal: 'Your role cannot see site visits.',
    loading: 'Loading visits…',
    empty: 'No visits booked on these days.',
    failed: 'The visits could not be loaded.',
    retry: 'Try again',
    from: 'From',
    days: 'Days',
    show: 'Show',
    previous: 'Earlier',
    next: 'Later',
    area: (pincode: string | undefined) => (pincode ? `PIN ${pincode}` : 'No PIN code'),
    lead: (name: string | undefined) => name ?? 'Open the lead',
    count: (count: number) => (count === 1 ? '1 visit' : `${count} visits`),
  },
} as const

/** The visits API's failures (api/admin-visits.ts), shown when the server gives no reason of its own. */
export const visitMessages = {
  bookFailed: 'The visit was not booked.',
  changeFailed: 'The visit was not changed.',
  listFailed: 'The visits could not be loaded.',
} as const
