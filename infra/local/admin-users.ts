/**
 * Creating and resetting admin users, shared by `npm start` (ADMIN_USERNAME / ADMIN_PASSWORD, or a first
 * admin with a generated password) and `npm run admin`. The environment must already point at the content
 * table (configureEnvironment, or the deployed stack's outputs) before these run.
 */
import { minimumPasswordLength, passwordTooShortMessage, usernamePattern } from '../../functions/core/admin'
import type { StaffRole } from '../../functions/core/roles'

export interface AdminAccount {
  readonly username: string
  /** Present only when the password was generated here and must be shown once. */
  readonly generatedPassword?: string
  readonly action: 'created' | 'reset'
}

/** Checks a username and password chosen by a person; returns an error message or undefined. */
export function checkCredentials(username: string, password: string | undefined): string | undefined {
  if (!usernamePattern.test(username)) {
    return 'The username must be 3 to 64 characters: letters, digits, dot, underscore, @ or hyphen.'
  }
  if (password !== undefined && password.length < minimumPasswordLength) {
    return passwordTooShortMessage
  }
  return undefined
}

/**
 * Creates the user, or resets its password when it exists. Without a password one is generated; without a
 * role a new user is an owner and an existing one keeps its role.
 */
export async function setAdminPassword(
  username: string,
  password?: string,
  role?: StaffRole,
): Promise<AdminAccount> {
  const problem = checkCredentials(username, password)
  if (problem) throw new Error(problem)
  const { generatePassword, hashNewPassword } = await import('../../functions/lib/auth/passwords')
  const { getAdminUser, saveAdminUser } = await import('../../functions/lib/db/admin-users')
  const existing = await getAdminUser(username)
  const chosen = password ?? generatePassword()
  await saveAdminUser(username, await hashNewPassword(chosen), new Date(), role)
  return {
    username,
    action: existing ? 'reset' : 'created',
    ...(password === undefined ? { generatedPassword: chosen } : {}),
  }
}

/**
 * What `npm start` does about admins: with ADMIN_USERNAME and ADMIN_PASSWORD, create that user or reset its
 * password when it is another one;
 * otherwise, when no admin exists yet, create `admin` with a random password (shown once). Returns what was
 * done, or undefined when nothing was.
 */
export async function bootstrapAdmin(env: NodeJS.ProcessEnv): Promise<AdminAccount | undefined> {
  const username = env.ADMIN_USERNAME?.trim()
  const password = env.ADMIN_PASSWORD
  if (username || password) {
    if (!username || !password) throw new Error('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither.')
    // The same password at every start changes nothing, so it does not sign the admin out (a reset would).
    const { getAdminUser } = await import('../../functions/lib/db/admin-users')
    const { verifyPassword } = await import('../../functions/lib/auth/passwords')
    const existing = await getAdminUser(username)
    if (existing && (await verifyPassword(password, existing.passwordHash))) return undefined
    return setAdminPassword(username, password)
  }
  const { anyAdminExists } = await import('../../functions/lib/db/admin-users')
  if (await anyAdminExists()) return undefined
  return setAdminPassword('admin')
}

export type RemoveOutcome = 'deleted' | 'not-found' | 'last-admin'

/**
 * Deletes an admin user, refusing to delete the only one left (nobody could sign in to the dashboard, and
 * `npm start` would create a new `admin` with a generated password).
 */
export async function removeAdminUser(username: string): Promise<RemoveOutcome> {
  const { deleteAdminUser, listAdminUsers } = await import('../../functions/lib/db/admin-users')
  const users = await listAdminUsers()
  if (!users.some((user) => user.username === username)) return 'not-found'
  if (users.length === 1) return 'last-admin'
  if (!(await deleteAdminUser(username))) return 'not-found'
  const { deleteAllPushSubscriptions } = await import('../../functions/lib/db/push-subscriptions')
  await deleteAllPushSubscriptions(username)
  return 'deleted'
}

export interface MfaEnrolment {
  /** The `otpauth://totp/…` URI (it holds the secret: shown once, never stored elsewhere). */
  readonly uri: string
  /** The same URI as a QR code for a terminal. */
  readonly qrCode: string
}

/**
 * Enrols an existing admin in TOTP MFA with a new secret, stored in its own item (db/mfa-secrets.ts).
 * Refuses an unknown user and one already enrolled (disable-mfa first, so a secret in use is never replaced
 * by accident); nothing is written then. The issuer shown in the authenticator app is the company's name.
 */
export async function enrolMfa(username: string): Promise<MfaEnrolment> {
  const { newTotpSecret, totpUri } = await import('../../functions/lib/auth/totp')
  const { enableAdminMfa } = await import('../../functions/lib/db/admin-users')
  const { companyFacts } = await import('../../functions/core/company')
  const QRCode = await import('qrcode')
  const secret = newTotpSecret()
  const outcome = await enableAdminMfa(username, secret)
  if (outcome === 'not-found') throw new Error(`No admin user named "${username}".`)
  if (outcome === 'unchanged') {
    throw new Error(
      `Admin user "${username}" is already enrolled in MFA. Run disable-mfa first to replace it.`,
    )
  }
  const uri = totpUri(secret, companyFacts.name, username)
  return { uri, qrCode: await QRCode.toString(uri, { type: 'terminal', small: true }) }
}
