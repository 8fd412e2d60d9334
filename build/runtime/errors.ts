// Error bodies keep the original's object shape, {statusCode, message, description} with the status
// as text, but travel with real HTTP status codes (the original answered 200 with an error body; caches
// and fetch clients handle real codes better, and the body still satisfies clients that read it).

export interface ErrorBody {
  statusCode: string;
  message: string;
  description: string;
}

export interface ApiError {
  status: number;
  body: ErrorBody;
}

export function apiError(status: number, message: string, description: string): ApiError {
  return { status, body: { statusCode: String(status), message, description } };
}

export const badRequest = (message: string, description: string) => apiError(400, message, description);

/**
 * How errors travel. `status` (the default): real HTTP status codes with the object body. `resas`: as the
 * original did, HTTP 200 with its bodies (`"400"`, the 404 object), for clients that read errors from
 * the body; faults of the server itself (500, 501, 503) and 405 keep their real codes in both modes.
 */
export type ErrorMode = 'status' | 'resas';
export const ERROR_MODES: readonly ErrorMode[] = ['status', 'resas'];

/** The original's 404 body, which names /404 rather than the path asked for. */
export const RESAS_NOT_FOUND = {
  statusCode: '404',
  message: "404. That's an error.",
  description: 'The requested URL /404 was not found on this server.',
};

/** An error as the original answered it: status 200 and its body; null where the original had none. */
export function resasForm(e: ApiError): { status: number; body: string } | null {
  if (e.status === 400) return { status: 200, body: '"400"' };
  if (e.status === 404) return { status: 200, body: JSON.stringify(RESAS_NOT_FOUND) };
  return null;
}

/**
 * A path as an error message may echo it: only when it is made of characters that need no escaping
 * anywhere (JSON, HTML, logs, nginx strings), so hosts that cannot escape (nginx) echo the same text.
 */
function shownPath(pathname: string): string {
  return SHOWN_PATH.test(pathname) ? pathname : 'this path';
}
const SHOWN_PATH = /^\/[A-Za-z0-9\/._~-]{0,200}$/;

export function notFound(pathname: string): ApiError {
  return apiError(
    404,
    `No operation at ${shownPath(pathname)}`,
    'The paths this build serves are listed in /manifest.json (operations[].path), for example /api/v1/prefectures.',
  );
}

/** The Node server's answer when its composition lane is full (with Retry-After). */
export const TOO_BUSY: ApiError = apiError(
  503,
  'Too many compositions at once',
  'Requests that compose (addArea, addTec, offsets between pages) are queued up to a limit; retry after the number of seconds in Retry-After. Plain requests are not limited.',
);

/** The service worker's answer when neither its cache nor the network has what a request needs (`why`: what failed). */
export const notAvailableOffline = (why: string): ApiError => apiError(503, 'Not available offline', why);

/** What hosts without code (nginx, CloudFront Functions) answer where the resolver would compose. */
export function compositionNeedsCode(path: string, param: string): ApiError {
  return apiError(
    501,
    `${path} with ${param} is composed at request time, which this host cannot do`,
    'Serve dist with code that composes (npm run serve, the Cloudflare worker, the service worker or the offline bundle), or leave the parameter out.',
  );
}
