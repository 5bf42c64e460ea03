/**
 * A job application sent through the contact form: the subject the careers page's Apply buttons set. A
 * module of its own, so the careers page loads none of the contact form's field declarations for it.
 */

/** The subject the careers page's Apply buttons give the contact form, before the job's title. */
export const jobApplicationSubjectPrefix = 'Application: '

/** Whether a contact message is a job application (its subject as the careers page sets it). */
export function isJobApplicationSubject(subject: string): boolean {
  return subject.trim().toLowerCase().startsWith(jobApplicationSubjectPrefix.trim().toLowerCase())
}
