import { type QuoteCategory, quoteCategoryLabels } from './quote'
import { leadWorkers, type StaffRole } from './roles'
import { isAwayOn, type SalesSettings } from './sales-settings'

/**
 * Who a new lead goes to, chosen in the request that stores it: a job application to the owners; else the
 * assignee of the same person's open lead; else the person whose territory holds the PIN code; else the category's specialists, in turns; else the sales
 * users, in turns; else the owners. Only people who may work leads are chosen, never a disabled account
 * or someone away (a territory's person away: the lead falls through to the next rule). Pure: the caller
 * stores the lead, the reason in its timeline and the round robin's new pointer.
 */

/** Who a lead's timeline says assigned it on arrival (or reassigned it when it went unanswered). */
export const assignmentActor = 'Assignment rules'

/** A staff account as assignment sees it. */
export interface AssignableUser {
  readonly username: string
  readonly role?: StaffRole | undefined
  readonly disabled?: boolean | undefined
}

/** What of a lead the rules read. */
export interface LeadToAssign {
  readonly category?: QuoteCategory | undefined
  readonly pinCode?: string | undefined
  /** A contact message about a job: the owners' business, not the sales team's. */
  readonly jobApplication?: boolean | undefined
  /**
   * The same person's open lead (the same phone number or e-mail), whose assignee keeps them when available:
   * one person, one salesperson. `reason` says which lead ("same person as their quote of 12 Nov 2026").
   */
  readonly sameAs?: { readonly username: string; readonly reason: string } | undefined
}

export interface Assignment {
  /** The person chosen; undefined when nobody who may work leads is available. */
  readonly username: string | undefined
  /** Why, as the lead's timeline says it: "territory 500", "round robin". */
  readonly reason: string
  /** The round robin that chose, and its new pointer (stored in the settings' `rotation`). */
  readonly rotation?: { readonly pool: string; readonly last: string }
}

/** The round robins' pools (keys of the settings' `rotation`). */
export const assignmentPools = {
  sales: 'sales',
  owners: 'owners',
  specialist: (category: QuoteCategory) => `specialist:${category}`,
} as const

/** Whether `user` may be offered or chosen as a lead's assignee at all (settings, the assignee field). */
export function mayWorkLeads(user: AssignableUser): boolean {
  return (
    !user.disabled && user.role !== undefined && (leadWorkers as readonly StaffRole[]).includes(user.role)
  )
}

/** The next of `candidates` after `last`, in username order (the first after wrapping round). */
function nextInTurn(candidates: readonly string[], last: string | undefined): string | undefined {
  const sorted = [...candidates].sort()
  return sorted.find((username) => last === undefined || username > last) ?? sorted[0]
}

/**
 * Chooses the assignee of `lead` at `now` (its date in the company's time zone decides who is away).
 * `exclude` names people not to choose: the current assignee when a late lead is reassigned.
 */
export function chooseAssignee(
  lead: LeadToAssign,
  settings: SalesSettings,
  users: readonly AssignableUser[],
  today: string,
  exclude: readonly string[] = [],
): Assignment {
  const available = new Map(
    users
      .filter(
        (user) =>
          mayWorkLeads(user) && !exclude.includes(user.username) && !isAwayOn(settings, user.username, today),
      )
      .map((user) => [user.username, user]),
  )
  const inTurn = (pool: string, candidates: readonly string[], reason: string): Assignment | undefined => {
    const username = nextInTurn(
      candidates.filter((candidate) => available.has(candidate)),
      settings.rotation[pool],
    )
    return username === undefined ? undefined : { username, reason, rotation: { pool, last: username } }
  }
  const byRole = (role: StaffRole) =>
    [...available.values()].filter((user) => user.role === role).map((user) => user.username)

  if (lead.jobApplication) {
    return (
      inTurn(assignmentPools.owners, byRole('owner'), 'job application') ?? {
        username: undefined,
        reason: 'job application: no owner available',
      }
    )
  }

  if (lead.sameAs && available.has(lead.sameAs.username)) {
    return { username: lead.sameAs.username, reason: lead.sameAs.reason }
  }

  const pinCode = lead.pinCode?.trim()
  if (pinCode) {
    // The longest prefix that matches (overlapping territories are refused when saved; this stays exact).
    const territory = settings.territories
      .filter((candidate) => pinCode.startsWith(candidate.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0]
    if (territory && available.has(territory.username)) {
      return { username: territory.username, reason: `territory ${territory.prefix}` }
    }
  }

  if (lead.category) {
    const specialists = settings.specialists[lead.category] ?? []
    const chosen = inTurn(
      assignmentPools.specialist(lead.category),
      specialists,
      `specialist: ${quoteCategoryLabels[lead.category]}`,
    )
    if (chosen) return chosen
  }

  return (
    inTurn(assignmentPools.sales, byRole('sales'), 'round robin') ??
    inTurn(assignmentPools.owners, byRole('owner'), 'owners: no sales user available') ?? {
      username: undefined,
      reason: 'nobody available',
    }
  )
}
