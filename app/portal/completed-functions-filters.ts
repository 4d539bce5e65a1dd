import {
  parseCompletedFunctionFilters,
  type CompletedFunctionFilters,
} from "~/conversations/completed-function-filters.ts";

/**
 * The completed functions filters of a portal request: the page's own (type, days, page), and the
 * business always the session's, whatever `?clientId=` the address carries.
 */
export const ownCompletedFunctionFilters = (params: URLSearchParams, clientId: number): CompletedFunctionFilters => ({
  ...parseCompletedFunctionFilters(params),
  clientId,
});
