import { mountExtensionPage } from '../../components/mount-extension-page.tsx';
import { SignInPanel } from '../../components/sign-in-panel.tsx';

mountExtensionPage(SignInPanel);
