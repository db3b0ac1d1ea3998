/**
 * Formats dates in the reader's language with a formatter made at the first call and kept. The first
 * formatter a page makes costs tens of milliseconds while the browser loads its language's date data: made
 * when a module loads, that cost lands in the page's start, before anything is shown.
 */
export function formatDateOnFirstUse(options: Intl.DateTimeFormatOptions): (date: Date | number) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) => {
    formatter ??= new Intl.DateTimeFormat(undefined, options);
    return formatter.format(date);
  };
}
