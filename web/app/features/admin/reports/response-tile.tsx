import { Link } from 'react-router'
import { useAdminLoad } from '~/features/admin/shared/use-admin-load'
import { reportsPath } from '~/features/admin/shared/workspace-content'
import { responseCopy } from './response-copy'
import { fetchResponseFigures } from './response-figures-api'
import { ResponseTiles } from './response-tiles'

/**
 * The dashboard's speed-to-lead tile: the headline figures of the last 12 weeks and a link to the report.
 * Loaded lazily by the dashboard (its first load stays within the workspace's budget).
 */
export function ResponseTile() {
  const { status, value: figures } = useAdminLoad(fetchResponseFigures)
  return (
    <section aria-labelledby="response-figures" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="response-figures" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {responseCopy.tileHeading}
        </h2>
        <Link to={reportsPath} className="text-sm font-semibold text-brand-800 underline">
          {responseCopy.toReport}
        </Link>
      </div>
      {status === 'failed' ? (
        <p className="text-sm text-muted">{responseCopy.failed}</p>
      ) : figures ? (
        <ResponseTiles figures={figures} />
      ) : (
        <p className="text-sm text-muted">{responseCopy.loading}</p>
      )}
    </section>
  )
}
