import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper.ts';

describe('stopping the server', () => {
  it('does not wait for a kept-alive connection that was answering when the stop began', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true });
    let closing: Promise<void> | undefined;
    // The stop begins while the request is being answered, so its connection is busy then and
    // falls idle afterwards, kept alive by the client.
    t.app.server.once('request', () => {
      closing = t.app.close();
    });
    const status = await new Promise<number>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBeGreaterThan(0);
    // Without closing it as it fell idle, the stop waited for the keep-alive timeout (72 s).
    const outcome = await Promise.race([
      closing?.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000).unref()),
    ]);
    agent.destroy();
    expect(outcome).toBe('closed');
    await t.close();
  });
});
