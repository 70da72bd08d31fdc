import { mountExtensionPage } from '../../components/mount-extension-page.tsx';
import { SidePanelApp } from '../../components/side-panel/side-panel-app.tsx';

mountExtensionPage(SidePanelApp);
