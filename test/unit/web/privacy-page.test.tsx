import { privacyNoticeVersion } from '@core/privacy-notice'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PrivacyPage from '~/routes/privacy'
import { renderRoute } from './render-route'

describe('privacy page', () => {
  it('shows the English notice first, then the Hindi one marked as awaiting approval, with the processors and the contact person', () => {
    renderRoute('/privacy', [{ path: '/privacy', Component: PrivacyPage }])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Suryodaya Energy: privacy notice')
    const hindi = screen.getByRole('heading', { level: 2, name: /गोपनीयता सूचना/ })
    expect(hindi.closest('section')?.getAttribute('lang')).toBe('hi')
    // Only the Hindi text awaits approval: English binds.
    const marks = screen.getAllByText("Awaiting the company's approval: the English text binds until then.")
    expect(marks).toHaveLength(1)
    expect(marks[0]!.closest('section')?.getAttribute('lang')).toBe('hi')
    expect(screen.getAllByText(`Version ${privacyNoticeVersion}`)).toHaveLength(2)
    expect(screen.getByRole('heading', { name: 'Who processes it for us' })).toBeTruthy()
    // The register in each language.
    expect(screen.getAllByText(/^Amazon Web Services \(Asia Pacific \(Mumbai\)\)/)).toHaveLength(2)
    expect(screen.getByText(/^WhatsApp \(Meta Platforms\) \(only when used\)/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Contact person' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'hello@suryodaya.example' }).getAttribute('href')).toBe(
      'mailto:hello@suryodaya.example',
    )
  })
})
