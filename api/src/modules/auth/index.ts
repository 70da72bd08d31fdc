import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';
import { LoginAttempt } from './login-attempt.entity.ts';
import { MobileLoginCode } from './mobile-login-code.entity.ts';
import { Session } from './session.entity.ts';
import { User } from './user.entity.ts';

export const authModule = defineModule({
  name: 'auth',
  description: "Sign-in, registration, sessions and one's own profile.",
  entities: [User, Session, LoginAttempt, MobileLoginCode],
  apiRoutes: [authRoutes],
});
