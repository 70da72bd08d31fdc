import { MarketingPage } from '../../../features/public-site/marketing-page.tsx';
import { TrialCallToAction } from '../../../features/public-site/trial-call-to-action.tsx';
import { LandingFeatures } from './landing-features.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingSteps } from './landing-steps.tsx';

/** The public front door at `/` for visitors who are not signed in. */
export function LandingPage() {
  return (
    <MarketingPage>
      <LandingHero />
      <LandingFeatures />
      <LandingSteps />
      <TrialCallToAction />
    </MarketingPage>
  );
}
