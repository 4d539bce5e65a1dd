type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

const formatters = new Map<string, Formatter>();

/**
 * The formatter `key` names, made the first time it is asked for. Making an Intl formatter costs far
 * more than using one (a date formatter about a tenth of a millisecond), and a page or an export
 * formats a figure or a time on every row. Keys come from a handful of languages, options and the
 * operators' time zones, so the map stays small.
 */
export function cached<Made extends Formatter>(key: string, make: () => Made): Made {
  let formatter = formatters.get(key) as Made | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
