import { type LoginBody, type LoginResponse, loginResponseSchema } from '@tradepost/shared/schemas/auth.ts';
import { api } from '../../app/api.ts';

export function requestSignIn(body: LoginBody): Promise<LoginResponse> {
  return api.post('/auth/login/json', { body, schema: loginResponseSchema });
}
