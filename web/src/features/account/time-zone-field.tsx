import { Combobox, Field, makeStyles, Option, tokens, typographyStyles } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { allTimeZones, timeZoneLabel, timeZoneOffset } from './time-zones.ts';

const MAX_OPTIONS = 60;

const useStyles = makeStyles({
  combobox: { width: '100%', minWidth: 0 },
  listbox: { maxHeight: '320px' },
  option: { display: 'flex', justifyContent: 'space-between', gap: '12px', width: '100%' },
  offset: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
});

type TimeZoneFieldProps = {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  hint?: string;
  validationMessage?: string;
  disabled?: boolean;
  className?: string;
};

/** A searchable list of IANA time zones: type part of a city or region, then pick. */
export function TimeZoneField({ label, value, onChange, hint, validationMessage, disabled, className }: TimeZoneFieldProps) {
  const styles = useStyles();
  const [query, setQuery] = useState<string | null>(null);
  const zones = allTimeZones();

  const matches = useMemo(() => {
    const words = (query ?? '')
      .toLowerCase()
      .replaceAll('_', ' ')
      .split(/[\s/]+/)
      .filter((word) => word !== '');
    const found = zones.filter((zone) => {
      const haystack = zone.toLowerCase().replaceAll('_', ' ');
      return words.every((word) => haystack.includes(word));
    });
    // The saved zone stays in the list so the combobox can show it as selected.
    const limited = found.slice(0, MAX_OPTIONS);
    return limited.includes(value) || query !== null ? limited : [value, ...limited];
  }, [query, value, zones]);

  return (
    <Field label={label} hint={hint} validationMessage={validationMessage} className={className}>
      <Combobox
        className={styles.combobox}
        listbox={{ className: styles.listbox }}
        disabled={disabled}
        value={query ?? timeZoneLabel(value)}
        selectedOptions={[value]}
        onChange={(event) => setQuery(event.target.value)}
        onOpenChange={(_, data) => {
          if (!data.open) setQuery(null);
        }}
        onOptionSelect={(_, data) => {
          if (data.optionValue !== undefined) onChange(data.optionValue);
          setQuery(null);
        }}
      >
        {matches.length === 0 ? (
          <Option disabled value="" text="">
            No time zone matches “{query}”
          </Option>
        ) : (
          matches.map((zone) => (
            <Option key={zone} value={zone} text={timeZoneLabel(zone)}>
              <span className={styles.option}>
                <span>{timeZoneLabel(zone)}</span>
                <span className={styles.offset}>{timeZoneOffset(zone)}</span>
              </span>
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}
