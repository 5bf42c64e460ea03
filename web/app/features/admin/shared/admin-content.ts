import {
  jobFieldLabels,
  maxContentOrder,
  publicationLabels,
  resourceFieldLabels,
  resourceTypeHints,
} from '@core/jobs-and-resources'
import { staffRoles } from '@core/roles'

/** The copy of the admin dashboard (/admin). Labels the spec names are verbatim. */
export const adminPage = {
  title: 'Admin Dashboard',
  description: 'Staff dashboard for submissions, jobs and resources.',
  checkingSession: 'Checking your session…',
  loggedIn: 'Logged in.',
  logout: 'Logout',
  login: 'Login',
} as const

export const adminSections = {
  submissions: 'Submissions',
  jobsAndResources: 'Jobs and Resources',
  totals: 'Totals',
  recentQuotes: 'Recent quotes',
  recentContacts: 'Recent contacts',
  newsletter: 'Newsletter signups',
  jobs: 'Jobs',
  resources: 'Resources',
  addJob: 'Add Job',
  addResource: 'Add Resource',
  activity: 'Activity',
  recentActivity: 'Recent activity',
} as const

/** The totals tiles, in order (spec: quotes, contacts, jobs and resources; newsletter beyond the spec). */
export const adminTotals = [
  { key: 'quotes', label: 'Quotes' },
  { key: 'contacts', label: 'Contacts' },
  { key: 'jobs', label: 'Jobs' },
  { key: 'resources', label: 'Resources' },
  // Every signup stored (the NEWSLETTER counter counts each address once, when it signs up), pending,
  // confirmed or withdrawn: signups, not subscribers, which the list and the export tell apart.
  { key: 'newsletter', label: 'Newsletter signups' },
] as const

/** The download buttons of each part of the dashboard. */
export const adminExportButtons = {
  submissions: [
    { target: 'quotes', label: 'Download quotes (CSV)' },
    { target: 'contacts', label: 'Download contacts (CSV)' },
    { target: 'newsletter', label: 'Download newsletter subscribers (CSV)' },
    { target: 'all', label: 'Download all as Excel' },
  ],
  content: [
    { target: 'jobs', label: 'Download jobs (CSV)' },
    { target: 'resources', label: 'Download resources (CSV)' },
  ],
  /** Said while an export is being prepared and downloaded (a large one takes a while). */
  working: (label: string) => `Preparing: ${label}...`,
} as const

export const adminLists = {
  loading: 'Loading…',
  showMore: 'Show more',
  loadingMore: 'Loading more…',
  view: 'View',
  delete: 'Delete',
  noQuotes: 'No quotes yet.',
  noContacts: 'No contacts yet.',
  noNewsletter: 'No newsletter signups yet.',
  noJobs: 'No jobs yet.',
  noResources: 'No resources yet.',
  noLocation: 'No location',
  noType: 'No type',
  detailsOf: (kind: string) => `${kind} details`,
  confirmDeleteTitle: (kind: string) => `Delete this ${kind}?`,
  confirmDeleteText: (title: string) =>
    `“${title}” will be removed from the site at once. This cannot be undone.`,
  cancel: 'Cancel',
  deleted: (kind: string) => `The ${kind} was deleted.`,
  deleteFailed: (kind: string) => `The ${kind} was not deleted.`,
  /** The facts of a recent quote or contact, as screen readers hear them beside the row's name. */
  received: 'Received',
  phone: 'Phone',
  email: 'E-mail',
  estimate: 'Estimate',
  status: 'Status',
  noEstimate: 'No estimate',
  openLead: (name: string) => `Open the lead ${name}`,
  unnamed: 'No name',
} as const

/** The figures of the leads beside the totals (from the lead stats; for the roles that may read leads). */
export const adminLeadFigures = {
  followUpsDue: 'Follow-ups due',
  /** The links to the inbox's follow-up views. */
  dueToday: 'Due today',
  overdue: 'Overdue',
  /** What the retention sweep erases soon (core/retention.ts), and what it has not erased yet. */
  retention: (due: number, overdue: number) =>
    due + overdue === 0
      ? 'No lead is due for erasure in the next 30 days.'
      : `${due} lead${due === 1 ? '' : 's'} due for erasure in the next 30 days${overdue > 0 ? `, ${overdue} past ${overdue === 1 ? 'its' : 'their'} date` : ''} (retention settings).`,
} as const

export const adminJobForm = {
  title: jobFieldLabels.title,
  location: jobFieldLabels.location,
  employmentType: jobFieldLabels.employment_type,
  employmentTypeHint: 'For example Full-time, Part-time, Contract or Internship.',
  department: jobFieldLabels.department,
  description: jobFieldLabels.description,
  requirements: jobFieldLabels.requirements,
  requirementsHint: 'One requirement per line.',
  submit: 'Create',
  created: 'Job added.',
  failed: 'The job was not saved.',
} as const

export const adminResourceForm = {
  title: resourceFieldLabels.title,
  type: resourceFieldLabels.resource_type,
  typeHints: resourceTypeHints,
  typeHint: `For example ${resourceTypeHints.join(', ')}.`,
  fileUrl: resourceFieldLabels.file_url,
  fileUrlHint: 'Filled in by the upload below, or paste a link.',
  description: resourceFieldLabels.description,
  file: 'File',
  fileHint: 'PDF, image, Office document, text, CSV or zip; up to 50 MiB.',
  uploading: 'Uploading...',
  progress: 'Upload progress',
  uploaded: 'Uploaded',
  noFile: 'No file',
  submit: 'Create',
  created: 'Resource added.',
  failed: 'The resource was not saved.',
} as const

/** The recent-activity card (the audit trail: sign-ins, exports, uploads, changes). */
export const adminActivity = {
  columns: { at: 'When', actor: 'Who', action: 'What', target: 'Target' },
  empty: 'No activity recorded yet.',
  failed: 'The activity could not be loaded. Try again later.',
  retry: 'Try again',
  retention: 'Entries are kept for 400 days.',
} as const

/** The Users page (its heading is the page's title in content/staff-pages.ts). */
export const adminUsers = {
  staff: 'Staff',
  columns: {
    username: 'Username',
    role: 'Role',
    mfa: 'MFA',
    createdAt: 'Created',
    territories: 'Territories',
    specialities: 'Specialist for',
  },
  addTitle: 'Add a user',
  add: 'Add user',
  email: 'Email',
  emailHint: 'Where their new-lead alerts and reminders go.',
  added: (username: string, role: string) => `${username} is added (${role}).`,
  oneTimePassword: 'Their one-time password for the first sign-in (they then choose their own):',
  shownOnce:
    'It is shown this once and cannot be read again: give it to them in person or by phone, not by e-mail.',
  addAnother: 'Done',
  changeTitle: 'Change or delete a user',
  noOthers: 'Nobody else to change yet.',
  newEmail: 'New email (optional)',
  newEmailHint: 'Leave empty to keep the one they have.',
  saveChange: 'Save change',
  changed: (username: string) => `${username} is changed.`,
  deleteUser: (username: string) => `Delete ${username}`,
  deleteTitle: (username: string) => `Delete ${username}?`,
  deleteText: 'They can no longer sign in, and their open sessions end. This cannot be undone.',
  deleteConfirm: 'Delete',
  deleted: (username: string) => `${username} is deleted.`,
  disableUser: (username: string) => `Disable ${username}`,
  enableUser: (username: string) => `Enable ${username}`,
  disabled: (username: string) => `${username} is disabled: they cannot sign in and get no leads.`,
  enabled: (username: string) => `${username} is enabled again.`,
  disabledMark: 'disabled',
  leadRulesIntro: 'Territories and specialities come from the sales settings.',
  leadRulesLink: 'Change them on the Settings page',
  mfaOn: 'On',
  mfaOff: 'Off',
  /** Clears the user's failed sign-ins and MFA lock (POST /api/admin/users/{username}/unlock). */
  unlock: (username: string) => `Unlock ${username}`,
  unlockLabel: 'Unlock',
  unlocked: (username: string, cleared: number) =>
    cleared === 0
      ? `${username} had no failed sign-ins to clear.`
      : `${username} is unlocked: ${cleared} record${cleared === 1 ? '' : 's'} of failed sign-ins or codes cleared.`,
  loading: 'Loading the users…',
  failed: 'The users could not be loaded. Try again later.',
  retry: 'Try again',
  empty: 'No users yet.',
  ownersOnly: 'Only an owner can see the staff list. Ask an owner if you need a user added or changed.',
  roles: 'Roles',
  cliIntro:
    'The admin command adds the first owner and changes users in an emergency, on a machine with access to the stack:',
  createUser: `npm run admin -- create-user <username> --role <${staffRoles.join('|')}>`,
  setRole: `npm run admin -- set-role <username> <${staffRoles.join('|')}>`,
} as const

/** The Content page: every job and resource, drafts too, with their editing. */
export const adminContentEditing = {
  intro: 'Every job and resource, drafts included. Drafts are not on the public pages until published.',
  readOnly: 'Your role can read the content here; an editor or an owner changes it.',
  edit: 'Edit',
  editTitle: (noun: string, title: string) => `Edit ${noun}: ${title}`,
  saveDraft: 'Save as draft',
  publish: 'Publish',
  cancel: 'Cancel',
  states: publicationLabels,
  featured: 'Featured',
  featuredHint: 'Featured items are listed first on their public page.',
  order: 'Order',
  orderHint: `Place among the featured, 1 first (up to ${maxContentOrder}); empty for none.`,
  orderBadge: (order: number) => `Order ${order}`,
  savedDraft: (noun: string) => `The ${noun} was saved as a draft.`,
  published: (noun: string) => `The ${noun} was published.`,
  failed: (noun: string) => `The ${noun} was not saved.`,
} as const
