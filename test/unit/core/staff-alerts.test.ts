import {
  alertTime,
  escalationAlert,
  heldAlertsDigest,
  type LeadAlertFacts,
  leadLink,
  reminderAlert,
} from '@core/staff-alerts'
import { describe, expect, it } from 'vitest'

const quote: LeadAlertFacts = {
  id: '0190c0de-0000-7000-8000-000000000001',
  kind: 'quote',
  createdAt: '2026-11-27T05:50:00.000Z',
  name: 'Ravi Kumar',
  category: 'residential',
  capacityKw: 5,
  estimateInr: 300_840,
  pincode: '500081',
}
const now = new Date('2026-11-27T06:05:00.000Z')

describe('the alerts that open a lead', () => {
  it("links the lead's page on the site's origin, or by its path when the origin is not known", () => {
    expect(leadLink('https://www.suryodaya.example/', quote.id)).toBe(
      `https://www.suryodaya.example/admin/leads/${quote.id}`,
    )
    expect(leadLink(undefined, 'a b')).toBe('/admin/leads/a%20b')
  })

  it('gives times in India, not UTC', () => {
    expect(alertTime('2026-11-27T06:05:00.000Z')).toMatch(/^27 Nov 2026, 11:35\s?am IST$/i)
  })

  it("reminds the assignee with the lead's link, name, category, capacity, estimate and PIN, and no phone or e-mail", () => {
    const alert = reminderAlert(
      { ...quote, ...{ phone: '+91 98765 43210' } },
      'asha',
      5,
      'https://site.example',
      now,
    )
    expect(alert.subject).toBe('Reminder: Ravi Kumar is waiting for a first contact')
    const lines = alert.body.split('\n')
    expect(lines[0]).toMatch(
      /^asha, a lead of yours has waited 5 business minutes without a first contact \(27 Nov 2026, 11:35\s?am IST\)\.$/i,
    )
    expect(lines).toContain(`Open it: https://site.example/admin/leads/${quote.id}`)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Name: Ravi Kumar',
        'Category: Residential',
        'Capacity: 5 kW',
        'Estimate: ₹3,00,840',
        'PIN code: 500081',
        expect.stringMatching(/^Arrived: 27 Nov 2026, 11:20\s?am IST$/i),
      ]),
    )
    expect(alert.body).not.toContain('98765')
  })

  it('tells the owners who the late lead went to, or that nobody else could take it', () => {
    const moved = escalationAlert(quote, 'asha', 'ravi', 15, undefined, now)
    expect(moved.subject).toBe('Late: Ravi Kumar has no first contact after 15 minutes')
    expect(moved.body).toContain('It is reassigned from asha to ravi.')
    expect(moved.body).toContain(`Open it: /admin/leads/${quote.id}`)
    expect(escalationAlert(quote, 'asha', undefined, 15, undefined, now).body).toContain(
      'Nobody else is available: it stays with asha.',
    )
  })

  it('describes a contact message without a category or figures', () => {
    const contact: LeadAlertFacts = { id: 'c1', kind: 'contact', createdAt: quote.createdAt }
    const alert = reminderAlert(contact, undefined, 5, undefined, now)
    expect(alert.subject).toBe('Reminder: a contact message is waiting for a first contact')
    expect(alert.body).toContain('A lead nobody is assigned has waited 5 business minutes')
    expect(alert.body).toContain('Category: Contact message')
    expect(alert.body).not.toContain('Capacity')
  })

  it('sums up the alerts a busy run held back, linking the inbox', () => {
    const digest = heldAlertsDigest(7, 'https://site.example/', now)
    expect(digest.subject).toBe('7 more leads are waiting for a first contact')
    expect(digest.body).toContain('https://site.example/admin/leads')
    expect(digest.body).toMatch(/27 Nov 2026, 11:35\s?am IST/i)
  })
})
