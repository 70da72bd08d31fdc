import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedApiTestFiles, isolatedUnitTestFiles, MOCKS_A_MODULE, NEEDS_ITS_OWN_PROCESS } from './isolated-test-files.ts';

const root = resolve(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('the api test projects', () => {
  it('give every file that mocks a module or uses the network a process of its own', () => {
    const needing = [...testFiles(resolve(root, 'api/src')), ...testFiles(resolve(root, 'api/test'))]
      .filter((file) => file !== 'api/test/isolated-test-files.test.ts')
      .filter((file) => NEEDS_ITS_OWN_PROCESS.test(readFileSync(resolve(root, file), 'utf8')))
      .sort();
    expect(needing).toEqual([...isolatedApiTestFiles].sort());
  });

  it('give every unit test file that mocks a module, or binds one to a global it sets, a registry of its own', () => {
    const folders = ['shared/src', 'web/src', 'extension', 'tests/simulators', 'scripts'];
    const mocking = folders
      .flatMap((folder) => testFiles(resolve(root, folder)))
      .filter((file) => !file.includes('/.output/') && !file.includes('/.wxt/'))
      .filter((file) => MOCKS_A_MODULE.test(readFileSync(resolve(root, file), 'utf8')))
      .sort();
    expect(mocking).toEqual([...isolatedUnitTestFiles].sort());
  });
});
