import { mountExtensionPage } from '../../components/mount-extension-page.tsx';
import { OptionsPage } from '../../components/options-page.tsx';

mountExtensionPage(OptionsPage);
