import { Users } from "lucide-react";
import { describe, expect, it } from "vitest";
import { renderHtml, tagsOf, tagWith } from "../../../tests/support/render.tsx";
import { Alert } from "./alert.tsx";
import { Badge } from "./badge.tsx";
import { CopyButton } from "./copy-button.tsx";
import { EmptyState } from "./empty-state.tsx";
import { LinkTabs } from "./link-tabs.tsx";
import { PageHeader } from "./page-header.tsx";
import { pageWindow, Pagination } from "./pagination.tsx";
import { ResponsiveTable } from "./responsive-table.tsx";
import { StatCard } from "./stat-card.tsx";

const hrefs = (html: string) =>
  tagsOf(html)
    .filter((tag) => tag.name === "a")
    .map((tag) => tag.attributes.href?.replace(/&amp;/g, "&"));

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [5, 10, [3, 4, 5, 6, 7]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
  ])("page %i of %i shows %j", (page, count, expected) => {
    expect(pageWindow(page, count)).toEqual(expected);
  });
});

describe("Pagination", () => {
  it("is not there when everything fits on one page", () => {
    expect(renderHtml(<Pagination page={1} pageCount={1} />)).toBe("");
  });

  it("links keep the other search parameters, and page 1 drops its own", () => {
    const html = renderHtml(<Pagination page={3} pageCount={12} />, { url: "/admin/sessions?client=7&q=pizza&page=3" });
    expect(hrefs(html)).toEqual([
      "/admin/sessions?client=7&q=pizza&page=2",
      "/admin/sessions?client=7&q=pizza",
      "/admin/sessions?client=7&q=pizza&page=2",
      "/admin/sessions?client=7&q=pizza&page=3",
      "/admin/sessions?client=7&q=pizza&page=4",
      "/admin/sessions?client=7&q=pizza&page=5",
      "/admin/sessions?client=7&q=pizza&page=4",
    ]);
    expect(tagWith(html, { "aria-current": "page" }).attributes["aria-label"]).toBe("Page 3");
    expect(tagWith(html, { "aria-label": "Pages" }).name).toBe("nav");
  });

  it("greys out Previous on the first page, in the page's language", () => {
    const html = renderHtml(<Pagination page={1} pageCount={2} />, { language: "he" });
    expect(html).toMatch(/<span aria-disabled="true"[^>]*>.*הקודם<\/span>/);
    expect(html).toMatch(/<a [^>]*href="\/\?page=2"[^>]*>הבא/);
    expect(tagWith(html, { "aria-label": "עמודים" }).name).toBe("nav");
  });
});

describe("LinkTabs", () => {
  it("are links that keep the filters, start the other list at its first page, and mark the current one", () => {
    const html = renderHtml(
      <LinkTabs
        label="Lead lists"
        current="contacts"
        tabs={[
          { value: "inquiries", label: "Inquiries", count: "3" },
          { value: "contacts", label: "Contacts" },
        ]}
      />,
      { url: "/admin/leads?tab=contacts&q=dana&page=4" },
    );
    expect(hrefs(html)).toEqual(["/admin/leads?tab=inquiries&q=dana", "/admin/leads?tab=contacts&q=dana"]);
    expect(tagWith(html, { "aria-current": "page" }).attributes.href).toContain("tab=contacts");
    expect(tagWith(html, { "aria-label": "Lead lists" }).name).toBe("nav");
    expect(html).toMatch(/Inquiries<span [^>]*>3<\/span>/);
  });
});

describe("ResponsiveTable", () => {
  const rows = [{ id: 1, name: "Dana", company: "Roma" }];
  const html = renderHtml(
    <ResponsiveTable
      label="Inquiries"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { key: "who", header: "Who", only: "table", cell: (row) => `${row.name}, ${row.company}` },
        { key: "name", header: "Name", only: "cards", cell: (row) => row.name },
        { key: "company", header: "Company", only: "cards", cell: (row) => row.company },
      ]}
    />,
  );

  it("is one table whose columns are named by headers", () => {
    expect(html.match(/<table/g)).toHaveLength(1);
    expect(html).toMatch(/<table role="table" aria-label="Inquiries"[^>]*>/);
    const headers = tagsOf(html).filter((tag) => tag.name === "th");
    expect(headers.map((tag) => tag.attributes.role)).toEqual(["columnheader", "columnheader", "columnheader"]);
  });

  it("labels every cell with its column's name, which a phone's card shows beside the value", () => {
    const cells = tagsOf(html).filter((tag) => tag.name === "td");
    expect(cells.map((tag) => tag.attributes["data-label"])).toEqual(["Who", "Name", "Company"]);
    expect(html).toMatch(/<td[^>]*data-label="Who"[^>]*><div>Dana, Roma<\/div><\/td>/);
  });

  it("keeps a wide screen's combined column off phones, and a phone's parts off wide screens", () => {
    const classOf = (label: string) =>
      tagsOf(html).find((tag) => tag.name === "td" && tag.attributes["data-label"] === label)!.attributes.class;
    expect(classOf("Who")).toContain("max-lg:hidden");
    expect(classOf("Name")).toContain("lg:hidden");
    expect(classOf("Name")).not.toContain("max-lg:hidden");
  });
});

describe("Alert", () => {
  it("interrupts for an error, waits its turn otherwise, and can sit quietly inside a live region", () => {
    expect(tagsOf(renderHtml(<Alert tone="error">Broken</Alert>))[0]!.attributes.role).toBe("alert");
    expect(tagsOf(renderHtml(<Alert tone="success">Saved</Alert>))[0]!.attributes.role).toBe("status");
    expect(
      tagsOf(
        renderHtml(
          <Alert tone="info" announce={false}>
            Note
          </Alert>,
        ),
      )[0]!.attributes.role,
    ).toBeUndefined();
  });
});

describe("CopyButton", () => {
  it("renders nothing without JavaScript, where it could not copy", () => {
    expect(renderHtml(<CopyButton text="alex_123" />)).toBe("");
  });
});

describe("the page's frame", () => {
  it("PageHeader: one h1, its description and its actions", () => {
    const html = renderHtml(
      <PageHeader title="Clients" description="Everyone who pays" actions={<a href="/new">Add</a>} />,
    );
    expect(html).toMatch(
      /<h1[^>]*>Clients<\/h1><p[^>]*>Everyone who pays<\/p><\/div><div[^>]*><a href="\/new">Add<\/a>/,
    );
  });

  it("StatCard: a heading at the level asked for, the figure left to right", () => {
    const html = renderHtml(
      <StatCard title="Active clients" icon={Users} value="1,204" caption="+4% vs last month" level={3} />,
    );
    expect(html).toMatch(/<h3[^>]*>Active clients<\/h3>/);
    expect(html).toMatch(/<p class="[^"]*" dir="ltr"><bdi>1,204<\/bdi><\/p>/);
  });

  it("Badge and EmptyState say it in words", () => {
    expect(renderHtml(<Badge tone="danger">Suspended</Badge>)).toMatch(
      /<span class="[^"]*bg-red-100[^"]*">Suspended<\/span>/,
    );
    expect(renderHtml(<EmptyState icon={Users} title="No clients yet" />)).toMatch(
      /<svg[^>]*aria-hidden="true".*<p[^>]*>No clients yet<\/p>/,
    );
  });
});
