import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { StaffRole } from '../../functions/core/roles'
import { request } from './local-server'

/** A staff user a test creates: its role is an owner's unless it says. */
export interface StaffUser {
  readonly username: string
  readonly password: string
  readonly role?: StaffRole
}

/**
 * Creates staff users (or resets their passwords) in the store the stand-in's environment points at, as
 * `npm run admin -- create-user` does. Imported once the stand-in has configured the environment: the
 * repositories bind to its engines.
 */
export async function addStaff(...users: readonly StaffUser[]): Promise<void> {
  const { setAdminPassword } = await import('../../infra/local/admin-users')
  for (const user of users) await setAdminPassword(user.username, user.password, user.role)
}

/** Creates a staff user and signs it in over the API of the stand-in at `baseUrl`: its bearer token. */
export async function staffToken(baseUrl: string, user: StaffUser): Promise<string> {
  await addStaff(user)
  const login = await request(baseUrl, '/api/admin/login', {
    body: { username: user.username, password: user.password },
  })
  return login.body.token
}

/** Signs a user in on the sign-in form the page shows (the workspace's), and waits until it says so. */
export async function signInOnPage(page: Page, user: StaffUser): Promise<void> {
  await expect.poll(() => page.getByLabel('Username').count()).toBe(1)
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect.poll(() => page.getByText('Logged in.').count()).toBe(1)
}

/** Whether the page is wider than the screen (a horizontal scroll of the whole page). */
export function pageOverflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}
