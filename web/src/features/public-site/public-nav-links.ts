/** The public site's pages, in the order the header and footer list them. */
export const publicNavLinks = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/testimonials', label: 'Testimonials' },
  { to: '/about', label: 'About' },
] as const;
