import { mountExtensionPage } from '../../components/mount-extension-page.tsx';

mountExtensionPage();
