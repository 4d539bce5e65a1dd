/**
 * The Israeli holidays on which businesses close, and their eves, on which they close early like a
 * Friday. Computed offline from the Hebrew calendar that ICU (inside Node and every browser) already
 * carries, so any year works without a table or a library.
 */
export const HOLIDAYS = [
  "roshHashanah",
  "yomKippur",
  "sukkot",
  "simchatTorah",
  "passover",
  "passoverEnd",
  "independenceDay",
  "shavuot",
] as const;

export type Holiday = (typeof HOLIDAYS)[number];

/** A holiday falls on the day, or the day is its eve (the business closes early). */
export type HolidayDay = { holiday: Holiday; eve: boolean };

/** Fixed Hebrew dates, as ICU names the months. Independence Day moves, so it is worked out below. */
const FIXED: Record<string, HolidayDay> = {
  "Elul 29": { holiday: "roshHashanah", eve: true },
  "Tishri 1": { holiday: "roshHashanah", eve: false },
  "Tishri 2": { holiday: "roshHashanah", eve: false },
  "Tishri 9": { holiday: "yomKippur", eve: true },
  "Tishri 10": { holiday: "yomKippur", eve: false },
  "Tishri 14": { holiday: "sukkot", eve: true },
  "Tishri 15": { holiday: "sukkot", eve: false },
  "Tishri 21": { holiday: "simchatTorah", eve: true },
  "Tishri 22": { holiday: "simchatTorah", eve: false },
  "Nisan 14": { holiday: "passover", eve: true },
  "Nisan 15": { holiday: "passover", eve: false },
  "Nisan 20": { holiday: "passoverEnd", eve: true },
  "Nisan 21": { holiday: "passoverEnd", eve: false },
  "Sivan 5": { holiday: "shavuot", eve: true },
  "Sivan 6": { holiday: "shavuot", eve: false },
};

const hebrewDate = new Intl.DateTimeFormat("en-u-ca-hebrew", { timeZone: "UTC", month: "long", day: "numeric" });

/** The Hebrew month and day of a civil date (the daytime of that date: a Hebrew day starts the evening before). */
function hebrewMonthDay(year: number, month: number, day: number) {
  const parts = hebrewDate.formatToParts(new Date(Date.UTC(year, month - 1, day, 12)));
  return {
    month: parts.find((part) => part.type === "month")?.value ?? "",
    day: Number(parts.find((part) => part.type === "day")?.value ?? 0),
  };
}

/**
 * Independence Day is 5 Iyar, moved so that it never touches Shabbat: to Thursday when 5 Iyar is a
 * Friday (4 Iyar) or a Saturday (3 Iyar), and to Tuesday (6 Iyar) when it is a Monday, so that Memorial
 * Day, the day before, does not start as Shabbat ends.
 */
function isIndependenceDay(iyarDay: number, weekday: number) {
  const weekdayOfFifth = (((weekday + 5 - iyarDay) % 7) + 7) % 7;
  const observed = weekdayOfFifth === 5 ? 4 : weekdayOfFifth === 6 ? 3 : weekdayOfFifth === 1 ? 6 : 5;
  return iyarDay === observed;
}

/** The holiday on a civil date (year, month 1–12, day), or its eve; undefined on an ordinary day. */
export function israeliHolidayOn(year: number, month: number, day: number): HolidayDay | undefined {
  const hebrew = hebrewMonthDay(year, month, day);
  const fixed = FIXED[`${hebrew.month} ${hebrew.day}`];
  if (fixed) return fixed;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (hebrew.month === "Iyar" && isIndependenceDay(hebrew.day, weekday)) {
    return { holiday: "independenceDay", eve: false };
  }
  return undefined;
}
