import { describe, expect, it } from 'vitest';
import { cameraErrorMessage } from './camera-errors.ts';

const domError = (name: string) => Object.assign(new Error('x'), { name });

describe('camera error messages', () => {
  it('says how to allow the camera when permission is refused', () => {
    expect(cameraErrorMessage(domError('NotAllowedError'), true)).toMatch(/refused.*Allow the camera/);
  });

  it('explains a missing camera and a busy one differently', () => {
    expect(cameraErrorMessage(domError('NotFoundError'), true)).toMatch(/No camera/);
    expect(cameraErrorMessage(domError('NotReadableError'), true)).toMatch(/in use/);
  });

  it('names https first on an insecure page, where the browser hides the camera entirely', () => {
    expect(cameraErrorMessage(domError('NotAllowedError'), false)).toMatch(/https/);
  });

  it('still answers for an unknown failure', () => {
    expect(cameraErrorMessage('boom', true)).toMatch(/could not start/);
  });
});
