// A browser that dies the way a tablet's does: Debian's Chromium started as its own process on a
// persistent profile, driven over the DevTools protocol, then killed with SIGKILL (no unload, no
// flush) and started again on the same profile. IndexedDB and the service worker survive a real
// restart; cookies written in the last seconds may not (Chromium saves them lazily).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumArgs } from '../chromium-args';

export type Running = { process: ChildProcess; browser: Browser; context: BrowserContext };

export class KillableBrowser {
  readonly profile = mkdtempSync(path.join(os.tmpdir(), 'e2e-profile-'));
  private running: Running | null = null;

  /** Starts Chromium on the profile; `offline` cuts the network before any page loads. */
  async start(options: { offline?: boolean } = {}): Promise<BrowserContext> {
    const portFile = path.join(this.profile, 'DevToolsActivePort');
    rmSync(portFile, { force: true });
    const child = spawn(
      '/usr/bin/chromium',
      [
        '--headless=new',
        ...chromiumArgs,
        '--lang=es-CR',
        `--user-data-dir=${this.profile}`,
        // Port 0: Chromium picks a free one and writes it to DevToolsActivePort.
        '--remote-debugging-port=0',
        'about:blank',
      ],
      { stdio: 'ignore', detached: true, env: { ...process.env, TZ: 'America/Costa_Rica' } },
    );
    const port = await waitForPort(portFile);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = browser.contexts()[0];
    if (options.offline) await context.setOffline(true);
    this.running = { process: child, browser, context };
    return context;
  }

  /** SIGKILL to Chromium and its children (its own process group, started above), then wait for it. */
  async kill(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    const exited = new Promise((resolve) => running.process.once('exit', resolve));
    process.kill(-running.process.pid!, 'SIGKILL');
    await exited;
    await running.browser.close().catch(() => undefined);
  }

  /**
   * Whether Chromium has written a cookie of this name to the profile's cookie database. It keeps new
   * cookies in memory and commits them about every 30 s; only written ones survive a SIGKILL.
   */
  cookieOnDisk(name: string): boolean {
    const database = path.join(this.profile, 'Default', 'Cookies');
    // Names are stored in clear (only values are encrypted): finding the name's bytes is enough.
    return existsSync(database) && readFileSync(database).includes(name);
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.profile, { recursive: true, force: true });
  }
}

async function waitForPort(file: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}
