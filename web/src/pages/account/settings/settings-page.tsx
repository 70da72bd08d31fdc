import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { DarkThemeRegular, EyeOffRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { DemoModeSwitch } from '../../../features/demo-mode/demo-mode-switch.tsx';
import { OutboxSection } from '../../../features/outbox/outbox-section.tsx';
import { DensitySlider, TextSizeSlider } from '../../../features/preferences/scale-sliders.tsx';
import { ThemeChoiceField } from '../../../features/preferences/theme-choice-field.tsx';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { BusinessSection } from './business-section.tsx';
import { PhoneSignInSection } from './phone-sign-in-section.tsx';

const useStyles = makeStyles({
  appearance: { display: 'flex', flexDirection: 'column', gap: '24px' },
  sliders: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '24px 32px',
    maxWidth: '720px',
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  demo: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

/** Signed-in page /settings: the business, its outbox (owner), how the app looks, demo mode and phone sign-in. */
export function SettingsPage() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  if (user === undefined) return null;
  return (
    <AppPage title="Settings" description="Business-wide options, and how Tradepost looks on this device.">
      <BusinessSection user={user} />
      <OutboxSection />
      <PageSection
        id="appearance-title"
        title="Appearance"
        description="Saved on this device. Text size and density change every screen at once."
        icon={<DarkThemeRegular />}
      >
        <div className={styles.appearance}>
          <ThemeChoiceField />
          <div className={styles.sliders}>
            <TextSizeSlider />
            <DensitySlider />
          </div>
        </div>
      </PageSection>
      <PageSection
        id="demo-title"
        title="Demo mode"
        description="For showing Tradepost to someone else, on a call or on a shared screen."
        icon={<EyeOffRegular />}
      >
        <div className={styles.demo}>
          <DemoModeSwitch />
          <p className={styles.text}>While it is on, amounts of money, customer names and contact details are hidden on every screen.</p>
        </div>
      </PageSection>
      <PhoneSignInSection />
    </AppPage>
  );
}
