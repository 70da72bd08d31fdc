import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BrandMark } from '../public-site/brand-mark.tsx';
import { SessionLoading } from '../session/session-loading.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';
import { TrialBanner } from '../subscription/trial-banner.tsx';
import { deferred } from './deferred.tsx';
import { Sidebar } from './sidebar.tsx';
import { sidebarExpandedAtom } from './sidebar-expanded-atom.ts';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from './sidebar-styles.ts';
import { useNarrowViewport } from './use-narrow-viewport.ts';

// Issue #16: the first screen draws neither the Report Bug dialog (it loads when first opened) nor,
// on a wide screen, the overlay drawer of a narrow one.
const BugReportDialog = deferred(() => import('../bug-report/bug-report-dialog.tsx').then((module) => module.BugReportDialog));
const OverlayDrawer = deferred(() => import('./overlay-drawer.ts').then((module) => module.OverlayDrawer));

const useStyles = makeStyles({
  shell: { display: 'flex', minHeight: '100dvh', backgroundColor: tokens.colorNeutralBackground2 },
  skip: {
    position: 'absolute',
    border: 'none',
    cursor: 'pointer',
    ...typographyStyles.body1Strong,
    insetInlineStart: '8px',
    top: '8px',
    zIndex: 10,
    padding: '8px 14px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForegroundLink,
    boxShadow: tokens.shadow8,
    transform: 'translateY(-200%)',
    ':focus': { transform: 'none', outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  aside: {
    position: 'sticky',
    top: 0,
    // A stacking context above the content, so the floating panel's backdrop (drawn inside) covers the page.
    zIndex: 1,
    flexShrink: 0,
    height: '100dvh',
    width: `${SIDEBAR_WIDTH_EXPANDED}px`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  asideCollapsed: { width: `${SIDEBAR_WIDTH_COLLAPSED}px` },
  drawer: { width: `${SIDEBAR_WIDTH_EXPANDED}px`, maxWidth: '85vw' },
  column: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  topBar: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    minHeight: '56px',
    padding: '8px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  topBrand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  banner: {
    padding: '16px 24px 0',
    maxWidth: '1208px',
    width: '100%',
    marginInline: 'auto',
    ':empty': { display: 'none' },
    '@media (max-width: 600px)': { padding: '12px 16px 0' },
  },
  main: { flexGrow: 1, minWidth: 0, outline: 'none' },
});

/**
 * The signed-in frame of spec §2: the sidebar (220 px, or 60 px of icons when collapsed; an overlay
 * behind a menu button at 768 px or narrower), the trial banner, and the page. Report Bug opens the
 * bug-report dialog. Sits below RequireSession, so the current user is loaded.
 */
export function MainLayout() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const narrow = useNarrowViewport();
  const [expanded, setExpanded] = useAtom(sidebarExpandedAtom);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [bugReportOpen, setBugReportOpen] = useState(false);
  // Mounted from its first opening on, so it keeps its state and closes with its animation.
  const [bugReportUsed, setBugReportUsed] = useState(false);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);

  // A new page closes the overlay (a link in it was followed, or the back button was used).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    setOverlayOpen(false);
  }, [pathname]);

  // Widening the window past the breakpoint leaves no overlay behind.
  useEffect(() => {
    if (!narrow) setOverlayOpen(false);
  }, [narrow]);

  if (user === undefined) return <SessionLoading />;

  const skipToContent = () => {
    mainRef.current?.focus();
  };

  const openBugReport = () => {
    setOverlayOpen(false);
    setBugReportUsed(true);
    setBugReportOpen(true);
  };

  const sidebarProps = {
    user,
    onToggleCollapsed: () => setExpanded(!expanded),
    onClose: () => setOverlayOpen(false),
    onReportBug: openBugReport,
  };

  return (
    <div className={styles.shell}>
      <button type="button" className={styles.skip} onClick={skipToContent}>
        Skip to main content
      </button>
      {narrow ? (
        <OverlayDrawer
          open={overlayOpen}
          onOpenChange={(_event, data) => setOverlayOpen(data.open)}
          position="start"
          className={styles.drawer}
          aria-label="Navigation"
        >
          <Sidebar {...sidebarProps} collapsed={false} overlay onNavigate={() => setOverlayOpen(false)} />
        </OverlayDrawer>
      ) : (
        <aside className={mergeClasses(styles.aside, !expanded && styles.asideCollapsed)} aria-label="Sidebar">
          <Sidebar {...sidebarProps} collapsed={!expanded} overlay={false} />
        </aside>
      )}
      <div className={styles.column}>
        {narrow ? (
          <header className={styles.topBar}>
            <Button
              appearance="subtle"
              icon={<NavigationRegular />}
              aria-label="Open navigation"
              aria-expanded={overlayOpen}
              onClick={() => setOverlayOpen(true)}
            />
            <span className={styles.topBrand}>
              <BrandMark size={24} />
              Tradepost
            </span>
          </header>
        ) : null}
        <div className={styles.banner}>
          <TrialBanner />
        </div>
        <main id="main-content" ref={mainRef} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
      </div>
      {bugReportUsed ? <BugReportDialog open={bugReportOpen} onOpenChange={setBugReportOpen} /> : null}
    </div>
  );
}
