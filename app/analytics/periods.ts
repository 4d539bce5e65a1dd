import { z } from "zod";

/** The analytics periods, in days. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = 30;

/** How many of the busiest clients the top clients chart shows. */
export const TOP_CLIENTS_CHARTED = 10;

/** `?days=` of the analytics page; anything else shows the default period. */
export const periodSchema = z.coerce
  .number()
  .pipe(
    z.union(
      ANALYTICS_PERIODS.map((days) => z.literal(days)) as [
        z.ZodLiteral<AnalyticsPeriod>,
        ...z.ZodLiteral<AnalyticsPeriod>[],
      ],
    ),
  )
  .catch(DEFAULT_PERIOD);
