/** Every IANA time zone this browser knows, plus UTC (which some browsers leave out of the list). */
export function allTimeZones(): readonly string[] {
  cached ??= buildList();
  return cached;
}

let cached: readonly string[] | undefined;

function buildList(): readonly string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

const offsets = new Map<string, string>();

/** "GMT+1", "GMT-5" now in that zone (daylight saving included); '' when the browser cannot say. */
export function timeZoneOffset(zone: string): string {
  const known = offsets.get(zone);
  if (known !== undefined) return known;
  let offset = '';
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    offset = part?.value ?? '';
  } catch {
    offset = '';
  }
  offsets.set(zone, offset);
  return offset;
}

/** "America/New_York" → "America / New York": easier to read in a list. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ').replaceAll('/', ' / ');
}

/** The browser's own zone, when it is one the server accepts. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return allTimeZones().includes(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
