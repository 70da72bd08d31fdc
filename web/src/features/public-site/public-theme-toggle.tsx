import { cx } from './cx.ts';
import { WeatherMoonRegular, WeatherSunnyRegular } from './public-icons.ts';
import buttons from './public-link.module.css';
import { usePublicSite } from './public-site-context.ts';

/** Flips between light and dark and saves the choice (it then wins over the system setting), as the app's ThemeToggle does. */
export function PublicThemeToggle() {
  const { theme, setTheme } = usePublicSite();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <button
      type="button"
      className={cx(buttons.button, buttons.subtle, buttons.iconOnly)}
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <span className={buttons.buttonIcon}>{theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}</span>
    </button>
  );
}
