import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  // Fluent's brand avatar (colour, type, the transparent border high-contrast mode draws) without
  // its component: the user menu draws one at first paint, and Fluent's Avatar with its badge, ring
  // and image slots is 9 KB gzip of the first screen (issue #16).
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    fontFamily: tokens.fontFamilyBase,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    lineHeight: 1,
    userSelect: 'none',
    color: tokens.colorNeutralForegroundStaticInverted,
    backgroundColor: tokens.colorBrandBackgroundStatic,
  },
  size32: { width: '32px', height: '32px' },
  size40: { width: '40px', height: '40px' },
  icon: { fontSize: '20px' },
});

/**
 * Up to two initials: of the first and the last word, brackets and what they enclose left out
 * ("Sam (Kicks) Frame" → "SF"). Empty when no word starts with a letter or digit.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[([{][^)\]}]*([)\]}]|$)/g, ' ')
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((initial) => initial !== undefined);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return `${first}${last}`.toUpperCase();
}

/** A round brand-coloured avatar with the name's initials (a person icon when it has none). Decorative: the name is beside it. */
export function InitialsAvatar({ name, size }: { name: string; size: 32 | 40 }) {
  const styles = useStyles();
  const initials = initialsOf(name);
  return (
    <span className={mergeClasses(styles.root, size === 32 ? styles.size32 : styles.size40)} aria-hidden="true">
      {initials === '' ? <PersonRegular className={styles.icon} /> : initials}
    </span>
  );
}
