/**
 * The staff roles, defined once. Each admin route declares the roles that may call it (functions/routes.ts);
 * the API refuses any other role with 403, and the admin pages offer only what the signed-in role may call.
 */
export const staffRoles = ['owner', 'sales', 'editor', 'viewer'] as const
export type StaffRole = (typeof staffRoles)[number]

/** The role of a user record written before roles existed: those users ran the whole site. */
export const defaultStaffRole: StaffRole = 'owner'

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

/** The role stored on a user record, with the default for records written before roles existed. */
export function storedStaffRole(value: unknown): StaffRole {
  return isStaffRole(value) ? value : defaultStaffRole
}

/** The reply to a role that may not call a route. */
export function roleRefusal(role: StaffRole): string {
  return `Your role (${staffRoleLabels[role]}) does not allow this. Ask an owner if you need it.`
}
