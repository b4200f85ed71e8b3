// Starts the real Kiosk server for the browser journeys: `KIOSK_BIN serve --listen 127.0.0.1:0
// --data-dir <fresh temp dir>`, waits for its `listening on http://…` line on stdout, exports the
// base URL as KIOSK_BASE_URL and returns the teardown that stops it and removes the data.
// A stand-in OpenID provider is started first and configured as the shop's Google and LINE sign-in
// (Facebook stays unconfigured); once the server listens, the admin account is created with the
// real CLI (`kiosk user add`) in the same data directory.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './accounts';
import { C2P_MERCHANT_ID, C2P_SECRET_KEY, startC2pStandin } from './c2p-standin';
import { LINE_CHANNEL_ID, LINE_CHANNEL_SECRET, startOidcStandin, STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from './oidc-standin';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STARTUP_TIMEOUT_MS = 60_000;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = path.resolve(uiDir, process.env.KIOSK_BIN ?? '../target/debug/kiosk');
  if (!existsSync(bin)) throw new Error(`Kiosk server binary not found at ${bin} (build it, or set KIOSK_BIN)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kiosk-e2e-'));
  const logPath = path.join(dataDir, 'server.log');
  const log = createWriteStream(logPath);
  const provider = await startOidcStandin();
  // Card payment goes to a local 2C2P stand-in (loopback only); card-payment.spec.ts drives it.
  const c2p = await startC2pStandin();
  process.env.KIOSK_E2E_2C2P_URL = c2p.url;
  const server = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      // Every journey registers its shoppers from this one address.
      KIOSK_REGISTRATIONS_PER_HOUR: '100000',
      KIOSK_AUTH__GOOGLE__CLIENT_ID: STANDIN_CLIENT_ID,
      KIOSK_AUTH__GOOGLE__CLIENT_SECRET: STANDIN_CLIENT_SECRET,
      KIOSK_AUTH__GOOGLE__AUTH_URL: `${provider.url}/authorize`,
      KIOSK_AUTH__GOOGLE__TOKEN_URL: `${provider.url}/token`,
      KIOSK_AUTH__GOOGLE__USERINFO_URL: `${provider.url}/userinfo`,
      KIOSK_AUTH__GOOGLE__JWKS_URL: `${provider.url}/jwks`,
      // LINE Login through the same stand-in (line-login.spec.ts).
      KIOSK_AUTH__LINE__CLIENT_ID: LINE_CHANNEL_ID,
      KIOSK_AUTH__LINE__CLIENT_SECRET: LINE_CHANNEL_SECRET,
      KIOSK_AUTH__LINE__AUTH_URL: `${provider.url}/line/authorize`,
      KIOSK_AUTH__LINE__TOKEN_URL: `${provider.url}/line/token`,
      KIOSK_AUTH__LINE__USERINFO_URL: `${provider.url}/line/profile`,
      KIOSK_AUTH__LINE__JWKS_URL: `${provider.url}/line/jwks`,
      KIOSK_AUTH__LINE__FRIENDSHIP_URL: `${provider.url}/line/friendship`,
      KIOSK_PAYMENTS__CARD_2C2P__PAYMENT_URL: `${c2p.url}/payment`,
      KIOSK_PAYMENTS__CARD_2C2P__MERCHANTS: `[{name="full",merchant_id="${C2P_MERCHANT_ID}",secret_key="${C2P_SECRET_KEY}"}]`,
    },
  });
  server.stderr.pipe(log);

  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not report its address within ${STARTUP_TIMEOUT_MS} ms; see ${logPath}`)), STARTUP_TIMEOUT_MS);
    const lines = createInterface({ input: server.stdout });
    lines.on('line', (line) => {
      log.write(`[stdout] ${line}\n`);
      const match = /listening on (http:\/\/[^\s]+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening; see ${logPath}`));
    });
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  let baseUrl: string;
  try {
    baseUrl = await started;
    // `kiosk user add` needs an existing database, which a fresh data directory only has once the
    // server created it; the command then goes through the running server's control socket.
    execFileSync(bin, ['user', 'add', ADMIN.username, '--role', 'admin', '--data-dir', dataDir], {
      env: { ...process.env, KIOSK_USER_PASSWORD: ADMIN.password },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    if (server.exitCode === null) server.kill('SIGTERM');
    await provider.close();
    await c2p.close();
    throw error;
  }
  process.env.KIOSK_BASE_URL = baseUrl;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
      await Promise.race([exited, timeout]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await provider.close();
    await c2p.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
