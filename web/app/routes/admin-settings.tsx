import { useLoaderData } from 'react-router'
import { sitePage } from '~/content/staff-pages'
import { loadWorkspace } from '~/features/admin/session/workspace-load'
import { settingsCopy } from '~/features/admin/settings/content'
import { loadSettings } from '~/features/admin/settings/settings-load'
import { SettingsPage } from '~/features/admin/settings/settings-page'
import { settingsPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-settings'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(settingsPath))

/** The page's frame, the same for the prerendered fallback, the loader and the page. */
const frame = {
  title: sitePage(settingsPath).title,
  needs: 'admin-get-settings',
  refusal: settingsCopy.ownersOnly,
} as const

/** The sales settings, for an owner (any other role is told the page is for owners, and nothing is asked). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadWorkspace(frame.needs, () => loadSettings(request.signal))

export function HydrateFallback() {
  return <StaffWorkspace {...frame} />
}

/** Who gets each new lead, who is away, business hours and holidays (owners). */
export default function AdminSettingsPage() {
  const loaded = useLoaderData<typeof clientLoader>()
  return (
    <StaffWorkspace {...frame} loaded={loaded}>
      {() => <SettingsPage load={loaded.data} />}
    </StaffWorkspace>
  )
}
