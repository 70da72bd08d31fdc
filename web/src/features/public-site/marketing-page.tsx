import type { ReactNode } from 'react';
import layout from './marketing-layout.module.css';
import styles from './marketing-page.module.css';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

/** Frame of a public page: the public header, the page, the public footer. */
export function MarketingPage({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main className={styles.main}>{children}</main>
      <PublicFooter />
    </div>
  );
}

type PageHeroProps = { id: string; eyebrow: string; title: ReactNode; lead: ReactNode; children?: ReactNode };

/** The opening of a public page: what the page is about, in one heading and one paragraph. */
export function PageHero({ id, eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby={id}>
      <div className={layout.container}>
        <div className={styles.heroInner}>
          <p className={layout.eyebrow}>{eyebrow}</p>
          <h1 id={id} className={styles.title}>
            {title}
          </h1>
          <div className={styles.lead}>{lead}</div>
          {children === undefined ? null : <div className={styles.extra}>{children}</div>}
        </div>
      </div>
    </section>
  );
}
