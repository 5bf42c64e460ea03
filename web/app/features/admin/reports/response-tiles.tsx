import type { ResponseFiguresReply } from '@core/response-figures'
import { StatTile } from '~/components/ui/stat-tile'
import { formatMinutes, formatShare, responseCopy } from './response-copy'

/**
 * The four headline figures of the response time (median, 90th percentile, share within 5 minutes, leads
 * waiting untouched over 24 hours): the dashboard's tile and the top of the report.
 */
export function ResponseTiles({ figures }: { readonly figures: ResponseFiguresReply }) {
  const { overall } = figures
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="response-tiles">
      <StatTile label={responseCopy.median} value={formatMinutes(overall.medianMinutes)} />
      <StatTile label={responseCopy.p90} value={formatMinutes(overall.p90Minutes)} />
      <StatTile label={responseCopy.within5} value={formatShare(overall.within5Share, overall.leads)} />
      <StatTile
        label={responseCopy.waitingNow}
        value={figures.waitingOver24h.toLocaleString('en-IN')}
        className={figures.waitingOver24h > 0 ? 'border-sun-400' : undefined}
      />
    </dl>
  )
}
