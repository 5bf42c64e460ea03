/**
 * The staff roles, defined once. Each admin route declares the roles that may call it (functions/routes.ts);
 * the API refuses any other role with 403, and the admin pages offer only what the signed-in role may call.
 */
export const staffRoles = ['owner', 'sales', 'editor', 'viewer'] as const
export type StaffRole = (typeof staffRoles)[number]

/** The roles grouped by what they may do; each admin route of functions/routes.ts names one of these. */
export const everyRole = staffRoles
/** Read leads: the inbox, a lead's page, the dashboard's figures. */
export const leadReaders = ['owner', 'sales', 'viewer'] as const satisfies readonly StaffRole[]
/** Work leads (change them, add notes, export them); the colleagues a lead may be assigned to. */
export const leadWorkers = ['owner', 'sales'] as const satisfies readonly StaffRole[]
/** Edit jobs and resources, and upload their files. */
export const contentEditors = ['owner', 'editor'] as const satisfies readonly StaffRole[]
export const ownerOnly = ['owner'] as const satisfies readonly StaffRole[]

/**
 * The role the upgrade (`npm run admin -- upgrade`) gives, once, to a user record written before roles
 * existed: those users ran the whole site. After the upgrade a record without a role has no access.
 */
export const legacyStaffRole: StaffRole = 'owner'

export const staffRoleLabels: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  sales: 'Sales',
  editor: 'Editor',
  viewer: 'Viewer',
}

/** What each role is for, as the CLI's help and the Users page say it. */
export const staffRoleDescriptions: Readonly<Record<StaffRole, string>> = {
  owner: 'Everything, including users, the activity log and exports of everything.',
  sales: 'Leads: read, update, add notes, export.',
  editor: 'Jobs, resources and uploads.',
  viewer: 'Read-only: the dashboard, leads and content.',
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (staffRoles as readonly string[]).includes(value)
}

/**
 * The role stored on a user record: undefined (no access at all, deny by default) for anything but one of
 * the four, be it a missing role, another spelling (`Viewer`) or another type.
 */
export function storedStaffRole(value: unknown): StaffRole | undefined {
  return isStaffRole(value) ? value : undefined
}

/** The reply to a role that may not call a route (undefined: the user has no valid role). */
export function roleRefusal(role: StaffRole | undefined): string {
  if (role === undefined) return 'Your account has no role, so it has no access. Ask an owner to set one.'
  return `Your role (${staffRoleLabels[role]}) does not allow this. Ask an owner if you need it.`
}
