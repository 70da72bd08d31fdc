import { Switch } from '@fluentui/react-components';
import { useCurrentUser } from '../session/use-current-user.ts';
import { useToggleDemoMode } from './use-toggle-demo-mode.ts';

/** Spec §1: the user switches demo mode on and off; it obfuscates money, customer names and contacts. */
export function DemoModeSwitch() {
  const { data: user } = useCurrentUser();
  const toggle = useToggleDemoMode();
  return (
    <Switch
      label="Demo mode"
      checked={user?.demo_mode ?? false}
      disabled={user === undefined}
      // Ignored while a toggle is on its way (not disabled: that would throw the keyboard focus out).
      onChange={() => {
        if (!toggle.isPending) toggle.mutate();
      }}
    />
  );
}
