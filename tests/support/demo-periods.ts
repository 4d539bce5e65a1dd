import { isPastDue, periodOf, shiftPeriod } from "../../app/billing/periods.ts";

/** The business's time zone, in which billing months begin and end. */
const TIME_ZONE = "Asia/Jerusalem";

/** The month in progress, whose bill is not made yet. */
export const CURRENT_PERIOD = periodOf(new Date(), TIME_ZONE);
/** The last month that has ended: the billing page's default. */
export const LAST_CLOSED = shiftPeriod(CURRENT_PERIOD, -1);
/**
 * The latest month whose bills are past their due date, where the demo's unpaid bills are overdue: in a
 * month's first two weeks the last closed month is not due yet, so it is the month before.
 */
export const LATEST_DUE = isPastDue(LAST_CLOSED, new Date(), TIME_ZONE) ? LAST_CLOSED : shiftPeriod(LAST_CLOSED, -1);
