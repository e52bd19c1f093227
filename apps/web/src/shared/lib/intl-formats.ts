// Intl formatters, made once per language and options. Building one loads the locale's data and
// costs about a millisecond on a phone; a list of comments or reservations that made one per row
// spent most of its render doing so (the phone headline's comments: ~95 ms of script). Relative
// times do without Intl's formatter altogether (time-ago.ts).

const dates = new Map<string, Intl.DateTimeFormat>();

function memo<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) => memo(dates, locale, options, () => new Intl.DateTimeFormat(locale, options));
