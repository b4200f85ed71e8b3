// A stand-in for Google's sign-in during the browser journeys: a small OAuth 2 / OpenID server on
// 127.0.0.1 with a random port. It checks what a real provider checks — client id and secret,
// the redirect URI, single-use codes, and PKCE (S256 of the verifier must equal the challenge) —
// so the shop's server-side code flow is exercised end to end.
//   GET  /authorize  shows "Continue as Somchai Test" (a real form) and "Cancel"
//   POST /authorize  redirects to redirect_uri?code=…&state=… (or ?error=access_denied&state=…)
//   POST /token      exchanges the code for an access token
//   GET  /userinfo   answers the profile for `Authorization: Bearer <access token>`
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STANDIN_CLIENT_ID = 'kiosk-test';
export const STANDIN_CLIENT_SECRET = 'test-secret';
export const STANDIN_PROFILE = { sub: 'google-sub-123', name: 'Somchai Test', email: 'somchai@example.com', email_verified: true };
const CODE_LIFETIME_MS = 60_000;

type Grant = { redirectUri: string; clientId: string; challenge: string; nonce: string; issued: number };

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

function authorizePage(query: URLSearchParams): string {
  const hidden = ['redirect_uri', 'state', 'code_challenge', 'nonce']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – provider stand-in</title></head><body style="font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem">
<h1>Sign in to Kiosk</h1><p>Test provider: choose an account.</p>
<form method="post" action="/authorize">${hidden}
<button type="submit" name="decision" value="allow" style="display:block;width:100%;padding:.8rem;margin-bottom:.5rem">Continue as ${escapeHtml(STANDIN_PROFILE.name)}</button>
<button type="submit" name="decision" value="deny" style="display:block;width:100%;padding:.8rem">Cancel</button>
</form></body></html>`;
}

export async function startOidcStandin(): Promise<OidcStandin> {
  const grants = new Map<string, Grant>();
  const accessTokens = new Set<string>();
  const requests: string[] = [];

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      requests.push(`${request.method} ${url.pathname}`);

      if (request.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        const problems = [
          q.get('response_type') !== 'code' && 'response_type must be code',
          q.get('client_id') !== STANDIN_CLIENT_ID && 'unknown client_id',
          !/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oauth\/google\/callback$/.test(q.get('redirect_uri') ?? '') && 'unexpected redirect_uri',
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
        response.end(authorizePage(q));
        return;
      }

      if (request.method === 'POST' && url.pathname === '/authorize') {
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
          clientId: STANDIN_CLIENT_ID,
          challenge: form.get('code_challenge') ?? '',
          nonce: form.get('nonce') ?? '',
          issued: Date.now(),
        });
        target.searchParams.set('code', code);
        target.searchParams.set('state', state);
        redirect(response, target.toString());
        return;
      }

      if (request.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(request));
        const client = clientCredentials(request, form);
        if (client.id !== STANDIN_CLIENT_ID || client.secret !== STANDIN_CLIENT_SECRET) {
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
          verifier.length < 43 ||
          challenge !== grant.challenge
        ) {
          json(response, 400, { error: 'invalid_grant' });
          return;
        }
        const accessToken = random();
        accessTokens.add(accessToken);
        json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
        return;
      }

      if (request.method === 'GET' && url.pathname === '/userinfo') {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!accessTokens.has(token)) {
          response.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
          response.end();
          return;
        }
        json(response, 200, STANDIN_PROFILE);
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
