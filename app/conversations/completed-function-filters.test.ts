import { describe, expect, it } from "vitest";
import { filterQuery, parseCompletedFunctionFilters } from "./completed-function-filters.ts";

describe("the completed functions page's filters", () => {
  it("reads every filter from the URL", () => {
    const filters = parseCompletedFunctionFilters(
      new URLSearchParams("clientId=3&type=client_introduction_complete&from=2026-03-01&to=2026-03-31&page=2"),
    );
    expect(filters).toEqual({
      clientId: 3,
      type: "client_introduction_complete",
      from: "2026-03-01",
      to: "2026-03-31",
      page: 2,
    });
    expect(filterQuery(filters)).toBe("?clientId=3&type=client_introduction_complete&from=2026-03-01&to=2026-03-31");
  });

  it("drops what makes no sense instead of failing", () => {
    const filters = parseCompletedFunctionFilters(
      new URLSearchParams("clientId=-1&type=drop_table&from=2026-02-30&to=yesterday&page=0"),
    );
    expect(filters).toEqual({ clientId: undefined, type: undefined, from: undefined, to: undefined, page: 1 });
    expect(filterQuery(filters)).toBe("");
  });
});
