import { makeStyles, tokens } from '@fluentui/react-components';
import { PublicFooter } from '../../../features/public-site/public-footer.tsx';
import { PublicHeader } from '../../../features/public-site/public-header.tsx';
import { LandingCallToAction } from './landing-call-to-action.tsx';
import { LandingFeatures } from './landing-features.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingSteps } from './landing-steps.tsx';

const useStyles = makeStyles({
  page: {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  main: { flexGrow: 1 },
});

/** The public front door at `/` for visitors who are not signed in. */
export function LandingPage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main className={styles.main}>
        <LandingHero />
        <LandingFeatures />
        <LandingSteps />
        <LandingCallToAction />
      </main>
      <PublicFooter />
    </div>
  );
}
