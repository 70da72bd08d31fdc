import {
  Button,
  Input,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { Warning16Filled } from '@fluentui/react-icons';
import type { ReviewLine } from './import-review-model.ts';
import { useImportStyles } from './import-styles.ts';

type ReviewLinesTableProps = {
  lines: readonly ReviewLine[];
  issues: ReadonlyMap<number, string>;
  onQuantity: (key: number, text: string) => void;
  onCost: (key: number, text: string) => void;
  onMatch: (key: number) => void;
  onDrop: (key: number, dropped: boolean) => void;
};

/** Every line of the document: matched to a size (or flagged), its quantity and unit cost editable, or dropped. */
export function ReviewLinesTable({ lines, issues, onQuantity, onCost, onMatch, onDrop }: ReviewLinesTableProps) {
  const styles = useImportStyles();
  return (
    <div className={styles.tableWrap}>
      <Table className={styles.table} size="small" aria-label="Lines to review">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell>Our size</TableHeaderCell>
            <TableHeaderCell>Qty</TableHeaderCell>
            <TableHeaderCell>Unit cost</TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.hiddenInput}>Actions</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line, index) => {
            const issue = issues.get(line.key);
            const name = `line ${index + 1}`;
            return (
              <TableRow key={line.key} className={mergeClasses(line.dropped && styles.droppedRow)}>
                <TableCell>
                  <span className={styles.textCell}>{line.text}</span>
                </TableCell>
                <TableCell>
                  {line.dropped ? (
                    <span className={styles.matchedMeta}>Dropped</span>
                  ) : (
                    <>
                      {line.match === null ? null : (
                        <span className={styles.matched}>
                          {line.match.product_title}, size {line.match.size_label}
                          <span className={styles.matchedMeta}>{line.matchedByHand ? 'Matched by hand' : (line.match.sku ?? '')}</span>
                        </span>
                      )}
                      {issue === undefined ? null : (
                        <span className={styles.problem} data-line-issue="">
                          <Warning16Filled aria-hidden="true" />
                          {line.match === null && line.problem !== null ? `${line.problem}. ${issue}` : issue}
                        </span>
                      )}
                    </>
                  )}
                </TableCell>
                <TableCell>
                  <Input
                    className={styles.smallInput}
                    value={line.quantityText}
                    inputMode="numeric"
                    disabled={line.dropped}
                    aria-label={`Quantity of ${name}`}
                    onChange={(_, d) => onQuantity(line.key, d.value)}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    className={styles.costInput}
                    value={line.costText}
                    inputMode="decimal"
                    disabled={line.dropped}
                    aria-label={`Unit cost of ${name}`}
                    onChange={(_, d) => onCost(line.key, d.value)}
                  />
                </TableCell>
                <TableCell>
                  <span className={styles.cellActions}>
                    {line.dropped ? null : (
                      <Button size="small" onClick={() => onMatch(line.key)} aria-label={`Match ${name} by hand`}>
                        {line.match === null ? 'Match by hand' : 'Change size'}
                      </Button>
                    )}
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={() => onDrop(line.key, !line.dropped)}
                      aria-label={`${line.dropped ? 'Keep' : 'Drop'} ${name}`}
                    >
                      {line.dropped ? 'Keep' : 'Drop'}
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
