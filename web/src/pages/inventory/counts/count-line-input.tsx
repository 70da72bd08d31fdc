import { Field, Input, makeStyles, Spinner } from '@fluentui/react-components';
import type { CountLine } from '@tradepost/shared/schemas/inventory.ts';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { useSetCountLine } from '../../../features/inventory/use-counts.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({ input: { width: '88px', minWidth: 0 } });

/** The counted quantity of one line, typed by hand: saved on Enter or when focus leaves the box. */
export function CountLineInput({
  scope,
  countId,
  line,
  label,
}: {
  scope: BusinessScope | undefined;
  countId: string;
  line: CountLine;
  label: string;
}) {
  const styles = useStyles();
  const save = useSetCountLine(scope, countId);
  const server = line.counted === null ? '' : String(line.counted);
  // Local text only while editing; the server's number shows otherwise (scans change it too).
  const [text, setText] = useState<string | null>(null);
  const error = save.isError ? fieldErrors(save.error, (path) => path === 'counted', 'Not saved. Try again.') : undefined;

  const commit = () => {
    if (text === null || text === server) {
      setText(null);
      return;
    }
    if (text.trim() === '') {
      setText(null);
      return;
    }
    save.mutate({ variantId: line.variant_id, counted: Number(text) }, { onSuccess: () => setText(null) });
  };

  return (
    <Field validationMessage={error?.fields.counted ?? error?.general} validationState={error === undefined ? 'none' : 'error'}>
      <Input
        className={styles.input}
        aria-label={`Counted: ${label}`}
        inputMode="numeric"
        value={text ?? server}
        contentAfter={save.isPending ? <Spinner size="extra-tiny" aria-label="Saving" /> : undefined}
        onChange={(_, d) => setText(d.value.replace(/[^\d-]/g, ''))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setText(null);
          }
        }}
      />
    </Field>
  );
}
