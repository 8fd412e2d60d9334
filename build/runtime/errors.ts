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

export function notFound(pathname: string): ApiError {
  return apiError(
    404,
    `No operation at ${pathname}`,
    'The paths this build serves are listed in /manifest.json (operations[].path), for example /api/v1/prefectures.',
  );
}

/** What hosts without code (nginx, CloudFront Functions) answer where the resolver would compose. */
export function compositionNeedsCode(path: string, param: string): ApiError {
  return apiError(
    501,
    `${path} with ${param} is composed at request time, which this host cannot do`,
    'Serve dist with code that composes (npm run serve, the Cloudflare worker, the service worker or the offline bundle), or leave the parameter out.',
  );
}
