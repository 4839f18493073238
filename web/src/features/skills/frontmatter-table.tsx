/** A skill's frontmatter, one row per field; values that are not text are shown as JSON. */
export function FrontmatterTable({ frontmatter }: { frontmatter: Record<string, unknown> }) {
  return (
    <table aria-label="Frontmatter" className="w-full table-fixed border-collapse text-sm">
      <tbody>
        {Object.entries(frontmatter).map(([field, value]) => (
          <tr
            key={field}
            className="border-t border-slate-200 align-top first:border-t-0 dark:border-slate-800"
          >
            <th scope="row" className="w-36 py-1 pr-3 text-left font-mono text-xs font-medium text-slate-500">
              {field}
            </th>
            <td className="py-1 break-words">
              {typeof value === 'string' ? (
                value
              ) : (
                <code className="font-mono text-xs whitespace-pre-wrap">
                  {JSON.stringify(value, null, 2)}
                </code>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
