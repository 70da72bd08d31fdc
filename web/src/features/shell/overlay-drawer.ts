/**
 * Fluent's overlay drawer, in a module of its own so that the signed-in frame loads it only on a
 * narrow screen, where the sidebar is drawn in it (issue #16: the frame loads Fluent components by use).
 */
export { OverlayDrawer } from '@fluentui/react-components';
