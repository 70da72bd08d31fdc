import sharp from 'sharp';

// The demo business's product photos, drawn here: a plain sneaker silhouette on the colourway's
// colours with the product's name. Generated, so no one's photos are copied, and real image files,
// so listing a demo product uploads real bytes to each marketplace (reference §5b).

export type DemoPhotoSpec = { title: string; upper: string; sole: string; accent: string; background: string };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The drawing as SVG, 800 × 600 (eBay wants 500 px on the long side): a low sneaker from the side, the name underneath. */
export function demoPhotoSvg(spec: DemoPhotoSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 1200 900">
  <rect width="1200" height="900" fill="${spec.background}"/>
  <ellipse cx="600" cy="640" rx="430" ry="34" fill="#000" opacity="0.12"/>
  <path d="M190 560 C190 470 240 420 330 400 L470 360 C520 300 560 250 640 250 L700 250 C730 320 800 360 900 380 C990 400 1030 450 1030 520 L1030 560 Z" fill="${spec.upper}"/>
  <path d="M470 360 C560 380 660 380 760 340 L790 372 C690 420 560 430 450 400 Z" fill="${spec.accent}"/>
  <path d="M560 470 C660 430 780 430 900 470" stroke="${spec.accent}" stroke-width="26" fill="none" stroke-linecap="round"/>
  <circle cx="610" cy="300" r="9" fill="${spec.sole}"/><circle cx="650" cy="290" r="9" fill="${spec.sole}"/><circle cx="690" cy="285" r="9" fill="${spec.sole}"/>
  <path d="M170 560 L1050 560 C1060 600 1040 625 1000 625 L220 625 C180 625 160 600 170 560 Z" fill="${spec.sole}"/>
  <rect x="170" y="585" width="880" height="10" fill="#000" opacity="0.08"/>
  <text x="600" y="760" text-anchor="middle" font-family="sans-serif" font-size="52" font-weight="700" fill="#1b1b1b">${escapeXml(spec.title)}</text>
  <text x="600" y="820" text-anchor="middle" font-family="sans-serif" font-size="30" fill="#1b1b1b" opacity="0.6">Tradepost demo photo</text>
</svg>`;
}

/** The drawing as a JPEG file, as a phone would upload it. */
export function renderDemoPhoto(spec: DemoPhotoSpec): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(spec)))
    .jpeg({ quality: 85 })
    .toBuffer();
}
