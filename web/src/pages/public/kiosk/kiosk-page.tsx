import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { BoxSearchRegular, BuildingShopRegular, type FluentIcon, HandWaveRegular, RulerRegular } from '@fluentui/react-icons';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import layout from '../../../features/public-site/marketing-layout.module.css';
import { PublicHeader } from '../../../features/public-site/public-header.tsx';

const useStyles = makeStyles({
  page: {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: { flexGrow: 1, padding: '56px 0 72px', '@media (max-width: 600px)': { padding: '28px 0 48px' } },
  top: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.05fr) minmax(0, 0.95fr)',
    gap: '48px',
    alignItems: 'center',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '32px' },
  },
  title: {
    ...typographyStyles.largeTitle,
    fontSize: 'clamp(2.25rem, 3.4vw + 1rem, 4rem)',
    lineHeight: 1.04,
    letterSpacing: '-0.035em',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    margin: '0 0 20px',
    textWrap: 'balance',
  },
  lead: {
    ...typographyStyles.body2,
    fontSize: 'clamp(1.125rem, 0.4vw + 1rem, 1.3125rem)',
    lineHeight: 1.6,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '600px',
  },
  status: {
    display: 'flex',
    gap: '16px',
    alignItems: 'flex-start',
    marginTop: '32px',
    padding: '20px 24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    '@media (max-width: 600px)': { padding: '16px', gap: '12px' },
  },
  statusIcon: {
    width: '48px',
    height: '48px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusLarge,
    display: 'grid',
    placeItems: 'center',
    fontSize: '28px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    '@media (max-width: 600px)': { width: '40px', height: '40px', fontSize: '22px' },
  },
  statusTitle: { ...typographyStyles.subtitle1, margin: '0 0 6px', color: tokens.colorNeutralForeground1 },
  statusText: { ...typographyStyles.body1, fontSize: '1rem', lineHeight: 1.6, margin: 0, color: tokens.colorNeutralForeground2 },
  preview: {
    margin: 0,
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  previewHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '12px', marginBottom: '16px' },
  previewTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  systems: { display: 'flex', flexWrap: 'wrap', gap: '6px', marginBottom: '16px' },
  system: {
    ...typographyStyles.caption1Strong,
    padding: '6px 12px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  systemActive: {
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandBackground}`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  sizes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    gap: '8px',
    '@media (max-width: 420px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
  size: {
    display: 'grid',
    placeItems: 'center',
    height: '52px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.body1Strong,
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground1,
  },
  previewCaption: { ...typographyStyles.caption1, margin: '14px 0 0', color: tokens.colorNeutralForeground3 },
  stepsSection: { marginTop: '64px', '@media (max-width: 600px)': { marginTop: '40px' } },
  stepsTitle: { ...typographyStyles.title3, margin: '0 0 20px', color: tokens.colorNeutralForeground1 },
  steps: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '20px',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  staff: {
    marginTop: '48px',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px 32px',
    padding: '24px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 600px)': { padding: '20px' },
  },
  staffText: { maxWidth: '680px' },
  staffTitle: { ...typographyStyles.subtitle1, margin: '0 0 6px', color: tokens.colorNeutralForeground1 },
});

type Step = { icon: FluentIcon; title: string; text: string };

const steps: readonly Step[] = [
  {
    icon: RulerRegular,
    title: 'Pick your size',
    text: 'Choose a size system (US men, US women, GS, EU or UK) and tap your size. Sizes are converted for you.',
  },
  {
    icon: BoxSearchRegular,
    title: 'See what is in stock',
    text: 'Everything this shop has in your size, with its price and condition, straight from the shop’s live inventory.',
  },
  {
    icon: HandWaveRegular,
    title: 'Ask to try it on',
    text: 'Show the item to a member of staff and they will bring it out from the stock room.',
  },
];

const previewSizes = ['4', '5', '6', '7', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12'] as const;

/**
 * Public page /kiosk: the store-floor screen where customers browse stock by size. The shop's
 * inventory is not connected yet, so the page explains the kiosk and says so plainly, with no
 * made-up products.
 */
export function KioskPage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <PublicHeader showAuthLinks={false} showNav={false} />
      <main className={styles.main}>
        <div className={layout.container}>
          <div className={styles.top}>
            <section aria-labelledby="kiosk-title">
              <p className={layout.eyebrow}>In-store kiosk</p>
              <h1 id="kiosk-title" className={styles.title}>
                Browse this shop’s stock by size
              </h1>
              <p className={styles.lead}>
                This screen lets you see what the shop has in your size, without waiting for someone to check the stock room.
              </p>
              <div className={styles.status} role="status">
                <span className={styles.statusIcon} aria-hidden="true">
                  <BuildingShopRegular />
                </span>
                <div>
                  <h2 className={styles.statusTitle}>Stock browsing is not open on this screen yet</h2>
                  <p className={styles.statusText}>
                    It becomes available once this shop’s inventory is set up in Tradepost. Until then, a member of staff will gladly check
                    sizes and availability for you.
                  </p>
                </div>
              </div>
            </section>
            <figure className={styles.preview} aria-label="How the size picker looks">
              <div className={styles.previewHead}>
                <p className={styles.previewTitle}>Choose your size</p>
              </div>
              <div className={styles.systems} aria-hidden="true">
                {['US men', 'US women', 'GS', 'EU', 'UK'].map((system, index) => (
                  <span key={system} className={mergeClasses(styles.system, index === 0 && styles.systemActive)}>
                    {system}
                  </span>
                ))}
              </div>
              <div className={styles.sizes} aria-hidden="true">
                {previewSizes.map((size) => (
                  <span key={size} className={styles.size}>
                    {size}
                  </span>
                ))}
              </div>
              <figcaption className={styles.previewCaption}>
                The size picker customers use once stock is connected. Only sizes the shop holds will show items.
              </figcaption>
            </figure>
          </div>

          <section className={styles.stepsSection} aria-labelledby="kiosk-steps-title">
            <h2 id="kiosk-steps-title" className={styles.stepsTitle}>
              How the kiosk works
            </h2>
            <ol className={styles.steps}>
              {steps.map(({ icon: Icon, title, text }) => (
                <li key={title} className={layout.card}>
                  <span className={layout.iconTile} aria-hidden="true">
                    <Icon />
                  </span>
                  <h3 className={layout.cardTitle}>{title}</h3>
                  <p className={layout.text}>{text}</p>
                </li>
              ))}
            </ol>
          </section>

          <section className={styles.staff} aria-labelledby="kiosk-staff-title">
            <div className={styles.staffText}>
              <h2 id="kiosk-staff-title" className={styles.staffTitle}>
                For shop staff
              </h2>
              <p className={layout.text}>
                Sign in and set up your inventory, then open this page on the store’s screen. The kiosk only ever shows what is in stock and
                ready for sale here: never costs, suppliers or consignors.
              </p>
            </div>
            <ButtonLink to="/login" appearance="secondary" size="large">
              Staff sign in
            </ButtonLink>
          </section>
        </div>
      </main>
    </div>
  );
}
