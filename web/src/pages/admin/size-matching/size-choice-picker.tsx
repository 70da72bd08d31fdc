import { Combobox, makeStyles, Option, tokens, typographyStyles } from '@fluentui/react-components';
import { type Ref, useMemo, useState } from 'react';
import { type SizeChoice, searchSizeChoices } from '../../../features/sizes/size-choices.ts';

const useStyles = makeStyles({
  combobox: { width: '100%', minWidth: 0 },
  listbox: { maxHeight: '320px' },
  option: { display: 'flex', justifyContent: 'space-between', gap: '12px', width: '100%' },
  format: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
});

type SizeChoicePickerProps = {
  choices: readonly SizeChoice[];
  value: SizeChoice | null;
  onPick: (choice: SizeChoice) => void;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
};

/** Every size of every format the entry may use, searched by label and format name ('eu 44', 'gs 6', 'rings'). */
export function SizeChoicePicker({ choices, value, onPick, inputRef, label }: SizeChoicePickerProps) {
  const styles = useStyles();
  const [query, setQuery] = useState<string | null>(null);
  const matches = useMemo(() => searchSizeChoices(choices, query ?? ''), [choices, query]);
  return (
    <Combobox
      ref={inputRef}
      className={styles.combobox}
      listbox={{ className: styles.listbox }}
      aria-label={label}
      value={query ?? (value === null ? '' : `${value.label} (${value.formatName})`)}
      selectedOptions={value === null ? [] : [value.key]}
      freeform={false}
      onChange={(event) => setQuery(event.target.value)}
      onOpenChange={(_, data) => {
        if (!data.open) setQuery(null);
      }}
      onOptionSelect={(_, data) => {
        const choice = choices.find((c) => c.key === data.optionValue);
        if (choice !== undefined) onPick(choice);
        setQuery(null);
      }}
    >
      {matches.length === 0 ? (
        <Option disabled value="" text="">
          No size matches “{query}”
        </Option>
      ) : (
        matches.map((choice) => (
          <Option key={choice.key} value={choice.key} text={`${choice.label} (${choice.formatName})`}>
            <span className={styles.option}>
              <span>{choice.label}</span>
              <span className={styles.format}>
                {choice.formatName}
                {choice.business === null ? '' : ` · ${choice.business}`}
              </span>
            </span>
          </Option>
        ))
      )}
    </Combobox>
  );
}
