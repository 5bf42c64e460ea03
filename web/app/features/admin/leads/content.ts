import { pipelineLimits } from '@core/pipeline-rules'

/** The words of the lead inbox (/admin/leads). */
export const inboxCopy = {
  refusal: 'Your role cannot see leads.',
  filters: 'Filters',
  /** On a phone the filters other than the search fold under this button. */
  moreFilters: (active: number) => (active === 0 ? 'More filters' : `More filters (${active} set)`),
  kind: 'Kind',
  status: 'Status',
  segment: 'Segment',
  assignee: 'Assignee',
  assigneeHint: 'A colleague’s username.',
  from: 'Received from',
  to: 'Received until',
  search: 'Search',
  searchHint:
    "E-mail, phone (any format), PIN code, a visitor's reference (SE-7K3P9) or the start of a name.",
  any: 'Any',
  apply: 'Apply filters',
  clear: 'Clear',
  loading: 'Loading leads…',
  empty: 'No leads match these filters.',
  failed: 'The leads could not be loaded.',
  retry: 'Try again',
  showMore: 'Show more',
  loadingMore: 'Loading more…',
  total: (count: number) => (count === 1 ? '1 lead' : `${count} leads`),
  shown: (count: number, more: boolean) => `${count} shown${more ? ', more below' : ''}`,
  followUpDue: 'Follow-up due',
  followUp: 'Follow-up',
  /** The follow-up filter and its two views. */
  due: 'Follow-up due',
  dueLabels: { today: 'Today', overdue: 'Overdue (an earlier day)' },
  /** The waiting filter: new leads nobody has tried to reach yet. */
  waiting: 'First contact',
  waitingLabels: { '1': 'Not yet (waiting)' },
  /** The source filter: every form lead, every lead added by hand, or a UTM source. */
  source: 'Source',
  sourceHint: 'form, manual or a UTM source (e.g. google).',
  /** The button that opens the form for a lead staff add by hand. */
  newLead: 'New lead',
  /** The assignee filter's two words besides a colleague. */
  me: 'Me',
  nobody: 'Nobody (unassigned)',
  unassigned: 'Unassigned',
  noName: 'No name',
  /** The views one click away, and each colleague's list (owners). */
  views: 'Views',
  colleagues: 'Colleagues’ leads',
  viewLabels: {
    all: 'All leads',
    mine: 'My leads',
    unassigned: 'Unassigned',
    waiting: 'Waiting',
    'due-today': 'Due today',
    overdue: 'Overdue',
  },
  /** How long ago a lead arrived: “12 min”, “3 h”, “2 days”. */
  age: (minutes: number) =>
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${Math.floor(minutes)} min`
        : minutes < 24 * 60
          ? `${Math.floor(minutes / 60)} h`
          : `${Math.floor(minutes / (24 * 60))} ${minutes < 2 * 24 * 60 ? 'day' : 'days'}`,
  ageLabel: (age: string) => `Arrived ${age === 'just now' ? age : `${age} ago`}`,
  estimate: 'Estimate',
  /** A row's first contact attempt, when there was one. */
  firstContact: (when: string) => `First contact ${when}`,
  /** Where a waiting lead stands on the response clock (business minutes). */
  responseStates: {
    'on-time': 'On time',
    due: 'Reminder due',
    late: 'Late',
  },
  responseHint: {
    'on-time': (minutes: number) => `Reach them within ${minutes} min`,
    due: (minutes: number) => `Escalates in ${minutes} min`,
    late: () => 'Past the response time',
  },
  /** The refresh found leads that are not shown yet: pressing the button puts them in the list. */
  newLeads: (count: number) => (count === 1 ? '1 new lead' : `${count} new leads`),
  received: 'Received',
  results: 'Leads',
  /** The export of the view the filters show (every page of it, not only the rows loaded). */
  exports: [
    { target: 'csv', label: 'Export this view (CSV)' },
    { target: 'xlsx', label: 'Export this view (Excel)' },
  ],
} as const

/** The words of one lead's page (/admin/leads/<id>). */
export const leadCopy = {
  title: 'Lead',
  loading: 'Loading the lead…',
  notFound: 'There is no lead with this id.',
  failed: 'The lead could not be loaded.',
  retry: 'Try again',
  backToInbox: 'Back to the leads',
  previous: 'Previous lead',
  next: 'Next lead',
  position: 'In this view',
  details: 'Details',
  call: (phone: string) => `Call ${phone}`,
  write: (email: string) => `E-mail ${email}`,
  whatsapp: (phone: string) => `WhatsApp ${phone}`,
  /** One of the owners' messages, in the WhatsApp button's list. */
  whatsappMessage: (name: string) => `Send “${name}”`,
  offerOnLeadPage: 'An update or offer: send it from the lead’s page, which checks their consent.',
  estimate: 'Estimate',
  visitorEstimate: 'Visitor’s estimate',
  serverEstimate: 'Our estimate (server)',
  noEstimate: 'None',
  consent: 'Consent',
  consentGiven: (at: string) => `Given ${at}`,
  noConsent: 'No consent recorded (contact form).',
  /** An opt-in box the person withdrew (the choices page, a one-click link, staff on their word). */
  withdrawnBox: (at: string) => `No — withdrawn ${at}`,
  pipeline: 'Pipeline',
  status: 'Status',
  assignee: 'Assignee',
  followUpOn: 'Follow-up date',
  followUpDue: 'Follow-up due',
  none: 'None',
  unassigned: 'Unassigned',
  lostReason: 'Why it was lost',
  lostNote: 'In words',
  lostNoteHint: `Required with Other; up to ${pipelineLimits.lostNote.toLocaleString('en-IN')} characters.`,
  moveTo: 'Move to',
  reopenAs: 'Reopen as',
  choose: 'Choose…',
  changeStatus: 'Change status',
  reopen: 'Reopen',
  saveAssignment: 'Save assignee and follow-up',
  statusChanged: 'The status was changed.',
  assignmentSaved: 'The assignee and follow-up were saved.',
  changeFailed: 'The lead was not changed.',
  conflict: 'Someone else changed this lead. The latest version is shown now; check it and try again.',
  notes: 'Notes',
  note: 'Add a note',
  noteHint: `Up to ${pipelineLimits.note.toLocaleString('en-IN')} characters.`,
  addNote: 'Add note',
  noteAdded: 'The note was added.',
  noteFailed: 'The note was not added.',
  timeline: 'History',
  person: 'Same person',
  personHint: 'Other requests with the same phone number or e-mail address.',
  alsoAsked: (date: string, form: string) => `Also asked on ${date} via the ${form} form`,
  attempt: 'Contact attempt',
  attemptTitle: (channel: string) => `${channel}: how did it go?`,
  outcome: 'Outcome',
  callbackAt: 'Call back at (India time)',
  attemptNote: 'Note (optional)',
  nextStep: 'Next step',
  keepStatus: (status: string) => `Keep: ${status}`,
  followUpAt: 'Follow-up date and time (India time, optional)',
  callbackIsFollowUp: 'The call-back is the follow-up.',
  logAttempt: 'Save',
  cancel: 'Cancel',
  attemptLogged: 'The attempt was logged.',
  attemptFailed: 'The attempt was not logged.',
  firstContact: 'First contact',
  notYetContacted: 'Not yet',
  noEvents: 'Nothing has happened to this lead yet.',
  merged: 'Merged',
  mergeHere: 'Merge into this lead',
  mergeTitle: (date: string, form: string) => `Merge the ${form} request of ${date} into this lead?`,
  mergeText:
    'The fields this lead lacks, its history and its notes join this lead. It is then closed as merged: it leaves the inbox, and its link leads here. This cannot be undone.',
  mergeConfirm: 'Merge',
  mergeDone: 'The leads were merged.',
  mergeFailed: 'The leads were not merged.',
  mergedInto: 'This lead was merged into another lead; its history continues there.',
  openSurvivor: 'Open the lead it was merged into',
  readOnly: 'Your role can read this lead but not change it.',
  busy: 'Saving…',
  source: 'Source',
} as const

/** The words of the form for a lead staff add by hand (a phone-in, a walk-in, a marketplace enquiry). */
export const newLeadCopy = {
  title: 'New lead',
  intro: 'A lead that came by phone, in person, from a marketplace or a referral.',
  kind: 'Kind',
  kinds: { quote: 'Quote (solar system)', contact: 'Contact (question)' },
  channel: 'How it came',
  name: 'Name',
  phone: 'Phone',
  phoneHint: 'A quote needs a 10-digit Indian mobile number (its WhatsApp).',
  email: 'E-mail (optional)',
  pincode: 'PIN code (optional)',
  category: 'Category',
  capacity: 'Capacity (optional)',
  noCapacity: 'Not known yet',
  subject: 'Subject (optional)',
  note: 'Note (optional)',
  contacted: 'I am talking to them: the lead is mine and contacted',
  contactedHint:
    'Untick for an enquiry nobody has called yet: the rules assign it and its response clock starts.',
  save: 'Add lead',
  cancel: 'Cancel',
  busy: 'Adding…',
  added: 'The lead was added.',
  /** With its reference, for staff to give the person (who can quote it as a visitor would). */
  addedWith: (reference: string) => `Added: ${reference}`,
  failed: 'The lead was not added.',
} as const
