import { defineBackground } from 'wxt/utils/define-background';
import { createAuthService } from '../lib/auth-service.ts';
import { registerCaptureMenu } from '../lib/capture-menu.ts';
import { listenForMessages } from '../lib/messages.ts';

export default defineBackground(() => {
  // Listeners must be registered synchronously so a message that wakes the worker is not lost.
  const auth = createAuthService();
  listenForMessages({
    'get-session': () => auth.getSession(),
    'sign-in': (message) => auth.signIn(message),
    'sign-out': () => auth.signOut(),
  });
  registerCaptureMenu();
});
