import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';

/*
 * zod/mini: the same schemas as classic `zod` (one core underneath: the API's type provider, a
 * classic `z.object` shape, `.parse` and `.safeParse` all take them), written with functions
 * instead of methods (`z.optional(s)`, `z.string().check(z.maxLength(80))`), so a bundle holds only
 * the functions it calls. What the signed-in first screen reads is checked with these (issue #16):
 * classic zod cannot be tree-shaken, 27 KB gzip against about 10. Files written with them say so at
 * their top; the rest of shared/src/schemas is classic.
 *
 * zod/mini ships without messages (every issue would read "Invalid input"): English is set here
 * when no locale is, as classic zod does on its first schema, so an issue reads the same whichever
 * of the two built the schema.
 */
if (!z.core.globalConfig.localeError) z.config(en());

export { z };
