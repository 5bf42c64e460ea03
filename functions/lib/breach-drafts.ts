import {
  affectedPeopleColumns,
  affectedPeopleFileName,
  affectedPersonCells,
  type BreachFindings,
  boardReport,
  boardReportFileName,
  noticeFileName,
  personNotice,
} from '@core/breach-report'
import { neutraliseCell } from '@core/exports'
import { csvBom, csvRecord } from './csv'

/** One drafted file: its name in the drafts folder and its text. */
export interface BreachDraft {
  readonly fileName: string
  readonly text: string
}

/**
 * The drill's drafts for its findings: the Board's report, the list of the people affected (CSV, as the
 * exports write it: a cell never starts a formula) and one notice per person, in the list's order. The admin
 * CLI writes them to its folder; the workspace page downloads them.
 */
export function breachDrafts(findings: BreachFindings, now = new Date()): BreachDraft[] {
  const rows = findings.people.map((person, index) => affectedPersonCells(person, index).map(neutraliseCell))
  return [
    { fileName: boardReportFileName, text: boardReport(findings, now) },
    {
      fileName: affectedPeopleFileName,
      text: csvBom + [affectedPeopleColumns, ...rows].map((cells) => csvRecord(cells)).join(''),
    },
    ...findings.people.map((person, index) => ({
      fileName: noticeFileName(index),
      text: personNotice(person, findings),
    })),
  ]
}
