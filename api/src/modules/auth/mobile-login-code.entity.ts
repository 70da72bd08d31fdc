import { defineEntity, p } from '@mikro-orm/core';
import { newId } from '../../db/ids.ts';
import { User } from './user.entity.ts';

/** A one-time code a signed-in desktop shows so a phone can sign in. Only the hash is stored. */
const MobileLoginCodeSchema = defineEntity({
  name: 'MobileLoginCode',
  tableName: 'mobile_login_codes',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(User),
    codeHash: p.string().unique().hidden(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class MobileLoginCode extends MobileLoginCodeSchema.class {}
MobileLoginCodeSchema.setClass(MobileLoginCode);
