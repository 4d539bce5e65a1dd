import { z } from "zod";
import { FUNCTION_TYPES } from "#db/vocabulary.ts";

/** Rows on a page of the list. */
export const FUNCTIONS_PAGE_SIZE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as a date input sends it ("2026-02-30" is not one), or nothing. */
const daySchema = z
  .string()
  .regex(DAY)
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
  )
  .optional()
  .catch(undefined);

/**
 * The completed functions page's filters, read from the URL (`?clientId=3&type=…&from=…&to=…&page=2`)
 * by the page and its CSV export alike. A value that makes no sense is dropped, never an error: the
 * URL is the operator's own, and an empty filter shows everything.
 */
export const completedFunctionFiltersSchema = z.object({
  clientId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  type: z.enum(FUNCTION_TYPES).optional().catch(undefined),
  from: daySchema,
  to: daySchema,
  page: z.coerce.number().int().positive().max(100_000).catch(1),
});

export type CompletedFunctionFilters = z.infer<typeof completedFunctionFiltersSchema>;

export const FILTER_PARAMS = ["clientId", "type", "from", "to"] as const;

export function parseCompletedFunctionFilters(searchParams: URLSearchParams): CompletedFunctionFilters {
  const read = (name: string) => searchParams.get(name) || undefined;
  return completedFunctionFiltersSchema.parse({
    clientId: read("clientId"),
    type: read("type"),
    from: read("from"),
    to: read("to"),
    page: read("page") ?? 1,
  });
}

/** The same filters as a query string, for the CSV link: the page number left out. */
export function filterQuery(filters: CompletedFunctionFilters) {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
