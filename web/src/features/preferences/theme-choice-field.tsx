import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import type { ThemeChoice } from '@tradepost/shared/schemas/preferences.ts';
import { useAtom } from 'jotai';
import { themeChoiceAtom } from './theme-choice-atom.ts';

type Option = 'light' | 'dark' | 'system';

const toOption = (choice: ThemeChoice | null): Option => choice ?? 'system';
const toChoice = (option: string): ThemeChoice | null => (option === 'light' || option === 'dark' ? option : null);

/** Spec §1: the theme for the settings page. System follows the operating system's setting live. */
export function ThemeChoiceField() {
  const [choice, setChoice] = useAtom(themeChoiceAtom);
  return (
    <Field label="Theme" hint="System follows your device's light or dark setting.">
      <RadioGroup layout="horizontal" value={toOption(choice)} onChange={(_event, data) => setChoice(toChoice(data.value))}>
        <Radio value="light" label="Light" />
        <Radio value="dark" label="Dark" />
        <Radio value="system" label="System" />
      </RadioGroup>
    </Field>
  );
}
