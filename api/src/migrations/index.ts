import { Migration20261121000001Accounts } from './20261121-0001-accounts.ts';

/** Every migration, in order. Listed explicitly so no file-system discovery runs at boot. */
export const migrationsList = [{ name: '20261121-0001-accounts', class: Migration20261121000001Accounts }];
