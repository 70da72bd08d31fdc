import { LoginAttempt } from '../modules/auth/login-attempt.entity.ts';
import { MobileLoginCode } from '../modules/auth/mobile-login-code.entity.ts';
import { Session } from '../modules/auth/session.entity.ts';
import { User } from '../modules/auth/user.entity.ts';
import { BugReport } from '../modules/bug-reports/bug-report.entity.ts';
import { Business } from '../modules/businesses/business.entity.ts';
import { Barcode } from '../modules/catalog/barcode.entity.ts';
import { Product } from '../modules/catalog/product.entity.ts';
import { Variant } from '../modules/catalog/variant.entity.ts';
import { Location } from '../modules/inventory/location.entity.ts';
import { UserPreference } from '../modules/preferences/user-preference.entity.ts';
import { ViewPreference } from '../modules/preferences/view-preference.entity.ts';
import { Invitation } from '../modules/team/invitation.entity.ts';

export const entities = [
  Business,
  User,
  Session,
  LoginAttempt,
  UserPreference,
  ViewPreference,
  BugReport,
  Invitation,
  MobileLoginCode,
  Location,
  Product,
  Variant,
  Barcode,
];
