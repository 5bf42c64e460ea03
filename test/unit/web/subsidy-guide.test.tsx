import { formatInr } from '@core/quote'
import { pmSuryaGhar } from '@core/subsidy'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { schemeDate, subsidyGuide } from '~/content/subsidy-guide'
import SolarSubsidyPage from '~/routes/solar-subsidy'
import { renderRoute } from './render-route'

describe('/solar-subsidy', () => {
  it("shows the scheme's amounts from pmSuryaGhar, for homes, the special-category states and societies", () => {
    renderRoute('/solar-subsidy', [{ path: '/solar-subsidy', Component: SolarSubsidyPage }])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(pmSuryaGhar.name)
    const table = screen.getByRole('table', { name: subsidyGuide.tableCaption })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    // The official CFA: ₹30,000 per kW to 2 kW, ₹18,000 for the 3rd; 10% more in the special-category states.
    expect(rows).toEqual([
      ['1 kW', '₹30,000', '₹33,000'],
      ['2 kW', '₹60,000', '₹66,000'],
      ['3 kW or more', '₹78,000', '₹85,800'],
    ])
    const text = document.body.textContent ?? ''
    expect(text).toContain(`${formatInr(pmSuryaGhar.housing.perKwRate)} per kW`)
    expect(text).toContain(`up to ${pmSuryaGhar.housing.maxKw} kW`)
    expect(text).toContain('3 kW for each house')
    for (const state of pmSuryaGhar.specialCategoryStates) expect(text).toContain(state)
  })

  it('is dated and names its sources as text, loading nothing from another host', () => {
    renderRoute('/solar-subsidy', [{ path: '/solar-subsidy', Component: SolarSubsidyPage }])
    expect(schemeDate('2026-11-25')).toBe('25 November 2026')
    expect(screen.getByText(new RegExp(`As of ${schemeDate(pmSuryaGhar.asOf)}`))).toBeTruthy()
    const text = document.body.textContent ?? ''
    expect(text).toContain('pmsuryaghar.gov.in')
    for (const source of pmSuryaGhar.sources) expect(text).toContain(source.name)
    for (const heading of ['Who is eligible', 'Documents to keep ready', 'How long it takes', 'Loans'])
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy()
    expect(screen.getByRole('heading', { name: /DCR rule/ })).toBeTruthy()
    // The steps in their order, from the portal to the money in the bank.
    const steps = within(screen.getByRole('region', { name: /The steps/ }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent)
    expect(steps).toEqual([
      'Register on the national portal',
      'Choose a registered vendor',
      'Installation',
      'Net meter',
      'Inspection and commissioning',
      'Subsidy in your bank account',
    ])
    const external = [...document.querySelectorAll('a[href^="http"], img[src^="http"], iframe')]
    expect(external).toEqual([])
    expect(screen.getByRole('link', { name: subsidyGuide.calculator.label }).getAttribute('href')).toBe(
      '/solar-calculator',
    )
  })
})
