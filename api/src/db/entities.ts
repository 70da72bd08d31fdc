import { LoginAttempt } from '../modules/auth/login-attempt.entity.ts';
import { Session } from '../modules/auth/session.entity.ts';
import { User } from '../modules/auth/user.entity.ts';
import { Business } from '../modules/businesses/business.entity.ts';
import { UserPreference } from '../modules/preferences/user-preference.entity.ts';
import { ViewPreference } from '../modules/preferences/view-preference.entity.ts';

export const entities = [Business, User, Session, LoginAttempt, UserPreference, ViewPreference];
