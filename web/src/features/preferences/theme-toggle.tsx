import { Button, Tooltip } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { themeChoiceAtom } from './theme-choice-atom.ts';
import { useResolvedTheme } from './use-resolved-theme.ts';

/** Flips between light and dark and saves the choice (it then wins over the system setting). */
export function ThemeToggle() {
  const resolved = useResolvedTheme();
  const setChoice = useSetAtom(themeChoiceAtom);
  const next = resolved === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={resolved === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
        onClick={() => setChoice(next)}
      />
    </Tooltip>
  );
}
