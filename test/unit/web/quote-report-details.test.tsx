import { quoteFieldLabels } from '@core/quote-fields'
import { solarReportInputSchema } from '@core/solar-report-schema'
import { solarReport, solarReportFigures } from '@core/solar-savings'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ItemDetails } from '~/features/admin/shared/item-details'

describe('a quote sent from the solar report, in the admin details dialog', () => {
  it("shows the report's inputs and the server's figures, net cost and payback included", () => {
    const input = solarReportInputSchema.parse({ category: 'residential', bill: 2500, pincode: '500081' })
    const quote = {
      id: 'q-1',
      name: 'Ravi Kumar',
      report: { category: 'residential', bill: 2500, pincode: '500081' },
      solarReport: solarReportFigures(solarReport(input)),
    }
    render(<ItemDetails kind="Quote" item={quote} onClose={() => undefined} labels={quoteFieldLabels} />)
    const dialog = screen.getByRole('dialog', { name: 'Quote details' })
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent
    expect(value('Solar report inputs bill')).toBe('2500')
    expect(value('Solar report inputs pincode')).toBe('500081')
    expect(value('Solar report (server) net cost inr')).toBe('127000')
    expect(value('Solar report (server) payback')).toBe('4 years 7 months')
    expect(value('Solar report (server) subsidy inr')).toBe('78000')
  })
})
