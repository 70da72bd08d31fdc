import type { ComponentType } from 'react';
import type { PublicSitePath } from '../../features/public-site/public-site-paths.ts';

/** Each public page of the light public site (features/public-site/public-site-start.tsx), one chunk per page; the app's router loads the same modules. */
export const publicSitePages: Record<PublicSitePath, () => Promise<ComponentType>> = {
  '/': () => import('./landing/landing-page.tsx').then((module) => module.LandingPage),
  '/features': () => import('./features/features-page.tsx').then((module) => module.FeaturesPage),
  '/pricing': () => import('./pricing/pricing-page.tsx').then((module) => module.PricingPage),
  '/testimonials': () => import('./testimonials/testimonials-page.tsx').then((module) => module.TestimonialsPage),
  '/about': () => import('./about/about-page.tsx').then((module) => module.AboutPage),
};
