/**
 * The time zone of the company's day: what "today" means for follow-ups and the dashboard's weeks, and the
 * zone every date and time is shown in (India). A module of its own, so a page that shows a date does not
 * load the pipeline's rules to read it.
 */
export const businessTimeZone = 'Asia/Kolkata'
