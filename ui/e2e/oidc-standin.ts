// A stand-in for Google's sign-in during the browser journeys: a small OAuth 2 / OpenID server on
// 127.0.0.1 with a random port. It checks what a real provider checks — client id and secret,
// the redirect URI, single-use codes, and PKCE (S256 of the verifier must equal the challenge) —
// so the shop's server-side code flow is exercised end to end.
//   GET  /authorize  shows "Continue as Somchai Test" (a real form) and "Cancel"
//   POST /authorize  redirects to redirect_uri?code=…&state=… (or ?error=access_denied&state=…)
//   POST /token      exchanges the code for an access token and an ES256 ID token carrying the nonce
//   GET  /userinfo   answers the profile for `Authorization: Bearer <access token>`
//   GET  /jwks       the ID tokens' public key
// and LINE Login v2.1 under /line (the shop's LINE sign-in):
//   GET/POST /line/authorize, POST /line/token (ID token HS256 with the channel secret, as LINE
//   signs a web login's), GET /line/profile, GET /line/friendship (`{"friendFlag": true}`).
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN_CLIENT_ID = 'kiosk-test';
export const STANDIN_CLIENT_SECRET = 'test-secret';
export const STANDIN_PROFILE = { sub: 'google-sub-123', name: 'Somchai Test', email: 'somchai@example.com', email_verified: true };
export const LINE_CHANNEL_ID = '1655000000';
export const LINE_CHANNEL_SECRET = 'line-channel-secret-0123456789ab';
export const LINE_PROFILE = { userId: 'U4af4980629abcdef0123456789abcdef', displayName: 'นก ทดสอบ' };
const CODE_LIFETIME_MS = 60_000;

type Grant = { redirectUri: string; clientId: string; challenge: string; nonce: string; issued: number; line: boolean; account: string };

/** The LINE profile of the account typed on the stand-in's page (each journey signs in its own). */
function lineProfile(account: string): { userId: string; displayName: string } {
  return { userId: `U${createHash('sha256').update(account).digest('hex').slice(0, 32)}`, displayName: LINE_PROFILE.displayName };
}

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { ...keys.publicKey.export({ format: 'jwk' }), kid: 'standin-1', alg: 'ES256', use: 'sig' };
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An ES256 ID token (Google's are RS256; the shop follows the key's type). */
function es256(claims: Record<string, unknown>): string {
  const signed = `${b64(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: 'standin-1' }))}.${b64(JSON.stringify(claims))}`;
  return `${signed}.${b64(sign('sha256', Buffer.from(signed), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' }))}`;
}

/** An HS256 ID token signed with the LINE channel secret. */
function hs256(claims: Record<string, unknown>): string {
  const signed = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${signed}.${createHmac('sha256', LINE_CHANNEL_SECRET).update(signed).digest('base64url')}`;
}

export type OidcStandin = { url: string; close: () => Promise<void>; requests: string[] };

const random = () => randomBytes(24).toString('base64url');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

/** Client credentials from HTTP Basic or from the form body (both are allowed by RFC 6749 §2.3.1). */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null } {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

function authorizePage(query: URLSearchParams, line = false): string {
  const hidden =
    ['redirect_uri', 'state', 'code_challenge', 'nonce']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
      .join('') +
    (line ? '<label style="display:block;margin-bottom:.5rem">LINE account <input name="account" value="nok"></label>' : '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – provider stand-in</title></head><body style="font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem">
<h1>Sign in to Kiosk</h1><p>Test provider: choose an account.</p>
<form method="post" action="${line ? '/line/authorize' : '/authorize'}">${hidden}
<button type="submit" name="decision" value="allow" style="display:block;width:100%;padding:.8rem;margin-bottom:.5rem">Continue as ${escapeHtml(line ? LINE_PROFILE.displayName : STANDIN_PROFILE.name)}</button>
<button type="submit" name="decision" value="deny" style="display:block;width:100%;padding:.8rem">Cancel</button>
</form></body></html>`;
}

export async function startOidcStandin(): Promise<OidcStandin> {
  const grants = new Map<string, Grant>();
  // access token → the LINE account it was issued for ('' for the Google stand-in)
  const accessTokens = new Map<string, string>();
  const requests: string[] = [];

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push(`${request.method} ${url.pathname}`);
      const line = url.pathname.startsWith('/line/');
      const route = line ? url.pathname.slice('/line'.length) : url.pathname;
      const clientId = line ? LINE_CHANNEL_ID : STANDIN_CLIENT_ID;
      const clientSecret = line ? LINE_CHANNEL_SECRET : STANDIN_CLIENT_SECRET;

      if (request.method === 'GET' && route === '/jwks') {
        json(response, 200, { keys: [jwk] });
        return;
      }

      if (request.method === 'GET' && route === '/authorize') {
        const q = url.searchParams;
        const callback = line ? 'line' : 'google';
        const problems = [
          q.get('response_type') !== 'code' && 'response_type must be code',
          q.get('client_id') !== clientId && 'unknown client_id',
          !new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/auth/oauth/${callback}/callback$`).test(q.get('redirect_uri') ?? '') && 'unexpected redirect_uri',
          !(q.get('scope') ?? '').split(' ').includes('openid') && 'scope must include openid',
          !q.get('state') && 'state is required',
          !q.get('nonce') && 'nonce is required',
          !q.get('code_challenge') && 'code_challenge is required',
          q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
        ].filter(Boolean);
        if (problems.length > 0) {
          response.writeHead(400, { 'Content-Type': 'text/plain' });
          response.end(`invalid authorization request: ${problems.join('; ')}`);
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(authorizePage(q, line));
        return;
      }

      if (request.method === 'POST' && route === '/authorize') {
        const form = new URLSearchParams(await readBody(request));
        const redirectUri = form.get('redirect_uri') ?? '';
        const state = form.get('state') ?? '';
        const target = new URL(redirectUri);
        if (form.get('decision') !== 'allow') {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('state', state);
          redirect(response, target.toString());
          return;
        }
        const code = random();
        grants.set(code, {
          redirectUri,
          clientId,
          challenge: form.get('code_challenge') ?? '',
          nonce: form.get('nonce') ?? '',
          issued: Date.now(),
          line,
          account: form.get('account') ?? 'nok',
        });
        target.searchParams.set('code', code);
        target.searchParams.set('state', state);
        redirect(response, target.toString());
        return;
      }

      if (request.method === 'POST' && route === '/token') {
        const form = new URLSearchParams(await readBody(request));
        const client = clientCredentials(request, form);
        if (client.id !== clientId || client.secret !== clientSecret) {
          json(response, 401, { error: 'invalid_client' });
          return;
        }
        if (form.get('grant_type') !== 'authorization_code') {
          json(response, 400, { error: 'unsupported_grant_type' });
          return;
        }
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code); // a code works once, even when the exchange fails
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          Date.now() - grant.issued > CODE_LIFETIME_MS ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.clientId !== client.id ||
          grant.line !== line ||
          verifier.length < 43 ||
          challenge !== grant.challenge
        ) {
          json(response, 400, { error: 'invalid_grant' });
          return;
        }
        const accessToken = random();
        accessTokens.set(accessToken, grant.line ? grant.account : '');
        const now = Math.floor(Date.now() / 1000);
        const idToken = line
          ? hs256({ iss: 'https://access.line.me', sub: lineProfile(grant.account).userId, aud: LINE_CHANNEL_ID, exp: now + 3600, iat: now, nonce: grant.nonce, name: LINE_PROFILE.displayName })
          : es256({ iss: 'https://accounts.google.com', sub: STANDIN_PROFILE.sub, aud: STANDIN_CLIENT_ID, exp: now + 3600, iat: now, nonce: grant.nonce, email: STANDIN_PROFILE.email, email_verified: true });
        json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile', id_token: idToken });
        return;
      }

      if (request.method === 'GET' && ['/userinfo', '/profile', '/friendship'].includes(route)) {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!accessTokens.has(token)) {
          response.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
          response.end();
          return;
        }
        if (route === '/friendship') json(response, 200, { friendFlag: true });
        else json(response, 200, line ? lineProfile(accessTokens.get(token) ?? '') : STANDIN_PROFILE);
        return;
      }

      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
