/**
 * A browser and a system named from a User-Agent header, for a person to recognise their own
 * sessions ("Chrome on Windows"). Only the common ones: anything else is `null`, shown as unknown.
 * Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export type DeviceSummary = { browser: string | null; system: string | null };

export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const header = userAgent ?? "";
  const find = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(header))?.[1] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
