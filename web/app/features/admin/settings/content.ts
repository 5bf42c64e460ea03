import { retentionAskDays, retentionNoticeHours } from '@core/retention'

/** The Settings page: how new leads are assigned and when the response clock runs (owners only). */
export const settingsCopy = {
  intro:
    'New quotes and contact messages are assigned as they arrive: by territory (the PIN code), then to the category’s specialists, else in turns among the sales team. People who are away are skipped.',
  ownersOnly: 'Only an owner can change the sales settings. Ask an owner if something here should change.',
  loading: 'Loading the settings…',
  failed: 'The settings could not be loaded. Try again later.',
  retry: 'Try again',
  noPeople:
    'Nobody may be given leads yet: add a sales user or an owner on the Users page, then set their territories here.',
  person: 'Person',
  choosePerson: 'Choose a person',
  remove: 'Remove',
  territories: {
    title: 'Territories',
    hint: 'A territory is the first 1 to 6 digits of a PIN code (500: every PIN from 500000 to 500999). No two may overlap: 500 and 5001 do.',
    prefix: 'PIN code prefix',
    add: 'Add a territory',
    empty: 'No territories: leads go to the specialists or round robin.',
    row: (index: number) => `Territory ${index}`,
  },
  specialists: {
    title: 'Specialists',
    hint: 'A category’s leads go to its specialists in turns when no territory takes them.',
  },
  away: {
    title: 'Away',
    hint: 'Leave both dates empty for away now, until they are back. Both days are included.',
    from: 'From',
    until: 'Until',
    add: 'Add someone away',
    empty: 'Nobody is away.',
    now: 'Away now',
    row: (index: number) => `Away ${index}`,
  },
  calendar: {
    title: 'Business hours and holidays',
    hint: 'The response clock runs only in these hours (India time), and not on holidays.',
    open: 'Open',
    closed: 'Closed',
    opens: 'Opens',
    closes: 'Closes',
    holidays: 'Holidays',
    holiday: 'Holiday',
    addHoliday: 'Add a holiday',
    noHolidays: 'No holidays set.',
  },
  clock: {
    title: 'Response clock',
    hint: 'Business minutes from a lead’s arrival (or the next opening) without a first call or message.',
    reminder: 'Remind the assignee after (minutes)',
    escalation: 'Alert the owners and reassign after (minutes)',
  },
  retention: {
    title: 'Retention',
    hint: `Months a lead is kept before it is erased by itself (the personal data, its notes and its index entries). An open lead’s person is asked by e-mail first and has ${retentionAskDays} days to answer (a lead without an e-mail is erased at its date). The erasures are in the activity log.`,
    notice: `E-mail the person ${retentionNoticeHours} hours before a lost or won lead is erased`,
    noticeHint: 'Off by default. Only leads with an e-mail address can be told.',
  },
  templates: {
    title: 'WhatsApp messages',
    hint: 'The messages a WhatsApp tap types in, on a lead’s page and in the inbox. With several, staff pick one. Placeholders:',
    builtIn: 'None yet: the built-in message is used (below, as the first one you add).',
    row: (index: number) => `Message ${index}`,
    name: 'Name (staff pick by it)',
    text: 'Message',
    kind: 'Kind (an offer goes only to people who agreed to WhatsApp offers)',
    add: 'Add a message',
  },
  people: 'People',
  save: 'Save settings',
  saved: 'Settings saved.',
  saveFailed: 'The settings were not saved.',
  conflict:
    'Someone else saved the settings since you opened them: they are shown now. Make your change again and save.',
  lastSaved: (by: string, at: string) => `Last saved by ${by}, ${at}.`,
} as const
