// Dates and times as people read them, for every front end (web app and extension).

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp in the reader's locale, date and time: '2026-03-04T15:20:00Z' → 'Mar 4, 2026, 3:20 PM'. */
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));
