/** The heading cells of a workspace table's columns, each with its label, in the order given. */
export function ColumnHeads<Column extends string>({
  columns,
  labels,
  className = 'py-2 pr-4 font-medium',
}: {
  readonly columns: readonly Column[]
  readonly labels: Readonly<Record<Column, string>>
  readonly className?: string
}) {
  return columns.map((column) => (
    <th key={column} scope="col" className={className}>
      {labels[column]}
    </th>
  ))
}
