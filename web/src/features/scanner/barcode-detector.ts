// The reader build of zxing-wasm, bundled and served by us: the polyfill would otherwise fetch it
// from a CDN, which fails offline and on networks that block third-party hosts. web/package.json
// pins zxing-wasm to the version barcode-detector depends on, so this is the copy it loads.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The formats on shoe boxes, apparel tags and our own labels. */
export const scanFormats = ['ean_13', 'upc_a', 'upc_e', 'ean_8', 'code_128', 'code_39', 'qr_code'] as const;
export type ScanFormat = (typeof scanFormats)[number];

export type DetectedCode = { rawValue: string; format: string };

/** What we use of the Barcode Detection API, native or polyfilled. */
export type CodeDetector = { detect(source: HTMLVideoElement): Promise<DetectedCode[]> };

type NativeDetectorClass = {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own detector when it reads every format we need (Chrome on Android, Safari 17+),
 * else the zxing-wasm polyfill, loaded on demand so screens without a camera never download it.
 */
export async function createCodeDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native !== undefined) {
    try {
      const supported = new Set(await native.getSupportedFormats());
      if (scanFormats.every((format) => supported.has(format))) return new native({ formats: [...scanFormats] });
    } catch {
      // Some desktop builds expose the class without a backend; the polyfill covers them.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? new URL(zxingReaderWasmUrl, window.location.href).href : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: [...scanFormats] });
}
