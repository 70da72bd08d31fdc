import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { trialBannerContent } from './trial-banner-content.ts';
import { useTrialStatus } from './use-trial-status.ts';

/**
 * Spec §1: the trial with its days remaining (status cached 5 minutes), or a message once it ended.
 * Nothing while loading, on error, for signed-out visitors or for a business not on a trial.
 */
export function TrialBanner() {
  const trial = useTrialStatus();
  const content = trialBannerContent(trial.data);
  if (content === null) return null;
  return (
    <MessageBar intent={content.intent} layout="multiline" aria-live="polite">
      <MessageBarBody>
        <MessageBarTitle>{content.title}</MessageBarTitle>
        {content.body}
      </MessageBarBody>
    </MessageBar>
  );
}
