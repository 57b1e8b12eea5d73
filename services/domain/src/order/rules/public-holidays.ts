/**
 * Nationwide public holidays of the served countries (D216): fixed dates, days counted from Easter Sunday, and
 * weekdays of a month (the third Monday of January). Regional holidays and days moved when a holiday falls on a
 * weekend are not known; the customer marks such days off in the service schedule.
 */
type HolidayRule =
  /** Month (1–12) and day. */
  | { readonly fixed: readonly [number, number] }
  /** Days after Easter Sunday (Good Friday is -2). */
  | { readonly easter: number }
  /** The nth (1–4, or -1: the last) weekday (1 = Monday … 7 = Sunday) of a month. */
  | { readonly month: number; readonly weekday: number; readonly nth: number };

const fixed = (month: number, day: number): HolidayRule => ({ fixed: [month, day] });
const easter = (days: number): HolidayRule => ({ easter: days });
const nth = (nthOf: number, weekday: number, month: number): HolidayRule => ({ month, weekday, nth: nthOf });

const NEW_YEAR = fixed(1, 1);
const GOOD_FRIDAY = easter(-2);
const EASTER_MONDAY = easter(1);
const LABOUR_DAY = fixed(5, 1);
const ASCENSION = easter(39);
const WHIT_MONDAY = easter(50);
const ASSUMPTION = fixed(8, 15);
const ALL_SAINTS = fixed(11, 1);
const CHRISTMAS = fixed(12, 25);
const BOXING_DAY = fixed(12, 26);
const MONDAY = 1;
const THURSDAY = 4;

const HOLIDAYS: Readonly<Record<string, readonly HolidayRule[]>> = {
  de: [NEW_YEAR, GOOD_FRIDAY, EASTER_MONDAY, LABOUR_DAY, ASCENSION, WHIT_MONDAY, fixed(10, 3), CHRISTMAS, BOXING_DAY],
  at: [
    NEW_YEAR,
    fixed(1, 6),
    EASTER_MONDAY,
    LABOUR_DAY,
    ASCENSION,
    WHIT_MONDAY,
    easter(60),
    ASSUMPTION,
    fixed(10, 26),
    ALL_SAINTS,
    fixed(12, 8),
    CHRISTMAS,
    BOXING_DAY,
  ],
  ch: [NEW_YEAR, GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY, fixed(8, 1), CHRISTMAS, BOXING_DAY],
  lu: [NEW_YEAR, EASTER_MONDAY, LABOUR_DAY, fixed(5, 9), ASCENSION, WHIT_MONDAY, fixed(6, 23), ASSUMPTION, ALL_SAINTS, CHRISTMAS, BOXING_DAY],
  uk: [NEW_YEAR, GOOD_FRIDAY, EASTER_MONDAY, nth(1, MONDAY, 5), nth(-1, MONDAY, 5), nth(-1, MONDAY, 8), CHRISTMAS, BOXING_DAY],
  ie: [NEW_YEAR, fixed(3, 17), EASTER_MONDAY, nth(1, MONDAY, 5), nth(1, MONDAY, 6), nth(1, MONDAY, 8), nth(-1, MONDAY, 10), CHRISTMAS, BOXING_DAY],
  us: [
    NEW_YEAR,
    nth(3, MONDAY, 1),
    nth(3, MONDAY, 2),
    nth(-1, MONDAY, 5),
    fixed(6, 19),
    fixed(7, 4),
    nth(1, MONDAY, 9),
    fixed(11, 11),
    nth(4, THURSDAY, 11),
    CHRISTMAS,
  ],
  ca: [NEW_YEAR, GOOD_FRIDAY, fixed(7, 1), nth(1, MONDAY, 9), CHRISTMAS],
  in: [fixed(1, 26), fixed(8, 15), fixed(10, 2)],
  be: [NEW_YEAR, EASTER_MONDAY, LABOUR_DAY, ASCENSION, WHIT_MONDAY, fixed(7, 21), ASSUMPTION, ALL_SAINTS, fixed(11, 11), CHRISTMAS],
  nl: [NEW_YEAR, EASTER_MONDAY, fixed(4, 27), ASCENSION, WHIT_MONDAY, CHRISTMAS, BOXING_DAY],
  fr: [NEW_YEAR, EASTER_MONDAY, LABOUR_DAY, fixed(5, 8), ASCENSION, WHIT_MONDAY, fixed(7, 14), ASSUMPTION, ALL_SAINTS, fixed(11, 11), CHRISTMAS],
  it: [NEW_YEAR, fixed(1, 6), EASTER_MONDAY, fixed(4, 25), LABOUR_DAY, fixed(6, 2), ASSUMPTION, ALL_SAINTS, fixed(12, 8), CHRISTMAS, BOXING_DAY],
  es: [NEW_YEAR, fixed(1, 6), GOOD_FRIDAY, LABOUR_DAY, ASSUMPTION, fixed(10, 12), ALL_SAINTS, fixed(12, 6), fixed(12, 8), CHRISTMAS],
};

const DAY_MS = 86_400_000;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as a UTC date. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** ISO weekday, 1 = Monday … 7 = Sunday. */
const weekdayOf = (date: Date) => ((date.getUTCDay() + 6) % 7) + 1;

function dayOf(rule: HolidayRule, year: number): string {
  if ('fixed' in rule) return isoDay(new Date(Date.UTC(year, rule.fixed[0] - 1, rule.fixed[1])));
  if ('easter' in rule) return isoDay(new Date(easterSunday(year).getTime() + rule.easter * DAY_MS));
  if (rule.nth > 0) {
    const first = new Date(Date.UTC(year, rule.month - 1, 1));
    const offset = (rule.weekday - weekdayOf(first) + 7) % 7;
    return isoDay(new Date(first.getTime() + (offset + (rule.nth - 1) * 7) * DAY_MS));
  }
  const last = new Date(Date.UTC(year, rule.month, 0));
  const back = (weekdayOf(last) - rule.weekday + 7) % 7;
  return isoDay(new Date(last.getTime() - back * DAY_MS));
}

/** Whether a calendar day (`YYYY-MM-DD`) is a nationwide public holiday in a country (lower-case code); unknown countries have none. */
export function isPublicHoliday(country: string | undefined, day: string): boolean {
  const rules = country === undefined ? undefined : HOLIDAYS[country.toLowerCase()];
  if (!rules) return false;
  const year = Number(day.slice(0, 4));
  return rules.some((rule) => dayOf(rule, year) === day);
}
