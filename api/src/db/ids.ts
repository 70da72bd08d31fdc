import { uuidv7 } from 'uuidv7';

/** Time-ordered UUIDs keep new rows at the end of primary-key indexes. */
export const newId = (): string => uuidv7();
