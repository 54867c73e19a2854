/**
 * A table's header row, a column header for each name; `numeric` names the right-aligned ones, and
 * `actions` adds a last column for row buttons, named "Actions" for screen readers only.
 */
export function TableHead({
  columns,
  numeric = [],
  actions,
}: {
  columns: string[];
  numeric?: string[];
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className={numeric.includes(name) ? "num" : undefined}>
            {name}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
