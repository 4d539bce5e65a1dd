import clsx from "clsx";
import type { Key, ReactNode } from "react";

export type Column<Row> = {
  /** Unique among the columns. */
  key: string;
  /** The column's name: its header on wide screens, and the label beside each value on a phone's card. */
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** Keeps a column to wide screens (a combined one, "name and company") or to phones (its parts). */
  only?: "table" | "cards";
};

type ResponsiveTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  /** Names the table for screen readers. */
  label?: string;
};

/** Which screens a column shows on: the same class on its header and its cells. */
const ONLY_ON = { table: "max-lg:hidden", cards: "lg:hidden" } as const;

/**
 * One table, drawn as a table from the large breakpoint up and below it as one card per row, each
 * cell a line of its column's name and its value, so a phone never scrolls sideways (`.data-table` in
 * app/theme.css). Written once, not once per layout: the rows' buttons and links were half a long
 * list's HTML. CSS that turns a table's parts into blocks makes some browsers forget it is a table,
 * hence the explicit roles.
 */
export function ResponsiveTable<Row>({ rows, columns, rowKey, label }: ResponsiveTableProps<Row>) {
  return (
    <div className="lg:overflow-x-auto">
      <table role="table" aria-label={label} className="data-table">
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the explicit roles survive a phone's block display */}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={clsx("data-head", column.only && ONLY_ON[column.only])}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- as the header's */}
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td
                  key={column.key}
                  // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- as the header's
                  role="cell"
                  data-label={column.header}
                  className={clsx("data-cell", column.only && ONLY_ON[column.only], column.className)}
                >
                  <div>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
