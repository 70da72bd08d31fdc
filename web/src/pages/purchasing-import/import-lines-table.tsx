import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { Warning16Filled } from '@fluentui/react-icons';
import type { ImportedLine } from '@tradepost/shared/schemas/purchase-import.ts';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { useImportStyles } from './import-styles.ts';

/** The lines the rules found, as read: each matched to one of our sizes, or the problem in amber. */
export function ImportLinesTable({ lines, currency }: { lines: readonly ImportedLine[]; currency: string }) {
  const styles = useImportStyles();
  return (
    <div className={styles.tableWrap}>
      <Table className={styles.table} size="small" aria-label="Lines found in the PDF">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Text in the PDF</TableHeaderCell>
            <TableHeaderCell>SKU</TableHeaderCell>
            <TableHeaderCell>Size</TableHeaderCell>
            <TableHeaderCell className={styles.num}>Qty</TableHeaderCell>
            <TableHeaderCell className={styles.num}>Unit cost</TableHeaderCell>
            <TableHeaderCell>Our size</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line, index) => (
            // The document's order is the line's identity; the same text may appear twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index}>
              <TableCell className={styles.textCell}>{line.text}</TableCell>
              <TableCell>{line.sku ?? '–'}</TableCell>
              <TableCell>{line.size ?? '–'}</TableCell>
              <TableCell className={styles.num}>{line.quantity ?? '–'}</TableCell>
              <TableCell className={styles.num}>
                {line.unit_cost_cents === null ? '–' : formatMoney(line.unit_cost_cents, currency)}
              </TableCell>
              <TableCell>
                {line.match !== null ? (
                  <span className={styles.matched}>
                    {line.match.product_title}, size {line.match.size_label}
                    {line.problem === null ? null : <span className={styles.problem}>{line.problem}</span>}
                  </span>
                ) : (
                  <span className={styles.problem}>
                    <Warning16Filled aria-hidden="true" />
                    {line.problem ?? 'No size matched'}
                  </span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
