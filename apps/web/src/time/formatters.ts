const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US date formatter for these options, made once: making one costs far more than formatting with it, and the
 * calendar formats every meeting's and break's times on each render. Throws for a zone the browser does not know.
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
}
