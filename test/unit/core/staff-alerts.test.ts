import { businessTimeLabel } from '@core/date-labels'
import {
  escalationAlert,
  heldAlertsDigest,
  type LeadAlertFacts,
  leadLink,
  leadPush,
  newLeadHeader,
  reassignedAlert,
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
    expect(businessTimeLabel('2026-11-27T06:05:00.000Z')).toMatch(/^27 Nov 2026, 11:35\s?am IST$/i)
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

describe('the messages to one person', () => {
  it("opens a new lead's message with whom it is for and why, the link, India's time and the area", () => {
    expect(
      newLeadHeader(
        {
          id: 'q-1',
          createdAt: quote.createdAt,
          assignee: 'asha',
          reason: 'territory 500',
          pincode: '500081',
        },
        'https://www.suryodaya.example/',
      ),
    ).toEqual([
      'For asha (territory 500).',
      'Open it: https://www.suryodaya.example/admin/leads/q-1',
      'Arrived: 27 Nov 2026, 11:20 am IST',
      'Area: Telangana',
      '',
    ])
    expect(newLeadHeader({ id: 'c-1', createdAt: quote.createdAt }, undefined).slice(0, 2)).toEqual([
      'Nobody is assigned: the owners decide who calls.',
      'Open it: /admin/leads/c-1',
    ])
  })

  it('tells the person a late lead moved to that it is theirs now', () => {
    const alert = reassignedAlert(quote, 'asha', 15, undefined, now)
    expect(alert.subject).toBe('Yours now: Ravi Kumar has waited 15 minutes for a first contact')
    expect(alert.body).toContain('moved from asha to you')
    expect(alert.body).toContain(`Open it: /admin/leads/${quote.id}`)
  })

  it('pushes what the lead is and where, never who: no name on a lock screen', () => {
    const push = leadPush('reminder', quote)
    expect(push).toEqual({
      title: 'Reminder: a lead is waiting for a first contact',
      body: 'Residential, 5 kW, PIN 500081 (Telangana)',
      url: `/admin/leads/${quote.id}`,
      leadId: quote.id,
    })
    expect(JSON.stringify(push)).not.toContain('Ravi')
    expect(leadPush('callback', { id: 'c-1', kind: 'contact', createdAt: quote.createdAt }).body).toBe(
      'Contact message',
    )
  })
})
