// The auth area's public interface: what other areas may import (the boundary check enforces it).
export { openSession, register } from './auth.service.ts';
export { noStore } from './no-store.ts';
export { hashPassword } from './password.ts';
export { assertStrongPassword } from './password-rule.ts';
export { hashToken, newLinkToken } from './secret-token.ts';
export { Session } from './session.entity.ts';
export { SessionCache } from './session-cache.ts';
export { sessionResponse } from './session-response.ts';
export { User } from './user.entity.ts';
export { accessLists, userDisplayName } from './user.presenter.ts';
export { usernameForEmail } from './usernames.ts';
