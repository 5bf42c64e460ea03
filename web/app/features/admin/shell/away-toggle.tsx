import { useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import type { StaffSession } from '~/features/admin/session/session-store'
import { workspaceCopy } from '~/features/admin/shared/workspace-content'
import { fetchOwnAway, saveOwnAway } from '~/features/admin/shell/api/admin-away'
import { notify } from '~/lib/toast'

/**
 * Whether each session's staff member is away, as last read or set: every workspace page (and its loading
 * fallback) draws its own frame, so the state is read once per session, not once per page.
 */
const knownAway = new Map<string, Promise<boolean | undefined>>()

/** The session's away state: read once (undefined when it could not be read; read again next time). */
function awayOf(sessionId: string): Promise<boolean | undefined> {
  let known = knownAway.get(sessionId)
  if (!known) {
    known = fetchOwnAway().then(
      (reply) => (typeof reply.away === 'boolean' ? reply.away : undefined),
      () => undefined,
    )
    known.then((away) => {
      if (away === undefined) knownAway.delete(sessionId)
    })
    knownAway.set(sessionId, known)
  }
  return known
}

/**
 * "Away" and "Back" in the workspace's header, for a staff member who may be given leads: away, new leads
 * skip them until they say they are back (PUT /api/admin/away); an owner's planned leave shows the same way.
 * Nothing is shown until the state is read, nor when it cannot be.
 */
export function AwayToggle({ session }: { readonly session: StaffSession }) {
  const [away, setAway] = useState<boolean | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    void awayOf(session.id).then((known) => {
      if (current) setAway(known)
    })
    return () => {
      current = false
    }
  }, [session.id])

  async function toggle(next: boolean) {
    setBusy(true)
    try {
      const reply = await saveOwnAway(next)
      knownAway.set(session.id, Promise.resolve(reply.away))
      setAway(reply.away)
      notify.success(reply.away ? workspaceCopy.markedAway : workspaceCopy.markedBack)
    } catch (error) {
      if (!(error instanceof AdminSessionExpiredError)) {
        notify.error(workspaceCopy.awayFailed, error instanceof Error ? error.message : undefined)
      }
    } finally {
      setBusy(false)
    }
  }

  if (away === undefined) return null
  return away ? (
    <div className="flex items-center gap-2">
      <span className="rounded-full bg-sun-100 px-2.5 py-1 text-xs font-semibold text-ink">
        {workspaceCopy.away}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={workspaceCopy.backLabel}
        onClick={() => void toggle(false)}
      >
        {workspaceCopy.back}
      </Button>
    </div>
  ) : (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={workspaceCopy.awayLabel}
      onClick={() => void toggle(true)}
    >
      {workspaceCopy.away}
    </Button>
  )
}
