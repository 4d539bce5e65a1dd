import clsx from "clsx";
import { Fragment, type Key, type ReactNode } from "react";

export type Column<Row> = {
  /** Unique among the columns shown together (the table's, or the cards'). */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** Keeps a column to the table (a combined one, "name and company") or to the cards (its parts). */
  only?: "table" | "cards";
};

type ResponsiveTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  /** Names the table and the card list for screen readers. */
  label?: string;
};

/**
 * A table from the large breakpoint up; below it, one card per row with the same fields as a
 * list of terms and values, so a phone never scrolls sideways. Both are in the page; CSS shows one.
 */
export function ResponsiveTable<Row>({ rows, columns, rowKey, label }: ResponsiveTableProps<Row>) {
  const tableColumns = columns.filter((column) => column.only !== "cards");
  const cardColumns = columns.filter((column) => column.only !== "table");
  return (
    <>
      <div className="hidden overflow-x-auto lg:block">
        <table aria-label={label} className="w-full text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {tableColumns.map((column) => (
                <th key={column.key} scope="col" className="data-head">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top">
                {tableColumns.map((column) => (
                  <td key={column.key} className={clsx("data-cell", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="divide-y divide-slate-100 lg:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="p-4">
            <dl className="terms">
              {cardColumns.map((column) => (
                <Fragment key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
