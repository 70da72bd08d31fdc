import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFilesThatMock } from './files-that-mock.ts';

const root = resolve(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

describe('the api test projects', () => {
  it('run every file that mocks a module in its own module registry', () => {
    const mocking = [...testFiles(resolve(root, 'api/src')), ...testFiles(resolve(root, 'api/test'))]
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(resolve(root, file), 'utf8')))
      .sort();
    expect(mocking).toEqual([...apiFilesThatMock].sort());
  });
});
