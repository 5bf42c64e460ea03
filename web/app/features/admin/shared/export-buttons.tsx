import { useState } from 'react'
import { Button } from '~/components/button'
import { Icon } from '~/components/ui/icon'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { adminExportButtons } from '~/features/admin/shared/admin-content'
import { exportFailedMessage } from '~/features/admin/shared/api/download-file'

export interface ExportButtonsProps<Target extends string> {
  readonly buttons: readonly { readonly target: Target; readonly label: string }[]
  /** How a button's file is fetched and saved (downloadExport for the dashboard's whole-kind exports). */
  readonly download: (target: Target) => Promise<void>
}

/**
 * Download buttons. A failure shows the alert 'Export failed: ' plus the server's text, or 'Export failed'
 * on a network error. While one works, its button is busy and a status line says so.
 */
export function ExportButtons<Target extends string>({
  buttons,
  download: save,
}: ExportButtonsProps<Target>) {
  const [busy, setBusy] = useState<Target | null>(null)

  async function download(target: Target) {
    setBusy(target)
    try {
      await save(target)
    } catch (error) {
      // After a 401 the login form takes the page's place: nothing to alert.
      if (!(error instanceof AdminSessionExpiredError))
        window.alert(error instanceof Error ? error.message : exportFailedMessage)
    } finally {
      setBusy(null)
    }
  }

  const working = buttons.find((button) => button.target === busy)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {buttons.map(({ target, label }) => (
          <Button
            key={target}
            variant="outline"
            size="sm"
            onClick={() => download(target)}
            disabled={busy === target}
            aria-busy={busy === target || undefined}
          >
            <Icon name="download" className="size-4" />
            {label}
          </Button>
        ))}
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {working ? adminExportButtons.working(working.label) : ''}
      </p>
    </div>
  )
}
